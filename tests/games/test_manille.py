"""Manille scenarios, one per rule clause, on stacked decks (dealer 3, so seat 0 leads)."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from pydantic import ValidationError

import games
from games import IllegalAction, Outcome, Rng
from games.cards import SUITS, cut, deck32
from games.duties import allowed
from games.manille import RULES, State
from games.manille.hidden import play_caps
from games.manille.rules import (
    POINTS,
    STRENGTH,
    SUIT,
    SUIT_INDEX,
    deal_hands,
    duties,
    legal_cards,
)
from games.testing import random_moves

DEALER = 3


def fill(
    spec: dict[int, list[str]], retourne: str = "7H", only: dict[int, str] | None = None
) -> list[list[str]]:
    """Complete the given cards to four hands of 8; `only[seat]` lists suits in which the
    seat gets no card beyond those in `spec`. The retourne ends the dealer's hand."""
    only = only or {}
    hands = [list(spec.get(s, [])) for s in range(4)]
    if retourne not in hands[DEALER]:
        hands[DEALER].append(retourne)
    used = {c for h in hands for c in h}
    rest = [c for c in deck32() if c not in used]
    # Most constrained cards first, so that a greedy fill always finds room.
    rest.sort(key=lambda c: sum(c[-1] in only.get(s, "") for s in range(4)), reverse=True)
    for c in rest:
        seat = next(s for s in range(4) if len(hands[s]) < 8 and c[-1] not in only.get(s, ""))
        hands[seat].append(c)
    hands[DEALER].remove(retourne)
    hands[DEALER].append(retourne)
    assert all(len(h) == 8 for h in hands)
    return hands


def stack(hands: list[list[str]], dealer: int = DEALER) -> list[str]:
    """The deck that deals exactly these hands, 4 then 4 from the dealer's left."""
    return [
        c for r in (0, 1) for k in range(1, 5) for c in hands[(dealer + k) % 4][4 * r : 4 * r + 4]
    ]


def start(hands: list[list[str]], **options: Any) -> State:
    opts = {"deck": stack(hands), "first_dealer": DEALER, **options}
    state = RULES.new(players=4, seed=7, options=opts)
    assert isinstance(state, State)
    return state


def play(state: State, seat: int, card: str) -> list[dict]:
    assert state.to_move() == [seat]
    return state.apply(seat, "play:" + card)


def legal(state: State, seat: int) -> set[str]:
    return {a.id.removeprefix("play:") for a in state.legal_actions(seat)}


def refused(state: State, seat: int, card: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, "play:" + card)
    assert state.to_json() == before
    return err.value.code


def play_first_legal(state: State, until_deal: int | None = None) -> list[dict]:
    """Play the first legal card until the match ends or deal `until_deal` starts."""
    events: list[dict] = []
    while not state.is_over() and (until_deal is None or state.deal_number < until_deal):
        seat = state.to_move()[0]
        events.extend(state.apply(seat, state.legal_actions(seat)[0].id))
    return events


def with_scores(state: State, scores: list[int]) -> State:
    snap = json.loads(state.to_json())
    snap["data"]["team_scores"] = scores
    other = RULES.from_json(json.dumps(snap))
    assert isinstance(other, State)
    return other


BASE = fill({0: ["9S"], 1: ["KS"], 2: ["QS"], 3: ["7H"]})


# --- dealing and the retourne -----------------------------------------------------------
def test_deal_is_four_then_four_from_the_dealers_left_and_the_32nd_card_is_the_retourne() -> None:
    deck = stack(BASE)
    state = start(BASE)
    assert [sorted(h) for h in deal_hands(deck, DEALER)] == [sorted(h) for h in BASE]
    assert sorted(state.view(0)["hand"]) == sorted(deck[0:4] + deck[16:20])
    assert sorted(state.view(1)["hand"]) == sorted(deck[4:8] + deck[20:24])
    view = state.view(None)
    assert view["retourne"] == deck[31] == "7H"
    assert view["trump"] == "H"
    assert "7H" in state.view(DEALER)["hand"]
    assert view["leader"] == 0 and state.to_move() == [0]


