"""Capture: transcripts in many formats and documents into memory files."""
