"""Files from outside: a replay or a video the player gives the game, read and checked off the frame; the
videos listed to watch; exports written into the records folder."""
