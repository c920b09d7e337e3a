"""The clipboard on a real X server (Xvfb): its text is read by the clipboard child (the frame never waits in
SDL's read), and a program holding the clipboard that is stopped costs the child SDL's second, never the game."""

import os
import signal
import subprocess
import sys

import pytest

from game.view import clipboard
from tests.real_game import display  # noqa: F401 - the fixture

OWNER = r"""
import time
import pygame
pygame.display.init()
pygame.display.set_mode((50, 50))
pygame.scrap.put_text("MS1-owned")
print("ready", flush=True)
while True:
    pygame.event.pump()
    time.sleep(0.01)
"""


@pytest.mark.slow
def test_the_clipboard_child_reads_another_programs_text_and_gives_up_on_a_stopped_one(display, monkeypatch):  # noqa: F811
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", PYGAME_HIDE_SUPPORT_PROMPT="1")
    monkeypatch.setenv("DISPLAY", display)
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    owner = subprocess.Popen([sys.executable, "-c", OWNER], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout.readline().strip() == "ready"
        assert clipboard._from_child(clipboard.child_command()) == "MS1-owned"
        owner.send_signal(signal.SIGSTOP)
        assert clipboard._from_child(clipboard.child_command()) == "", "SDL's wait ends in the child, with nothing"
    finally:
        owner.send_signal(signal.SIGCONT)
        owner.kill()
        owner.wait(10)
