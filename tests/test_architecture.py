"""The import rules the code keeps, checked on its source: every module belongs to one layer of `game.LAYERS`,
no import runs up that list or between packages that share a layer, none closes a circle (imports made inside
functions count: a lazy import hides a circle, it does not remove it), no scene imports another, outside code
uses the model's public face, the pure layers never import pygame, and no module grows past what one can read
in a sitting. The checks read a graph, so they are shown failing on planted imports too."""

import ast
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from game import LAYERS

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
# Past WARN_LINES a module is worth a look: does it hold more than one concept? The test says so, and fails
# only past MAX_LINES. Code is split by concept, never moved to get under a number.
WARN_LINES = 400
MAX_LINES = 600
# the modules that sit in game/ itself, beside the packages
LOOSE = {"game.config", "game.settings", "game.names", "game.language"}
# no pygame in these
PURE = ("model", "play", "files", "store", "video", "learn", "work", "settings", "config", "names", "language")


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def imports_of(name, modules=MODULES):
    """Every game module `name` imports, at the top or inside a function, by `import` or `from`: a dict of
    module -> True when the import is only for type hints (under `if TYPE_CHECKING:`, never run)."""
    path = modules[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(), str(path))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    found: dict[str, bool] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            submodules = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules]
            targets = submodules or [base]  # `from . import grid` imports grid, not its package again
        else:
            continue
        for target in targets:
            if target in modules and target != name:
                found[target] = found.get(target, True) and id(node) in typing_only
    return found


GRAPH = {name: imports_of(name) for name in MODULES}


def layer_of(name):
    """The layer's index in LAYERS (0 the top) and the package (or loose module) it is in; None outside any."""
    if name == "game":
        return len(LAYERS) - 1, "game"  # the package's own face: the layer list, nothing else
    package = name.split(".")[1]
    for index, members in enumerate(LAYERS):
        if package in members:
            return index, package
    return None


def violations(graph):
    """What breaks the layer rules in an import graph (module -> {module: typing only}): modules outside any
    layer, imports up the list or between packages of one layer, and circles."""
    found = [f"{name} is in no layer of game.LAYERS" for name in graph if layer_of(name) is None]
    for name, imported in graph.items():
        here = layer_of(name)
        for other in imported:
            there = layer_of(other)
            if here is None or there is None:
                continue
            if there[0] < here[0]:
                found.append(f"{name} imports {other}, a layer above it ({there[1]} over {here[1]})")
            elif there[0] == here[0] and there[1] != here[1]:
                found.append(f"{name} imports {other}: {here[1]} and {there[1]} share a layer")
    found += [f"import circle: {' -> '.join(circle)}" for circle in circles(graph)]
    return found


def circles(graph):
    """The import circles of the graph (imports for type hints aside: they never run), one path each."""
    state, found = {}, []

    def visit(name, path):
        state[name] = "open"
        for other in sorted(o for o, typing_only in graph.get(name, {}).items() if not typing_only):
            if state.get(other) == "open":
                found.append(path[path.index(other) :] + [other])
            elif other not in state:
                visit(other, path + [other])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return found


def test_every_module_is_in_a_layer_and_no_import_runs_up_or_goes_round():
    assert violations(GRAPH) == []


def test_the_layer_rules_catch_a_planted_upward_import_a_shared_layer_and_a_circle():
    planted = {name: dict(imported) for name, imported in GRAPH.items()}
    planted["game.model.rules.board"]["game.view.sheet"] = False  # the model reaching up to the view
    planted["game.store.jobs"]["game.files.shelf"] = False  # store up to files
    planted["game.scenes.menu"]["game.overlays.pause"] = False  # two packages of one layer
    planted["game.video.events"]["game.video.evf"] = False  # evf imports events: a circle
    planted["game.stray"] = {}
    found = violations(planted)
    assert "game.model.rules.board imports game.view.sheet, a layer above it (view over model)" in found
    assert "game.store.jobs imports game.files.shelf, a layer above it (files over store)" in found
    assert "game.scenes.menu imports game.overlays.pause: scenes and overlays share a layer" in found
    assert any(f.startswith("import circle:") and "game.video.evf" in f for f in found), found
    assert "game.stray is in no layer of game.LAYERS" in found
    # a type hint's import never runs: it may name a module anywhere (a lazy one counts, as it runs)
    planted = {name: dict(imported) for name, imported in GRAPH.items()}
    planted["game.video.events"]["game.video.evf"] = True
    assert circles(planted) == []