def test_retourne_is_playable_in_trick_one_and_public_until_trick_one_ends() -> None:
    hands = fill({0: ["8H"], 1: ["AH"], 2: ["10H"], 3: ["7H"]}, only={1: "H", 2: "H", 3: "H"})
    state = start(hands)
    play(state, 0, "8H")
    play(state, 1, "AH")
    play(state, 2, "10H")
    assert legal(state, 3) == {"7H"}
    assert state.view(None)["retourne"] == "7H"
    play(state, 3, "7H")
    assert state.view(None)["retourne"] is None
    assert state.view(None)["trump"] == "H"


def test_unplayed_retourne_stays_in_the_dealers_hand_after_trick_one() -> None:
    state = start(BASE)
    for seat, card in ((0, "9S"), (1, "KS"), (2, "QS")):
        play(state, seat, card)
    play(state, 3, sorted(legal(state, 3))[0])
    assert state.view(2)["retourne"] is None
    assert "7H" in state.view(DEALER)["hand"]
    for seat in (None, 0, 1, 2):
        for k in range(5):
            other = state.determinize(seat, Rng(k))
            assert "7H" in other.hands[DEALER]


# --- following ----------------------------------------------------------------------------
def test_follower_must_follow_the_led_suit() -> None:
    state = start(fill({0: ["10S"], 1: ["8S", "KS", "AH"], 3: ["7H"]}, only={1: "S"}))
    play(state, 0, "10S")
    assert legal(state, 1) == {"8S", "KS"}
    assert refused(state, 1, "AH") == "must_follow"


def test_follower_must_climb_over_an_opponent_winning_with_the_led_suit() -> None:
    state = start(fill({0: ["KS"], 1: ["8S", "AS", "10S"], 3: ["7H"]}, only={1: "S"}))
    play(state, 0, "KS")
    assert legal(state, 1) == {"AS", "10S"}
    assert refused(state, 1, "8S") == "must_climb"


def test_climbing_is_over_the_card_winning_so_far_not_the_led_card() -> None:
    hands = fill({0: ["9S"], 1: ["KS"], 2: ["QS", "AS"], 3: ["7H"]}, only={1: "S", 2: "S"})
    state = start(hands)
    play(state, 0, "9S")
    play(state, 1, "KS")
    assert legal(state, 2) == {"AS"}
    assert refused(state, 2, "QS") == "must_climb"


def test_follower_who_cannot_climb_plays_any_card_of_the_led_suit() -> None:
    state = start(fill({0: ["AS"], 1: ["7S", "KS"], 3: ["7H"]}, only={1: "S"}))
    play(state, 0, "AS")
    assert legal(state, 1) == {"7S", "KS"}


def test_no_climb_needed_when_the_partner_wins_with_the_led_suit() -> None:
    hands = fill({0: ["KS"], 1: ["7S", "8S"], 2: ["9S", "AS"], 3: ["7H"]}, only={1: "S", 2: "S"})
    state = start(hands)
    play(state, 0, "KS")
    play(state, 1, "8S")
    assert legal(state, 2) == {"9S", "AS"}


def test_any_card_of_the_led_suit_once_the_trick_is_trumped() -> None:
    hands = fill({0: ["KS"], 1: ["8H"], 2: ["7S", "AS"], 3: ["7H"]}, only={1: "SH", 2: "S"})
    state = start(hands)
    play(state, 0, "KS")
    play(state, 1, "8H")
    assert legal(state, 2) == {"7S", "AS"}


# --- void in the led suit -------------------------------------------------------------------
def test_void_player_may_discard_anything_when_the_partner_is_master_even_holding_trumps() -> None:
    hands = fill({0: ["10S"], 1: ["7S"], 2: ["AH", "KD"], 3: ["7H"]}, only={1: "S", 2: "S"})
    state = start(hands)
    play(state, 0, "10S")
    play(state, 1, "7S")
    assert legal(state, 2) == set(hands[2])


