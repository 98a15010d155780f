"""Initial schema: tables, seats, move log, snapshots, seasons, results, ratings.

Revision ID: 0001
Revises:
Create Date: 2026-11-22

Frozen: this file must describe the schema as it was at revision 0001, so it never imports
db.models (a later model change goes into a new revision).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _time(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("thread_id", sa.BigInteger(), nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        _time("created_at"),
        _time("updated_at"),
        sa.CheckConstraint(
            "status IN ('lobby', 'playing', 'finished', 'cancelled')",
            name=op.f("ck_game_tables_status"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_tables")),
    )
    op.create_index(op.f("ix_game_tables_guild_id"), "game_tables", ["guild_id"])
    op.create_index(op.f("ix_game_tables_status"), "game_tables", ["status"])

    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        _time("started_at"),
        _time("ended_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seasons")),
        sa.UniqueConstraint("guild_id", "number", name=op.f("uq_seasons_guild_id_number")),
    )
    op.create_index(
        "uq_seasons_open_guild_id",
        "seasons",
        ["guild_id"],
        unique=True,
        sqlite_where=sa.text("ended_at IS NULL"),
        postgresql_where=sa.text("ended_at IS NULL"),
    )

    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("teams", sa.JSON(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        _time("finished_at"),
        sa.ForeignKeyConstraint(
            ["season_id"], ["seasons.id"], name=op.f("fk_matches_season_id_seasons")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_matches_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
        sa.UniqueConstraint("table_id", name=op.f("uq_matches_table_id")),
    )
    op.create_index(op.f("ix_matches_season_id_game"), "matches", ["season_id", "game"])

    op.create_table(
        "moves",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action_id", sa.String(length=64), nullable=False),
        _time("created_at"),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name=op.f("fk_moves_table_id_game_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seq", name=op.f("pk_moves")),
    )

    op.create_table(
        "ratings",
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        _time("updated_at"),
        sa.ForeignKeyConstraint(
            ["season_id"], ["seasons.id"], name=op.f("fk_ratings_season_id_seasons")
        ),
        sa.PrimaryKeyConstraint("season_id", "game", "user_id", name=op.f("pk_ratings")),
    )
    op.create_index(op.f("ix_ratings_guild_id_user_id"), "ratings", ["guild_id", "user_id"])

    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("is_ai", sa.Boolean(), nullable=False),
        sa.Column("ai_level", sa.String(length=16), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name=op.f("fk_seats_table_id_game_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seats")),
    )

    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        _time("updated_at"),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name=op.f("fk_snapshots_table_id_game_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_snapshots")),
    )

    op.create_table(
        "match_results",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("is_ai", sa.Boolean(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("season_points", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_match_results_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["season_id"], ["seasons.id"], name=op.f("fk_match_results_season_id_seasons")
        ),
        sa.PrimaryKeyConstraint("match_id", "seat", name=op.f("pk_match_results")),
    )
    op.create_index(
        op.f("ix_match_results_guild_id_user_id"), "match_results", ["guild_id", "user_id"]
    )


def downgrade() -> None:
    # Children first; dropping a table drops its indexes with it.
    for table in (
        "match_results",
        "snapshots",
        "seats",
        "ratings",
        "moves",
        "matches",
        "seasons",
        "game_tables",
    ):
        op.drop_table(table)
