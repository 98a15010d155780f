"""Hints and first tables: the hints a seat asked for (`hint_requests`, shown in replays)
and the players who were shown a game's summary at their first table (`first_tables`).

Revision ID: 0006
Revises: 0004
Create Date: 2026-11-27

Frozen like the revisions before it: no db.models.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "hint_requests",
        sa.Column("table_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name=op.f("fk_hint_requests_table_id_game_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seq", "seat", name=op.f("pk_hint_requests")),
    )
    op.create_table(
        "first_tables",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "game", name=op.f("pk_first_tables")),
    )


def downgrade() -> None:
    op.drop_table("first_tables")
    op.drop_table("hint_requests")
