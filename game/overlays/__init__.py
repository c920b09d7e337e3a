"""Overlays: what sits on top of a scene and takes input first (a question, the pause, the game-over panel)."""
