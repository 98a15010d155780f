"""Nain Jaune scenarios, one per rule clause, on stacked decks (see docs/rules/nain-jaune.md)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games import IllegalAction, Rng
from games.cards import deck52
from games.nain_jaune import DEAL_TABLE, State
from games.nain_jaune.hidden import split
from games.nain_jaune.rules import RANK_IX

RULES = games.get("nain-jaune")


def stacked(players: int, dealer: int, hands: dict[int, str], talon: str) -> list[str]:
    """A deck that deals `hands` (seat -> cards) three by three from the dealer's left."""
    each, talon_size = DEAL_TABLE[players]
    queues = {s: h.split() for s, h in hands.items()}
    assert sorted(queues) == list(range(players))
    assert all(len(q) == each for q in queues.values()), {s: len(q) for s, q in queues.items()}
    rest = talon.split()
    assert len(rest) == talon_size
    deck: list[str] = []
    given_each = 0
    while given_each < each:
        k = min(3, each - given_each)
        for i in range(1, players + 1):
            q = queues[(dealer + i) % players]
            deck += q[:k]
            del q[:k]
        given_each += k
    deck += rest
    assert sorted(deck) == sorted(deck52())
    return deck


def new(players: int, hands: dict[int, str], talon: str, **options: Any) -> State:
    deck = stacked(players, 0, hands, talon)
    state = RULES.new(players=players, seed=7, options={"deck": deck, "first_dealer": 0, **options})
    assert isinstance(state, State)
    return state


