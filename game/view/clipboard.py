"""The system clipboard, for board codes. Copying or pasting never raises: a window system without a
clipboard answers False or "", and the caller tells the player."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def copy(text: str) -> bool:
    """Put text on the clipboard; True when it got there."""
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError) as error:
        log.info("no clipboard to copy to: %s", error)
        return False


def paste() -> str:
    """The clipboard's text, or "" when there is none."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError) as error:
        log.info("no clipboard to paste from: %s", error)
        return ""