def test_void_player_must_trump_when_an_opponent_is_master() -> None:
    state = start(fill({0: ["10S"], 1: ["9H", "KD"], 3: ["7H"]}, only={1: "SH"}))
    play(state, 0, "10S")
    assert legal(state, 1) == {"9H"}
    assert refused(state, 1, "KD") == "must_trump"


def test_void_player_without_trumps_may_play_anything() -> None:
    hands = fill({0: ["10S"], 1: ["KD"], 3: ["7H"]}, only={1: "SH"})
    state = start(hands)
    play(state, 0, "10S")
    assert legal(state, 1) == set(hands[1])


def test_void_player_must_overtrump_the_highest_trump_on_the_table() -> None:
    hands = fill({0: ["10S"], 1: ["9H"], 2: ["QH", "8H", "KD"], 3: ["7H"]}, only={1: "SH", 2: "SH"})
    state = start(hands)
    play(state, 0, "10S")
    play(state, 1, "9H")
    assert legal(state, 2) == {"QH"}
    assert refused(state, 2, "8H") == "must_overtrump"
    assert refused(state, 2, "KD") == "must_overtrump"


def test_void_player_unable_to_overtrump_may_discard_no_forced_undertrump() -> None:
    hands = fill({0: ["10S"], 1: ["AH"], 2: ["KH", "8H"], 3: ["7H"]}, only={1: "SH", 2: "SH"})
    state = start(hands)
    play(state, 0, "10S")
    play(state, 1, "AH")
    assert legal(state, 2) == set(hands[2])
    assert any(c[-1] != "H" for c in hands[2])


def test_trump_lead_requires_climbing_in_trump_over_an_opponent() -> None:
    hands = fill(
        {0: ["JH"], 1: ["8H", "KH", "AH"], 2: ["9H", "10H"], 3: ["7H"]}, only={1: "H", 2: "H"}
    )
    state = start(hands)
    play(state, 0, "JH")
    assert legal(state, 1) == {"KH", "AH"}
    assert refused(state, 1, "8H") == "must_climb"
    play(state, 1, "KH")
    assert legal(state, 2) == {"10H"}


def test_trump_lead_with_the_partner_master_allows_any_trump() -> None:
    hands = fill({0: ["10H"], 1: ["8H"], 2: ["9H", "AH"], 3: ["7H"]}, only={1: "H", 2: "H"})
    state = start(hands)
    play(state, 0, "10H")
    play(state, 1, "8H")
    assert legal(state, 2) == {"9H", "AH"}


# --- tricks and points --------------------------------------------------------------------
def test_lowest_trump_beats_the_manille_of_the_led_suit_and_its_taker_leads_next() -> None:
    hands = fill({0: ["9S"], 1: ["KD"], 2: ["10S"], 3: ["7H"]}, only={1: "SH", 2: "S", 3: "SH"})
    state = start(hands)
    play(state, 0, "9S")
    play(state, 1, "KD")
    play(state, 2, "10S")
    events = play(state, 3, "7H")
    won = next(e for e in events if e["type"] == "trick_won")
    assert won == {
        "type": "trick_won",
        "seat": 3,
        "team": 1,
        "points": 8,
        "trick_number": 1,
        "cards": [[0, "9S"], [1, "KD"], [2, "10S"], [3, "7H"]],
    }
    view = state.view(0)
    assert state.to_move() == [3] and view["leader"] == 3
    assert view["deal_points"] == [0, 8] and view["tricks_won"] == [0, 1]
    assert view["last_trick"] == won["cards"] and view["last_winner"] == 3
    assert view["trick"] == []


def test_highest_card_of_the_led_suit_wins_an_untrumped_trick_over_a_bigger_discard() -> None:
    hands = fill({0: ["9S"], 1: ["JS"], 2: ["7S"], 3: ["10D"]}, only={1: "S", 2: "S", 3: "SH"})
    state = start(hands)
    for seat, card in ((0, "9S"), (1, "JS"), (2, "7S")):
        play(state, seat, card)
    # Seat 3's partner is master, so the dealer may keep the retourne and discard.
    events = play(state, 3, "10D")
    won = next(e for e in events if e["type"] == "trick_won")
    assert won["seat"] == 1 and won["points"] == 6


