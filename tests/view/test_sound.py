"""Sound: the generated WAVs, playing them headless, and staying silent (not crashing) without audio."""

import importlib.util
import shutil
import wave
from pathlib import Path

import pygame
import pytest

from game.view import sound
from game.view.sound import NAMES, Sounds

ROOT = Path(__file__).resolve().parents[2]
SOUNDS_DIR = ROOT / "assets" / "sounds"


def load_generator():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def fresh_mixer():
    """Each test starts and ends with the mixer closed, so one test's mixer never hides another's failure."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


class CountingSound:
    """Stands in for pygame.mixer.Sound and counts how often it was played."""

    def __init__(self):
        self.plays = 0

    def play(self):
        self.plays += 1


# The files


def test_the_generator_makes_the_same_bytes_every_time(tmp_path):
    make_sounds = load_generator()
    first = make_sounds.make_all(tmp_path / "first")
    second = make_sounds.make_all(tmp_path / "second")
    assert sorted(first) == sorted(NAMES)
    for name in NAMES:
        assert first[name].read_bytes() == second[name].read_bytes(), name
        # ...and the committed files are what the script makes today: nobody hand-edited them.
        assert (SOUNDS_DIR / f"{name}.wav").read_bytes() == first[name].read_bytes(), name


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_short_small_mono_and_never_clips(name):
    path = SOUNDS_DIR / f"{name}.wav"
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        assert w.getframerate() in (22050, 44100)
        assert w.getnframes() / w.getframerate() < 0.6
        frames = w.readframes(w.getnframes())
    values = memoryview(frames).cast("h")
    assert max(abs(v) for v in values) < 32767 * 0.9, "leave headroom: several effects can play at once"
    assert values[0] == 0 and values[-1] == 0, "faded in and out, so it starts and stops without a click"
    assert path.stat().st_size < 40_000


# Loading and playing


def test_loads_and_plays_every_sound_under_the_dummy_driver():
    sounds = Sounds.load(SOUNDS_DIR)
    assert sounds.notice is None
    assert not sounds.silent
    assert pygame.mixer.get_init() is not None
    for name in NAMES:
        sounds.play(name)
    assert pygame.mixer.get_busy(), "the last effects are still playing"


def test_unknown_names_are_ignored():
    sounds = Sounds.load(SOUNDS_DIR)
    sounds.play("no-such-sound")
    sounds.play("")


def test_defaults_to_the_assets_folder():
    sounds = Sounds.load()
    assert sounds.notice is None and not sounds.silent


def test_mixer_init_failure_makes_it_silent_with_a_notice(monkeypatch):
    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = Sounds.load(SOUNDS_DIR)
    assert sounds.silent
    assert "No available audio device" in sounds.notice and "\n" not in sounds.notice
    for name in NAMES:
        sounds.play(name)  # no error
    sounds.muted = True
    sounds.play("reveal")  # still no error, and muted
    assert sounds.muted


def test_an_unknown_audio_driver_is_tolerated(monkeypatch):
    # As on a machine with no sound card: SDL finds no driver it can open.
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    sounds = Sounds.load(SOUNDS_DIR)
    assert sounds.silent
    assert sounds.notice.startswith("No sound")
    sounds.play("explosion")


def test_a_corrupt_or_missing_file_silences_only_that_sound(tmp_path):
    folder = tmp_path / "sounds"
    shutil.copytree(SOUNDS_DIR, folder)
    (folder / "explosion.wav").write_bytes(b"RIFF\x10\x00\x00\x00WAVEjunk" + bytes(range(256)))
    (folder / "win.wav").unlink()
    sounds = Sounds.load(folder)
    assert not sounds.silent
    assert "explosion" in sounds.notice and "win" in sounds.notice and "reveal" not in sounds.notice
    for name in NAMES:
        sounds.play(name)


def test_a_missing_folder_is_silent_with_a_notice(tmp_path):
    sounds = Sounds.load(tmp_path / "nowhere")
    assert sounds.silent
    assert sounds.notice
    sounds.play("reveal")


# Muting


def test_muting_stops_playback_calls():
    pygame.mixer.init()
    click = CountingSound()
    sounds = Sounds({"reveal": click})
    sounds.play("reveal")
    sounds.muted = True
    sounds.play("reveal")
    sounds.play("reveal")
    assert click.plays == 1
    sounds.muted = False
    sounds.play("reveal")
    assert click.plays == 2


def test_loading_muted_plays_nothing():
    sounds = Sounds.load(SOUNDS_DIR, muted=True)
    assert sounds.muted
    counting = {name: CountingSound() for name in NAMES}
    sounds._sounds = counting  # swap the real sounds for counters after a real load
    for name in NAMES:
        sounds.play(name)
    assert all(c.plays == 0 for c in counting.values())


def test_muting_cuts_off_what_is_playing():
    sounds = Sounds.load(SOUNDS_DIR)
    sounds.play("explosion")
    assert pygame.mixer.get_busy()
    sounds.muted = True
    assert not pygame.mixer.get_busy()


def test_playing_after_the_mixer_closed_is_harmless():
    sounds = Sounds.load(SOUNDS_DIR)
    pygame.mixer.quit()  # as after pygame.quit() at shutdown
    sounds.play("win")
    sounds.muted = True


def test_the_mixer_is_opened_with_a_small_buffer(monkeypatch):
    seen = {}
    real_pre_init = pygame.mixer.pre_init

    def spy(*args, **kwargs):
        seen["args"] = args
        real_pre_init(*args, **kwargs)

    monkeypatch.setattr(pygame.mixer, "pre_init", spy)
    Sounds.load(SOUNDS_DIR)
    frequency, size, channels, buffer = seen["args"]
    assert frequency == sound.FREQUENCY and buffer <= 1024
