"""Sound effects: load the WAVs in assets/sounds/, play them by name, mute; without audio, stay silent."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Mapping, Sequence
from pathlib import Path

import pygame

from game import config
from game.files.bounded import read_regular
from game.language import _
from game.model import GameState, MoveKind

NAMES = ("reveal", "cascade", "flag", "chord", "explosion", "win")

# A small buffer keeps the click in step with the mouse (512 frames is 23 ms at 22050 Hz); the files are
# made at this rate, so SDL need not resample them.
FREQUENCY = 22050
BUFFER = 512
CHANNELS = 16  # a cascade, a chord and its clicks can overlap without stealing each other's channel
# The largest sound file read: ours are a few KB (half a second of mono at 22,050 Hz is 22 KB); one of 150 MB
# took 400 ms to read and decode, and is damage or a mistake, never an effect.
MOST_BYTES = 2 * 2**20


class Sounds:
    """The game's effects by name. Built by `Sounds.load(folder)`; without a mixer it plays nothing.

    `notice` holds one line for the player when something was wrong (no audio device, a bad file), else None.
    Nothing here raises: a game without sound is still a game.
    """

    def __init__(
        self, sounds: Mapping[str, pygame.mixer.Sound] | None = None, muted: bool = False, notice: str | None = None
    ) -> None:
        self._sounds = dict(sounds or {})
        self._muted = bool(muted)
        self.notice = notice

    @classmethod
    def load(cls, folder: str | Path | None = None, muted: bool = False) -> Sounds:
        """Open the audio device and read the effects, here and now (the app reads them off the frame: see
        `open_mixer` and `read`)."""
        notice = open_mixer()
        if notice is not None:
            return cls(muted=muted, notice=notice)
        return cls.read(folder, muted)

    @classmethod
    def read(cls, folder: str | Path | None = None, muted: bool = False) -> Sounds:
        """The effects in `folder`, once the mixer is open: each a regular file of at most MOST_BYTES, read
        without waiting on anything else named like it (a pipe would hold the read forever). Slow for a large
        file, so the app calls it on a thread."""
        folder = Path(folder) if folder is not None else config.ASSETS_DIR / "sounds"
        sounds, bad = {}, []
        for name in NAMES:
            try:
                sounds[name] = pygame.mixer.Sound(file=io.BytesIO(_read_bounded(folder / f"{name}.wav")))
            except (pygame.error, OSError):
                bad.append(name)  # a missing, damaged, too large or odd file silences that effect only
        if not bad:
            return cls(sounds, muted=muted)
        # TRANSLATORS: {names} lists the sound files' names ("flag, chord"), {folder} is where they were looked for
        silent = _("Some sounds could not be loaded and will be silent: {names} (from {folder}).")
        return cls(sounds, muted=muted, notice=silent.format(names=", ".join(bad), folder=folder))

    @property
    def silent(self) -> bool:
        """True when nothing can ever be heard: no mixer, or no file loaded."""
        return not self._sounds

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted:
            self._stop_all()  # muting mid-explosion should cut it short, not let it ring on

    def play(self, name: str | None) -> None:
        """Play the effect called `name`; nothing happens when muted, silent, or for a name we do not have (None:
        a move that makes no sound, see sound_for)."""
        if self._muted or name is None:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        # Playing a Sound after the mixer was closed (pygame.quit() at shutdown) crashes pygame-ce 2.5 with a
        # segmentation fault rather than an error, so ask first.
        if not pygame.mixer.get_init():
            return
        with contextlib.suppress(pygame.error):
            sound.play()

    def _stop_all(self) -> None:
        if not self._sounds:
            return
        with contextlib.suppress(pygame.error):
            pygame.mixer.stop()


def open_mixer() -> str | None:
    """Open the audio device (quick, unlike reading the files); a line for the player when it cannot be."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.pre_init(FREQUENCY, -16, 2, BUFFER)
            pygame.mixer.init()
        pygame.mixer.set_num_channels(CHANNELS)
    except (pygame.error, OSError, NotImplementedError) as error:
        # NotImplementedError: a pygame built without its mixer module.
        # TRANSLATORS: {error} is the system's own words for the trouble (often English)
        return _("No sound: the audio device could not be opened ({error}).").format(error=_one_line(error))
    return None


def _read_bounded(path: Path) -> bytes:
    """A sound file's bytes: a regular file no larger than MOST_BYTES, opened without waiting (a pipe or a
    device named like it is refused, never read)."""
    return read_regular(path, MOST_BYTES)


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text and text[0] else type(error).__name__


def sound_for(kind: MoveKind, changed: Sequence[tuple[int, int]], was: GameState, state: GameState) -> str | None:
    """The effect a move makes: winning or losing outranks the move; a move that changed nothing is silent."""
    if state != was and state in (GameState.LOST, GameState.WON):
        return "explosion" if state == GameState.LOST else "win"
    if not changed:
        return None
    if kind.right_click:
        return "flag"
    if kind is MoveKind.CHORD:
        return "chord"
    return "cascade" if len(changed) > 1 else "reveal"