def test_card_points_are_5_4_3_2_1_and_total_60_per_deal() -> None:
    assert [POINTS[r + "C"] for r in ("10", "A", "K", "Q", "J", "9", "8", "7")] == [
        5,
        4,
        3,
        2,
        1,
        0,
        0,
        0,
    ]
    assert [STRENGTH[r + "C"] for r in ("10", "A", "K", "Q", "J", "9", "8", "7")] == sorted(
        range(1, 9), reverse=True
    )
    state = start(BASE)
    events = play_first_legal(state, until_deal=2)
    end = next(e for e in events if e["type"] == "deal_end")
    assert sum(end["points"]) == 60
    assert sum(end["tricks"]) == 8
    assert end["points"] == [
        sum(e["points"] for e in events if e["type"] == "trick_won" and e["team"] == t)
        for t in (0, 1)
    ]


# --- between deals ------------------------------------------------------------------------
def test_next_deal_is_the_gathered_tricks_cut_without_shuffling() -> None:
    state = RULES.new(players=4, seed=11)
    assert isinstance(state, State)
    first_dealer = state.dealer
    taken: list[list[list]] = []
    while state.deal_number == 1:
        seat = state.to_move()[0]
        rng_before = Rng(state.rng.state)
        events = state.apply(seat, state.legal_actions(seat)[0].id)
        taken += [e["cards"] for e in events if e["type"] == "trick_won"]
    assert len(taken) == 8
    gathered = [c for t in taken for _, c in t]
    expected = deal_hands(cut(gathered, rng_before), (first_dealer + 1) % 4)
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in expected]
    deal = next(e for e in state.events if e["type"] == "deal")
    new_dealer = (first_dealer + 1) % 4
    assert deal["shuffled"] is False and deal["cutter"] == (new_dealer + 1) % 4
    assert deal["cutter"] == deal["leader"]
    assert deal["retourne"] == expected[(first_dealer + 1) % 4][-1]


def test_shuffle_each_deal_option_reshuffles_before_cutting() -> None:
    state = RULES.new(players=4, seed=11, options={"shuffle_each_deal": True})
    assert isinstance(state, State)
    taken: list[list[list]] = []
    while state.deal_number == 1:
        seat = state.to_move()[0]
        rng_before = Rng(state.rng.state)
        events = state.apply(seat, state.legal_actions(seat)[0].id)
        taken += [e["cards"] for e in events if e["type"] == "trick_won"]
    gathered = [c for t in taken for _, c in t]
    unshuffled = deal_hands(cut(gathered, rng_before), state.dealer)
    assert [sorted(h) for h in state.hands] != [sorted(h) for h in unshuffled]
    assert next(e for e in state.events if e["type"] == "deal")["shuffled"] is True


def test_deal_passes_to_the_next_seat_and_the_seat_after_the_dealer_leads() -> None:
    state = start(BASE, target=200)  # no match can end within two deals
    play_first_legal(state, until_deal=2)
    assert state.view(None)["dealer"] == 0 and state.to_move() == [1]
    deal = next(e for e in state.events if e["type"] == "deal")
    assert deal["dealer"] == 0 and deal["leader"] == 1 and deal["deal_number"] == 2
    play_first_legal(state, until_deal=3)
    assert state.dealer == 1 and state.to_move() == [2]


