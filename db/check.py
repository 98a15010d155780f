"""DATABASE_URL checked before a process starts its work: what is wrong, in one sentence
that says what to fix, instead of a driver's traceback halfway through the start.

`url_problem` reads the URL alone (its form and driver); `database_problem` also opens the
database: the SQLite file's directory and file (created when the process may write) or a
connection to PostgreSQL. Neither ever shows a password.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sqlite3
import tempfile
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from .engine import PG_CONNECT_TIMEOUT, make_engine, sqlite_path

POSTGRES_FORM = "postgresql+asyncpg://user:password@host:5432/tapis"
SQLITE_FORM = "sqlite+aiosqlite:///data/tapis.db"


def url_problem(url: str) -> str | None:
    """What is wrong with the form of `url`, in one sentence; None when Tapis can use it."""
    try:
        parsed = make_url(url)
    except ArgumentError:  # the text is not echoed: it may hold a password
        return (
            f"DATABASE_URL is not a database URL: use {SQLITE_FORM} (the default) "
            f"or {POSTGRES_FORM}"
        )
    backend, _, driver = parsed.drivername.partition("+")  # no dialect loaded: none may exist
    if backend == "sqlite":
        if driver != "aiosqlite":
            sqlite = parsed.set(drivername="sqlite+aiosqlite").render_as_string()
            return f"DATABASE_URL needs SQLite's async driver: use {sqlite}"
        try:
            sqlite_path(parsed)
        except ValueError:
            return f"DATABASE_URL names an in-memory SQLite database: use a file ({SQLITE_FORM})"
        return None
    if backend in ("postgresql", "postgres"):
        if driver != "asyncpg":
            fixed = parsed.set(drivername="postgresql+asyncpg")
            return f"DATABASE_URL needs PostgreSQL's async driver: use {_shown(fixed)}"
        return None
    return (
        f"DATABASE_URL must be SQLite ({SQLITE_FORM}) or PostgreSQL ({POSTGRES_FORM}), "
        f"not {backend}"
    )


async def database_problem(url: str, *, write: bool) -> str | None:
    """What stops a process from using the database at `url`, in one sentence; None when
    it opens. `write`: the process writes (the bot, the migration), so a missing SQLite
    file and its directory are created; otherwise (the web) nothing is ever created."""
    problem = url_problem(url)
    if problem is not None:
        return problem
    parsed = make_url(url)
    path = sqlite_path(parsed)
    if path is not None:
        return await asyncio.to_thread(_sqlite_problem, path, write)
    return await _postgres_problem(parsed)


def _shown(url: URL) -> str:
    return url.render_as_string(hide_password=True)


def _who() -> str:
    return f"the user running Tapis (uid {os.getuid()})" if hasattr(os, "getuid") else "Tapis"


def _sqlite_problem(path: Path, write: bool) -> str | None:
    folder = path.parent
    # The nearest part of the path that exists must be a directory.
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        return (
            f"{existing} is a file, not a directory, so the SQLite database {path} "
            f"(DATABASE_URL) cannot be there: move that file away or point DATABASE_URL elsewhere"
        )
    if not write:
        return _open_problem(path, write=False) if path.exists() else None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return (
            f"cannot create the directory {folder} for the SQLite database (DATABASE_URL): "
            f"{exc.strerror or exc}; create it writable by {_who()} or point DATABASE_URL elsewhere"
        )
    try:  # SQLite writes its journal beside the file: the directory must take new files
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return (
            f"the directory {folder} of the SQLite database (DATABASE_URL) is not writable: "
            f"make it writable by {_who()} or point DATABASE_URL elsewhere"
        )
    if path.exists() and not path.is_file():
        return f"{path} (DATABASE_URL) is a directory: point DATABASE_URL at a SQLite file"
    return _open_problem(path, write=True)


def _open_problem(path: Path, *, write: bool) -> str | None:
    mode = "rwc" if write else "ro"
    try:
        # A short wait: a lock held by another process only shows that the file opens.
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True, timeout=0.5)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            if write:
                conn.execute("BEGIN IMMEDIATE")  # takes the write lock: the file is writable
                conn.rollback()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        detail = str(exc)
        if "not a database" in detail:
            return f"{path} (DATABASE_URL) is not a SQLite database: point DATABASE_URL elsewhere"
        if "readonly" in detail or "unable to open" in detail:
            return (
                f"the SQLite database {path} (DATABASE_URL) cannot be "
                f"{'written' if write else 'read'}: make it "
                f"{'writable' if write else 'readable'} by {_who()}"
            )
        if "locked" in detail:
            return None  # another process is writing: it opens, and it will wait its turn
        return f"the SQLite database {path} (DATABASE_URL) cannot be opened: {detail}"
    return None


async def _postgres_problem(url: URL) -> str | None:
    where = f"{url.host or 'localhost'}:{url.port or 5432}"
    engine = make_engine(url, pooled=False)
    try:
        async with engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
    except Exception as exc:
        return _postgres_reason(exc, url, where)
    finally:
        await engine.dispose()
    return None


def _postgres_reason(exc: BaseException, url: URL, where: str) -> str:
    names = {type(e).__name__ for e in _chain(exc)}
    if "InvalidPasswordError" in names or "InvalidAuthorizationSpecificationError" in names:
        return (
            f"PostgreSQL at {where} refused the user {url.username!r}: check the user and "
            f"password in DATABASE_URL"
        )
    if "InvalidCatalogNameError" in names:
        return (
            f"PostgreSQL at {where} has no database {url.database!r}: create it "
            f"(createdb {url.database}) or fix the name in DATABASE_URL"
        )
    if any(isinstance(e, TimeoutError) for e in _chain(exc)):
        return (
            f"PostgreSQL at {where} did not answer within {PG_CONNECT_TIMEOUT:g} s: check that "
            f"it runs and that this machine can reach it, or fix the host in DATABASE_URL"
        )
    if any(isinstance(e, socket.gaierror) for e in _chain(exc)):
        compose = " (the name db is only known inside docker compose)" if url.host == "db" else ""
        return f"the host {url.host!r} in DATABASE_URL is not known here{compose}: fix the host"
    if any(isinstance(e, OSError) for e in _chain(exc)):
        return (
            f"nothing answers at {where} (DATABASE_URL): start PostgreSQL there, or fix the "
            f"host and port in DATABASE_URL"
        )
    first = _chain(exc)[0]
    detail = (str(first).strip().splitlines() or [type(first).__name__])[0]
    return f"cannot use PostgreSQL at {where} ({detail}): check DATABASE_URL and the server"


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception and those behind it (SQLAlchemy wraps the driver's), innermost first."""
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in seen:
        seen.append(current)
        current = getattr(current, "orig", None) or current.__cause__ or current.__context__
    return seen[::-1]
