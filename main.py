#!/usr/bin/env python3
"""Minesweeper: double-click this file (or run `python main.py`) to play. It finds its own folder and starts
the game (game/shell/launcher.py), which shows any crash in a window instead of vanishing."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.shell.launcher import main

if __name__ == "__main__":
    sys.exit(main())
