"""Logging rules that keep hidden cards out of log lines.

discord.py at DEBUG prints whole gateway payloads (an ephemeral hand rides along with every
click on it), and the database drivers at DEBUG print SQL parameters (snapshots hold every
hand). Those libraries therefore never log below the levels set here, whatever LOG_LEVEL says.
"""

from __future__ import annotations

import logging

FLOORS = {
    "discord": logging.INFO,
    "aiosqlite": logging.INFO,
    "asyncpg": logging.INFO,
    "sqlalchemy": logging.WARNING,
    "alembic": logging.INFO,
}


# discord.py warns at start that voice needs PyNaCl and davey: Tapis has no voice. Its
# "logging in" says nothing either, and would stand alone before a start-up refusal (a
# token Discord refuses, Discord out of reach), which is one line.
VOICE_WARNINGS = ("PyNaCl is not installed", "davey is not installed")
SILENCED = (*VOICE_WARNINGS, "logging in using static token")


def not_silenced(record: logging.LogRecord) -> bool:
    return not record.getMessage().startswith(SILENCED)


def quiet_libraries() -> None:
    for name, floor in FLOORS.items():
        logger = logging.getLogger(name)
        logger.setLevel(max(floor, logger.getEffectiveLevel()))
    logging.getLogger("discord.client").addFilter(not_silenced)
