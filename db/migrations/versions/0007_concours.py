"""Concours: club tournaments, their entrants, their rounds' tables and byes.

Revision ID: 0007
Revises: 0004
Create Date: 2026-11-27

Frozen like the revisions before it: no db.models.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "concours",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("organiser_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("round_deals", sa.Integer(), nullable=True),
        sa.Column("timer", sa.Integer(), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("duplicate", sa.Boolean(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("ai_bye", sa.Boolean(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deal_seed", sa.BigInteger(), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_concours")),
    )
    with op.batch_alter_table("concours", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_concours_guild_id_status"), ["guild_id", "status"], unique=False
        )

    op.create_table(
        "concours_byes",
        sa.Column("concours_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("entrant_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["concours_id"],
            ["concours.id"],
            name=op.f("fk_concours_byes_concours_id_concours"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "concours_id", "round", "entrant_id", name=op.f("pk_concours_byes")
        ),
    )
    op.create_table(
        "concours_entrants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("concours_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("partner_id", sa.BigInteger(), nullable=True),
        sa.Column("partner_name", sa.String(length=100), nullable=True),
        sa.Column("confirmed", sa.Boolean(), nullable=False),
        sa.Column("checked_in", sa.Boolean(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["concours_id"],
            ["concours.id"],
            name=op.f("fk_concours_entrants_concours_id_concours"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_concours_entrants")),
        sa.UniqueConstraint(
            "concours_id", "number", name=op.f("uq_concours_entrants_concours_id_number")
        ),
    )
    op.create_table(
        "concours_tables",
        sa.Column("concours_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("sides", sa.JSON(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("points", sa.JSON(), nullable=True),
        sa.Column("settled", sa.Boolean(), nullable=False),
        sa.Column("forfeits", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["concours_id"],
            ["concours.id"],
            name=op.f("fk_concours_tables_concours_id_concours"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_concours_tables_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("concours_id", "round", "number", name=op.f("pk_concours_tables")),
        sa.UniqueConstraint("table_id", name=op.f("uq_concours_tables_table_id")),
    )


def downgrade() -> None:
    op.drop_table("concours_tables")
    op.drop_table("concours_entrants")
    op.drop_table("concours_byes")
    with op.batch_alter_table("concours", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_concours_guild_id_status"))

    op.drop_table("concours")
