"""Every game is its package, shaped like every other, in modules a reader can hold.

A maintainer who knows one game's package knows where each rule of another lives: the same
modules under the same names. The one allowed difference is how a long state is split:
`deal.py` (what happens without a player's choice) or `phases/` (one class per phase).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import games

GAMES = Path(games.__file__).resolve().parent
PACKAGE = {
    "__init__.py",  # the Rules object and its registration
    "options.py",  # Options: the table's choices, in French and English
    "rules.py",  # the book's card tables and plain rules
    "state.py",  # State: the match, one method per step
    "hidden.py",  # what a seat can infer; the redeal
    "facts.py",  # what the displays show
    "words.py",  # the French and English words
    "ai.py",  # the AI's heuristic and evaluation
}
SPLITS = {"deal.py", "phases"}
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def packages() -> list[Path]:
    return sorted(p.parent for p in GAMES.glob("*/__init__.py") if p.parent.name != "ai")


def entries(package: Path) -> set[str]:
    return {
        p.name
        for p in package.iterdir()
        if p.name != "__pycache__" and (p.suffix == ".py" or p.is_dir())
    }


def test_every_registered_game_is_a_package_of_its_own() -> None:
    names = {p.name for p in packages()}
    for slug in games.slugs():
        module = type(games.get(slug)).__module__
        if module.startswith("games."):
            assert module.split(".")[1] in names, slug


@pytest.mark.parametrize("package", packages(), ids=lambda p: p.name)
def test_every_game_package_has_the_same_modules(package: Path) -> None:
    found = entries(package)
    assert found >= PACKAGE, f"missing: {sorted(PACKAGE - found)}"
    assert found - PACKAGE <= SPLITS, f"not in the common shape: {sorted(found - PACKAGE)}"


def python_files() -> list[Path]:
    return sorted(GAMES.rglob("*.py"))


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(GAMES)))
def test_modules_and_functions_stay_short(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert source.count("\n") <= MAX_MODULE_LINES
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not long, long


def test_the_shape_check_sees_a_missing_module_and_a_stray_one(tmp_path: Path) -> None:
    for name in PACKAGE - {"ai.py"}:
        (tmp_path / name).write_text("")
    (tmp_path / "logic.py").write_text("")
    found = entries(tmp_path)
    assert PACKAGE - found == {"ai.py"} and found - PACKAGE - SPLITS == {"logic.py"}
