"""Alembic, driven from code: `await upgrade(url)` brings any database to the head revision.

The Alembic configuration is built here (no alembic.ini at the repository root) and points
at db/migrations next to this file, so it works from an installed package too. Alembic is
synchronous (script loading, DDL), so it runs in a worker thread: the event loop stays free.
The migration environment (db/migrations/env.py) opens its own engine with NullPool.

The command line (`python -m db.migrate`) is db/migrate.py, which nothing imports: a module
the package imports cannot also run as `python -m` without Python warning that it was
already loaded.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from .engine import prepare

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str) -> Config:
    """An Alembic Config for `url`; the URL travels in `attributes` (no '%' escaping)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    config.attributes["url"] = url
    return config


def head_revision() -> str:
    """The newest revision shipped with this code."""
    head = ScriptDirectory.from_config(alembic_config("")).get_current_head()
    if head is None:
        raise RuntimeError(f"no migration found in {MIGRATIONS_DIR}")
    return head


async def current_revision(url: str) -> str | None:
    """The revision the database at `url` is at (None: not migrated); changes nothing."""
    from sqlalchemy.ext.asyncio import create_async_engine
    from sqlalchemy.pool import NullPool

    from .engine import sqlite_path

    path = sqlite_path(url)
    if path is not None and not await asyncio.to_thread(path.exists):
        return None  # connecting would create an empty file
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(
                lambda sync: MigrationContext.configure(sync).get_current_revision()
            )
    finally:
        await engine.dispose()


async def upgrade(url: str, revision: str = "head") -> None:
    """Upgrade the database at `url` (creating a SQLite file and its directory if needed)."""
    await prepare(url)
    await asyncio.to_thread(command.upgrade, alembic_config(url), revision)


async def downgrade(url: str, revision: str) -> None:
    """Downgrade to `revision` ("base" drops everything): for tests and emergencies."""
    await asyncio.to_thread(command.downgrade, alembic_config(url), revision)
