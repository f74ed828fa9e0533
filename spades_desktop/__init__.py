"""Spades Desktop: offline Spades against three computer players."""

__version__ = "0.1.0"
