"""Bonanza scenarios, one per rule clause, on stacked decks (see docs/rules/bonanza.md)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import games
from games import IllegalAction, Outcome, Rng
from games.bonanza import BOXES, State
from games.bonanza.rules import (
    VALUE,
    card_at,
    joker_sequence,
    lowest_of_suit,
    natural_sequence,
    next_card,
    sort_hand,
    suits_of,
)
from games.cards import deck53, faces
from games.testing import random_moves
from games.text import zone_line

RULES = games.get("bonanza")


def h(text: str) -> list[str]:
    return text.split()


def stacked(
    players: int, dealer: int, hands: dict[int, list[str]], mort: list[str] = ()
) -> list[str]:
    """A deck that deals `hands` (partial or whole) and `mort`; other cards fill the gaps
    round-robin, in deal order, so a filler hand gets cards far apart."""
    n = players
    receivers: list[int | str] = [(dealer + 1 + i) % n for i in range(n)]
    receivers.append("mort")
    k = n + 1
    sizes = {rc: 53 // k + (1 if i < 53 % k else 0) for i, rc in enumerate(receivers)}
    piles: dict[int | str, list[str]] = {rc: list(hands.get(rc, [])) for rc in receivers[:-1]}
    piles["mort"] = list(mort)
    used = [c for pile in piles.values() for c in pile]
    assert len(used) == len(set(used))
    rest = [c for c in deck53() if c not in used]
    i = 0
    while rest:
        rc = receivers[i % k]
        i += 1
        if len(piles[rc]) < sizes[rc]:
            piles[rc].append(rest.pop(0))
    assert all(len(piles[rc]) == sizes[rc] for rc in receivers), "a hand is too big"
    return [piles[receivers[j % k]].pop(0) for j in range(53)]


def new(players: int, deck: list[str] | None = None, **options: object) -> State:
    opts = dict(options)
    if deck is not None:
        opts["deck"] = deck
    state = RULES.new(players=players, seed=7, options=opts)
    assert isinstance(state, State)
    return state


def act(state: State, *moves: str) -> list[dict]:
    """Play moves, each by the seat to move; return all the events."""
    out: list[dict] = []
    for move in moves:
        out += state.apply(state.to_move()[0], move)
    return out


def sell_unsold(state: State) -> list[dict]:
    """The dealer sells the mort and nobody bids: the mort is dead."""
    events = act(state, "sell")
    while state.phase == "auction":
        events += act(state, "pass")
    return events


def all_check(state: State) -> list[dict]:
    events: list[dict] = []
    while state.phase == "poker":
        events += act(state, "check")
    return events


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


# Two players, dealer 0. Seat 1 ends up with all the spades from 6 up and the hearts from 8.
P1_HANDS = {
    0: h("2S 3S 5S 2H 3H 4H 5H 6H 7H 5D 6D 7D 8D 9D 10D JD QD KD"),
    1: h("4S 6S 7S 8S 9S 10S JS QS KS AS 8H 9H 10H JH QH KH AH AD"),
}
P1_MORT = h("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC JK 2D 3D 4D")
P1 = stacked(2, 0, P1_HANDS, P1_MORT)

# Four players, dealer 0. 5♠ is dead, seats 0 and 1 hold only black cards.
P2_HANDS = {
    0: h("2S 3S 4S 2C 3C 4C 5C 6C 7C 8C"),
    1: h("6S 7S 8S 9S 10S JS QS KS AS 9C 10C"),
    2: h("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"),
    3: h("JC QC KC AC 10H JH QH KH AH KD AD"),
}
P2_MORT = h("JK 5S 2H 3H 4H 5H 6H 7H 8H 9H")
P2 = stacked(4, 0, P2_HANDS, P2_MORT)
# P2 with 10♥ and Q♦ swapped: seat 2 then holds both red suits.
P3 = stacked(
    4,
    0,
    {
        0: P2_HANDS[0],
        1: P2_HANDS[1],
        2: h("2D 3D 4D 5D 6D 7D 8D 9D 10D JD 10H"),
        3: h("JC QC KC AC QD JH QH KH AH KD AD"),
    },
    P2_MORT,
)


def p1_at_phase3(**options: object) -> State:
    state = new(2, P1, **options)
    sell_unsold(state)
    all_check(state)
    assert state.phase == "play"
    return state


# --- the deal --------------------------------------------------------------------------
def test_each_player_stakes_one_token_on_each_of_the_ten_boxes() -> None:
    state = new(3, starting_tokens=50)
    assert state.tokens == [40, 40, 40]
    assert state.wheel == dict.fromkeys(BOXES, 3)
    assert len(BOXES) == 10 and state.tokens_total() == 150


def test_cards_go_one_at_a_time_from_the_dealers_left_with_the_mort_last_each_turn() -> None:
    deck = list(deck53())
    state = new(3, deck)  # dealer 0: seat 1, seat 2, seat 0, then the mort
    hand_of = {c: p for p in range(3) for c in state.hands[p]}
    assert [hand_of.get(c, "mort") for c in deck[:8]] == [1, 2, 0, "mort", 1, 2, 0, "mort"]
    assert state.mort == deck[3::4]
    assert [len(x) for x in state.hands] == [13, 14, 13] and len(state.mort) == 13


def test_a_stacked_deck_must_hold_each_card_once() -> None:
    with pytest.raises(ValueError):
        new(2, [*deck53()[:-1], "AS"])
    with pytest.raises(ValueError):
        new(3, first_dealer=5)


# --- the mort ----------------------------------------------------------------------------
def test_the_dealer_exchanges_or_sells_without_seeing_the_mort() -> None:
    dealer_hand = h("2S 5S 8S JS 3H 6H 9H QH 4D 7D 10D KD 2C")
    a = new(3, stacked(3, 0, {0: dealer_hand}, h("AS KH QD")))
    b = new(3, stacked(3, 0, {0: dealer_hand}, h("AC KC QC")))
    assert a.to_move() == [0]
    assert [x.id for x in a.legal_actions(0)] == ["exchange", "sell"]
    assert a.mort != b.mort and a.view(0) == b.view(0)
    assert a.view(0)["mort_size"] == 13 and json.dumps(a.view(0))


def test_exchange_gives_the_dealer_the_mort_and_kills_his_own_hand() -> None:
    state = new(3, stacked(3, 0, {0: h("2S 3S")}, h("AS KH QD")))
    old, mort = list(state.hands[0]), list(state.mort)
    events = act(state, "exchange")
    assert sorted(state.hands[0]) == sorted(mort)
    assert sorted(state.dead) == sorted(old) and state.mort == []
    assert state.view(0)["known_dead"] == sort_hand(old)  # sorted as a hand is
    assert state.view(1)["known_dead"] == [] and state.view(1)["dead_count"] == len(old)
    assert of_type(events, "exchange") == [{"type": "exchange", "seat": 0}]


def test_the_auction_goes_round_from_the_dealers_left_and_the_best_bid_pays_the_pot() -> None:
    state = new(3)
    mort = list(state.mort)
    old = list(state.hands[2])
    act(state, "sell")
    assert state.to_move() == [1]
    act(state, "bid:3")
    assert state.to_move() == [2]
    assert state.view(0)["auction"] == {"high": 3, "high_seat": 1, "passed": []}
    act(state, "bid:5")
    assert state.to_move() == [1]
    events = act(state, "pass")
    assert of_type(events, "sold") == [{"type": "sold", "seat": 2, "price": 5, "paid_to": "pot"}]
    assert state.wheel["pot"] == 3 + 5 and state.tokens[1:] == [90, 85]  # seat 0 may claim a call
    assert sorted(state.hands[2]) == sorted(mort) and sorted(state.dead) == sorted(old)
    assert state.view(2)["known_dead"] == sort_hand(old)


def test_a_pass_in_the_auction_is_final() -> None:
    state = new(4)
    act(state, "sell", "pass", "bid:2", "bid:4")  # seat 1 passes; 2 and 3 bid
    assert state.to_move() == [2]  # seat 1 is skipped from now on
    act(state, "bid:6")
    assert state.to_move() == [3]
    act(state, "pass")
    assert state.phase != "auction" and state.wheel["pot"] == 4 + 6


def test_the_sale_price_goes_to_the_dealer_with_sale_to_dealer() -> None:
    state = new(2, sale_to="dealer")
    act(state, "sell", "bid:7")
    assert state.tokens == [97, 83] and state.wheel["pot"] == 2


def test_an_unsold_mort_is_dead() -> None:
    state = new(3)
    mort = list(state.mort)
    events = sell_unsold(state)
    assert of_type(events, "unsold") and sorted(state.dead) == sorted(mort)
    assert state.mort == [] and all(state.view(s)["known_dead"] == [] for s in range(3))


def test_bids_must_top_the_high_bid_within_tokens_and_the_overbid_step() -> None:
    state = new(3, starting_tokens=30, max_overbid=4)
    act(state, "sell", "bid:3")
    ids = [a.id for a in state.legal_actions(2)]
    assert ids == ["bid:4", "bid:5", "bid:6", "bid:7", "pass"]
    for move, code in [
        ("bid:3", "bid_too_low"),
        ("bid:8", "overbid_too_large"),
        ("bid:21", "not_enough_tokens"),
        ("bid:07", "malformed"),
    ]:
        with pytest.raises(IllegalAction) as err:
            state.apply(2, move)
        assert err.value.code == code


def test_a_bidder_who_cannot_top_the_bid_passes_by_himself() -> None:
    state = new(3, starting_tokens=12)  # 2 tokens each once staked
    events = act(state, "sell", "bid:2")
    assert {"type": "pass", "seat": 2, "auto": True} in events
    assert of_type(events, "sold")[0]["seat"] == 1


# --- the calls ---------------------------------------------------------------------------
def test_the_joker_holder_may_show_it_to_take_the_joker_box() -> None:
    state = new(3, stacked(3, 0, {1: h("JK")}))
    sell_unsold(state)
    assert state.call == "joker" and state.to_move() == [1]
    assert [a.id for a in state.legal_actions(1)] == ["show", "keep"]
    events = act(state, "show")
    assert {"type": "joker_shown", "seat": 1, "won": 3} in events
    assert "JK" not in state.hands[1] and state.removed == ["JK"]
    assert len(state.hands[1]) == 13 and state.tokens[1] == 93
    assert state.view(0)["joker"] == "out"


def test_a_kept_joker_completes_dame_valet_and_then_leaves_the_game() -> None:
    state = new(3, stacked(3, 0, {1: h("JK QS"), 2: h("JD")}))
    sell_unsold(state)
    events = act(state, "keep")
    assert of_type(events, "joker_kept") == [{"type": "joker_kept", "to": 1}]
    assert state.view(2)["events"] == [e for e in events if "to" not in e]
    assert state.call == "dame-valet" and state.to_move() == [1]
    events = act(state, "joker")
    claim = of_type(events, "claim")[0]
    assert claim == {
        "type": "claim",
        "call": "dame-valet",
        "seat": 1,
        "cards": ["QS", "JK"],
        "joker": True,
        "won": 3,
    }
    assert "JK" not in state.hands[1] and "QS" in state.hands[1]
    assert state.view(0)["shown"][1][:1] == ["QS"]


def test_a_kept_joker_not_spent_leaves_the_box_unclaimed() -> None:
    state = new(3, stacked(3, 0, {1: h("JK QS"), 2: h("JD")}))
    sell_unsold(state)
    events = act(state, "keep", "pass")
    assert {"type": "no_claim", "call": "dame-valet", "box": 3} in events
    assert "JK" in state.hands[1] and state.wheel["dame-valet"] == 3


def test_a_dead_joker_asks_nobody() -> None:
    state = new(3, stacked(3, 0, {1: h("QS"), 2: h("JD 10D"), 0: h("2S")}, h("JK")))
    events = sell_unsold(state)
    assert state.call == "poker" and state.to_move() == [0]
    assert {"type": "announce", "call": "joker"} in events
    assert not of_type(events, "joker_shown") and state.view(1)["joker"] == "dead"


def test_dame_valet_and_dix_deux_held_naturally_are_paid_without_a_question() -> None:
    state = new(3, stacked(3, 0, {2: h("QS JD"), 0: h("10D 2S")}, h("JK")))
    events = sell_unsold(state)
    claims = {e["call"]: (e["seat"], e["cards"]) for e in of_type(events, "claim")}
    assert claims["dame-valet"] == (2, ["QS", "JD"])
    assert claims["dix-deux"] == (0, ["10D", "2S"])
    assert state.view(1)["shown"][2] == ["QS", "JD"]
    assert state.wheel["dame-valet"] == 0 and state.tokens[2] >= 93


def test_an_unclaimed_box_keeps_its_tokens_for_the_next_deal() -> None:
    state = new(2, P1, deals=2)
    sell_unsold(state)
    assert state.wheel["dame-valet"] == 2  # Q♠ and J♦ are split: nobody claims
    all_check(state)
    act(state, "suit:S", "suit:D")  # seat 1 goes out: the next deal starts
    assert state.deal_no == 2 and state.wheel["dame-valet"] == 4 and state.wheel["JC"] == 4


def test_the_best_sequence_wins_and_a_tie_on_the_top_card_goes_to_spades() -> None:
    state = new(4, P2)
    events = sell_unsold(state)
    claim = of_type(events, "claim")[0]
    assert claim["call"] == "sequence" and claim["seat"] == 1  # A♠ beats A♥ and A♣
    assert claim["cards"] == h("6S 7S 8S 9S 10S JS QS KS AS")
    assert state.tokens[1] == 94


def test_aces_are_low_in_a23_and_high_in_qka_but_k_a_2_is_no_sequence() -> None:
    assert natural_sequence(h("AH 2H 3H 9C")) == ((3, 1, 2), h("AH 2H 3H"))
    assert natural_sequence(h("QC KC AC")) == ((14, 1, 0), h("QC KC AC"))
    assert natural_sequence(h("KD AD 2D 5S")) is None
    longer, higher = natural_sequence(h("2S 3S 4S 5S 6S")), natural_sequence(h("9C 10C JC"))
    assert longer is not None and higher is not None and higher[0] > longer[0]


def test_a_natural_sequence_beats_a_joker_one_with_the_same_top_card() -> None:
    natural = natural_sequence(h("10S JS QS"))
    with_joker = joker_sequence(h("10S JS JK"))
    assert with_joker == ((12, 0, 3), h("10S JS JK"))
    assert natural is not None and natural[0] > with_joker[0]


def test_at_equal_top_card_a_natural_sequence_beats_a_joker_one_before_the_suit_order() -> None:
    natural = natural_sequence(h("JH QH KH"))
    with_joker = joker_sequence(h("JS QS JK"))  # the joker stands for K♠
    assert with_joker == ((13, 0, 3), h("JS QS JK"))
    assert natural is not None and natural[0] > with_joker[0]  # ♥ natural over ♠ with joker


def test_a_whole_suit_claims_a_sequence_listing_each_card_once() -> None:
    spades = h("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert natural_sequence([*spades, "9H"]) == ((14, 1, 3), spades)
    state = new(2, stacked(2, 0, {1: spades}, h("JK")))  # the joker is dead
    claim = of_type(sell_unsold(state), "claim")
    sequence = next(e for e in claim if e["call"] == "sequence")
    assert sequence["seat"] == 1 and sequence["cards"] == spades


# Nine players, dealer 0: seat 1 keeps the joker with J♠ Q♠ (the joker would be K♠), seat 2
# holds the natural J♥ Q♥ K♥. Nobody else holds a sequence.
JOKER_TIE_HANDS = {
    1: h("JK JS QS JD 2H 4C"),
    2: h("JH QH KH 2C 9D 6C"),
}


def test_a_kept_joker_is_not_offered_a_sequence_the_natural_one_would_win_on_a_tie() -> None:
    state = new(9, stacked(9, 0, JOKER_TIE_HANDS))
    sell_unsold(state)
    events = act(state, "keep")  # seat 1 keeps the joker; Dame-Valet is his naturally
    assert state.call == "poker"  # nobody was asked at the Séquence
    claims = {e["call"]: e for e in of_type(events, "claim")}
    assert (claims["sequence"]["seat"], claims["sequence"]["joker"]) == (2, False)
    assert claims["sequence"]["cards"] == h("JH QH KH")
    assert "JK" in state.hands[1] and state.joker_wild


def test_a_kept_joker_may_take_the_sequence_once_the_best_natural_one_is_shown() -> None:
    hands = {
        1: h("JK 9S 10S 2H 4C 7D"),
        2: h("5H 6H 7H 2C 9D QC"),
        3: h("2S 4H 8C 10D KS 5D"),
        4: h("3S 6D 9H JC AS"),
        5: h("4S 7C 10H QD 3H"),
        6: h("5S 8D JH KC 2D"),
        7: h("6S 9C QH AD 3D"),
        8: h("7S 10C KH 3C 4D"),
        0: h("8S JD AH 5C 8H"),
    }
    mort = h("QS KD AC 6C JS")
    deck = stacked(9, 0, hands, mort)
    for choice, winner in [("joker", 1), ("pass", 2)]:
        state = new(9, deck)
        sell_unsold(state)
        act(state, "keep")
        assert state.call == "sequence" and state.to_move() == [1]
        assert {"type": "sequence_shown", "seat": 2, "cards": h("5H 6H 7H")} in state.events
        events = act(state, choice)
        claim = of_type(events, "claim")[0]
        assert (claim["seat"], claim["joker"]) == (winner, choice == "joker")
        if choice == "joker":
            assert claim["cards"] == h("9S 10S JK") and "JK" not in state.hands[1]


# --- poker ------------------------------------------------------------------------------
def test_poker_starts_with_the_dealer_and_all_checks_lead_to_a_showdown_of_all() -> None:
    state = new(2, P1)
    sell_unsold(state)
    assert state.call == "poker" and state.to_move() == [0]
    events = all_check(state)
    showdown = of_type(events, "showdown")[0]["hands"]
    assert [x["seat"] for x in showdown] == [0, 1]
    assert showdown[1]["cards"] == h("AS KS QS JS 10S")
    assert showdown[1]["category"] == "straight-flush" and showdown[1]["ranks"] == ["A"]
    assert of_type(events, "poker_win")[0]["seats"] == [1]
    assert state.wheel["poker"] == 0 and state.tokens[1] == 90 + 2 + 2


def test_bets_go_on_the_poker_box_and_the_best_hand_still_in_takes_it() -> None:
    state = new(4, P2)
    sell_unsold(state)
    act(state, "bet:2")
    assert state.view(3)["pot_bets"] == [2, 0, 0, 0]
    assert [a.id for a in state.legal_actions(1)][:2] == ["call", "raise:1"]
    act(state, "raise:3")  # seat 1 puts 5
    act(state, "fold")  # seat 2
    act(state, "call")  # seat 3 puts 5
    assert state.to_move() == [0]
    events = act(state, "call")  # the dealer adds 3
    assert state.tokens_total() == 400
    showdown = of_type(events, "showdown")[0]["hands"]
    assert [x["seat"] for x in showdown] == [0, 1, 3]
    win = of_type(events, "poker_win")[0]
    assert win == {
        "type": "poker_win",
        "seats": [1, 3],
        "share": (4 + 15) // 2,
        "remainder": 1,
        "showdown": True,
    }
    assert state.wheel["poker"] == 1


def test_the_last_player_in_takes_the_poker_box_without_a_showdown() -> None:
    state = new(3)
    sell_unsold(state)
    while state.phase == "calls":
        act(state, state.legal_actions(state.to_move()[0])[-1].id)  # keep / pass
    dealer = state.to_move()[0]
    act(state, "bet:1", "fold", "fold")
    events = state.events
    assert not of_type(events, "showdown")
    assert of_type(events, "poker_win")[0]["seats"] == [dealer]
    assert state.tokens[dealer] >= 90 + 3


def test_an_exact_poker_tie_splits_the_box_and_the_remainder_stays_on_it() -> None:
    state = new(4, P2)
    sell_unsold(state)
    events = act(state, "bet:1", "call", "fold", "call")
    win = of_type(events, "poker_win")[0]
    assert win["seats"] == [1, 3] and (win["share"], win["remainder"]) == (3, 1)
    assert state.wheel["poker"] == 1 and state.tokens[1] == 90 + 4 - 1 + 3


def test_a_kept_joker_is_wild_in_the_poker_hand() -> None:
    hands = {1: h("JK 9S 9H 9D 2C 5D"), 2: h("AS AH KD 3C 7D 4S")}
    state = new(9, stacked(9, 0, hands, h("QS KS 10D 2S JD")))
    sell_unsold(state)
    act(state, "keep")
    while state.phase == "calls":
        act(state, "pass")
    events = all_check(state)
    mine = next(x for x in of_type(events, "showdown")[0]["hands"] if x["seat"] == 1)
    assert mine["category"] == "four-of-a-kind" and "JK" in mine["cards"]
    assert mine["ranks"] == ["9", "5"]  # the joker is the fourth nine; 5♦ is the kicker
    assert {"type": "joker_out", "seat": 1} in events  # it still leaves before phase 3


def test_bets_are_capped_by_the_smallest_stack_and_by_max_raise() -> None:
    state = new(3, starting_tokens=13)  # 3 tokens each once staked
    sell_unsold(state)
    while state.phase == "calls":
        act(state, state.legal_actions(state.to_move()[0])[-1].id)
    dealer = state.to_move()[0]
    assert [a.id for a in state.legal_actions(dealer)] == ["check", "bet:1", "bet:2", "bet:3"]
    roomy = new(3, starting_tokens=100, max_raise=2)
    sell_unsold(roomy)
    while roomy.phase == "calls":
        act(roomy, roomy.legal_actions(roomy.to_move()[0])[-1].id)
    assert [a.id for a in roomy.legal_actions(roomy.to_move()[0])] == ["check", "bet:1", "bet:2"]


def test_refused_betting_moves_say_why() -> None:
    state = new(3)
    sell_unsold(state)
    while state.phase == "calls":
        act(state, state.legal_actions(state.to_move()[0])[-1].id)
    seat = state.to_move()[0]
    for move, code in [
        ("call", "nothing_to_call"),
        ("fold", "cannot_fold"),
        ("raise:1", "nothing_to_raise"),
        ("bet:6", "amount_out_of_range"),
        ("bet:0", "amount_out_of_range"),
        ("suit:S", "wrong_phase"),
        ("dance", "unknown_action"),
    ]:
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, move)
        assert err.value.code == code, move
    act(state, "bet:2")
    for move, code in [("check", "cannot_check"), ("bet:1", "already_bet")]:
        with pytest.raises(IllegalAction) as err:
            state.apply(state.to_move()[0], move)
        assert err.value.code == code


# --- phase 3 ------------------------------------------------------------------------------
def test_an_unused_joker_leaves_the_game_before_phase_three() -> None:
    state = new(3, stacked(3, 0, {2: h("JK")}))
    sell_unsold(state)
    act(state, "keep")
    while state.phase == "calls":
        act(state, "pass")
    events = all_check(state)
    assert {"type": "joker_out", "seat": 2} in events
    assert state.removed == ["JK"] and all("JK" not in x for x in state.hands)


def test_the_dealer_leads_his_lowest_card_of_a_suit_and_the_next_cards_follow_alone() -> None:
    state = p1_at_phase3()
    assert state.to_move() == [0] and state.view(0)["choice"] == ["S", "H", "D"]
    events = act(state, "suit:S")
    plays = [(e["seat"], e["card"]) for e in of_type(events, "play")]
    assert plays[:5] == [(0, "2S"), (0, "3S"), (1, "4S"), (0, "5S"), (1, "6S")]
    assert [c for _, c in plays] == h("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert state.view(0)["table"] == [c for _, c in plays]


def test_an_ace_stops_the_run_and_its_player_leads_the_other_colour() -> None:
    state = p1_at_phase3()
    events = act(state, "suit:S")
    assert of_type(events, "play")[-1] == {
        "type": "play",
        "seat": 1,
        "card": "AS",
        "lead": False,
        "stop": True,
    }
    view = state.view(1)
    assert view["last"] == "AS" and view["stop"] is True
    assert state.to_move() == [1] and view["choice"] == ["H", "D"]
    with pytest.raises(IllegalAction) as err:
        state.apply(1, "suit:S")
    assert err.value.code == "suit_not_held"


def test_the_four_card_boxes_are_taken_when_their_cards_are_played() -> None:
    state = p1_at_phase3()
    events = act(state, "suit:S", "suit:H")
    won = {(e["box"], e["seat"], e["won"]) for e in of_type(events, "box_won")}
    assert won == {("AS", 1, 2), ("KH", 1, 2)}
    assert state.wheel["QD"] == 2 + 2 and state.wheel["JC"] == 2 + 2  # carried to deal 2


def test_consecutive_stops_change_colour_and_nobody_holding_it_frees_the_stopper() -> None:
    state = p1_at_phase3()
    act(state, "suit:S")  # A♠ stops: red is due
    events = act(state, "suit:D")  # A♦ is a lead and a stop: black is due, nobody has any
    plays = of_type(events, "play")
    assert (plays[0]["card"], plays[0]["stop"]) == ("AD", True)
    assert {"type": "colour_passes", "seats": [1, 0], "leader": 1} in events
    assert plays[1] == {"type": "play", "seat": 1, "card": "8H", "lead": True, "stop": False}


def test_the_first_player_out_takes_the_pot_and_a_token_per_card_from_each_other() -> None:
    state = p1_at_phase3(deals=1)
    events = act(state, "suit:S", "suit:D")
    assert {"type": "bonanza", "seat": 1, "pot": 2, "paid": [15, 0]} in events
    deal_end = of_type(events, "deal_end")[0]
    assert deal_end["tokens"] == [90 + 2 - 15, 90 + 2 + 2 + 2 + 2 + 2 + 15]


def test_each_payment_to_the_first_player_out_is_an_event_told_in_words() -> None:
    state = p1_at_phase3(deals=1)
    events = act(state, "suit:S", "suit:D")
    pays = of_type(events, "pay")
    assert pays == [{"type": "pay", "seat": 0, "winner": 1, "amount": 15, "due": 15}]
    kinds = [e["type"] for e in events]
    assert kinds.index("bonanza") < kinds.index("pay") < kinds.index("deal_end")
    names = ["Alice", "Basile"]
    told = [RULES.words.narrate(e, lang, names, str) for e in pays for lang in ("fr", "en")]
    assert told == ["Alice paie 15 jetons à Basile", "Alice pays 15 tokens to Basile"]


@pytest.mark.parametrize(
    ("amount", "due", "fr", "en"),
    [
        (1, 1, "Alice paie 1 jeton à Basile", "Alice pays 1 token to Basile"),
        (
            4,
            15,
            "Alice paie 4 jetons à Basile, tout ce qui lui reste (15 jetons dus)",
            "Alice pays 4 tokens to Basile, all they have left (15 tokens owed)",
        ),
        (
            0,
            1,
            "Alice n'a plus de jetons pour payer Basile (1 jeton dû)",
            "Alice has no tokens left to pay Basile (1 token owed)",
        ),
    ],
)
def test_a_payment_reads_with_its_plurals_and_says_when_it_falls_short(
    amount: int, due: int, fr: str, en: str
) -> None:
    event = {"type": "pay", "seat": 0, "winner": 1, "amount": amount, "due": due}
    names = ["Alice", "Basile"]
    assert RULES.words.narrate(event, "fr", names, str) == fr
    assert RULES.words.narrate(event, "en", names, str) == en


def test_a_player_short_of_tokens_pays_what_he_has() -> None:
    state = p1_at_phase3(starting_tokens=12, deals=3)
    events = act(state, "suit:S", "suit:D")
    assert of_type(events, "bonanza")[0]["paid"] == [4, 0]  # 15 cards, 4 tokens
    assert of_type(events, "pay") == [
        {"type": "pay", "seat": 0, "winner": 1, "amount": 4, "due": 15}
    ]
    assert {"type": "cannot_stake", "seats": [0]} in events
    assert state.is_over() and state.end_reason == "stake"


def test_a_dead_next_card_stops_the_run_and_becomes_public() -> None:
    state = new(4, P3)
    sell_unsold(state)
    all_check(state)
    assert state.view(2)["known_dead"] == []
    events = act(state, "suit:S")
    stop = of_type(events, "play")[2]
    assert (stop["seat"], stop["card"], stop["stop"]) == (0, "4S", True)
    assert state.view(None)["known_dead"] == ["5S"] and state.view(1)["last"] == "4S"


def dead_known(*cards: str) -> State:
    """Two players, the mort unsold (17 dead cards), `cards` of it inferred dead by all."""
    state = new(2, P1)
    sell_unsold(state)
    assert len(state.dead) == 17 and set(cards) <= set(state.dead)
    state.public_dead = list(cards)
    return state


def test_the_known_dead_cards_are_sorted_as_a_hand_is() -> None:
    state = dead_known("QC", "3D", "10C", "JK", "2C", "4D", "AC")
    # Suit by suit (spades, hearts, diamonds, clubs), lowest first with aces high, the joker
    # last: the order of the hands, not of the card ids.
    assert state.view(None)["known_dead"] == ["3D", "4D", "2C", "10C", "QC", "AC", "JK"]
    assert state.view(1)["known_dead"] == state.view(None)["known_dead"]


@pytest.mark.parametrize(
    ("cards", "fr", "en"),
    [
        (("QC", "3D", "10C", "2C"), "(4 connues sur 17)", "(4 known of 17)"),
        (("AC",), "(1 connue sur 17)", "(1 known of 17)"),
    ],
)
def test_the_dead_cards_line_says_how_many_of_them_are_known(
    cards: tuple[str, ...], fr: str, en: str
) -> None:
    state = dead_known(*cards)
    dead = next(z for z in state.public_facts().zones if z.key == "dead")
    listed = sort_hand(cards)
    names = ["Alice", "Basile"]
    assert zone_line(dead, RULES.words, "fr", names) == f"Cartes mortes : {faces(listed)} {fr}"
    en_line = f"Dead cards: {faces(listed, 'en')} {en}"
    assert zone_line(dead, RULES.words, "en", names) == en_line
    # No card known: the count alone, which then means every dead card.
    nothing = next(z for z in dead_known().public_facts().zones if z.key == "dead")
    assert zone_line(nothing, RULES.words, "fr", []) == "Cartes mortes : 17 cartes"


def test_the_other_colour_passes_left_to_the_first_player_who_holds_it() -> None:
    state = new(4, P2)
    sell_unsold(state)
    all_check(state)
    events = act(state, "suit:S")  # seats 0 and 1 hold no red card: seat 2 leads diamonds
    assert {"type": "colour_passes", "seats": [0, 1], "leader": 2} in events
    plays = of_type(events, "play")
    assert plays[3] == {"type": "play", "seat": 2, "card": "2D", "lead": True, "stop": False}
    assert {"type": "box_won", "box": "QD", "seat": 2, "won": 4} in events
    bonanza = of_type(events, "bonanza")[0]
    assert bonanza == {"type": "bonanza", "seat": 2, "pot": 4, "paid": [7, 11, 0, 11]}
    # One payment per other player, from the winner's left round the table.
    pays = [(e["seat"], e["amount"], e["due"]) for e in of_type(events, "pay")]
    assert pays == [(3, 11, 11), (0, 7, 7), (1, 11, 11)]
    assert of_type(events, "deal_end")[0]["tokens"] == [83, 85, 127, 81]
    assert state.tokens_total() == 400


def test_a_choice_of_two_suits_is_asked_only_when_the_leader_holds_both() -> None:
    state = new(4, P2)
    sell_unsold(state)
    all_check(state)
    act(state, "suit:C")  # 2♣..8♣, 9♣ 10♣ (seat 1), J♣..A♣ (seat 3): A♣ stops
    assert state.to_move() == [3] and state.choice == ["H", "D"]
    assert state.tokens[3] == 90 + 2 + 4  # half the poker box and the J♣ box


# --- the match ----------------------------------------------------------------------------
def test_the_deal_passes_left_and_each_deal_restakes() -> None:
    state = new(2, P1, deals=2)
    sell_unsold(state)
    all_check(state)
    events = act(state, "suit:S", "suit:D")
    deal = of_type(events, "deal")[0]
    assert deal["deal"] == 2 and deal["dealer"] == 1 and state.to_move() == [1]
    assert state.tokens == [77 - 10, 115 - 10]


def test_the_match_ends_after_its_deals_and_the_wheel_is_shared_evenly() -> None:
    state = new(3, deals=1)
    total = state.tokens_total()
    for _ in random_moves(state, Rng(3)):
        assert state.tokens_total() == total
    end = of_type(state.events, "match_end")[0]
    assert end["reason"] == "deals" and end["tokens"] == state.tokens
    assert state.wheel["pot"] == end["remainder"] < 3
    assert sum(v for k, v in state.wheel.items() if k != "pot") == 0
    assert state.to_move() == [] and list(state.outcome().scores) == state.tokens


def test_outcome_ranks_players_by_tokens() -> None:
    state = p1_at_phase3(deals=1)
    act(state, "suit:S", "suit:D")
    assert state.outcome() == Outcome(ranks=(2, 1), scores=(81, 119), unit="token")


# --- views, determinization, conservation --------------------------------------------------
def test_views_show_only_the_own_hand_and_public_facts() -> None:
    state = new(4, P2)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == state.hands[seat]
        for key in ["wheel", "tokens", "call", "pot_bets", "table", "last", "stop"]:
            assert key in view
    spectator = state.view(None)
    assert spectator["hand"] == [] and spectator["hand_sizes"] == [10, 11, 11, 11]


def test_determinize_keeps_shown_cards_known_dead_cards_and_known_voids() -> None:
    state = new(4, P3)
    sell_unsold(state)
    all_check(state)
    act(state, "suit:S")  # 5♠ dead; seats 0 and 1 pass on red; seat 2 chooses H or D
    assert state.to_move() == [2] and state.choice == ["H", "D"]
    assert state.voids[0] == "HD" and state.voids[1] == "HD"
    shown3 = list(state.shown[3])
    assert shown3  # seat 3 showed its hand at the showdown
    for salt in range(25):
        other = state.determinize(3, Rng(salt))
        assert isinstance(other, State)
        assert other.view(3) == state.view(3)
        for seat in (0, 1):
            assert not [c for c in other.hands[seat] if c[-1] in "HD"]
        assert {c[-1] for c in other.hands[2]} >= {"H", "D"}
        assert "5S" in other.dead and "JK" in other.dead
        assert set(shown3) <= set(other.hands[3]) and other.hands[3] == state.hands[3]
        assert Counter(c for z in other.zones().values() for c in z) == Counter(deck53())


def test_determinize_redeals_what_a_seat_cannot_see_but_not_what_it_gave_up() -> None:
    state = new(3)
    old = sorted(state.hands[0])
    act(state, "exchange")
    seen_dead = set()
    for salt in range(10):
        mine = state.determinize(0, Rng(salt))
        assert sorted(mine.dead) == old and mine.hands[0] == state.hands[0]
        theirs = state.determinize(1, Rng(salt))
        assert theirs.hands[1] == state.hands[1]
        assert theirs.view(1) == state.view(1)
        seen_dead.add(tuple(sorted(theirs.dead)))
    assert len(seen_dead) > 1


@pytest.mark.parametrize("players", range(2, 10))
def test_random_default_games_conserve_cards_and_tokens(players: int) -> None:
    state = RULES.new(players=players, seed=players)
    total = state.tokens_total()
    steps = 0
    for _ in random_moves(state, Rng(players * 31)):
        steps += 1
        assert state.tokens_total() == total
        assert Counter(c for z in state.zones().values() for c in z) == Counter(deck53())
    assert steps > 0 and sum(state.tokens) + state.wheel["pot"] == total


@pytest.mark.parametrize("players", [3, 6, 9])
def test_a_copy_or_a_restored_snapshot_plays_on_exactly_like_the_match(players: int) -> None:
    # Nothing the engine works out may live outside the snapshot: a copy or a restored
    # state must play on exactly like the match, in every phase.
    for seed in range(4):
        state = RULES.new(players=players, seed=seed)
        pick = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            action = pick.choice(state.legal_actions(seat)).id
            twins = [state.copy(), RULES.from_json(state.to_json())]
            events = state.apply(seat, action)
            for twin in twins:
                assert twin.apply(seat, action) == events
                assert twin.to_json() == state.to_json()


def _near_misses(legal: list[str]) -> set[str]:
    """Action ids around the legal ones: every verb bare and with amounts just outside
    and inside the range, malformed amounts, every suit."""
    ids = set(legal) | {"nonsense", "nonsense:0", "bid", "bet:", "raise:x"}
    verbs = ["exchange", "sell", "bid", "pass", "show", "keep", "joker"]
    verbs += ["check", "bet", "call", "raise", "fold", "suit"]
    ids |= set(verbs)
    for verb in ("bid", "bet", "raise"):
        amounts = [int(a.split(":")[1]) for a in legal if a.startswith(verb + ":")] or [1]
        for n in (-1, 0, 1, min(amounts) - 1, max(amounts), max(amounts) + 1, 10**6):
            ids |= {f"{verb}:{n}", f"{verb}:0{n}", f"{verb}:+{n}"}
    ids |= {f"suit:{s}" for s in "SHDCX"} | {"suit:", "suit:SH", "check:1", "fold:"}
    return ids


@pytest.mark.parametrize("players", [2, 4, 9])
def test_a_move_is_legal_exactly_when_the_phase_lists_it(players: int) -> None:
    # Each phase answers `check` by its own rule (an amount in range, a suit on offer)
    # rather than by searching its list: the two must agree on every id, for every seat.
    for seed in range(3):
        state = RULES.new(players=players, seed=seed, options={"starting_tokens": 20})
        pick = Rng(seed)
        while not state.is_over():
            for seat in range(players):
                legal = [a.id for a in state.legal_actions(seat)]
                for action_id in _near_misses(legal):
                    assert state.is_legal(seat, action_id) == (action_id in legal), action_id
            seat = state.to_move()[0]
            state.apply(seat, pick.choice(state.legal_actions(seat)).id)


def test_the_plain_card_rules() -> None:
    assert [next_card(c) for c in h("2S 10H KD AC")] == ["3S", "JH", "AD", None]
    assert suits_of(h("2C KH JK 3C")) == {"H", "C"}  # the joker has no suit
    assert lowest_of_suit(sort_hand(h("AD 9D JK 10D 4S")), "D") == "9D"  # aces high
    assert joker_sequence(h("QS AS 5H")) == ((14, 0, 3), h("QS JK AS"))
    assert joker_sequence(h("AC 2C 9H")) == ((3, 0, 0), h("AC 2C JK"))  # A-2-3, not K-A-2


def _sequences_by_brute_force(hand: list[str]) -> tuple[tuple, tuple]:
    """The book's sequences read literally: every window of three values in every suit (the
    ace high, or low in A-2-3), natural when all three are held, with the joker when two
    are."""
    natural, joker = None, None
    for suit, rank in zip("SHDC", (3, 2, 1, 0), strict=True):
        values = {VALUE[c] for c in hand if c != "JK" and c[-1] == suit}
        values |= {1} if 14 in values else set()
        for top in range(3, 15):
            window = {top - 2, top - 1, top}
            if window <= values and (natural is None or (top, 1, rank) > natural[0]):
                low = top
                while low - 1 >= (2 if top == 14 else 1) and low - 1 in values:
                    low -= 1
                cards = [card_at(v, suit) for v in range(low, top + 1)]
                natural = ((top, 1, rank), cards)
            if len(window & values) >= 2 and (joker is None or (top, 0, rank) > joker[0]):
                cards = [card_at(v, suit) if v in values else "JK" for v in sorted(window)]
                joker = ((top, 0, rank), cards)
    return natural, joker


def test_the_sequence_rules_agree_with_the_book_read_literally_on_random_hands() -> None:
    pick = Rng(2024)
    deck = deck53()
    for size in range(3, 21):
        for _ in range(150):
            pick.shuffle(deck)
            hand = sort_hand(deck[:size])
            natural, joker = _sequences_by_brute_force(hand)
            assert natural_sequence(hand) == natural, hand
            assert joker_sequence(hand) == joker, hand
