"""Build the game into one executable with PyInstaller, assets inside, for players without Python.

Run:  python -m pip install -r requirements-build.txt
      python tools/build.py            # writes dist/Minesweeper (Minesweeper.exe on Windows)
      python tools/build.py --check    # ...then starts it headless and checks that it quits cleanly
The work files go to build/ (the spec file too), the executable to dist/: both are git-ignored.
"""

import argparse
import importlib.util
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "Minesweeper"
ENTRY = ROOT / "main.py"
ASSETS = ROOT / "assets"
ICON = ASSETS / "icon.png"

# Only Windows and macOS have a console to hide and an icon to embed in the executable; PyInstaller turns
# the PNG into .ico / .icns there with Pillow (installed on those systems by requirements-build.txt).
GUI_PLATFORMS = ("win32", "darwin")

# Never imported by the game, but PyInstaller follows optional imports of its dependencies into them.
# tkinter is main.py's last way to show a crash when pygame is missing or cannot open a message box; the
# executable always carries pygame, and Tcl/Tk would add about 4 MiB to every download.
EXCLUDES = ("pytest", "hypothesis", "numpy", "PIL", "setuptools", "pkg_resources", "tkinter", "_tkinter")


def binary_path(dist):
    return Path(dist) / (NAME + ".exe" if sys.platform == "win32" else NAME)


def shown_by_name():
    """The modules the app imports by name (game/shell/app.py's SCENES and OVERLAYS)."""
    sys.path.insert(0, str(ROOT))
    from game.shell.app import OVERLAYS, SCENES

    return sorted({where.split(":")[0] for where in (*SCENES.values(), *OVERLAYS.values())})


def pyinstaller_args(dist, work, platform=sys.platform):
    """The PyInstaller command line for a one-file build into `dist`, with its work files under `work`."""
    args = [
        str(ENTRY),
        "--onefile",
        "--name",
        NAME,
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        "--specpath",
        str(work),
        "--paths",
        str(ROOT),
        # The whole assets/ folder lands in the bundle's assets/, beside the game package, which is just
        # where game/config.py looks (ROOT = game/..), so the code needs no frozen-only path logic.
        "--add-data",
        f"{ASSETS}{os.pathsep}assets",
    ]
    # The typeface's files live in the font_lato package, as data beside its code; the lessons beside theirs.
    args += ["--collect-data", "font_lato"]
    args += ["--add-data", f"{ROOT / 'game' / 'learn' / 'lessons.json'}{os.pathsep}game/learn"]
    # The compiled message catalogs, where game.language looks for them (game/locale/<code>/LC_MESSAGES/).
    for catalog in sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/messages.mo")):
        args += ["--add-data", f"{catalog}{os.pathsep}{catalog.parent.relative_to(ROOT).as_posix()}"]
    # The app imports its scenes and overlays by name when it first shows them, which PyInstaller's import
    # scan cannot see: each is named here.
    for module in shown_by_name():
        args += ["--hidden-import", module]
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    if platform in GUI_PLATFORMS:
        args.append("--windowed")
        if ICON.exists() and importlib.util.find_spec("PIL") is not None:
            args += ["--icon", str(ICON)]
    return args


def build(dist=ROOT / "dist", work=ROOT / "build", quiet=False):
    """Run PyInstaller; returns the executable's path. Raises CalledProcessError if the build fails."""
    command = [sys.executable, "-m", "PyInstaller", *pyinstaller_args(dist, work)]
    output = subprocess.DEVNULL if quiet else None
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")  # PyInstaller imports pygame while it looks
    subprocess.run(command, check=True, cwd=work_folder(work), stdout=output, env=env)
    binary = binary_path(dist)
    if not binary.exists():
        raise FileNotFoundError(f"PyInstaller finished but {binary} is missing")
    return binary


def work_folder(work):
    Path(work).mkdir(parents=True, exist_ok=True)
    return Path(work)


def headless_env(home):
    """The environment for a run without a screen or a sound card, keeping records out of the player's."""
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MINESWEEPER_HOME=str(home))


def run_and_close(binary, *args, seconds=3.0, home=None, timeout=60):
    """Start the executable headless, then ask it to close as a window manager would.

    SDL turns SIGTERM into a QUIT event, so this is the player closing the window. Windows has no SIGTERM
    to send, so there the game is asked to stop after a number of frames instead (--frames).
    Returns (exit code, stdout, stderr, seconds it was running before the request to close).
    """
    with tempfile.TemporaryDirectory() as scratch:
        env = headless_env(home or scratch)
        if sys.platform == "win32" and "--frames" not in args:
            args = (*args, "--frames", str(int(seconds * 60)))
        proc = subprocess.Popen(
            [str(binary), *args], cwd=scratch, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        started = time.monotonic()
        try:
            if sys.platform != "win32":
                try:
                    proc.wait(timeout=seconds)
                except subprocess.TimeoutExpired:
                    proc.send_signal(signal.SIGTERM)
            alive = time.monotonic() - started
            out, err = proc.communicate(timeout=timeout)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
        return proc.returncode, out, err, alive


def check(binary):
    """Start the built game headless and close it; prints what happened; returns True when it went well."""
    ok = True
    code, out, err, alive = run_and_close(binary, "--help", seconds=30)
    if code != 0 or "--difficulty" not in out:
        print(f"FAIL --help: exit {code}\n{err}")
        ok = False
    for args in ((), ("--difficulty", "expert", "--seed", "7")):
        code, out, err, alive = run_and_close(binary, *args, seconds=3.0)
        label = " ".join(args) or "(menu)"
        if code != 0 or "Traceback" in err or alive < 2.5:
            print(f"FAIL {label}: exit {code} after {alive:.1f} s\n{err}")
            ok = False
        else:
            print(f"ok   {label}: ran {alive:.1f} s headless, closed with exit 0, no traceback")
    return ok


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (%(default)s)")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="work files and spec (%(default)s)")
    parser.add_argument("--check", action="store_true", help="then run the executable headless and close it")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print(
            "PyInstaller is not installed. Install it with:\n\n"
            f'  "{sys.executable}" -m pip install -r "{ROOT / "requirements-build.txt"}"',
            file=sys.stderr,
        )
        return 2
    started = time.monotonic()
    try:
        binary = build(args.dist, args.work)
    except (subprocess.CalledProcessError, FileNotFoundError) as error:
        print(f"Build failed: {error}", file=sys.stderr)
        return 1
    size = binary.stat().st_size
    print(f"Built {binary} ({size / 2**20:.1f} MiB) in {time.monotonic() - started:.0f} s")
    if args.check and not check(binary):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
