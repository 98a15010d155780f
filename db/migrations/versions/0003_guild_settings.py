"""Guild settings: a server's chosen language for its tables (`/config langue`).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23

Frozen like the revisions before it: no db.models.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_settings")),
    )


def downgrade() -> None:
    op.drop_table("guild_settings")
