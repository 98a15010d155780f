"""Rating history, the stored rating (mu - 3 sigma) and the indexes of the web's pages.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23

The ratings table keeps only a player's latest rating; the web companion draws ratings
over time, so every recorded match now also writes each player's rating after it. Matches
recorded before this revision get their rows here, by rating the recorded results again
in the order they were recorded, which is how the ratings table got its values.

The schema part is frozen like 0001 (no db.models); the backfill uses db.ratings, the
rating rules themselves, since the point is to reproduce exactly what they computed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ALL_GAMES = "*"
BATCH = 5_000


def upgrade() -> None:
    op.create_table(
        "rating_history",
        sa.Column("match_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_rating_history_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["season_id"], ["seasons.id"], name=op.f("fk_rating_history_season_id_seasons")
        ),
        sa.PrimaryKeyConstraint("match_id", "game", "user_id", name=op.f("pk_rating_history")),
    )
    op.create_index(
        "ix_rating_history_player",
        "rating_history",
        ["guild_id", "user_id", "season_id", "match_id", "game", "mu", "sigma"],
    )
    # A player's matches newest first from the index alone; it replaces (guild, user).
    op.create_index(
        op.f("ix_match_results_guild_id_user_id_match_id"),
        "match_results",
        ["guild_id", "user_id", "match_id"],
    )
    op.drop_index(op.f("ix_match_results_guild_id_user_id"), table_name="match_results")
    # A server's latest matches, all games or one (the web's leaderboard and match list).
    op.create_index(op.f("ix_matches_guild_id_id"), "matches", ["guild_id", "id"])
    op.create_index(op.f("ix_matches_guild_id_game_id"), "matches", ["guild_id", "game", "id"])
    # The leaderboard's order as an index: the rating (mu - 3 sigma) stored, then indexed
    # with everything a page reads, so that a page is a walk along the index.
    with op.batch_alter_table("ratings") as batch:
        batch.add_column(sa.Column("rating", sa.Float(), nullable=True))
    op.execute("UPDATE ratings SET rating = mu - 3.0 * sigma")
    with op.batch_alter_table("ratings") as batch:
        batch.alter_column("rating", existing_type=sa.Float(), nullable=False)
    op.create_index(
        "ix_ratings_rank",
        "ratings",
        [
            "season_id",
            "game",
            "rating",
            "points",
            "matches",
            "user_id",
            "name",
            "wins",
            "mu",
            "sigma",
        ],
    )
    _backfill()


def downgrade() -> None:
    op.create_index(
        op.f("ix_match_results_guild_id_user_id"), "match_results", ["guild_id", "user_id"]
    )
    op.drop_index(op.f("ix_match_results_guild_id_user_id_match_id"), table_name="match_results")
    op.drop_index("ix_ratings_rank", table_name="ratings")
    with op.batch_alter_table("ratings") as batch:
        batch.drop_column("rating")
    op.drop_index(op.f("ix_matches_guild_id_game_id"), table_name="matches")
    op.drop_index(op.f("ix_matches_guild_id_id"), table_name="matches")
    op.drop_table("rating_history")


def _backfill() -> None:
    """Rate every recorded match again, oldest first, and store each player's new rating."""
    from db import ratings
    from db.records import SeatResult

    bind = op.get_bind()
    matches = sa.table(
        "matches",
        sa.column("id", sa.Integer()),
        sa.column("guild_id", sa.BigInteger()),
        sa.column("season_id", sa.Integer()),
        sa.column("game", sa.String()),
        sa.column("teams", sa.JSON()),
    )
    results = sa.table(
        "match_results",
        sa.column("match_id", sa.Integer()),
        sa.column("seat", sa.Integer()),
        sa.column("user_id", sa.BigInteger()),
        sa.column("is_ai", sa.Boolean()),
        sa.column("rank", sa.Integer()),
    )
    history = sa.table(
        "rating_history",
        sa.column("match_id", sa.Integer()),
        sa.column("game", sa.String()),
        sa.column("user_id", sa.BigInteger()),
        sa.column("guild_id", sa.BigInteger()),
        sa.column("season_id", sa.Integer()),
        sa.column("mu", sa.Float()),
        sa.column("sigma", sa.Float()),
    )
    seats: dict[int, list[SeatResult]] = defaultdict(list)
    for match_id, seat, user_id, is_ai, rank in bind.execute(
        sa.select(
            results.c.match_id, results.c.seat, results.c.user_id, results.c.is_ai, results.c.rank
        ).order_by(results.c.match_id, results.c.seat)
    ):
        seats[match_id].append(SeatResult(seat, user_id, bool(is_ai), "", rank))
    if not seats:
        return
    model = ratings.new_model()
    start = ratings.initial(model)
    skills: dict[tuple[int, str, int], ratings.Skill] = {}
    rows: list[dict[str, Any]] = []
    for match_id, guild_id, season_id, game, teams in bind.execute(
        sa.select(
            matches.c.id, matches.c.guild_id, matches.c.season_id, matches.c.game, matches.c.teams
        ).order_by(matches.c.id)
    ):
        plan = ratings.plan_match(seats[match_id], teams)
        users = sorted(plan.by_user())
        for key in (game, ALL_GAMES):
            current = {uid: skills.get((season_id, key, uid), start) for uid in users}
            if plan.rated:
                sides = [[current[uid] for uid in side] for side in plan.sides]
                for side, new in zip(
                    plan.sides, ratings.rate(model, sides, plan.side_ranks), strict=True
                ):
                    current.update(zip(side, new, strict=True))
            for uid in users:
                skills[(season_id, key, uid)] = current[uid]
                rows.append(
                    {
                        "match_id": match_id,
                        "game": key,
                        "user_id": uid,
                        "guild_id": guild_id,
                        "season_id": season_id,
                        "mu": current[uid].mu,
                        "sigma": current[uid].sigma,
                    }
                )
        if len(rows) >= BATCH:
            bind.execute(history.insert(), rows)
            rows = []
    if rows:
        bind.execute(history.insert(), rows)
