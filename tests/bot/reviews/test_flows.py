"""« Analyse » through the Discord emulator: a finished table's review, computed in the
review worker process, shown privately to its seat only; the pending answer before it is
stored; strangers and forged clicks refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from db import ReviewStatus
from emulator.drivers import Emulator
from emulator.model import Message
from games import Rng
from tests.bot.harness import play_until_over, quick_options_text, running_tapis, text_of
from tests.bot.replays.test_flows import click, footer

GAME = "manille"  # a real game: the worker process knows only those


def analyse_button(msg: Message, table_id: int) -> bool:
    return any(b.get("custom_id") == f"ra:{table_id}" for b in msg.buttons())


@pytest.mark.slow
async def test_analyse_shows_a_seat_its_own_review_once_computed_and_nobody_else(
    emulator: Emulator, tmp_path: Path
) -> None:
    settings = {"review_workers": 1}
    async with running_tapis(emulator, tmp_path, settings=settings, review_iterations=40) as tapis:
        reviewer = tapis.bot.reviewer
        assert reviewer is not None
        reviewer.busy = lambda: True  # the AI's searches go first: the review waits
        options = f"{quick_options_text(GAME)} timer=0"
        table_id, where, users = await tapis.seat_and_start(GAME, 4, options)
        await play_until_over(tapis, table_id, where, users, Rng(3))
        public = await emulator.wait_for_message(where, lambda m: analyse_button(m, table_id))
        player = users[1]

        pending = await click(tapis, player, public, f"ra:{table_id}")
        assert pending.ephemeral and pending.visible_to == player.id
        assert "L'analyse est en cours…" in text_of(pending)
        stranger = tapis.user("curieux")
        refused = await click(tapis, stranger, public, f"ra:{table_id}")
        assert refused.ephemeral and "Seuls les joueurs de cette partie" in text_of(refused)
        forged = await tapis.run(
            await emulator.click(player, public, f"ra:{table_id + 1}", force=True)
        )
        assert forged is not None and forged.ephemeral and "ra:" not in text_of(forged)
        assert "Analyse" not in text_of(forged)

        reviewer.busy = lambda: False
        await asyncio.wait_for(reviewer.join(), 120)
        reviews = await tapis.store.reviews.of_table(table_id)
        assert len(reviews) == 4  # every human seat
        assert all(r.status is ReviewStatus.DONE for r in reviews)
        # Random play at four seats makes costly mistakes; the seat with the most is shown.
        stored = max(reviews, key=lambda r: len(r.lines))
        assert stored.lines, "random play makes costly mistakes"
        player = users[stored.seat]

        shown = await click(tapis, player, public, f"ra:{table_id}")
        assert shown.ephemeral and shown.visible_to == player.id and shown.id != public.id
        text = text_of(shown)
        assert f"Analyse — Manille — table n°{table_id}" in text and "{" not in text
        moves = [b for b in shown.buttons() if str(b.get("label", "")).startswith("Revoir le")]
        assert len(moves) == len(stored.lines) <= 3
        for line, button in zip(stored.lines, moves, strict=True):
            assert f"Coup {line.move}, donne {line.deal} : vous avez joué" in text
            assert button["custom_id"] == f"rp:{table_id}:{line.move}:o"
        replay = await click(tapis, player, shown, moves[0]["custom_id"])  # opens at that move
        assert footer(replay).startswith(f"Coup {stored.lines[0].move} / ")
        again = await click(tapis, stranger, public, f"ra:{table_id}")
        assert "Seuls les joueurs de cette partie" in text_of(again)


@pytest.mark.slow
async def test_a_restart_computes_the_reviews_of_a_match_finished_before_it(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:  # this run computes no review
        options = f"{quick_options_text(GAME)} timer=0"
        table_id, where, users = await tapis.seat_and_start(GAME, 4, options)
        await play_until_over(tapis, table_id, where, users, Rng(4))
        place = (tapis.guild, tapis.channel)
        assert await tapis.store.reviews.of_table(table_id) == []
    settings = {"review_workers": 1}
    async with running_tapis(
        emulator, tmp_path, settings=settings, review_iterations=4, place=place
    ) as tapis:
        assert tapis.bot.reviewer is not None
        await asyncio.wait_for(tapis.bot.reviewer.join(), 120)
        found = await tapis.store.reviews.of_table(table_id)
        assert [(r.seat, r.status) for r in found] == [(s, ReviewStatus.DONE) for s in range(4)]
