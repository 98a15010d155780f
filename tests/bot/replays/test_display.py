"""What a replay and /revoir's list say: every game within Discord's limits, in words."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

import games
from bot.replays.book import Replay
from bot.replays.display import fit, list_message, ordinal, replay_embed, replay_view
from db import HintRecord, MatchSeat, MatchSummary
from tests.bot.replays.test_book import GUILD, random_match


@pytest.mark.parametrize("slug", games.slugs())
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_step_of_every_game_fits_discord_and_reads_as_words(slug: str, lang: str) -> None:
    replay = Replay.build(GUILD, random_match(slug, 8))
    for step in range(replay.total + 1):
        embed = replay_embed(replay, step, lang)
        assert len(embed) <= 6000 and len(embed.fields) <= 25
        assert all(len(f.value or "") <= 1024 for f in embed.fields)
        text = "\n".join([embed.description or "", *(f"{f.name} {f.value}" for f in embed.fields)])
        assert "{" not in text and "None" not in text, text
        view = replay_view(replay, step, lang, None)
        ids = [getattr(item, "custom_id", None) for item in view.children]
        assert len(set(ids)) == len(ids) == 5 and all(len(str(i)) <= 100 for i in ids)
        assert f"ra:{replay.table_id}" in ids  # « Analyse » beside the steps


@pytest.mark.parametrize(
    ("lang", "said"), [("fr", "a demandé un conseil avant ce coup"), ("en", "asked for a hint")]
)
def test_a_replay_says_who_asked_for_a_hint_at_that_move_and_plays_the_same(
    lang: str, said: str
) -> None:
    found = random_match("manille", 8)
    seat = found.moves[2].seat
    plain = Replay.build(GUILD, found)
    hinted = Replay.build(GUILD, replace(found, hints=[HintRecord(3, seat)]))
    name = hinted.seats[seat].name
    for step in range(6):
        last = replay_embed(hinted, step, lang).fields[-len(hinted.seats) - 1].value or ""
        assert (f"💡 {name} {said}" in last) == (step == 3), (step, last)
        assert hinted.state_at(step).to_json() == plain.state_at(step).to_json()
    assert hinted.moves == plain.moves


def test_a_long_last_move_keeps_the_move_and_how_it_ended() -> None:
    lines = ["Alice pose 3♠", *(f"Bob : pas de {n}" for n in range(200)), "Fin de la donne"]
    text = fit(lines, 1024)
    assert len(text) <= 1024
    assert text.startswith("Alice pose 3♠\n…\n") and text.endswith(
        "Bob : pas de 199\nFin de la donne"
    )


def test_the_list_says_the_game_the_players_and_the_members_result() -> None:
    def seat(n: int, user: int | None, rank: int) -> MatchSeat:
        return MatchSeat(n, user, user is None, f"Joueur {n}", rank, 0, 0, rank == 1)

    when = datetime(2025, 3, 14, 20, 5, tzinfo=UTC)
    won = MatchSummary(2, 20, "manille", 1, when, True, None, [seat(0, 5, 1), seat(1, None, 2)])
    lost = MatchSummary(1, 10, "bonanza", 1, when, True, None, [seat(0, 6, 1), seat(1, 5, 3)])
    embed, view = list_message([won, lost], 5, "fr")
    text = embed.description or ""
    assert "**Manille** · table n°20 · <t:1741982700:f>" in text
    assert "Joueur 0, 🤖 Joueur 1 — 🏆 gagnée" in text and "Joueur 0, Joueur 1 — 3e place" in text
    assert view is not None
    (select,) = view.children
    options = getattr(select, "item", select).options
    assert [(o.label, o.value) for o in options] == [
        ("Manille · table n°20 · 14/03/2025", "20"),
        ("Bonanza · table n°10 · 14/03/2025", "10"),
    ]
    embed, _ = list_message([lost], 5, "en")
    assert "**Bonanza** · table #10" in (embed.description or "") and "3rd place" in (
        embed.description or ""
    )
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
    ]  # fmt: skip
    assert [ordinal(n, "fr") for n in (1, 2, 10)] == ["1re", "2e", "10e"]
