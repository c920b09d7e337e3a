"""The import rules the code keeps, checked on its source: dependencies point one way
(model <- input <- view <- scenes <- app), no scene imports another, no import loops (counting imports inside
functions), the model never imports pygame, and no module grows past what one can read in a sitting."""

import ast
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
# Past WARN_LINES a module is worth a look: does it hold more than one concept? The test says so, and fails
# only past MAX_LINES. Code is split by concept, never moved to get under a number.
WARN_LINES = 400
MAX_LINES = 600


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def imports_of(name):
    """Every game module `name` imports, at the top or inside a function, by `import` or `from`."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(), str(path))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }  # imports for type hints only never run
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            submodules = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in MODULES]
            targets = submodules or [base]  # `from . import grid` imports grid, not its package again
        else:
            continue
        found.update(t for t in targets if t in MODULES and t != name)
    return found


GRAPH = {name: imports_of(name) for name in MODULES}


def layer(name):
    if name.startswith("game.model"):
        return "model"
    for prefix in ("game.scenes", "game.overlays", "game.view", "game.store"):
        if name.startswith(prefix):
            return prefix.split(".")[1]
    return name


def test_the_model_never_imports_pygame():
    code = "import sys, game.model, game.model.solver.analysis, game.model.solver.hints, game.model.solver.noguess; "
    code += "import game.session, game.race, game.video.ghost; "
    code += "import game.settings, game.records, game.learn.lessons, game.learn.drill, game.learn.study, "
    code += "game.learn.progress; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_learning_is_built_on_the_model_alone():
    for name, imported in GRAPH.items():
        if name.startswith("game.learn"):
            assert all(layer(other) == "model" or other.startswith("game.learn") for other in imported), name


def test_the_model_imports_nothing_outside_itself():
    for name, imported in GRAPH.items():
        if layer(name) == "model":
            assert all(layer(other) == "model" for other in imported), (name, imported)


@pytest.mark.parametrize("layer_name", ["scenes", "overlays"])
def test_no_scene_or_overlay_imports_another(layer_name):
    for name, imported in GRAPH.items():
        if layer(name) == layer_name:
            others = {other for other in imported if layer(other) in ("scenes", "overlays")}
            assert not others, f"{name} imports {others}: ask the app to show it by name"


def test_view_and_store_never_reach_up():
    for name, imported in GRAPH.items():
        if layer(name) == "view":
            bad = {o for o in imported if layer(o) in ("scenes", "overlays", "store") or o in ("game.app",)}
            assert not bad, (name, bad)
        if layer(name) == "store":
            bad = {o for o in imported if layer(o) in ("scenes", "overlays", "view") or o == "game.app"}
            assert not bad, (name, bad)


def test_no_import_loops():
    state = {}

    def visit(name, path):
        state[name] = "open"
        for other in sorted(GRAPH[name]):
            if state.get(other) == "open":
                loop = path[path.index(other) :] + [other]
                raise AssertionError("import loop: " + " -> ".join(loop))
            if other not in state:
                visit(other, path + [other])
        state[name] = "done"

    for name in MODULES:
        if name not in state:
            visit(name, [name])


def test_no_module_is_too_long_to_read():
    lengths = {name: len(path.read_text().splitlines()) for name, path in MODULES.items()}
    long = {name: n for name, n in lengths.items() if n > WARN_LINES}
    if long:
        warnings.warn(f"modules over {WARN_LINES} lines (one concept each?): {long}", stacklevel=1)
    too_long = {name: n for name, n in long.items() if n > MAX_LINES}
    assert not too_long, f"modules over {MAX_LINES} lines: {too_long}"
