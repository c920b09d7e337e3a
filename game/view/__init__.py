"""Drawing: the sprite atlas, the board renderer, the HUD and the widgets. Reads the model, never changes it."""
