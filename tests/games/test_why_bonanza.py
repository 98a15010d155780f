"""« Pourquoi ? » at Bonanza: in the play, the suits a lead may not take and the cards a
lead does not play; in the auction and the poker round, why no larger bid is offered.
Positions are reached by seeded random play."""

from __future__ import annotations

from collections.abc import Callable

import games
from games import Rng
from games.bonanza.rules import OTHER_COLOUR, suit_of
from games.testing import random_moves
from games.text import why_lines

RULES = games.get("bonanza")
NAMES = ["Alice", "Basile", "Chloé", "Ines"]


def reached(wanted: Callable[[games.GameState], bool]) -> games.GameState:
    """The first position of seeded random matches where `wanted` holds."""
    for seed in range(40):
        state = RULES.new(players=4, seed=seed)
        for _ in random_moves(state, Rng(seed), until=wanted):
            pass
        if wanted(state):
            return state
    raise AssertionError("no such position in 40 matches")


def mover(state: games.GameState) -> int:
    return state.to_move()[0]


def codes(state: games.GameState) -> set[str]:
    return {r.code for r in state.why_not(mover(state))} if state.to_move() else set()


def lines(state: games.GameState, lang: str) -> list[str]:
    return why_lines(state.why_not(mover(state)), RULES.words, lang, NAMES)


def test_after_a_stop_card_the_lead_changes_colour_and_is_the_lowest_of_its_suit() -> None:
    state = reached(lambda s: "wrong_colour" in codes(s))
    seat = mover(state)
    view = state.view(seat)
    stop = view["last"]
    hand = view["hand"]
    leads = {min((c for c in hand if suit_of(c) == s), key=hand.index) for s in view["choice"]}
    assert state.playable_cards(seat) == leads
    for reason in state.why_not(seat):
        assert reason.card in hand
        if suit_of(reason.card) in view["choice"]:
            assert reason.code == "lowest_first"
            assert reason.values["lowest"] in leads
        else:
            assert reason.code == "wrong_colour"
            assert tuple(reason.values["suits"]) == OTHER_COLOUR[suit_of(stop)]
    fr = "\n".join(lines(state, "fr"))
    en = "\n".join(lines(state, "en"))
    stop_fr, stop_en = games.cards.face(stop, "fr"), games.cards.face(stop, "en")
    assert f"après la carte d'arrêt ({stop_fr}), on entame dans l'autre couleur (" in fr
    assert f"after the stop card ({stop_en}), the lead switches colour (" in en
    assert "on entame par sa plus petite carte de la couleur (" in fr
    assert "a lead is your lowest card of the suit (" in en


def test_a_bid_is_held_by_the_largest_overbid_or_the_bidders_tokens() -> None:
    state = reached(lambda s: s.view(None)["phase"] == "auction")
    [reason] = state.why_not(mover(state))
    assert reason.card is None
    most = reason.values["most"]
    bids = [a.id for a in state.legal_actions(mover(state)) if a.id.startswith("bid:")]
    assert bids[-1] == f"bid:{most}"
    assert reason.code in ("overbid_too_large", "not_enough_tokens")
    [fr] = lines(state, "fr")
    assert fr.startswith(f"Au plus {most} jetons : ")


def test_a_bet_is_held_by_the_smallest_stack_still_in() -> None:
    state = reached(lambda s: "over_table_limit" in codes(s))
    seat = mover(state)
    [reason] = state.why_not(seat)
    amounts = [int(a.id.split(":")[1]) for a in state.legal_actions(seat) if ":" in a.id]
    assert max(amounts) < state.options.max_raise
    assert reason.values["cap"] == max(state.view(seat)["pot_bets"]) + max(amounts)
    [en] = lines(state, "en")
    assert en.startswith(f"No more than {reason.values['cap']} tokens in all: ")


def test_the_calls_ask_nothing_about_the_cards() -> None:
    state = reached(lambda s: s.view(None)["phase"] == "calls" and bool(s.to_move()))
    assert state.why_not(mover(state)) == ()
    assert state.playable_cards(mover(state)) == frozenset()
