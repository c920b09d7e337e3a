"""The rules of the layer above the model, checked on the source: only the view keeps what it last drew (nobody
else writes into a BoardScreen or a BoardRenderer), and overlays hand back results instead of writing into
the app."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
MUTATORS = {"update", "add", "discard", "clear", "append", "extend", "pop", "remove", "setdefault", "invalidate"}


def chain(node):
    """The names along an attribute chain, outermost first: `self.screen.looks.pressed` -> [self, screen,
    looks, pressed]."""
    names = []
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
    return names[::-1]


def writes(path):
    """(line, chain) of every attribute written in a module: assigned to, or changed by a mutating call."""
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            yield node.lineno, chain(node.func)
            continue
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, (ast.Attribute, ast.Subscript)):
                    yield node.lineno, chain(part)


def outside(folder):
    return [p for p in sorted(GAME.rglob("*.py")) if folder not in p.relative_to(GAME).parts]


def test_nothing_outside_the_view_writes_its_redraw_state():
    """The view finds what to redraw by comparing; a scene hands it looks and may ask for a full repaint
    (`screen.invalidate()`), and never touches what the board screen or its renderer keep."""
    found = set()
    for path in outside("view"):
        for line, names in writes(path):
            inner = names[1:-1]  # the objects written through, not the one written to
            if names[-2:] == ["screen", "invalidate"]:
                continue  # the one thing a scene may ask: draw it all next frame
            if "renderer" in inner or "looks" in inner or ("screen" in inner and names[0] != "pygame"):
                found.add(f"{path.relative_to(ROOT)}:{line}: {'.'.join(names)}")
            if "dirty_cells" in names:
                found.add(f"{path.relative_to(ROOT)}:{line}: {'.'.join(names)}")
    assert not found, "writes into the view's bookkeeping:\n" + "\n".join(sorted(found))


def test_overlays_hand_back_results_and_never_reach_into_the_app():
    """An overlay gets what it shows through its constructor and answers with finish / hand_back: it never
    reads or writes the app (its context) itself; the Overlay base reads the window's size, nothing more."""
    found = []
    for path in sorted((GAME / "overlays").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and chain(node)[:2] in (["self", "context"], ["self", "app"]):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {'.'.join(chain(node))}")
    assert not found, "overlays reaching into the app:\n" + "\n".join(found)


def test_what_arrives_from_off_the_frame_is_handed_to_the_app_not_written_into_it():
    """Arrivals are given the services they poll (the store, the settings, the dealer) and return what came;
    the app decides what a scene does with it. Before, Arrivals held the app and edited its scene and notices."""
    path = GAME / "shell" / "arrivals.py"
    tree = ast.parse(path.read_text(), str(path))
    imports = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    imports |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert "game.shell.app" not in imports and "App" not in imports
    reached = [
        f"{node.lineno}: {'.'.join(chain(node))}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and "app" in chain(node)[:2]
    ]
    assert not reached, reached


def test_the_app_is_the_context_scenes_are_given():
    """Scenes hold the app as a Context: everything they may use is named there, and the app has it all."""
    from game.shell.app import App
    from game.view.scene import Context

    wanted = {name for name in vars(Context) if not name.startswith("_")} | set(Context.__annotations__)
    missing = {name for name in wanted if not hasattr(App, name) and name not in App.__init__.__code__.co_names}
    assert not missing, missing


@pytest.mark.slow
def test_the_whole_game_package_is_type_checked_and_clean():
    """mypy's file list is the game package itself, so no module is left out, and it finds nothing."""
    import subprocess
    import sys

    import pytest

    tomllib = pytest.importorskip("tomllib")  # Python 3.11 on
    pytest.importorskip("mypy")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["files"] == ["game"]
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
