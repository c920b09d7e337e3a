"""The shell: starting the game, the window and its fixed-timestep loop, the scene stack, the clock input is
stamped by, and what arrives from off the frame. The top layer: it knows the scenes by name, nothing knows it."""
