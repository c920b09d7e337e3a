"""Replays: a game kept as its moves and their times, checked when read from a file, measured, and judged."""
