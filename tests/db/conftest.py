"""Fixtures for the storage tests: every store test runs on SQLite and on PostgreSQL.

PostgreSQL runs only when TAPIS_TEST_POSTGRES_URL is set (CI sets it). Isolation:
- `db_url` is an empty database: a new SQLite file, or PostgreSQL with every table dropped
  (alembic_version included); the migration tests start from it.
- `store` is a migrated database with no rows: a copy of a SQLite file migrated once per
  session, or PostgreSQL with every row deleted when its schema is at head (else dropped
  and migrated again). Tests never see each other's rows, and migrating from scratch is not
  paid twice per test.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import make_url, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine
from sqlalchemy.pool import NullPool

from db import Store, head_revision, upgrade
from db.models import METADATA

POSTGRES_ENV = "TAPIS_TEST_POSTGRES_URL"
BACKENDS = ["sqlite", "postgresql"]


def postgres_url() -> str:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"{POSTGRES_ENV} not set")
    return url


async def reset_postgres(url: str, *, keep_schema: bool) -> bool:
    """Empty the database; True if the schema at head was kept (only its rows deleted).

    Without `keep_schema`, or when the schema is not at head, every table is dropped,
    alembic_version included. Skips the test when the server cannot be reached.
    """
    engine = create_async_engine(url, poolclass=NullPool, connect_args={"timeout": 5})
    try:
        async with engine.begin() as conn:
            revision = None
            if await conn.scalar(text("SELECT to_regclass('alembic_version')")) is not None:
                revision = await conn.scalar(text("SELECT version_num FROM alembic_version"))
            kept = keep_schema and revision == head_revision()
            statements = (
                [f"DELETE FROM {table.name}" for table in reversed(METADATA.sorted_tables)]
                if kept
                else await drop_statements(conn)
            )
            for statement in statements:
                await conn.execute(text(statement))
            return kept
    except (OSError, TimeoutError, DBAPIError) as exc:
        where = make_url(url).render_as_string(hide_password=True)
        pytest.skip(f"PostgreSQL unreachable at {where}: {exc}")
    finally:
        await engine.dispose()


async def drop_statements(conn: AsyncConnection) -> list[str]:
    names = (
        await conn.execute(
            text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        )
    ).scalars()
    quoted = ", ".join(f'"{name}"' for name in names)
    return [f"DROP TABLE IF EXISTS {quoted} CASCADE"] if quoted else []


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def db_url(backend: str, tmp_path: Path) -> str:
    """The URL of an empty database (no schema at all) on each backend."""
    if backend == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'tapis.db'}"
    url = postgres_url()
    await reset_postgres(url, keep_schema=False)
    return url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to head once; `store` copies it."""
    path = tmp_path_factory.mktemp("template") / "tapis.db"
    asyncio.run(upgrade(f"sqlite+aiosqlite:///{path}"))
    return path


@pytest.fixture
async def store(backend: str, tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Store]:
    """A migrated Store without rows on each backend."""
    if backend == "sqlite":
        path = tmp_path / "tapis.db"
        shutil.copyfile(sqlite_template, path)
        url = f"sqlite+aiosqlite:///{path}"
    else:
        url = postgres_url()
        if not await reset_postgres(url, keep_schema=True):
            await upgrade(url)
    opened = await Store.open(url, migrate=False)
    try:
        yield opened
    finally:
        await opened.close()
