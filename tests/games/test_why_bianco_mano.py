"""« Pourquoi ? » at Bianco Mano: each play condition, its reason and its words (positions
set as tests/games/test_bianco_mano.py sets them)."""

from __future__ import annotations

import games
from games.text import why_lines

from .test_bianco_mano import four_in_play, position

NAMES = ["Alice", "Basile", "Chloé", "Ines"]


def reasons(state: games.GameState, seat: int) -> dict[str | None, str]:
    return {r.card: r.code for r in state.why_not(seat)}


def lines(state: games.GameState, seat: int, lang: str) -> list[str]:
    return why_lines(state.why_not(seat), state.rules.words, lang, NAMES)


def test_follow_the_family_led() -> None:
    state = four_in_play()
    state.apply(0, "play:MAB")
    found = reasons(state, 1)
    assert set(found) == {"MAJ", "PAJ", "AVJ", "EVJ"} and set(found.values()) == {"must_follow"}
    assert lines(state, 1, "fr") == [
        "🟨 Mamma 🟨 Parrain 🟨 Avocat 🟨 Évêque : vous devez fournir à la famille demandée "
        "(🟦 bleue)"
    ]
    assert lines(state, 1, "en")[0].endswith(": you must follow the family led (🟦 blue)")


def test_void_in_the_family_led_play_a_dominant() -> None:
    state = four_in_play()
    state.apply(0, "play:MAB")
    state.apply(1, "play:CHB")
    found = reasons(state, 2)
    assert "MAR" not in found and "PAR" not in found
    assert found["MAV"] == "must_play_dominant"
    assert lines(state, 2, "fr")[0].endswith(
        " : vous n'avez pas la famille demandée (🟦 bleue), vous devez donc jouer une "
        "dominante (🟥 rouge)"
    )
    assert lines(state, 2, "en")[0].endswith(
        ": you have none of the family led (🟦 blue), so you must play a dominant card (🟥 red)"
    )


def test_a_dominant_must_climb_over_the_highest_dominant_on_the_table() -> None:
    state = position(
        4,
        [["CHJ"], ["COR"], ["MAR", "CHR", "MAV"], ["GCJ"]],
        dominant="R",
        taker=0,
        trick=[[0, "BAB"], [1, "COR"]],
    )
    assert reasons(state, 2) == {"CHR": "must_climb", "MAV": "must_play_dominant"}
    fr, en = lines(state, 2, "fr"), lines(state, 2, "en")
    assert (
        "🟥 Chauffeur : vous devez monter sur la plus forte dominante du tapis "
        "(🟥 Commissaire de Basile)" in fr
    )
    assert (
        "🟥 Driver: you must beat the highest dominant card on the table "
        "(Basile's 🟥 Commissioner)" in en
    )


def test_a_dominant_led_is_climbed_by_its_own_family() -> None:
    state = position(
        4,
        [["CHJ"], ["MAR", "BAR", "CHR", "MAB"], ["GCJ"], ["COJ"]],
        dominant="R",
        taker=0,
        trick=[[0, "EVR"]],
    )
    assert reasons(state, 1) == {"BAR": "must_climb", "CHR": "must_climb", "MAB": "must_follow"}
    assert any("(🟥 Évêque d'Alice)" in line for line in lines(state, 1, "fr"))


def test_outside_the_card_play_nothing_is_refused() -> None:
    state = games.get("bianco-mano").new(players=4, seed=3)
    assert state.phase == "bid"
    assert all(state.why_not(s) == () for s in range(4))
