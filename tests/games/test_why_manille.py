"""« Pourquoi ? » at Manille: each obligation of the book, its reason and its words, on
stacked deals (dealer 3, so seat 0 leads; trump is the retourne's suit, ♥)."""

from __future__ import annotations

from games.manille import State
from games.text import why_lines

from .test_manille import fill, play, start

NAMES = ["Alice", "Basile", "Chloé", "Ines"]


def reasons(state: State, seat: int) -> dict[str, str]:
    return {r.card or "": r.code for r in state.why_not(seat)}


def lines(state: State, seat: int, lang: str) -> list[str]:
    return why_lines(state.why_not(seat), state.rules.words, lang, NAMES)


def test_fournir_names_the_suit_led_and_monter_the_opponents_card() -> None:
    state = start(fill({0: ["9S"], 1: ["KS", "8S", "7D"]}, only={1: "S"}))
    play(state, 0, "9S")
    found = reasons(state, 1)
    assert "KS" not in found and found["8S"] == "must_climb" and found["7D"] == "must_follow"
    assert set(found) == set(state.hands[1]) - {"KS"}
    fr, en = lines(state, 1, "fr"), lines(state, 1, "en")
    assert "8♠ : vous devez monter sur le 9♠ d'Alice (un adversaire est maître)" in fr
    assert "8♠: you must beat Alice's 9♠ (an opponent is winning)" in en
    assert any(line.endswith(" : vous devez fournir à ♠ pique") for line in fr)
    assert any(line.endswith(": you must follow ♠ spades") for line in en)


def test_couper_when_void_and_an_opponent_wins_without_trump() -> None:
    state = start(fill({0: ["AS"], 1: ["QH", "7D"]}, only={1: "SH"}))
    play(state, 0, "AS")
    found = reasons(state, 1)
    assert "QH" not in found and found["7D"] == "must_trump"
    assert set(found.values()) == {"must_trump"}
    fr = lines(state, 1, "fr")
    assert fr[0].endswith(
        " : vous devez couper, l'adversaire est maître (l'A♠ d'Alice) et vous n'avez pas de ♠ pique"
    )
    assert "7♦" in fr[0]
    assert lines(state, 1, "en")[0].endswith(
        ": you must trump: an opponent is winning (Alice's A♠) and you have no ♠ spades"
    )


def test_surcouper_an_opponents_trump_when_one_can() -> None:
    hands = fill({0: ["9S"], 1: ["9H"], 2: ["KH", "8H", "7C"]}, only={1: "S", 2: "SH"})
    state = start(hands)
    play(state, 0, "9S")
    play(state, 1, "9H")
    found = reasons(state, 2)
    assert "KH" not in found
    assert found["8H"] == found["7C"] == "must_overtrump"
    fr, en = lines(state, 2, "fr"), lines(state, 2, "en")
    assert fr[0].endswith(" : vous devez surcouper le 9♥ de Basile (un adversaire est maître)")
    assert en[0].endswith(": you must overtrump Basile's 9♥ (an opponent is winning)")


def test_the_partners_exception_asks_only_to_follow() -> None:
    state = start(fill({0: ["AS"], 1: ["7S"], 2: ["10S", "8S", "QH"]}, only={1: "S", 2: "S"}))
    play(state, 0, "AS")
    play(state, 1, "7S")
    found = reasons(state, 2)
    assert "8S" not in found and "10S" not in found  # no need to beat the partner
    assert found["QH"] == "must_follow"
    fr = lines(state, 2, "fr")
    assert fr[0].endswith(
        " : vous devez fournir à ♠ pique ; votre partenaire est maître, inutile de monter"
    )
    assert lines(state, 2, "en")[0].endswith(
        ": you must follow ♠ spades; your partner is winning, no need to play higher"
    )


def test_void_behind_a_winning_partner_every_card_may_be_played() -> None:
    state = start(fill({0: ["AS"], 1: ["7S"], 2: ["QH", "7D"]}, only={1: "S", 2: "S"}))
    play(state, 0, "AS")
    play(state, 1, "7S")
    assert state.why_not(2) == ()
    assert state.playable_cards(2) == frozenset(state.hands[2])


def test_the_leader_and_the_seats_waiting_get_no_reason() -> None:
    state = start(fill({0: ["9S"]}))
    assert [state.why_not(s) for s in range(4)] == [()] * 4
    play(state, 0, "9S")
    assert state.why_not(0) == state.why_not(2) == ()
