"""Minesweeper: a classic desktop Minesweeper built on pygame-ce."""
