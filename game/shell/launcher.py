"""Starting the game: checks that pygame-ce is installed, starts the app, and shows any crash in a window (and
a log file) instead of vanishing. main.py (double-click) and the `minesweeper` command both come here."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from game import language
from game.language import _

# argparse, datetime, tempfile and traceback load where they are used: the reader child of other programs'
# videos starts here too, once per batch of files, and needs none of them (nor typing: the type checker takes
# this TYPE_CHECKING for its own).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from types import ModuleType

HERE = Path(__file__).resolve().parents[2]  # the checkout, with requirements.txt, when run from one
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def console_python() -> str:
    """The interpreter to name in commands: under pythonw (no console) pip would print nowhere."""
    return '"' + re.sub(r"pythonw(?=(\.exe)?$)", "python", sys.executable, flags=re.IGNORECASE) + '"'


# From a checkout, the requirements file; from an installed package, pygame-ce by name.
REQUIREMENTS = f'-r "{HERE / "requirements.txt"}"' if (HERE / "requirements.txt").is_file() else '"pygame-ce>=2.5,<3"'
INSTALL_COMMAND = f"{console_python()} -m pip install {REQUIREMENTS}"
# pygame-ce and upstream pygame both install as the package `pygame` and overwrite each other's files.
REPLACE_COMMAND = (
    f"{console_python()} -m pip uninstall -y pygame pygame-ce\n{console_python()} -m pip install {REQUIREMENTS}"
)
DIFFICULTIES = ("beginner", "intermediate", "expert")
# What SDL falls back on when it can open no window (no X server answers, no Wayland): drivers that draw into
# memory. The game would run there unseen until killed, so the player is told instead.
WINDOWLESS_DRIVERS = ("offscreen", "dummy", "evdev")


def shown(message: str) -> str:
    """A message as it can be shown and printed, line by line: a path in it whose name is not UTF-8 (a crash's
    last line names the file it was reading) escaped, never a second crash (game.names)."""
    from game.names import printable

    return "\n".join(printable(line) for line in message.split("\n"))


def say(message: str) -> None:
    """Print to stderr when there is one: under pythonw (Windows, no console) stderr is None."""
    if sys.stderr is not None:
        print(shown(message), file=sys.stderr)


def show_error(title: str, message: str) -> None:
    """Tell the player in a window if one can be shown, else on stderr."""
    title, message = shown(title), shown(message)
    try:
        import pygame

        if os.environ.get("SDL_VIDEODRIVER") != "dummy":
            pygame.display.message_box(title, message, "error")
            return
    except Exception:
        pass
    try:
        if os.environ.get("SDL_VIDEODRIVER") != "dummy":  # without a screen Tk raises, and stderr it is
            import tkinter
            from tkinter import messagebox

            root = tkinter.Tk()
            root.withdraw()
            messagebox.showerror(title, message)
            root.destroy()
            return
    except Exception:
        pass
    say(f"{title}: {message}")


def log_folder() -> Path:
    """Where crash logs go: $MINESWEEPER_HOME, else the platform's log folder, else the temp folder."""
    import tempfile

    home = os.environ.get("MINESWEEPER_HOME")
    if home:
        return Path(home)
    try:
        import platformdirs

        return Path(platformdirs.user_log_dir("minesweeper", appauthor=False))
    except ImportError:
        return Path(tempfile.gettempdir())


