"""The system clipboard, for board codes. Copying or pasting never raises: a window system without a
clipboard answers False or "", and the caller tells the player.

Pasting never waits on the frame. On X11 (and Wayland) SDL asks the program holding the clipboard for its text
and waits for the answer, up to a second, pumping events meanwhile: a stopped or hung program froze the frame
that long. There the text is read by a child process of the game (its own SDL, its own wait), which a thread
waits for; elsewhere (the dummy driver, Windows, macOS: the text is at hand) a thread reads it here. Either way
the text is bounded: a clipboard holding a book is cut, never taken whole."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.work.background import BackgroundJob

log = logging.getLogger(__name__)

MOST_CHARS = 10_000  # far more than any board code: what a paste takes of the clipboard at most
ASKING = frozenset({"x11", "wayland"})  # drivers whose clipboard asks another program, and waits for it
CHILD_FLAG = "--clipboard-child"
CHILD_WAIT = 5.0  # seconds the child may take (its start and SDL's own second of waiting): then the paste is ""


def copy(text: str) -> bool:
    """Put text on the clipboard; True when it got there."""
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError) as error:
        log.info("no clipboard to copy to: %s", error)
        return False


def paste() -> str:
    """The clipboard's text, or "" when there is none, read here and now (bounded): see `paste_later`."""
    try:
        return (pygame.scrap.get_text() or "")[:MOST_CHARS]
    except (pygame.error, AttributeError) as error:
        log.info("no clipboard to paste from: %s", error)
        return ""


def paste_later() -> BackgroundJob[str]:
    """The clipboard's text, read off the frame: poll the job, then read its result."""
    try:
        driver = pygame.display.get_driver()
    except pygame.error:
        driver = ""
    if driver in ASKING:
        command = child_command()
        return BackgroundJob(lambda cancel: _from_child(command))
    return BackgroundJob(lambda cancel: paste())


def child_command() -> list[str]:
    """How to start the clipboard child: the game's own entry with the hidden flag (as game.video.foreign)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, CHILD_FLAG]
    main = Path(__file__).resolve().parent.parent.parent / "main.py"
    if main.is_file():
        return [sys.executable, str(main), CHILD_FLAG]
    return [sys.executable, "-c", "import sys; from game.view.clipboard import child_main; sys.exit(child_main())"]


def _from_child(command: list[str]) -> str:
    try:
        done = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=CHILD_WAIT,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
    except (OSError, subprocess.SubprocessError) as error:
        log.info("the clipboard could not be read: %s", error)
        return ""
    return done.stdout[: MOST_CHARS * 4].decode("utf-8", "replace")[:MOST_CHARS]


def child_main() -> int:
    """The clipboard child: print the clipboard's text (bounded, UTF-8) and end."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        pygame.display.init()
        text = paste()
    finally:
        pygame.quit()
    sys.stdout.buffer.write(text.encode("utf-8", "replace"))
    sys.stdout.flush()
    return 0
