"""Every concours text in French and in English, read by the words scan: the message at each
status, the standings with byes, the podium, the buttons, the refusals and the calls; and
none of them shows the concours' deal seed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot.concours.components import ConcoursButton, concours_buttons
from bot.concours.picture import describe_standings, standings_scene
from bot.concours.words import concours_text, podium_text
from bot.i18n.concours import CONCOURS_MESSAGES
from bot.i18n.translate import tr
from db import ConcoursRecord, ConcoursStatus, EntrantRecord, RoundTableRecord
from tests.bot.test_words_scan import problems

SEED = 8_765_432_198_765_432
START = datetime(2027, 7, 14, 18, 30, tzinfo=UTC)


def record(
    status: ConcoursStatus, game: str = "nain-jaune", deals: int | None = 1
) -> ConcoursRecord:
    entrants = [
        EntrantRecord(n, n, 10**17 + n, f"Joueuse {n}", checked_in=n % 2 == 0) for n in range(1, 6)
    ]
    if game == "manille":
        entrants = [
            EntrantRecord(n, n, 10**17 + n, f"Aline {n}", 10**17 + 50 + n, f"Bruno {n}", n != 3)
            for n in range(1, 4)
        ]
    tables = [
        RoundTableRecord(1, 0, (1, 2, 3, 4), 11, (80, 120, 100, 97)),
        RoundTableRecord(2, 0, (2, 3, 4, 5), 12, (101, 90, 99, 1), settled=True),
        RoundTableRecord(3, 0, (3, 4, 5, 1), 13, None),
    ]
    return ConcoursRecord(
        id=7,
        guild_id=1,
        channel_id=2,
        message_id=3,
        organiser_id=10**17,
        game=game,
        name="Saint-Jean",
        format="round_robin",
        rounds=5 if deals else 1,
        round_deals=deals,
        timer=60,
        table_size=4,
        options={},
        duplicate=True,
        deal_seed=SEED,
        lang="fr",
        starts_at=START,
        ai_bye=game == "manille",
        status=status,
        round=3
        if status
        not in (ConcoursStatus.REGISTRATION, ConcoursStatus.CLOSED, ConcoursStatus.CHECKIN)
        else 0,
        entrants=entrants,
        tables=[] if game == "manille" else tables,
        byes=[] if game == "manille" else [(1, 5), (2, 1)],
    )


def texts(lang: str) -> Iterator[str]:
    for status in ConcoursStatus:
        for game, deals in (("nain-jaune", 1), ("nain-jaune", 3), ("manille", None)):
            concours = record(status, game, deals)
            text = concours_text(concours, lang)
            yield text.title
            yield text.body
            for heading, block in text.blocks:
                yield heading
                yield block
            for item in concours_buttons(concours, game == "manille", lang):
                assert isinstance(item, ConcoursButton)
                yield str(item.item.label)
    yield podium_text(record(ConcoursStatus.FINISHED), lang)
    for block in dict(concours_text(compared(9), lang).blocks).items():
        yield from block
    board = replace(record(ConcoursStatus.RUNNING), lang=lang)
    scene = standings_scene(board)
    assert scene is not None
    yield from (scene.title, scene.note, scene.total_label, *scene.round_labels)
    yield describe_standings(board)
    params = {
        "n": 3, "who": "Aline", "partner": "Bruno", "name": "Saint-Jean", "game": "Manille",
        "round": 2, "rounds": 5, "players": "Aline, Bruno", "where": "#tables", "a": "Aline",
        "b": "Bruno", "sides": "Aline, Bruno", "first": "Aline", "deals": "3",
        "rank": 1, "points": "3", "lines": "1. Aline (3 points)",
        "held": "Aline 3 (table 1)", "when": "<t:1800000000:f>",
    }  # fmt: skip
    for key in CONCOURS_MESSAGES:
        yield tr(key, lang, **params)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_concours_text_reads_right(lang: str) -> None:
    found = {text: problems(text, lang) for text in texts(lang)}
    assert {t: ps for t, ps in found.items() if ps} == {}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_concours_text_shows_the_deal_seed(lang: str) -> None:
    assert not any(str(SEED) in text for text in texts(lang))


def test_standings_show_byes_and_totals_in_order() -> None:
    text = concours_text(record(ConcoursStatus.RUNNING), "fr")
    standings = dict(text.blocks)["Classement"]
    first, *_ = standings.splitlines()
    assert first.startswith("1. ")
    assert "(exempt)" in standings
    assert "Tables de la partie 3" in dict(text.blocks)


def compared(tables: int) -> ConcoursRecord:
    """A two-a-side concours with duplicate deals whose round 2 has `tables` tables scored
    and one still playing."""
    base = record(ConcoursStatus.RUNNING)
    entrants = [EntrantRecord(n, n, 10**17 + n, f"Joueuse {n}") for n in range(1, 2 * tables + 3)]
    played = [
        RoundTableRecord(2, k, (2 * k + 1, 2 * k + 2), 20 + k, (100 + k, 60 - k))
        for k in range(tables)
    ]
    playing = RoundTableRecord(2, tables, (2 * tables + 1, 2 * tables + 2), 99, None)
    return replace(base, round=2, entrants=entrants, tables=[*played, playing], byes=[], lang="fr")


def test_duplicate_deals_compare_each_place_across_the_round_tables() -> None:
    blocks = dict(concours_text(compared(2), "fr").blocks)
    assert blocks["Mêmes cartes, partie 2"].splitlines() == [
        "Place 1 : Joueuse 3 101 (table 2) · Joueuse 1 100 (table 1)",
        "Place 2 : Joueuse 2 60 (table 1) · Joueuse 4 59 (table 2)",
    ]
    many = dict(concours_text(compared(9), "en").blocks)["Same cards, round 2"]
    assert many.splitlines()[0].endswith("· and 3 more")


def test_without_duplicate_deals_or_a_second_table_nothing_is_compared() -> None:
    assert not any(
        "Mêmes cartes" in heading
        for concours in (replace(compared(2), duplicate=False), compared(1))
        for heading, _ in concours_text(concours, "fr").blocks
    )


def test_a_start_time_shows_as_a_discord_timestamp_until_check_in_opens() -> None:
    waiting = concours_text(record(ConcoursStatus.REGISTRATION), "fr").body
    assert f"Pointage à partir du <t:{int(START.timestamp())}:f>." in waiting
    assert "<t:" not in concours_text(record(ConcoursStatus.CHECKIN), "fr").body


def test_an_ai_side_is_named_in_each_language() -> None:
    base = compared(1)
    ai_table = RoundTableRecord(2, 1, (3, 0), 98, None)
    concours = replace(base, tables=[base.tables[0], ai_table], ai_bye=True, rated=False)
    tables = dict(concours_text(concours, "fr").blocks)["Tables de la partie 2"]
    assert tables.splitlines()[1].endswith("Joueuse 3 contre l'IA")
    english = concours_text(replace(concours, lang="en"), "en")
    assert "the AI" in dict(english.blocks)["Tables of round 2"]
    assert "plays the AI rather than sit out" in english.body
