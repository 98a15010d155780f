"""`python -m web [--host H] [--port P]`: serve the web companion with uvicorn.

`python -m web link <guild_id>` prints a signed link to a server's pages instead.

Refuses to start, with one line on stderr and exit status 2, when a setting has the wrong
type, when WEB_BASE_URL or WEB_SECRET is missing or unusable, when DATABASE_URL cannot be
opened, or when the database is not at the schema this code reads (the bot migrates it).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

import uvicorn
from pydantic import ValidationError

from db.check import database_problem

from . import link_command
from .app import SchemaMismatch, check_schema, create_app
from .config import WebSettings, settings_problem


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["link"]:
        return link_command.main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m web", description=__doc__.splitlines()[0])
    parser.add_argument("--host", help="interface to listen on (default: WEB_HOST, 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port to listen on (default: WEB_PORT, 8080)")
    args = parser.parse_args(argv)
    try:
        settings = WebSettings()
    except ValidationError as exc:
        print(f"tapis web: {settings_problem(exc)}", file=sys.stderr)
        return 2
    url = settings.database_url
    problem = settings.problem() or asyncio.run(database_problem(url, write=False))
    if problem is None:
        try:
            asyncio.run(check_schema(settings.database_url))
        except SchemaMismatch as exc:
            problem = str(exc)
        except (OSError, ValueError) as exc:
            problem = f"cannot read the database at DATABASE_URL: {exc}"
    if problem is not None:
        print(f"tapis web: {problem}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s"
    )
    uvicorn.run(
        create_app(settings),
        host=args.host or settings.web_host,
        port=args.port or settings.web_port,
        log_level=settings.log_level.lower(),
        server_header=False,
        proxy_headers=True,
        ws="websockets-sansio",  # the Activity's sockets (web/activity.py)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
