"""The small interface every scene has, and the frame bookkeeping the app relies on."""


class Scene:
    """A screen of the game. The app calls on_enter, then handle/update/draw each frame, then on_exit.

    `dirty` asks the app to draw this frame; `next_wake()` tells how long the scene can sleep when idle
    (None: until the next event), so an idle game does not burn the CPU. `draw` returns None when it drew
    the whole window, or the list of rectangles it changed, so the app sends only those to the screen.
    """

    #: the window size this scene wants; the app resizes the window when it switches scenes
    window_size = (440, 600)
    #: whether the player may resize the window (the scene then gets resized(size))
    resizable = False

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
        return None

    def draw_all(self, surface):
        """Draw the whole window whatever changed (a dialog drawn on top of this scene calls it)."""
        self.draw(surface)

    def resized(self, size):
        """The player resized the window (only for resizable scenes)."""
        self.invalidate()

    def invalidate(self):
        """The window lost its contents (exposed, resized): draw everything next frame."""
        self.dirty = True

    def on_exit(self):
        pass

    def notify(self, message):
        """Tell the player something that happened outside this scene (a dropped file that would not open):
        scenes without a place for it hand it to the menu."""
        from game.scenes.menu import MenuScene

        self.app.switch(MenuScene(self.app, notice=message))

    def next_wake(self):
        return None
