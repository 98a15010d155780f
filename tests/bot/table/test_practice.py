"""Practice tables: `/table <jeu> entrainement:oui` seats the AI beside its one player and
starts at once; the match is recorded for its replay but counted in no board or stats."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from emulator.drivers import Emulator
from emulator.model import Channel, Message, User
from games import Rng
from tests.bot.harness import (
    Tapis,
    is_over,
    play_until_over,
    running_tapis,
    table_command,
    text_of,
)

HAND = "th:"


async def open_practice(
    tapis: Tapis, host: User, slug: str, typed: dict[str, object] | None = None
) -> tuple[int, Channel, Message]:
    """/table <slug> entrainement:oui: the table's id, place and its started message."""
    params = {"entrainement": True, "minuteur": 0, **(typed or {})}
    reply = await tapis.run(await tapis.emu.slash(host, tapis.channel, f"table {slug}", params))
    assert reply is not None
    (table_id,) = [t.id for t in tapis.bot.service.tables.values() if t.host_id == host.id]
    where = tapis.table_channel(table_id)

    def started() -> Message | None:
        for msg in tapis.emu.public_messages(where):
            if any(
                str(c.get("custom_id", "")).startswith(f"{HAND}{table_id}")
                for c in msg.iter_components()
            ):
                return msg
        return None

    return table_id, where, await tapis.emu.wait_for(started, timeout=5.0)


@pytest.mark.parametrize("slug", games.slugs())
async def test_a_practice_table_starts_at_once_with_one_player_and_the_ai(
    emulator: Emulator, tmp_path: Path, slug: str
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("élève")
        table_id, _where, public = await open_practice(tapis, host, slug)
        table = tapis.bot.service.tables[table_id]
        assert table.status == "playing" and table.practice
        humans = [s for s in table.seats if not s.is_ai]
        assert [s.user_id for s in humans] == [host.id]
        assert len(table.seats) == min(max(4, table.rules.min_players), table.rules.max_players)
        assert all(s.ai_level == "facile" for s in table.seats if s.is_ai)
        assert f"n°{table_id} · entraînement" in text_of(public)
        stored = await tapis.store.tables.get(table_id)
        assert stored is not None and stored.options["__table__"]["practice"] is True


async def test_a_finished_practice_match_is_replayed_as_such_and_counted_nowhere(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("élève")
        _command, typed = table_command("bonanza", "deals=2")
        table_id, where, _public = await open_practice(tapis, host, "bonanza", typed)
        await play_until_over(tapis, table_id, where, [host], Rng(5))
        await tapis.emu.wait_for(lambda: is_over(tapis.public_message(table_id, where)))
        assert "entraînement" in text_of(tapis.public_message(table_id, where))

        (match,) = await tapis.store.history.recent(tapis.guild.id, user_id=host.id)
        assert match.practice and not match.rated and match.table_id == table_id
        stats = await tapis.run(await emulator.slash(host, tapis.channel, "stats"))
        assert stats is not None and "Bonanza" not in text_of(stats)
        board = await tapis.run(
            await emulator.slash(host, tapis.channel, "leaderboard", {"game": "bonanza"})
        )
        assert board is not None and "élève" not in text_of(board)
        listed = await tapis.run(await emulator.slash(host, tapis.channel, "revoir"))
        assert listed is not None
        assert f"**Bonanza · entraînement** · table n°{table_id}" in text_of(listed)
        replay = await tapis.run(await emulator.select(host, listed, "rl", [str(table_id)]))
        assert replay is not None
        assert f"n°{table_id} · entraînement" in text_of(replay)