def test_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {RULES.new(players=4, seed=s).view(None)["dealer"] for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert RULES.new(players=4, seed=5).to_json() == RULES.new(players=4, seed=5).to_json()


# --- match end ----------------------------------------------------------------------------
def dry_run_points(**options: Any) -> list[int]:
    """Card points of the first deal of BASE under first-legal play."""
    events = play_first_legal(start(BASE, **options), until_deal=2)
    return next(e for e in events if e["type"] == "deal_end")["points"]


def test_team_reaching_the_target_at_the_end_of_a_deal_wins_the_match() -> None:
    p0, p1 = dry_run_points()
    assert p0 > 0 and p1 < 100
    state = with_scores(start(BASE), [100 - p0, 0])
    events = play_first_legal(state, until_deal=2)
    assert state.is_over() and state.to_move() == []
    assert events[-1] == {"type": "match_end", "team": 0, "seats": [0, 2], "totals": [100, p1]}
    assert state.outcome() == Outcome(
        ranks=(1, 2, 1, 2), scores=(100, p1, 100, p1), teams=((0, 2), (1, 3))
    )
    assert state.view(None)["phase"] == "over" and state.view(None)["winner"] == 0


def test_one_point_short_of_the_target_deals_again() -> None:
    p0, _ = dry_run_points()
    state = with_scores(start(BASE), [99 - p0, 0])
    play_first_legal(state, until_deal=2)
    assert not state.is_over() and state.deal_number == 2
    assert state.view(1)["scores"] == [99, state.team_scores[1]] * 2


def test_both_teams_over_the_target_the_higher_total_wins() -> None:
    p0, p1 = dry_run_points()
    state = with_scores(start(BASE), [100 - p0, 101 - p1])
    play_first_legal(state, until_deal=2)
    assert state.is_over() and state.winner == 1
    assert state.outcome().ranks == (2, 1, 2, 1)


def test_equal_totals_at_the_target_mean_another_deal() -> None:
    p0, p1 = dry_run_points()
    state = with_scores(start(BASE), [100 - p0, 100 - p1])
    events = play_first_legal(state, until_deal=2)
    assert not state.is_over() and state.deal_number == 2
    assert {"type": "target_tie", "totals": [100, 100]} in events


def test_target_200_option() -> None:
    p0, _ = dry_run_points()
    state = with_scores(start(BASE, target=200), [100 - p0, 0])
    play_first_legal(state, until_deal=2)
    assert not state.is_over()
    state = with_scores(start(BASE, target=200), [200 - p0, 0])
    play_first_legal(state, until_deal=2)
    assert state.is_over() and state.winner == 0
    with pytest.raises(ValidationError):
        RULES.new(players=4, seed=1, options={"target": 150})


def test_above_30_option_scores_only_the_points_above_30() -> None:
    p0, p1 = dry_run_points()
    assert p0 != 30
    state = start(BASE, above_30=True)
    events = play_first_legal(state, until_deal=2)
    end = next(e for e in events if e["type"] == "deal_end")
    scored = [max(0, p0 - 30), max(0, p1 - 30)]
    assert end["points"] == [p0, p1] and end["scored"] == scored
    assert state.team_scores == scored and end["totals"] == scored


def test_default_scoring_adds_raw_card_points() -> None:
    p0, p1 = dry_run_points()
    state = start(BASE)
    play_first_legal(state, until_deal=2)
    assert state.team_scores == [p0, p1]


# --- views, options, refusals ---------------------------------------------------------------
def test_views_show_public_trick_data_and_only_the_own_hand() -> None:
    state = start(BASE)
    play(state, 0, "9S")
    spectator = state.view(None)
    assert spectator["hand"] == [] and spectator["partner"] is None
    assert spectator["trick"] == [[0, "9S"]] and spectator["hand_sizes"] == [7, 8, 8, 8]
    assert spectator["teams"] == [[0, 2], [1, 3]]
    assert spectator["taker"] is None and spectator["called"] is None
    assert spectator["events"] == [{"type": "card_played", "seat": 0, "card": "9S"}]
    mine = state.view(2)
    assert sorted(mine["hand"]) == sorted(BASE[2]) and mine["partner"] == 0
    json.dumps(mine)


def test_refusals_name_no_card() -> None:
    state = start(BASE)
    assert refused(state, 0, "KS") == "not_in_hand"
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "play:KS")
    assert "KS" not in str(err.value)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "bid:3")
    assert err.value.code == "unknown_action"
    with pytest.raises(IllegalAction) as err:
        state.apply(1, "play:KS")
    assert err.value.code == "not_your_turn"


