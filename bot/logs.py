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


# discord.py warns at start that voice needs PyNaCl and davey: Tapis has no voice.
VOICE_WARNINGS = ("PyNaCl is not installed", "davey is not installed")


def no_voice_warning(record: logging.LogRecord) -> bool:
    return not record.getMessage().startswith(VOICE_WARNINGS)


def quiet_libraries() -> None:
    for name, floor in FLOORS.items():
        logger = logging.getLogger(name)
        logger.setLevel(max(floor, logger.getEffectiveLevel()))
    logging.getLogger("discord.client").addFilter(no_voice_warning)
