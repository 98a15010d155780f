"""PostgreSQL: the move log's group writer as one server-side function.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24

A group of moves was five statements, each a round trip that, on a busy machine, waits for
the database's process and then the bot's writer thread to be scheduled again. The function
does the same work in one statement (and one commit): lock the group's tables in id order,
then for each move in order check it against its table's version, log it, replace its
table's snapshot and set the version. It answers one code per move: 0 logged, -1 no such
table, -2 already logged, n > 0 a gap (n is the seq expected). A refused move affects only
itself. SQLite has nothing to create (its writer runs in-process, db/store/moves.py).

Frozen like the revisions before it: no db.models.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CREATE = """
CREATE OR REPLACE FUNCTION tapis_log_moves(
    p_tables integer[], p_seqs integer[], p_seats integer[], p_actions text[],
    p_states text[], p_now timestamptz
) RETURNS integer[] LANGUAGE plpgsql AS $fn$
DECLARE
    n integer := coalesce(array_length(p_tables, 1), 0);
    outcome integer[] := array_fill(0, ARRAY[n]);
    last integer;
    i integer;
BEGIN
    PERFORM 1 FROM game_tables WHERE id = ANY (p_tables) ORDER BY id FOR UPDATE;
    FOR i IN 1 .. n LOOP
        SELECT coalesce(version, 0) INTO last FROM game_tables WHERE id = p_tables[i];
        IF NOT FOUND THEN
            outcome[i] := -1;
        ELSIF p_seqs[i] <= last THEN
            outcome[i] := -2;
        ELSIF p_seqs[i] <> last + 1 THEN
            outcome[i] := last + 1;
        ELSE
            INSERT INTO moves (table_id, seq, seat, action_id, created_at)
            VALUES (p_tables[i], p_seqs[i], p_seats[i], p_actions[i], p_now)
            ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN  -- logged behind the version's back: a duplicate all the same
                outcome[i] := -2;
            ELSE
                INSERT INTO snapshots (table_id, version, state, updated_at)
                VALUES (p_tables[i], p_seqs[i], p_states[i], p_now)
                ON CONFLICT (table_id) DO UPDATE
                    SET version = excluded.version, state = excluded.state,
                        updated_at = excluded.updated_at;
                UPDATE game_tables SET version = p_seqs[i], updated_at = p_now
                    WHERE id = p_tables[i];
            END IF;
        END IF;
    END LOOP;
    RETURN outcome;
END
$fn$
"""

DROP = (
    "DROP FUNCTION IF EXISTS tapis_log_moves(integer[], integer[], integer[], text[], text[], "
    "timestamptz)"
)


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(CREATE)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(DROP)
