"""Minesweeper: a classic desktop Minesweeper built on pygame-ce.

The package's folders are its layers. A module may import modules of its own layer and of the layers below it,
never of one above, and no imports go round in a circle (tests/test_architecture.py holds both, counting imports
made inside functions; ARCHITECTURE.md shows the list). Packages that share a layer never import each other.
"""

#: The layers, top to bottom. Each is a package of game/ (or one of its loose modules).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("shell",),  # start-up, the window and its loop, the scene stack; it knows the scenes by name
    ("scenes", "overlays"),  # one class per screen; what sits over a screen
    ("view",),  # what the player sees and hears, and what screens are made of; reads, never changes a game
    ("play",),  # one game's life, without pygame: session, dealer, input interpreter, recorder, race
    ("files",),  # files from outside: read and checked off the frame; exports
    ("store",),  # what outlives the process: settings, records, the saved game
    ("video",),  # speed-runners' videos: events, figures, EVF, the community's formats
    ("learn",),  # lessons, the drill, a lost game studied
    ("work",),  # background threads and worker processes
    ("settings",),  # every setting, defined once
    ("model",),  # the rules, the solver and replays: pure Python
    ("config", "names"),  # constants; names from outside made safe to draw and print
    ("language",),  # the player's language: the words of every message
)
