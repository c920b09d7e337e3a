"""What the player sees and hears, and what screens are made of: the Scene and Overlay interfaces and the
screens a scene can ask for, the board window and its renderer, the HUD, widgets and text, the sprites, sounds,
pygame's input events and the clipboard. It reads the game and never changes it."""
