"""Learning to play: lessons on hand-made boards and a drill of positions from real games."""
