"""The one-file build: tools/build.py's PyInstaller command; the executable starting and closing headless.

Building takes about half a minute, so the tests that build run only when MINESWEEPER_TEST_BUILD=1 is set
(and PyInstaller is installed: pip install -r requirements-build.txt):

    MINESWEEPER_TEST_BUILD=1 python -m pytest tests/test_build.py
"""

import importlib.util
import json
import os
import time
from pathlib import Path

import pytest

from game.language import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent


def load_build_script():
    spec = importlib.util.spec_from_file_location("build_script", ROOT / "tools" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_script = load_build_script()

needs_build = [
    pytest.mark.skipif(
        importlib.util.find_spec("PyInstaller") is None,
        reason="PyInstaller is not installed (pip install -r requirements-build.txt)",
    ),
    pytest.mark.skipif(
        os.environ.get("MINESWEEPER_TEST_BUILD") != "1",
        reason="slow: set MINESWEEPER_TEST_BUILD=1 to build the executable and run it",
    ),
]


# The command line (cheap: runs everywhere)


def option_value(args, option):
    return args[args.index(option) + 1]


def test_builds_one_file_named_minesweeper_from_main(tmp_path):
    args = build_script.pyinstaller_args(tmp_path / "dist", tmp_path / "work", platform="linux")
    assert args[0] == str(ROOT / "main.py")
    assert "--onefile" in args
    assert option_value(args, "--name") == "Minesweeper"
    assert option_value(args, "--distpath") == str(tmp_path / "dist")
    # The spec file and work files stay out of the source tree's root.
    assert option_value(args, "--workpath") == option_value(args, "--specpath") == str(tmp_path / "work")


def test_the_whole_assets_folder_goes_inside_as_assets():
    args = build_script.pyinstaller_args("dist", "build", platform="linux")
    source, target = option_value(args, "--add-data").rsplit(os.pathsep, 1)
    assert Path(source) == ROOT / "assets" and target == "assets"


def test_the_typeface_goes_in():
    args = build_script.pyinstaller_args("dist", "build", platform="linux")
    assert option_value(args, "--collect-data") == "font_lato"


def test_the_lessons_go_in():
    args = build_script.pyinstaller_args("dist", "build", platform="linux")
    data = [args[i + 1].rsplit(os.pathsep, 1) for i, arg in enumerate(args) if arg == "--add-data"]
    assert [str(ROOT / "game" / "learn" / "lessons.json"), "game/learn"] in data


def test_every_languages_catalog_goes_in():
    args = build_script.pyinstaller_args("dist", "build", platform="linux")
    data = [args[i + 1].rsplit(os.pathsep, 1) for i, arg in enumerate(args) if arg == "--add-data"]
    for code in LANGUAGES:
        if code != "en":
            mo = ROOT / "game" / "locale" / code / "LC_MESSAGES" / "messages.mo"
            assert [str(mo), f"game/locale/{code}/LC_MESSAGES"] in data, code


def test_every_scene_and_overlay_goes_in_though_the_app_imports_them_by_name():
    args = build_script.pyinstaller_args("dist", "build", platform="linux")
    hidden = {args[i + 1] for i, arg in enumerate(args) if arg == "--hidden-import"}
    assert {"game.scenes.menu", "game.scenes.playing", "game.scenes.replay", "game.overlays.gameover"} <= hidden


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_windowed_with_an_icon_on_windows_and_macos(platform, monkeypatch):
    # As if Pillow were installed, as requirements-build.txt arranges on those systems.
    monkeypatch.setattr(build_script.importlib.util, "find_spec", lambda name: object())
    args = build_script.pyinstaller_args("dist", "build", platform=platform)
    assert "--windowed" in args
    assert option_value(args, "--icon") == str(ROOT / "assets" / "icon.png")


def test_no_console_or_icon_options_on_linux():
    args = build_script.pyinstaller_args("dist", "build", platform="linux")
    assert "--windowed" not in args and "--icon" not in args


def test_the_build_requirements_pin_pyinstaller_and_include_the_game_requirements():
    lines = (ROOT / "requirements-build.txt").read_text().splitlines()
    assert "-r requirements.txt" in lines
    assert any(line.replace(" ", "").startswith("pyinstaller>=6,<7") for line in lines)


def test_says_how_to_install_pyinstaller_when_it_is_missing(monkeypatch, capsys):
    monkeypatch.setattr(build_script.importlib.util, "find_spec", lambda name: None)
    assert build_script.main([]) == 2
    assert "requirements-build.txt" in capsys.readouterr().err


# The executable (slow: only with MINESWEEPER_TEST_BUILD=1)


@pytest.fixture(scope="module")
def binary(tmp_path_factory):
    # Built once a run. Under pytest-xdist (-n) these tests may be spread over the workers, each with this fixture
    # of its own: the first to make the folder, in the temporary folder all workers of the run share, builds; the
    # others wait for its answer. Two builds at once would be twice the work, and each one's --clean would empty
    # PyInstaller's cache under the other.
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # above the worker's own folder (popen-gw0, ...): the run's
    folder, answer = shared / "one-file-build", shared / "one-file-build.txt"
    try:
        folder.mkdir()
    except FileExistsError:
        deadline = time.monotonic() + 900  # a deadline, not a timing: a build takes a minute or so
        while not answer.exists():
            assert time.monotonic() < deadline, "the worker that builds gave no answer within 15 minutes"
            time.sleep(1)
        said = answer.read_text()
        assert said.startswith("built "), said
        return Path(said.removeprefix("built "))

    def tell(text):
        answer.with_suffix(".part").write_text(text)
        answer.with_suffix(".part").replace(answer)  # whole or not at all, for a worker reading it

    started = time.monotonic()
    try:
        path = build_script.build(dist=folder / "dist", work=folder / "work", quiet=True)
    except BaseException as error:
        tell(f"the build failed in another worker: {error!r}")
        raise
    tell(f"built {path}")
    print(f"built {path} ({path.stat().st_size / 2**20:.1f} MiB) in {time.monotonic() - started:.0f} s")
    return path


class TestExecutable:
    pytestmark = [*needs_build, pytest.mark.slow]

    def test_is_one_file_of_reasonable_size(self, binary):
        assert binary.is_file()
        assert [p.name for p in binary.parent.iterdir()] == [binary.name]
        assert binary.stat().st_size < 60 * 2**20

    def test_carries_the_assets_inside(self, binary):
        from PyInstaller.archive.readers import CArchiveReader

        names = set(CArchiveReader(str(binary)).toc)
        for asset in (ROOT / "assets").rglob("*"):
            if asset.is_file():
                assert asset.relative_to(ROOT).as_posix() in names
        for weight in ("Regular", "Bold", "Black"):
            assert f"font_lato/files/Lato-{weight}.ttf" in names, "the typeface is carried too"
        assert "game/learn/lessons.json" in names, "and the lessons"

    def test_help_lists_the_options(self, binary, tmp_path):
        code, out, err, _ = build_script.run_and_close(binary, "--help", seconds=30, home=tmp_path)
        assert code == 0, err
        for option in ("--difficulty", "--seed"):
            assert option in out

    @pytest.mark.parametrize("args", [(), ("--difficulty", "expert", "--seed", "7")], ids=["menu", "expert"])
    def test_starts_headless_and_quits_cleanly_when_closed(self, binary, tmp_path, args):
        code, out, err, alive = build_script.run_and_close(binary, *args, seconds=2.5, home=tmp_path)
        assert alive >= 2.0, f"it stopped by itself: exit {code}\n{err}"
        assert code == 0, err
        assert "Traceback" not in err, err

    def test_runs_a_fixed_number_of_frames(self, binary, tmp_path):
        # How run_and_close closes it on Windows, where there is no SIGTERM to send.
        code, out, err, _ = build_script.run_and_close(binary, "--frames", "60", seconds=60, home=tmp_path)
        assert code == 0, err
        assert "Traceback" not in err

    def test_finds_its_assets_from_any_working_folder_with_no_crash_log(self, binary, tmp_path):
        # run_and_close starts it in an empty scratch folder: the assets can only come from inside the bundle.
        code, out, err, _ = build_script.run_and_close(binary, "--frames", "30", seconds=60, home=tmp_path)
        assert code == 0, err
        assert not (tmp_path / "minesweeper-crash.log").exists()

    def test_reads_other_programs_videos_in_a_child_of_itself(self, binary, tmp_path):
        # The one-file build has no python to start: the reader child is the game itself with a hidden flag.
        import subprocess

        videos = ROOT / "tests" / "fixtures" / "videos"
        done = subprocess.run(
            [
                str(binary),
                "stats",
                "--json",
                str(videos / "test_rmv2_24px.rmv"),
                str(videos / "test_rmv1_utf8_invalid.rmv"),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
        )
        read, refused = (json.loads(line) for line in done.stdout.splitlines())
        assert done.returncode == 1, done.stderr
        assert (read["format"], read["bbbv"], read["time_s"]) == ("RMV", 5, 1.849)
        assert "aborted" in refused["error"]


# The package: `pipx install .` (or pip) gives a `minesweeper` command that carries the assets


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("MINESWEEPER_TEST_BUILD") != "1", reason="slow: set MINESWEEPER_TEST_BUILD=1 to build the wheel"
)
def test_the_wheel_has_the_command_and_the_assets(tmp_path):
    import subprocess
    import sys
    import zipfile

    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    [wheel] = tmp_path.glob("minesweeper-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert (
        "game/shell/launcher.py" in names
        and "game/model/rules/board.py" in names
        and "game/learn/lessons.json" in names
    )
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "game").rglob("*.py")}
    assert modules <= set(names), f"packages missing from pyproject.toml: {sorted(modules - set(names))}"
    assert {"game/assets/sprites.png", "game/assets/icon.png", "game/assets/sounds/win.wav"} <= set(names)
    assert {f"game/locale/{code}/LC_MESSAGES/messages.mo" for code in LANGUAGES if code != "en"} <= set(names)
    fonts = {
        f"game/assets/fonts/NotoSans{face}-Subset-{weight}.otf"
        for face in ("SC", "JP")
        for weight in ("Regular", "Bold")
    }
    assert fonts | {"game/assets/fonts/OFL.txt"} <= set(names)
    [entry_points] = [n for n in names if n.endswith("entry_points.txt")]
    assert "minesweeper = game.shell.launcher:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
