"""pytest's hooks for the whole checkout: the model's docstring examples run with the tests.

Only game/model is collected for doctests: its modules are pure Python, while importing a module elsewhere in
game/ can start pygame. (pytest's --doctest-modules would import every module under the test paths.)
"""

from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule

MODEL = Path(__file__).parent / "game" / "model"


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> DoctestModule | None:
    if file_path.suffix == ".py" and MODEL in file_path.parents:
        return DoctestModule.from_parent(parent, path=file_path)
    return None