def test_options_are_validated() -> None:
    assert RULES.Options().model_dump() == {
        "target": 100,
        "above_30": False,
        "shuffle_each_deal": False,
        "deck": None,
        "first_dealer": None,
    }
    with pytest.raises(ValidationError):
        RULES.new(players=4, seed=1, options={"deck": [*deck32()[:-1], "7S"]})
    with pytest.raises(ValidationError):
        RULES.new(players=4, seed=1, options={"first_dealer": 4})
    assert games.get("manille").name == "Manille"


# --- what determinize keeps ----------------------------------------------------------------
def test_determinize_keeps_shown_voids_and_ceilings() -> None:
    hands = fill({0: ["KS"], 1: ["9H"], 2: ["7S", "QH"], 3: ["7H"]}, only={1: "SH", 2: "S"})
    state = start(hands)
    play(state, 0, "KS")
    play(state, 1, "9H")  # void in spades
    play(state, 2, "7S")
    play(state, 3, sorted(legal(state, 3))[0])
    for k in range(30):
        other = state.determinize(0, Rng(k))
        assert not any(c.endswith("S") for c in other.hands[1])
        assert other.view(0) == state.view(0)
    # Seat 1 ruffed with the 9H only: its other hearts are whatever it got, never proven.
    assert play_caps(state)[1][SUIT_INDEX["KS"]] == 0


def test_play_inferences_never_contradict_the_real_hands() -> None:
    for seed in range(25):
        state = RULES.new(players=4, seed=seed)
        assert isinstance(state, State)
        pick = Rng(seed)
        for seat, _action, _events in random_moves(state, pick):
            for s, hand in enumerate(state.hands):
                for c in hand:
                    assert STRENGTH[c] <= play_caps(state)[s][SUIT_INDEX[c]]
            if state.version % 5 == 0 and not state.is_over():
                other = state.determinize(seat, pick)
                assert other.view(seat) == state.view(seat)
                for s, hand in enumerate(other.hands):
                    for c in hand:
                        assert STRENGTH[c] <= play_caps(state)[s][SUIT_INDEX[c]]


def test_what_a_play_proves_is_exactly_which_other_cards_the_hand_could_hold() -> None:
    """The legal cards and the inference come from the same duties. Checked on every
    position of random matches: for a seat playing a card `c`, a hand of `c` and one more
    card `x` lets `c` be played exactly when `x` fits what the play of `c` proves."""
    checked = 0
    for seed in range(6):
        state = RULES.new(players=4, seed=seed)
        assert isinstance(state, State)
        pick = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            trick = state.trick
            if trick:
                on_table = {c for _, c in trick}
                for c in deck32():
                    if c in on_table:
                        continue
                    probe = state.copy()
                    probe.tricks = []
                    probe.trick = [*trick, [seat, c]]
                    caps = play_caps(probe)[seat]
                    for x in deck32():
                        if x in on_table or x == c:
                            continue
                        legal_pair = legal_cards([c, x], trick, state.best, seat, state.trump)
                        fits = STRENGTH[x] <= caps[SUIT_INDEX[x]]
                        assert (c in legal_pair) == fits, (trick, seat, c, x)
                        checked += 1
            state.apply(seat, pick.choice(state.legal_actions(seat)).id)
    assert checked > 5_000


def test_the_move_generator_allows_what_the_duties_allow_in_every_situation() -> None:
    """`legal_cards` is the duties of `rules.duties` written out for speed: in every
    situation of a trick (suit led, winning card, partner or opponent winning, trump), on
    hands drawn at random, both allow the same cards in the same order."""
    rng = Rng(11)
    deck = deck32()
    for led, win, partner_wins, trump in itertools.product(SUITS, deck, (True, False), SUITS):
        lead = win if SUIT[win] == led else next(c for c in deck if SUIT[c] == led)
        trick = [[0, lead]] if lead == win else [[0, lead], [1, win]]
        best = len(trick) - 1
        seat = trick[best][0] + (2 if partner_wins else 1)
        rest = [c for c in deck if c not in (lead, win)]
        for _ in range(12):
            rng.shuffle(rest)
            hand = rest[: 1 + rng.below(8)]
            expected = allowed(hand, duties(led, win, partner_wins, trump))
            assert legal_cards(hand, trick, best, seat % 4, trump) == expected
