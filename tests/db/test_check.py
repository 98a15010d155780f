"""db.check: what is wrong with a DATABASE_URL, in one sentence, before anything starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from db.check import database_problem, url_problem

from .util import write_lock


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("sqlite+aiosqlite:///data/tapis.db", None),
        ("postgresql+asyncpg://u:p@h:5432/d", None),
        ("sqlite+aiosqlite:///:memory:", "in-memory SQLite"),
        ("mysql+aiomysql://u@h/d", "must be SQLite (sqlite+aiosqlite:///data/tapis.db) or"),
        ("postgres://u:secret@h/d", "use postgresql+asyncpg://u:***@h/d"),
        ("://", "not a database URL"),
    ],
)
def test_url_problem(url: str, words: str | None) -> None:
    problem = url_problem(url)
    if words is None:
        assert problem is None
    else:
        assert problem is not None and words in problem and "secret" not in problem


async def test_a_sqlite_file_is_created_with_its_directory(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "t.db"
    assert await database_problem(f"sqlite+aiosqlite:///{path}", write=True) is None
    assert path.parent.is_dir()


async def test_the_web_never_creates_a_file(tmp_path: Path) -> None:
    path = tmp_path / "none" / "t.db"
    assert await database_problem(f"sqlite+aiosqlite:///{path}", write=False) is None
    assert not path.parent.exists()  # the schema check then says to start the bot once


async def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    path.write_bytes(b"this is not SQLite, just text long enough to have a header" * 4)
    for write in (True, False):
        problem = await database_problem(f"sqlite+aiosqlite:///{path}", write=write)
        assert problem is not None and "is not a SQLite database" in problem


async def test_a_directory_where_the_file_should_be(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    path.mkdir()
    problem = await database_problem(f"sqlite+aiosqlite:///{path}", write=True)
    assert problem is not None and "is a directory" in problem


async def test_a_database_another_process_is_writing_is_fine(tmp_path: Path) -> None:
    """A bot restarting while the old one still writes: the file opens, that is enough."""
    path = tmp_path / "t.db"
    url = f"sqlite+aiosqlite:///{path}"
    assert await database_problem(url, write=True) is None
    with write_lock(path):
        assert await database_problem(url, write=True) is None
