"""The face above the board: a button (a new game when released over it) whose look tells how the game goes."""

from __future__ import annotations

import pygame

from game.model import GameState
from game.view.sheet import Face


class FaceButton:
    """Pressed while the left button is held on it, clicked when released over it."""

    def __init__(self) -> None:
        self.held = False

    def handle(self, event: pygame.event.Event, rect: pygame.Rect) -> tuple[bool, bool]:
        """(whether the event was the face's, whether it completed a click)."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False, False
        over = rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.held = over
            return over, False
        if self.held:
            self.held = False
            return True, over
        return False, False

    def look(self, state: GameState, pressing_board: bool) -> Face:
        """Pressed while held; dead or cool at the end; an "o" while a button is held on the board."""
        if self.held:
            return Face.SMILE_PRESSED
        if state == GameState.LOST:
            return Face.DEAD
        if state == GameState.WON:
            return Face.COOL
        return Face.SURPRISED if pressing_board else Face.SMILE
