"""Brain as a Model Context Protocol server: `brain mcp` (see server.py)."""

from .server import DEFAULT_HTTP_PORT, build_server, serve

__all__ = ["DEFAULT_HTTP_PORT", "build_server", "serve"]
