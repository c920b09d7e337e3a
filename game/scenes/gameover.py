"""Game over: the final board stays in view under a results panel that can be dismissed."""
import pygame

from game.scenes.base import Scene
from game.view import theme, widgets
from game.view.sheet import Face


def format_seconds(seconds):
    return f"{seconds:.1f} s" if seconds < 60 else f"{int(seconds // 60)} min {seconds % 60:04.1f} s"


class GameOverScene(Scene):
    """Shows "You win" or "Boom" with the time, 3BV, 3BV/s and seed over the finished playing scene."""

    def __init__(self, app, playing, record_message=""):
        super().__init__(app)
        self.playing = playing
        self.board = playing.board
        self.won = self.board.state == "won"
        self.record_message = record_message
        self.window_size = playing.window_size
        self.panel_visible = True
        self._face_held = False
        width = min(300, self.window_size[0] - 16)
        height = 44 + 24 * len(self._lines()) + (24 if record_message else 0) + 118
        self.rect = pygame.Rect(0, 0, width, height)
        view = playing.layout.board_frame
        self.rect.center = (self.window_size[0] // 2, max(view.centery, self.rect.h // 2 + 8))
        self.rect.bottom = min(self.rect.bottom, self.window_size[1] - 8)
        x, w = self.rect.x + 14, width - 28
        bottom = self.rect.bottom
        self.play_again = widgets.Button((x, bottom - 92, w, 36), "Play again", size=25)
        half = (w - 8) // 2
        size = widgets.fitting_size(("Same board", "Menu"), half - 10, (22, 20, 18, 16))
        self.same_board = widgets.Button((x, bottom - 50, half, 36), "Same board", size=size)
        self.menu = widgets.Button((x + half + 8, bottom - 50, half, 36), "Menu", size=size)
        self.hide = widgets.Button((self.rect.right - 33, self.rect.y + 6, 24, 24), "x", size=24)
        self.buttons = (self.play_again, self.same_board, self.menu, self.hide)

    def update(self, step):
        self.playing.animate(step)  # the flashing mine, the win's flags
        if self.playing.dirty:
            self.playing.dirty = False
            self.dirty = True

    def next_wake(self):
        return 0.0 if self.playing.animations else None

    @property
    def seconds(self):
        return self.playing.elapsed

    @property
    def three_bv_per_second(self):
        return self.board.three_bv / self.seconds if self.won and self.seconds > 0 else None

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_F2, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.playing.new_game()
            elif event.key == pygame.K_ESCAPE:
                self.playing.to_menu()
            elif event.key == pygame.K_SPACE:
                self.panel_visible = not self.panel_visible
            return
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return
        if self._face(event):
            return
        if not self.panel_visible:
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.panel_visible = True
            return
        if self.hide.handle(event):
            self.panel_visible = False
        elif self.play_again.handle(event):
            self.playing.new_game()
        elif self.same_board.handle(event):
            self.playing.same_board_again()
        elif self.menu.handle(event):
            self.playing.to_menu()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.rect.collidepoint(event.pos):
            self.panel_visible = False  # a click beside the panel puts it away to study the board

    def _face(self, event):
        """The face button still starts a new game, as in the classic."""
        if event.type == pygame.MOUSEMOTION or event.button != 1:
            return False
        over = self.playing.layout.face.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._face_held = over
            return over
        if self._face_held:
            self._face_held = False
            if over:
                self.playing.new_game()
            return True
        return False

    def draw(self, surface):
        self.playing.draw_all(surface)
        if self._face_held:
            surface.blit(self.playing.atlas.faces[Face.SMILE_PRESSED], self.playing.layout.face)
        if self.panel_visible:
            self._draw_panel(surface)

    def _lines(self):
        board = self.board
        lines = [("Time", format_seconds(self.seconds)), ("3BV", str(board.three_bv))]
        if self.won:
            lines.append(("3BV/s", f"{self.three_bv_per_second:.2f}" if self.three_bv_per_second else "-"))
        else:
            safe = board.rows * board.cols - board.mines
            lines.append(("Cleared", f"{safe - board.safe_cells_left} of {safe} cells"))
        lines.append(("Clicks", f"{board.left_clicks + board.right_clicks + board.chord_clicks} "
                                f"({board.effective_clicks} useful)"))
        lines.append(("Seed", str(board.seed)))
        return lines

    def _draw_panel(self, surface):
        rect = self.rect
        widgets.panel(surface, rect, title="You win!" if self.won else "Boom!")
        y = rect.y + 44
        for label, value in self._lines():
            label_rect = widgets.text(surface, label, (rect.x + 16, y), 23, anchor="topleft")
            size = widgets.fitting_size([value], rect.right - 16 - label_rect.right - 10, (23, 20, 18, 16))
            widgets.text(surface, value, (rect.right - 16, y + (23 - size) // 2), size, anchor="topright",
                         bold=True)
            y += 24
        if self.record_message:
            size = widgets.fitting_size([self.record_message], rect.w - 20, (22, 19, 17, 15))
            widgets.text(surface, self.record_message, (rect.centerx, y + 4), size, theme.current().success_text,
                         anchor="midtop", bold=True)
        hint = "x or Space shows the board"
        widgets.text(surface, hint, (rect.centerx, self.play_again.rect.y - 6), 17, anchor="midbottom",
                     colour=theme.current().dim_text)
        for button in self.buttons:
            button.draw(surface)
