"""Alembic environment for Tapis, async-aware.

Run by `db.schema` in a worker thread: there is no running event loop there, so the async
engine is driven with `asyncio.run`. SQLite migrations render in batch mode (SQLite cannot
ALTER most things) and run with foreign keys off (a batch table rebuild must not cascade
deletes). The write option makes SQLite take the write lock up front (BEGIN IMMEDIATE); on
PostgreSQL an advisory lock does the same, so that several bot processes starting at once
migrate one after the other (the later ones find the schema at head).
"""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection

from db.engine import WRITE_OPTION, make_engine
from db.models import METADATA

config = context.config
MIGRATION_LOCK = 0x7461706973  # "tapis": the advisory lock key of a PostgreSQL migration


def _url() -> str:
    url = config.attributes.get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no database URL given to the migration environment")
    return str(url)


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=METADATA,
        render_as_batch=True,
        compare_type=True,
        # One transaction for the whole upgrade, on SQLite too (Alembic would commit after
        # each revision there): a process that waited for the write lock then finds the
        # schema at head, instead of replaying a revision another process ran meanwhile.
        transactional_ddl=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":  # held until this transaction ends
            connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
        context.run_migrations()


async def _run_async() -> None:
    engine = make_engine(_url(), foreign_keys=False, pooled=False)
    try:
        async with engine.connect() as connection:
            connection = await connection.execution_options(**{WRITE_OPTION: True})
            await connection.run_sync(_run)
    finally:
        await engine.dispose()


def run_offline() -> None:
    context.configure(
        url=_url(),
        target_metadata=METADATA,
        render_as_batch=True,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    asyncio.run(_run_async())


if context.is_offline_mode():
    run_offline()
else:
    run_online()