def test_imports_for_type_hints_alone_do_not_run_up_either():
    """They never run, but a type named from a layer above is a dependency in design all the same."""
    up = [
        f"{name} -> {other}"
        for name, imported in GRAPH.items()
        for other, typing_only in imported.items()
        if typing_only and layer_of(other)[0] < layer_of(name)[0]
    ]
    assert up == []


def test_game_holds_packages_and_only_its_two_loose_modules():
    loose = {name for name, path in MODULES.items() if path.parent == GAME and name != "game"}
    assert loose == LOOSE
    packages = {path.name for path in GAME.iterdir() if (path / "__init__.py").is_file()}
    in_layers = {member for members in LAYERS for member in members}
    assert packages | {name.split(".")[1] for name in LOOSE} == in_layers


def test_every_package_says_what_it_is_for_in_its_first_line():
    for name, path in MODULES.items():
        docstring = ast.get_docstring(ast.parse(path.read_text()))
        assert docstring and docstring.strip(), f"{name} has no docstring"


def test_architecture_md_shows_the_layer_list_in_its_order():
    text = (ROOT / "ARCHITECTURE.md").read_text()
    block = text[text.index("```layers") : text.index("```", text.index("```layers") + 3)]
    shown = [re.findall(r"\b[a-z_]+(?=/|\.py)", line) for line in block.splitlines()[1:] if line.strip()]
    assert [tuple(names) for names in shown if names] == [tuple(layer) for layer in LAYERS]


@pytest.mark.parametrize("package", ["scenes", "overlays"])
def test_no_scene_or_overlay_imports_another(package):
    for name, imported in GRAPH.items():
        if name.startswith(f"game.{package}."):
            others = {other for other in imported if other.startswith(f"game.{package}.")}
            assert not others, f"{name} imports {others}: ask the app to show it"


def test_the_model_imports_nothing_outside_itself_but_the_words():
    """The model speaks through game.language (its hints and verdicts are sentences), plain Python like itself."""
    for name, imported in GRAPH.items():
        if name.startswith("game.model"):
            assert all(other.startswith(("game.model", "game.language")) for other in imported), (name, imported)


def test_learning_is_built_on_the_model_alone():
    for name, imported in GRAPH.items():
        if name.startswith("game.learn"):
            assert all(other.startswith(("game.model", "game.learn", "game.language")) for other in imported), name


def test_outside_code_uses_the_models_public_face():
    """`from game.model import ...` (game/model/__init__.py), never a module inside it: the model's insides can
    then move without the rest of the game noticing."""
    reached = [
        f"{name} -> {other}"
        for name, imported in GRAPH.items()
        if not name.startswith("game.model")
        for other in imported
        if other.startswith("game.model.")
    ]
    assert reached == []


def test_move_kinds_are_compared_as_the_enum_never_as_their_strings():
    """`kind is MoveKind.CHORD`, not `kind == "chord"`: MoveKind is a str enum, so the string compares equal
    today, and stops meaning anything the day a value is renamed; mypy cannot see it. The strings belong to
    the files that store moves, read through `MoveKind(value)`."""
    from game.model import MoveKind

    words = {kind.value for kind in MoveKind}

    def strings(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return set().union(*(strings(item) for item in node.elts)) if node.elts else set()
        return set()

    found = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(strings(side) & words for side in sides) and any("kind" in ast.unparse(s) for s in sides):
                    found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


def test_no_two_modules_share_a_name():
    """One meaning per name. A scene's module is named after its screen (scenes/records.py is Records), so
    scenes are left out; a package may hold a module of its own name (model/replay/replay.py is the Replay)."""
    by_name = {}
    for name, path in MODULES.items():
        if not name.startswith("game.scenes.") and path.name != "__init__.py":
            by_name.setdefault(path.stem, []).append(name)
    assert {short: names for short, names in by_name.items() if len(names) > 1} == {}


def test_the_pure_layers_never_import_pygame():
    names = [name for name in MODULES if name.split(".")[1:2] and name.split(".")[1] in PURE]
    names = [name for name in names if not name.endswith(("stats_command", "foreign_child"))]  # entry points
    code = f"import sys, importlib; [importlib.import_module(n) for n in {names!r}]; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_module_is_too_long_to_read():
    lengths = {name: len(path.read_text().splitlines()) for name, path in MODULES.items()}
    long = {name: n for name, n in lengths.items() if n > WARN_LINES}
    if long:
        warnings.warn(f"modules over {WARN_LINES} lines (one concept each?): {long}", stacklevel=1)
    too_long = {name: n for name, n in long.items() if n > MAX_LINES}
    assert not too_long, f"modules over {MAX_LINES} lines: {too_long}"
