"""bot/ is laid out by feature: every folder says in one line what it holds.

That no module but bot/discord_io/private.py touches a private name of discord.py is
tests/bot/discord_io/test_private.py's to check."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def folders() -> list[Path]:
    return sorted(p.parent for p in BOT.rglob("__init__.py") if "__pycache__" not in p.parts)


def test_every_folder_of_bot_is_a_package() -> None:
    """A folder without `__init__.py` would hold modules no docstring describes."""
    for path in BOT.rglob("*.py"):
        assert (path.parent / "__init__.py").exists(), f"{path.parent} has no __init__.py"


def test_every_folder_says_in_one_line_what_it_holds() -> None:
    found = folders()
    assert BOT in found and len(found) > 1
    for folder in found:
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text()))
        where = folder.relative_to(BOT.parent)
        assert doc, f"{where}/__init__.py has no docstring"
        assert "\n" not in doc.strip(), f"{where}/__init__.py: a docstring of one line"
        assert doc.strip().endswith("."), f"{where}/__init__.py: a sentence"