def write_crash_log(text: str) -> Path | None:
    import datetime
    import tempfile

    for folder in (log_folder(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / "minesweeper-crash.log"
            with open(path, "a", encoding="utf-8") as log:
                log.write(f"--- {datetime.datetime.now().isoformat(timespec='seconds')}\n{shown(text)}\n")
            return path
        except OSError:
            continue
    return None


def windowless_driver(pygame: ModuleType) -> str | None:
    """The driver SDL fell back on for want of a screen, or None: a screen was found, or no screen was asked for
    (SDL_VIDEODRIVER set, as the tests and benchmarks do). A display SDL cannot start at all is the App's
    error to raise, and the crash path's to report."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    try:
        pygame.display.init()
    except pygame.error:
        return None
    driver = pygame.display.get_driver()
    return driver if driver in WINDOWLESS_DRIVERS else None


def no_screen_message(driver: str) -> str:
    shown = ", ".join(f"{name}={os.environ.get(name)!r}" for name in ("DISPLAY", "WAYLAND_DISPLAY"))
    # TRANSLATORS: the game started where no screen answers; {shown} lists DISPLAY and WAYLAND_DISPLAY's values,
    # {driver} is SDL's driver's name; keep SDL and DISPLAY as they are
    return _(
        "No screen answered ({shown}), so SDL fell back on its '{driver}' driver, which shows nothing. "
        "Start the game from a desktop session, or set DISPLAY to a running X server."
    ).format(shown=shown, driver=driver)


def parse_args(argv: list[str]) -> argparse.Namespace:
    import argparse

    # TRANSLATORS: the command line's --help (python main.py --help): what the program is
    parser = argparse.ArgumentParser(prog="minesweeper", description=_("Classic Minesweeper."))
    # TRANSLATORS: the command line's --help, for --difficulty
    parser.add_argument("--difficulty", choices=DIFFICULTIES, help=_("skip the menu and start this game"))
    # TRANSLATORS: the command line's --help, for --seed
    parser.add_argument("--seed", type=int, help=_("seed of the first board, to replay it"))
    parser.add_argument(
        "--replay",
        # TRANSLATORS: the command line's --help: the name shown for --replay's value (--replay FILE), in capitals
        metavar=_("FILE"),
        # TRANSLATORS: the command line's --help, for --replay
        help=_("watch a replay file (.json) or a video (.avf, .rmv, .mvf or .evf)"),
    )
    parser.add_argument("--frames", type=int, help=argparse.SUPPRESS)  # for smoke tests: quit after N frames
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--read-video-child"]:  # the child that parses other programs' videos (game.video.foreign)
        from game.video.foreign_child import main as read_videos

        return read_videos(argv[1:])
    if argv[:1] == ["--worker-child"]:  # a worker for long pure computations (game.work.worker)
        from game.work.worker import child_main as worker_main

        return worker_main()
    if argv[:1] == ["--clipboard-child"]:  # reads the clipboard, whose owner may keep it waiting (game.view.clipboard)
        from game.view.clipboard import child_main as clipboard_main

        return clipboard_main()
    if argv[:1] == ["stats"]:
        from game.video.stats_command import main as stats_main

        return stats_main(argv[1:])
    if argv[:1] == ["review"]:
        from game.video.review_command import main as review_main

        return review_main(argv[1:])
    # Before the settings are read (the App's work), the language of the system (or MINESWEEPER_LANGUAGE): --help
    # and the windows that say the game cannot start speak it. The App puts the player's choice in effect.
    language.use(language.chosen(""))
    args = parse_args(argv)
    try:
        import pygame
    except ImportError:
        show_error(
            # TRANSLATORS: a window's title when the game cannot start; keep pygame-ce as it is
            _("Minesweeper needs pygame-ce"),
            # TRANSLATORS: {command} is the command that installs it, on a line of its own
            _("pygame-ce is not installed for this Python. Install it with:\n\n{command}").format(
                command=INSTALL_COMMAND
            ),
        )
        return 1
    if not getattr(pygame, "IS_CE", False):
        show_error(
            _("Minesweeper needs pygame-ce"),
            # TRANSLATORS: {command} is the commands that replace it, on lines of their own
            _(
                "The pygame installed for this Python is upstream pygame, not pygame-ce (the maintained "
                "edition this game is made for). Replace it with:\n\n{command}"
            ).format(command=REPLACE_COMMAND),
        )
        return 1
    driver = windowless_driver(pygame)
    if driver:
        message = no_screen_message(driver)
        path = write_crash_log(message)
        pygame.display.quit()  # a message box of its own, not one drawn where no one sees it
        if path:
            # TRANSLATORS: after why the game could not start or crashed; {path} is the log file's
            message += _("\n\nA log was written to {path}").format(path=path)
        # TRANSLATORS: a window's title when the game cannot start
        show_error(_("Minesweeper could not open a window"), message)
        return 1
    try:
        from game.shell.app import App

        app = App(seed=args.seed, difficulty=args.difficulty, replay=args.replay)
        return app.run(max_frames=args.frames)
    except Exception:
        import traceback

        details = traceback.format_exc()
        path = write_crash_log(details)
        say(details)
        last = details.strip().splitlines()[-1]  # the exception's own words: not translated
        if path:
            last += _("\n\nA log was written to {path}").format(path=path)
        # TRANSLATORS: the title of the window that tells of a crash
        show_error(_("Minesweeper crashed"), last)
        return 1
    finally:
        try:
            import pygame

            pygame.quit()
        except Exception:
            pass
