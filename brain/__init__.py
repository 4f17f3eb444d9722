"""Brain: agent memory as files. The face of the project: CLI, config, Python API."""
