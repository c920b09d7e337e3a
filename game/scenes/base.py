"""The small interface every scene has, and the frame bookkeeping the app relies on."""


class Scene:
    """A screen of the game. The app calls on_enter, then handle/update/draw each frame, then on_exit.

    `dirty` asks the app to draw this frame; `next_wake()` tells how long the scene can sleep when idle
    (None: until the next event), so an idle game does not burn the CPU.
    """

    #: the window size this scene wants; the app resizes the window when it switches scenes
    window_size = (440, 600)

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def on_enter(self):
        self.dirty = True

    def handle(self, event):
        pass

    def update(self, step):
        pass

    def draw(self, surface):
        pass

    def on_exit(self):
        pass

    def next_wake(self):
        return None
