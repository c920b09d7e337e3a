"""One class per screen (menu, playing, replay, records, videos, settings, help, learn, a puzzle, the custom
and code forms), each made by the app from its value in view/screens.py. What sits over a screen is in
overlays/."""
