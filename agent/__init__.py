"""Engines, LLM backends, tools, the foreground loop, the Memory Agent and citations."""
