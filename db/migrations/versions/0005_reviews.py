"""Reviews: the strong AI's review of each human seat of a finished match (Analyse).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27

Frozen like the revisions before it: no db.models.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("decisions", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("status IN ('pending', 'done')", name=op.f("ck_reviews_status")),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name=op.f("fk_reviews_table_id_game_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_reviews")),
    )
    op.create_index(op.f("ix_reviews_status"), "reviews", ["status"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_reviews_status"), table_name="reviews")
    op.drop_table("reviews")
