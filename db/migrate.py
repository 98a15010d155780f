"""`python -m db.migrate [upgrade | revision MESSAGE]`: the schema, from the command line.

`upgrade` (the default) brings the database at DATABASE_URL to the head revision, as the
bot does when it starts (docker-compose.yml's `migrate` service runs it before the bots).
`revision MESSAGE` autogenerates a revision after a change to db/models.py, against a
database at head; review the file it writes.

A DATABASE_URL that cannot work is refused in one line on stderr, exit status 2. Nothing
imports this module (db.schema is the library), so `python -m` runs it without a warning.
"""

from __future__ import annotations

import asyncio
import sys

from alembic import command
from alembic.script import ScriptDirectory

from .check import database_problem
from .engine import database_url
from .schema import alembic_config, upgrade

USAGE = "usage: python -m db.migrate [upgrade | revision MESSAGE]"


def main(argv: list[str]) -> int:
    url = database_url()
    if argv and argv[0] != "upgrade" and not (argv[0] == "revision" and len(argv) == 2):
        print(USAGE, file=sys.stderr)
        return 2
    problem = asyncio.run(database_problem(url, write=True))
    if problem is not None:
        print(f"tapis migrate: {problem}", file=sys.stderr)
        return 2
    if not argv or argv[0] == "upgrade":
        asyncio.run(upgrade(url))
        return 0
    config = alembic_config(url)
    count = len(list(ScriptDirectory.from_config(config).walk_revisions()))
    command.revision(config, message=argv[1], autogenerate=True, rev_id=f"{count + 1:04d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
