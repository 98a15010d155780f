"""« Pourquoi ? » at Nain Jaune: a run asks for the next rank, and "sans" ends once every
other seat has passed (decks stacked as tests/games/test_nain_jaune.py stacks them)."""

from __future__ import annotations

from games.cards import deck52
from games.nain_jaune import State
from games.text import why_lines

from .test_nain_jaune import RUN_2P, RUN_2P_TALON, new

NAMES = ["Alice", "Basile"]


def lines(state: State, seat: int, lang: str) -> list[str]:
    return why_lines(state.why_not(seat), state.rules.words, lang, NAMES)


def test_a_run_asks_for_the_next_rank_and_names_its_last_card() -> None:
    state = new(2, RUN_2P, RUN_2P_TALON)
    assert state.why_not(1) == ()  # a new run: any card starts it
    state.apply(1, "play:AS")
    assert state.to_move() == [0] and state.view(0)["needed"] == "5"
    found = {r.card: r.code for r in state.why_not(0)}
    assert set(found) == set(state.hand(0)) - {"5S", "5H"}
    assert set(found.values()) == {"wrong_rank"}
    [fr] = lines(state, 0, "fr")
    [en] = lines(state, 0, "en")
    assert fr.endswith(" : après le 4♠, la suite demande le rang suivant (5)")
    assert en.endswith(": after the 4♠, the run asks for the next rank (5)")
    assert state.why_not(1) == ()


def test_once_every_other_seat_passed_sans_is_refused_too() -> None:
    low = ["AS", "2S", "2H", "2D", "2C"]
    rest = [c for c in deck52() if c not in low]
    hands = {1: " ".join(["AS", "2S", "2H", *rest[:19]]), 0: " ".join(["2D", "2C", *rest[19:39]])}
    state = new(2, hands, " ".join(rest[39:]), may_stop=True)
    state.apply(1, "play:AS")
    assert {r.card for r in state.why_not(1)} == set(state.hand(1)) - {"2S", "2H"}
    assert all(r.card is not None for r in state.why_not(1))  # it may still say "sans"
    state.apply(1, "stop")
    state.apply(0, "stop")
    assert state.to_move() == [1]
    refused = [r for r in state.why_not(1) if r.card is None]
    assert [r.code for r in refused] == ["must_play"]
    fr, en = lines(state, 1, "fr"), lines(state, 1, "en")
    assert fr[-1] == (
        "Plus de « sans » : personne d'autre n'a le rang attendu (2), vous devez poser une carte"
    )
    assert en[-1] == (
        "No more “without”: nobody else has the rank needed (2), you must play a card"
    )
    assert fr[0].endswith(" : après l'A♠, la suite demande le rang suivant (2)")