def brief(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Play-by-play of the events that matter for the run: (type, seat, card or rank)."""
    out: list[tuple[Any, ...]] = []
    for e in events:
        if e["type"] == "play":
            out.append(("play", e["seat"], e["card"]))
        elif e["type"] in ("sans", "pass"):
            out.append((e["type"], e["seat"], e["rank"]))
        elif e["type"] == "missing":
            out.append(("missing", e["seat"], e["rank"], e["next"]))
    return out


def ids(state: State, seat: int) -> set[str]:
    return {a.id for a in state.legal_actions(seat)}


def of_type(state: State, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


# Two players, dealer 0: seat 1 leads. A to 3 of spades run for seat 1, then seat 0 goes on.
RUN_2P = {
    1: "AS 2S 3S 6S 6H 7S 7H 7C 8S 8H 8D 8C 9S 9H 9D 9C 10S 10H 10C JS JH JD",
    0: "AH AD AC 2H 2D 2C 3H 3D 3C 4S 5S 5H 6D 6C 10D JC QS QH QD QC KS KH",
}
RUN_2P_TALON = "4H 4D 4C 5D 5C 7D KD KC"

# Eight players: seat 1 runs A-3, seat 2 takes over on 4, seat 3 on 6, seat 1 again on 7,
# and seat 2 empties its hand on 9-Q (in two turns: no grand opéra).
END_8P = {
    1: "AS 2S 3S 7S 8S KS",
    2: "4H 5H 9H 10H JH QH",
    3: "6H AD AC 2H 2D 2C",
    4: "3H 3D 3C 4S 4D 4C",
    5: "5S 5D 5C 6S 6D 6C",
    6: "8H 8D 8C 9S 9D 9C",
    7: "10S 10D 10C JS JD JC",
    0: "QS QD QC KH KD KC",
}
END_8P_TALON = "7H 7D 7C AH"

# Eight players: no 4 out of the talon; seat 1 plays its six cards in one turn.
OPERA_8P = {
    1: "AS 2S 3S 5S 6S 7D",
    2: "AH AD AC 2H 2D 2C",
    3: "3H 3D 3C 5H 5D 5C",
    4: "6H 6D 6C 7S 7H 7C",
    5: "8S 8H 8D 8C 9S 9H",
    6: "9D 9C 10S 10H 10D 10C",
    7: "JS JH JD JC QS QH",
    0: "QD QC KS KH KD KC",
}
OPERA_8P_TALON = "4S 4H 4D 4C"


# --- setup ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 9))
def test_deal_follows_the_table_for_each_player_count(players: int) -> None:
    state = RULES.new(players=players, seed=players)
    each, talon = DEAL_TABLE[players]
    view = state.view(None)
    assert view["hand_sizes"] == [each] * players
    assert view["talon_size"] == talon
    assert {2: 22, 3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}[players] == each
    assert each * players + talon == 52


def test_cards_go_three_by_three_from_the_dealers_left_then_the_rest() -> None:
    deck = deck52()
    state = RULES.new(players=2, seed=1, options={"deck": deck, "first_dealer": 0})
    # 22 each: seven rounds of three, then one card each; seat 1 (left of the dealer) first.
    seat1 = [c for k in range(7) for c in deck[6 * k : 6 * k + 3]] + [deck[42]]
    seat0 = [c for k in range(7) for c in deck[6 * k + 3 : 6 * k + 6]] + [deck[43]]
    assert sorted(state.view(1)["hand"]) == sorted(seat1)
    assert sorted(state.view(0)["hand"]) == sorted(seat0)
    assert sorted(state.talon) == sorted(deck[44:])


def test_each_player_stakes_fifteen_tokens_over_the_five_boxes() -> None:
    state = RULES.new(players=5, seed=3, options={"starting_tokens": 40})
    view = state.view(2)
    assert view["board"] == {"10D": 5, "JC": 10, "QS": 15, "KH": 20, "7D": 25}
    assert view["tokens"] == view["scores"] == [25] * 5
    assert of_type(state, "stakes")[0]["paid"] == [15] * 5
    assert state.tokens_total() == 200


def test_the_seat_after_the_dealer_leads_with_any_card() -> None:
    state = new(2, RUN_2P, RUN_2P_TALON)
    assert state.to_move() == [1]
    assert state.view(1)["needed"] is None
    assert ids(state, 1) == {"play:" + c for c in RUN_2P[1].split()}


# --- runs -----------------------------------------------------------------------------------
def test_a_player_goes_on_with_the_next_rank_and_chooses_only_between_suits() -> None:
    state = new(2, RUN_2P, RUN_2P_TALON)
    state.apply(1, "play:AS")
    assert brief(state.events) == [
        ("play", 1, "AS"),
        ("play", 1, "2S"),  # the only 2: played for them
        ("play", 1, "3S"),
        ("sans", 1, "4"),
        ("play", 0, "4S"),  # the next seat holds the 4 and takes the run over
    ]
    assert state.to_move() == [0]
    assert ids(state, 0) == {"play:5S", "play:5H"}  # two 5s: a real choice
    assert state.view(0)["run"] == ["AS", "2S", "3S", "4S"]
    assert state.view(0)["needed"] == "5"


def test_a_stuck_player_hands_the_run_to_the_next_seat_holding_the_rank() -> None:
    state = new(2, RUN_2P, RUN_2P_TALON)
    state.apply(1, "play:AS")
    state.apply(0, "play:5H")
    state.apply(0, "play:6D")
    assert brief(state.events) == [("play", 0, "6D"), ("sans", 0, "7")]
    assert state.to_move() == [1]
    assert ids(state, 1) == {"play:7S", "play:7H", "play:7C"}
    assert state.view(None)["sans"] == "7"


HANDOVER_4P = {
    1: "AS 2S 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H",
    2: "AH 2H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C",
    3: "3S 4S 4H 10S 10H 10D 10C JS JH JD JC QS",
    0: "3H 3D 3C 4D 4C AD AC QH QD QC KS KH",
}


def test_sans_asks_the_others_in_seat_order_from_the_stuck_player() -> None:
    state = new(4, HANDOVER_4P, "2D 2C KD KC")
    state.apply(1, "play:AS")
    assert brief(state.events) == [
        ("play", 1, "AS"),
        ("play", 1, "2S"),
        ("sans", 1, "3"),
        ("pass", 2, "3"),
        ("play", 3, "3S"),  # seat 0 holds 3s too but comes after seat 3
    ]
    assert state.to_move() == [3]
    assert ids(state, 3) == {"play:4S", "play:4H"}


def test_a_king_ends_the_run_and_the_same_player_starts_a_new_one() -> None:
    hands = {
        1: "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C QS KH",
        0: "6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C 10S 10H 10D 10C JH QH",
    }
    state = new(2, hands, "KS KD KC JS JD JC QD QC")
    state.apply(1, "play:QS")
    assert brief(state.events) == [("play", 1, "QS"), ("play", 1, "KH")]
    assert state.to_move() == [1]
    assert state.view(1)["needed"] is None
    assert state.view(1)["run"] == ["QS", "KH"]  # the finished run stays shown until the next
    state.apply(1, "play:AS")
    assert state.view(1)["run"] == ["AS"]
    assert state.view(1)["played"] == ["QS", "KH"]


def test_when_nobody_has_the_king_the_last_player_starts_a_new_run() -> None:
    hands = {
        1: "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C JS QS",
        0: "6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C 10S 10H 10D 10C JH QH",
    }
    state = new(2, hands, "KS KH KD KC JD JC QD QC")
    state.apply(1, "play:JS")
    assert brief(state.events) == [
        ("play", 1, "JS"),
        ("play", 1, "QS"),
        ("sans", 1, "K"),
        ("pass", 0, "K"),
        ("missing", 1, "K", None),
    ]
    assert state.to_move() == [1]
    assert state.view(1)["needed"] is None


def test_a_rank_nobody_holds_is_skipped_and_the_last_player_is_asked_first() -> None:
    hands = {
        1: "AS 2S 3S 5S 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C 10S 10H 10D 10C JS JH",
        0: "AH AD AC 2H 2D 2C 3H 3D 3C 5H 5D 6S 6H 6D 6C JD JC QS QH QD QC KS",
    }
    state = new(2, hands, "4S 4H 4D 4C 5C KH KD KC")
    state.apply(1, "play:AS")
    assert brief(state.events) == [
        ("play", 1, "AS"),
        ("play", 1, "2S"),
        ("play", 1, "3S"),
        ("sans", 1, "4"),
        ("pass", 0, "4"),
        ("missing", 1, "4", "5"),
        ("play", 1, "5S"),  # seat 1 asked first for the 5, although seat 0 has 5s too
        ("sans", 1, "6"),
    ]
    assert state.to_move() == [0]
    assert ids(state, 0) == {"play:6S", "play:6H", "play:6D", "play:6C"}


def test_playing_a_board_card_collects_its_box() -> None:
    hands = {
        1: "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C QS KH",
        0: "6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C 10S 10H 10D 10C JH QH",
    }
    state = new(2, hands, "KS KD KC JS JD JC QD QC")
    state.apply(1, "play:QS")
    collected = [(e["card"], e["amount"]) for e in of_type(state, "collect")]
    assert collected == [("QS", 6), ("KH", 8)]
    assert state.board == {"10D": 2, "JC": 4, "QS": 0, "KH": 0, "7D": 10}
    assert state.tokens == [85, 85 + 14]


# --- end of a deal --------------------------------------------------------------------------
def test_emptying_the_hand_ends_the_deal_and_the_others_pay_their_cards() -> None:
    state = new(8, END_8P, END_8P_TALON, deals=1)
    state.apply(1, "play:AS")
    out = of_type(state, "out")
    assert out == [{"type": "out", "seat": 2, "grand_opera": False}]
    pays = {e["seat"]: e["amount"] for e in of_type(state, "pay")}
    # A=1 … 9=9, 10 and figures 10: KS left with seat 1 costs 10, AD AC 2H 2D 2C cost 8.
    assert pays == {1: 10, 3: 8, 4: 21, 5: 33, 6: 51, 7: 60, 0: 60}
    assert state.tokens[2] == 85 + 243
    assert not of_type(state, "grand_opera")
    # Payments are public: every seat and a spectator see them, with the winner named.
    public_pays = [e for e in state.view(None)["events"] if e["type"] == "pay"]
    assert len(public_pays) == 7 and all(e["winner"] == 2 for e in public_pays)


def test_a_board_card_left_in_hand_doubles_its_box() -> None:
    state = new(8, END_8P, END_8P_TALON, deals=1, starting_tokens=200)
    state.apply(1, "play:AS")
    penalties = [(e["seat"], e["card"], e["amount"]) for e in of_type(state, "penalty")]
    assert penalties == [(7, "10D", 8), (7, "JC", 16), (0, "QS", 24), (0, "KH", 32)]
    assert state.board == {"10D": 16, "JC": 32, "QS": 48, "KH": 64, "7D": 40}
    assert state.tokens[7] == 185 - 60 - 24
    assert state.tokens[0] == 185 - 60 - 56
    assert of_type(state, "match_end")[0]["reason"] == "deals"


def test_board_penalty_option_stake_pays_the_boxs_stake() -> None:
    state = new(8, END_8P, END_8P_TALON, deals=1, board_penalty="stake")
    state.apply(1, "play:AS")
    penalties = [(e["seat"], e["card"], e["amount"]) for e in of_type(state, "penalty")]
    assert penalties == [(7, "10D", 1), (7, "JC", 2), (0, "QS", 3), (0, "KH", 4)]
    assert state.board == {"10D": 9, "JC": 18, "QS": 27, "KH": 36, "7D": 40}


def test_a_board_card_in_the_talon_leaves_its_box_alone() -> None:
    state = new(8, END_8P, END_8P_TALON, deals=1)  # 7D (Nain jaune) lies in the talon
    state.apply(1, "play:AS")
    assert state.board["7D"] == 40
    assert all(e["card"] != "7D" for e in of_type(state, "penalty") + of_type(state, "collect"))


def test_grand_opera_collects_the_whole_board_across_a_skipped_rank() -> None:
    state = new(8, OPERA_8P, OPERA_8P_TALON, deals=1)
    state.apply(1, "play:AS")
    assert [e["card"] for e in of_type(state, "play")] == ["AS", "2S", "3S", "5S", "6S", "7D"]
    assert of_type(state, "out")[0]["grand_opera"] is True
    assert of_type(state, "collect") == [{"type": "collect", "seat": 1, "card": "7D", "amount": 40}]
    assert of_type(state, "grand_opera") == [{"type": "grand_opera", "seat": 1, "amount": 80}]
    paid = sum(e["amount"] for e in of_type(state, "pay"))
    assert paid == 9 + 24 + 39 + 50 + 58 + 60 + 60
    assert state.tokens[1] == 85 + 40 + 80 + paid
    # The boxes are empty after the grand opéra: doubling them costs nothing.
    assert [e["amount"] for e in of_type(state, "penalty")] == [0, 0, 0, 0]
    assert sum(state.board.values()) == 0


def test_grand_opera_counts_a_new_run_after_a_king() -> None:
    hands = dict(OPERA_8P)
    hands[1], hands[4] = "JS QH KS AS 2S 3S", "6H 6D 6C 7S 7D 7C"
    hands[7], hands[0] = "JH JD JC QS 5S 7H", "QD QC 5H KH KD KC"
    hands[3] = "3H 3D 3C 6S 5D 5C"
    state = new(8, hands, "4S 4H 4D 4C", deals=1)
    state.apply(1, "play:JS")
    assert state.to_move() == [1] and state.view(1)["needed"] is None
    state.apply(1, "play:AS")
    assert of_type(state, "out")[0] == {"type": "out", "seat": 1, "grand_opera": True}
    assert of_type(state, "grand_opera")[0]["seat"] == 1


def test_no_grand_opera_when_the_cards_went_in_two_turns() -> None:
    hands = dict(OPERA_8P)
    hands[1], hands[2] = "AS 2S 3S 5H 6S 7D", "AH AD AC 2H 2D 2C"
    hands[3] = "3H 3D 3C 5S 5D 5C"
    state = new(8, hands, OPERA_8P_TALON, deals=1)
    state.apply(1, "play:AS")  # 4 missing, seat 1 plays 5H: seat 1 goes out in one turn
    assert of_type(state, "out")[0]["grand_opera"] is True
    state2 = new(8, END_8P, END_8P_TALON, deals=1)
    state2.apply(1, "play:AS")
    assert of_type(state2, "out")[0]["grand_opera"] is False


def settlement(state: State) -> list[tuple[Any, ...]]:
    """The end-of-deal payments in the order they were made: (type, seat, card, amount)."""
    kinds = ("pay", "grand_opera", "penalty")
    return [
        (e["type"], e["seat"], e.get("card"), e["amount"])
        for e in state.events
        if e["type"] in kinds
    ]


def test_after_a_grand_opera_the_penalties_go_into_the_emptied_boxes() -> None:
    state = new(8, OPERA_8P, OPERA_8P_TALON, deals=1, board_penalty="stake")
    state.apply(1, "play:AS")
    steps = settlement(state)
    # The winner is paid by every other seat first, then sweeps the board, and only then
    # are the board cards left in hand paid for, into the boxes the sweep emptied.
    assert [t for t, *_ in steps] == ["pay"] * 7 + ["grand_opera"] + ["penalty"] * 4
    assert steps[7] == ("grand_opera", 1, None, 80)
    assert steps[8:] == [
        ("penalty", 6, "10D", 1),
        ("penalty", 7, "JC", 2),
        ("penalty", 7, "QS", 3),
        ("penalty", 0, "KH", 4),
    ]
    assert state.board == {"10D": 1, "JC": 2, "QS": 3, "KH": 4, "7D": 0}


def test_a_player_short_of_tokens_pays_the_winner_first_then_the_boxes_in_order() -> None:
    state = new(8, END_8P, END_8P_TALON, starting_tokens=85)  # 70 left after the stakes
    state.apply(1, "play:AS")
    steps = settlement(state)
    # Seat 7 owes 60 to the winner, then 8 into 10D's box, then 16 into JC's: it has 70.
    assert [s for s in steps if s[1] == 7] == [
        ("pay", 7, None, 60),
        ("penalty", 7, "10D", 8),
        ("penalty", 7, "JC", 2),
    ]
    # Seat 0 owes 60, then 24 into QS's box and 32 into KH's: the king's box gets nothing.
    assert [s for s in steps if s[1] == 0] == [
        ("pay", 0, None, 60),
        ("penalty", 0, "QS", 10),
        ("penalty", 0, "KH", 0),
    ]
    assert state.tokens[7] == state.tokens[0] == 0
    end = of_type(state, "match_end")[0]
    assert end["reason"] == "broke" and end["broke"] == [7, 0]
    assert state.tokens_total() == 8 * 85


# --- between deals, match end ---------------------------------------------------------------
def test_the_player_of_the_first_card_deals_next() -> None:
    state = new(8, END_8P, END_8P_TALON, deals=2, starting_tokens=200)
    state.apply(1, "play:AS")
    assert state.dealer == 1
    assert state.deal_no == 2
    assert state.to_move() == [2]
    deal = of_type(state, "deal")
    assert deal[-1]["dealer"] == 1 and deal[-1]["deal"] == 2
    assert state.view(2)["hand_sizes"] == [6] * 8


def test_deals_option_ends_the_match_after_that_many_deals() -> None:
    state = new(8, END_8P, END_8P_TALON, deals=1, starting_tokens=200)
    state.apply(1, "play:AS")
    assert state.is_over() and state.to_move() == []
    assert of_type(state, "match_end")[0]["reason"] == "deals"
    assert state.outcome().ranks[2] == 1
    assert list(state.outcome().scores) == state.tokens


def test_the_match_ends_when_a_player_cannot_pay_in_full() -> None:
    state = new(8, END_8P, END_8P_TALON, starting_tokens=20)  # 5 left after the stakes
    state.apply(1, "play:AS")
    pays = {e["seat"]: (e["amount"], e["due"]) for e in of_type(state, "pay")}
    assert pays[7] == (5, 60)  # they pay what they have
    assert state.is_over()
    end = of_type(state, "match_end")[0]
    assert end["reason"] == "broke" and 7 in end["broke"]
    assert of_type(state, "penalty")[0]["amount"] == 0  # nothing left to pay the box with
    assert state.tokens_total() == 160


def test_the_match_ends_when_a_player_cannot_stake() -> None:
    state = new(8, END_8P, END_8P_TALON, starting_tokens=82, board_penalty="stake")
    state.apply(1, "play:AS")
    # Seat 7 paid 60 + 1 + 2 (4 left), seat 0 60 + 3 + 4 (0 left), both in full; neither
    # can stake 15 for deal 2: they stake what they have and the match ends.
    assert not [e for e in of_type(state, "pay") if e["amount"] < e["due"]]
    assert state.is_over() and state.deal_no == 2
    stakes = of_type(state, "stakes")[-1]
    assert stakes["paid"][7] == 4 and stakes["paid"][0] == 0 and stakes["paid"][1] == 15
    assert of_type(state, "match_end")[0]["broke"] == [7, 0]
    assert of_type(state, "deal") == []  # no cards dealt for deal 2
    assert state.tokens_total() == 8 * 82


# --- options and refusals -------------------------------------------------------------------
def test_may_stop_lets_a_player_stop_and_then_forces_the_card_if_nobody_follows() -> None:
    state = new(2, RUN_2P, RUN_2P_TALON, may_stop=True)
    state.apply(1, "play:AS")
    assert ids(state, 1) == {"play:2S", "stop"}
    state.apply(1, "stop")
    assert brief(state.events) == [("sans", 1, "2")]
    assert state.events[0]["stopped"] is True
    assert ids(state, 0) == {"play:2H", "play:2D", "play:2C", "stop"}
    state.apply(0, "stop")
    # Back to seat 1, which holds the 2: it must play it now (no choice: played for it).
    assert brief(state.events) == [("pass", 0, "2"), ("play", 1, "2S")]
    assert ids(state, 1) == {"play:3S", "stop"}


def test_illegal_moves_are_refused_with_a_precise_code() -> None:
    state = new(2, RUN_2P, RUN_2P_TALON)
    before = state.to_json()
    cases = {
        (0, "play:AH"): "not_your_turn",
        (1, "play:ZZ"): "unknown_card",
        (1, "play:AH"): "not_in_hand",
        (1, "stop"): "stop_disabled",
        (1, "draw"): "unknown_action",
    }
    for (seat, action), code in cases.items():
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, action)
        assert err.value.code == code
    state.apply(1, "play:AS")
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "play:6D")
    assert err.value.code == "wrong_rank"
    stopper = new(2, RUN_2P, RUN_2P_TALON, may_stop=True)
    with pytest.raises(IllegalAction) as err:
        stopper.apply(1, "stop")  # a new run must be started
    assert err.value.code == "must_play"
    assert new(2, RUN_2P, RUN_2P_TALON).to_json() == before


def test_options_are_validated() -> None:
    with pytest.raises(ValueError):
        RULES.new(players=3, seed=1, options={"deck": deck52()[:51]})
    with pytest.raises(ValueError):
        RULES.new(players=3, seed=1, options={"first_dealer": 3})
    with pytest.raises(ValueError):
        RULES.new(players=3, seed=1, options={"starting_tokens": 14})
    with pytest.raises(ValueError):
        RULES.new(players=3, seed=1, options={"board_penalty": "triple"})


# --- views and determinization --------------------------------------------------------------
def test_views_show_the_board_run_and_own_hand_only() -> None:
    state = new(2, RUN_2P, RUN_2P_TALON)
    state.apply(1, "play:AS")
    view = state.view(0)
    assert view["hand"] == [c for c in RUN_2P[0].split() if c != "4S"]
    assert view["hand_sizes"] == [21, 19]
    assert view["talon_size"] == 8
    assert view["run"] == ["AS", "2S", "3S", "4S"]
    assert {"type": "sans", "seat": 1, "rank": "4", "stopped": False} in view["events"]
    spectator = state.view(None)
    assert spectator["hand"] == []
    assert "AH" not in json.dumps(spectator)


def test_determinize_keeps_known_voids_and_the_current_choice() -> None:
    state = new(2, RUN_2P, RUN_2P_TALON)
    state.apply(1, "play:AS")  # seat 1 said "sans 4": it holds no 4
    for k in range(30):
        other = state.determinize(0, Rng(k))
        assert other.view(0) == state.view(0)
        assert not any(RANK_IX[c] == 3 for c in other.hand(1))
        assert other.hand(0) == state.hand(0)
    for k in range(30):
        other = state.determinize(1, Rng(k))  # seat 0 must keep at least two 5s
        assert sum(RANK_IX[c] == 4 for c in other.hand(0)) >= 2
        assert len(other.legal_actions(0)) >= 2
        assert other.rng.state != state.rng.state


def test_determinize_keeps_what_passes_and_automatic_plays_revealed() -> None:
    state = new(4, HANDOVER_4P, "2D 2C KD KC")
    state.apply(1, "play:AS")
    # Seat 1 played its only 2 for it and said "sans 3"; seat 2 passed on 3; seat 3 played
    # its only 3 and now chooses between 4s.
    for k in range(40):
        other = state.determinize(0, Rng(k))
        assert other.view(0) == state.view(0)
        ranks = [[RANK_IX[c] for c in other.hand(s)] for s in range(4)]
        assert 1 not in ranks[1] and 2 not in ranks[1]
        assert 2 not in ranks[2]
        assert 2 not in ranks[3] and ranks[3].count(3) >= 2


def test_redeal_moves_cards_around_to_meet_tight_constraints() -> None:
    pool = ["AS", "AH", "2S", "2H", "3S", "3H"]
    # Part 0 takes no ace, part 1 only aces, part 2 must hold a 3.
    allowed = [0b110, 0b001, 0b111]
    for k in range(40):
        parts = split(pool, [2, 2, 2], allowed, [[0] * 13, [0] * 13, [0, 0, 1] + [0] * 10], Rng(k))
        assert sorted(parts[1]) == ["AH", "AS"]
        assert all(c[0] != "A" for c in parts[0])
        assert any(c[0] == "3" for c in parts[2])
        assert sorted(c for p in parts for c in p) == sorted(pool)
    with pytest.raises(ValueError):
        split(pool, [2, 2, 2], [0b001, 0b001, 0b111], [[0] * 13] * 3, Rng(1))


# --- conservation under every option -------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 2**63 - 1),
    may_stop=st.booleans(),
    penalty=st.sampled_from(["double", "stake"]),
    tokens=st.integers(15, 120),
)
def test_tokens_and_cards_are_conserved_under_every_option(
    players: int, seed: int, may_stop: bool, penalty: str, tokens: int
) -> None:
    options = {"deals": 4, "may_stop": may_stop, "board_penalty": penalty}
    state = RULES.new(players=players, seed=seed, options={**options, "starting_tokens": tokens})
    total = players * tokens
    cards = Counter(deck52())
    pick = Rng(seed)
    moves = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        assert len(legal) >= 2  # only real choices are asked
        state.apply(seat, pick.choice(legal).id)
        moves += 1
        assert state.tokens_total() == total
        assert min(state.tokens) >= 0 and min(state.board.values()) >= 0
        assert Counter(c for z in state.zones().values() for c in z) == cards
    assert moves < 5000


# Two players, dealer 0: seat 1 leads with 9H and holds no 10; seat 0 holds the four 10s.
STOP_ON_SANS_2P = {
    1: "AS 2S 3S 4S 5S 6S 7S 8S 9H JS JH JD JC QS QH QD QC KS KH KD KC AH",
    0: "10S 10H 10D 10C AD AC 2H 2D 2C 3H 3D 3C 4H 4D 4C 5H 5D 5C 6H 6D 6C 7H",
}
STOP_ON_SANS_2P_TALON = "7D 7C 8H 8D 8C 9S 9D 9C"


def test_a_player_who_stops_during_a_sans_round_must_then_play_the_rank() -> None:
    state = new(2, STOP_ON_SANS_2P, STOP_ON_SANS_2P_TALON, may_stop=True)
    state.apply(1, "play:9H")
    assert brief(state.events) == [("play", 1, "9H"), ("sans", 1, "10")]
    assert ids(state, 0) == {"play:10S", "play:10H", "play:10D", "play:10C", "stop"}
    state.apply(0, "stop")
    # Nobody else holds a 10: the turn comes back to seat 0, which must play one now.
    assert brief(state.events) == [("pass", 0, "10")]
    assert not of_type(state, "missing")
    assert state.to_move() == [0]
    assert ids(state, 0) == {"play:10S", "play:10H", "play:10D", "play:10C"}
    assert state.view(None)["needed"] == "10"
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "stop")
    assert err.value.code == "must_play"
    state.apply(0, "play:10S")
    assert brief(state.events) == [("play", 0, "10S"), ("sans", 0, "J")]
    assert state.to_move() == [1]


def test_the_first_player_to_stop_in_a_sans_round_is_the_one_forced() -> None:
    hands = {
        1: "AS 2S 3S 4S 5S 6S 7S 8S 9S 9H 9D",
        2: "10S 10H AH 2H 3H 4H 5H 6H 7H 8H 8D",
        0: "10D 10C AD 2D 3D 4D 5D 6D 7D KS KH",
    }
    talon = "AC 2C 3C 4C 5C 6C 7C"
    rest = "8C 9C JS JH JD JC QS QH QD QC KD KC"
    hands[1] += " " + " ".join(rest.split()[:4])
    hands[2] += " " + " ".join(rest.split()[4:8])
    hands[0] += " " + " ".join(rest.split()[8:])
    state = new(3, hands, talon, may_stop=True)
    state.apply(1, "play:9S")
    assert brief(state.events) == [("play", 1, "9S"), ("sans", 1, "10")]
    state.apply(2, "stop")
    assert state.to_move() == [0]
    state.apply(0, "stop")
    # Both stopped: the turn goes back round to seat 2, the first to stop, with no second stop.
    assert brief(state.events) == [("pass", 0, "10")]
    assert state.to_move() == [2]
    assert ids(state, 2) == {"play:10S", "play:10H"}


def _rank(card: str) -> str:
    return card[:-1]


@pytest.mark.parametrize("players", range(2, 9))
def test_with_may_stop_a_rank_is_never_missing_while_a_seat_holds_it(players: int) -> None:
    stops = missing = 0
    for seed in range(150):
        state = RULES.new(players=players, seed=seed, options={"deals": 2, "may_stop": True})
        pick = Rng(seed * 31 + players)
        while not state.is_over():
            seat = state.to_move()[0]
            # The hands as the action starts; a deal ends only inside an action (after its
            # `out` event), so they are the hands of every event before that.
            held = [set(state.hand(s)) for s in range(players)]
            action = pick.choice(state.legal_actions(seat)).id
            stops += action == "stop"
            state.apply(seat, action)
            for e in state.events:
                if e["type"] == "out":
                    break
                if e["type"] == "play":
                    held[e["seat"]].remove(e["card"])
                elif e["type"] == "missing":
                    missing += 1
                    holders = [s for s in range(players) if e["rank"] in map(_rank, held[s])]
                    assert not holders, (seed, e, holders)
    assert stops > 0 and missing > 0


# --- snapshots stored before the engine took its present shape -----------------------------
# Made by the earlier engine: a run to lead, a suit to choose, a "sans" round, a forced play
# after a stop, a second deal, five seats with known voids, a finished match. Each is loaded,
# written back unchanged, and played on with the moves the earlier engine was given: the same
# legal actions and events (their digest) and the same final scores.
STORED = json.loads((Path(__file__).parent / "snapshots" / "nain-jaune-moments.json").read_text())


@pytest.mark.parametrize("stored", STORED, ids=[s["name"] for s in STORED])
def test_snapshots_stored_by_the_earlier_engine_load_and_play_on(stored: dict[str, Any]) -> None:
    text = json.dumps(stored["snapshot"], separators=(",", ":"), ensure_ascii=False)
    state = RULES.from_json(text)
    assert state.to_json() == text
    digest = hashlib.sha256()
    for move in stored["moves"]:
        seat, action = move.split()
        assert state.to_move() == [int(seat)]
        legal = [a.id for a in state.legal_actions(int(seat))]
        events = state.apply(int(seat), action)
        digest.update(json.dumps([legal, events], sort_keys=True).encode())
    assert state.is_over()
    assert digest.hexdigest()[:32] == stored["digest"]
    assert list(state.outcome().scores) == stored["scores"]
