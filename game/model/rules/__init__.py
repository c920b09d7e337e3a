"""The rules: the board and its moves, the game's fixed facts, and the board as a save, a code and a category."""
