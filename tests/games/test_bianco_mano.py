"""Scenario tests for Bianco Mano, one per rule clause (docs/rules/bianco-mano.md).

Deals, bidding, espion, call and the announcement run from stacked packs through the public
contract. Play conditions and scoring start from a `position` (fields set directly) so each
clause is shown on the smallest table that exhibits it.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from games import IllegalAction, Rng
from games.bianco_mano import State
from games.bianco_mano.hidden import play_caps
from games.bianco_mano.rules import FAMILIES, ORDER, duties, playable, trick_winner
from games.cards import BM_CHARACTERS, bianco_mano_deck
from games.duties import allowed
from games.testing import random_moves
from games.tricks import gather

RULES = games.get("bianco-mano")
DECK = bianco_mano_deck()
STRENGTH = {c: 8 - BM_CHARACTERS.index(c[:2]) for c in DECK}
FIRST_PACKETS = {3: (4, 3), 4: (3, 2), 5: (2, 2)}  # the book's packets for the first part
OTHERS_FULL = {3: 10, 4: 8, 5: 6}  # a non-taker's hand once the deal is complete


# --- helpers ------------------------------------------------------------------------------


def layout(players: int, dealer: int, deck: list[str]) -> tuple[list[list[str]], str, list[str]]:
    """Our own reading of the first part of the deal: packets from the seat after the dealer."""
    hands: list[list[str]] = [[] for _ in range(players)]
    pos = 0
    for size in FIRST_PACKETS[players]:
        for k in range(players):
            hands[(dealer + 1 + k) % players] += deck[pos : pos + size]
            pos += size
    return hands, deck[pos], deck[pos + 1 :]


def stack(
    players: int, hands: list[list[str]], turned: str, dealer: int | None = None
) -> tuple[list[str], int]:
    """A pack dealing `hands` (complete hands, the taker's without the turned card, first-part
    cards first), with the first packets ordered so the draw picks a dealer (`dealer` if given).
    """
    n = players
    first = FIRST_PACKETS[n]
    head = sum(first)
    taker = next(s for s in range(n) if len(hands[s]) != OTHERS_FULL[n])
    assert sorted([c for h in hands for c in h] + [turned]) == sorted(DECK)

    def build(heads: list[list[str]], d: int) -> list[str]:
        order = [(d + 1 + k) % n for k in range(n)]
        deck: list[str] = []
        off = 0
        for size in first:
            for s in order:
                deck += heads[s][off : off + size]
            off += size
        deck.append(turned)
        if n == 4:
            for s in order:
                deck += hands[s][head:]
        else:
            per = 3 if n == 3 else 2
            for s in order:
                deck += hands[s][head : head + per]
            deck.append(hands[taker][head + per])
        return deck

    for d in [dealer] if dealer is not None else range(n):
        order = [(d + 1 + k) % n for k in range(n)]
        lead = order[:3]
        perms = [itertools.permutations(hands[s][: first[0]]) for s in lead]
        for combo in itertools.product(*perms):
            heads = [h[:head] for h in hands]
            for s, p in zip(lead, combo, strict=True):
                heads[s] = list(p) + hands[s][first[0] : head]
            deck = build(heads, d)
            top = [STRENGTH[c] for c in deck[:n]]
            if top[d] == max(top) and top.count(max(top)) == 1:
                return deck, d
    raise AssertionError("no packet order lets that dealer win the draw")


def deal(
    players: int,
    hands: list[list[str]],
    turned: str,
    dealer: int | None = None,
    **options: Any,
) -> games.GameState:
    deck, d = stack(players, hands, turned, dealer)
    state = RULES.new(players=players, seed=11, options={"deck": deck, **options})
    assert state.dealer == d
    return state


def take(state: games.GameState, taker: int) -> None:
    """Everybody before `taker` passes in round 1, then `taker` takes."""
    while state.to_move() != [taker]:
        state.apply(state.to_move()[0], "pass")
    state.apply(taker, "take")


def ids(state: games.GameState, seat: int) -> list[str]:
    return [a.id for a in state.legal_actions(seat)]


def refused(state: games.GameState, seat: int, action: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert state.to_json() == before
    return err.value.code


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def position(
    players: int,
    hands: list[list[str]],
    dominant: str,
    taker: int,
    trick: list[list] = (),  # type: ignore[assignment]
    espion: list[str] = (),  # type: ignore[assignment]
    partner: int | None = None,
    called: str | None = None,
    announced: bool = False,
    trick_points: list[int] | None = None,
    scores: list[int] | None = None,
    contracts: list[int] | None = None,
    deal_number: int = 1,
    deals: int = 2,
    **options: Any,
) -> games.GameState:
    """A play-phase table set directly; unused cards lie in the taken tricks."""
    state = RULES.new(players=players, seed=5, options={"deals": deals, **options})
    used = {c for h in hands for c in h} | {c for _, c in trick} | set(espion)
    rest = [c for c in DECK if c not in used]
    state.phase, state.bid_round, state.bidder, state.deck = "play", None, None, []
    state.hands = [list(h) for h in hands]
    state.dominant, state.taker, state.turned = dominant, taker, None
    state.partner, state.called, state.revealed, state.announced = partner, called, False, announced
    state.espion = list(espion)
    state.trick = [list(p) for p in trick]
    state.leader = trick[0][0] if trick else taker
    state.turn = (trick[-1][0] + 1) % players if trick else taker
    state.tricks = [
        [[k % players, c] for k, c in enumerate(rest[i : i + players])]
        for i in range(0, len(rest), players)
    ]
    state.trick_points = list(trick_points or [0] * players)
    state.scores = list(scores or [0] * players)
    state.contracts_made = list(contracts or [0] * players)
    state.deal_number = deal_number
    return state


# A 4-player deal (dominant R once seat 0 takes the turned BAR) reused by several tests.
FOUR = [
    ["COR", "GCR", "CHR", "MAB", "PAB", "AVB", "EVB"],
    ["MAJ", "PAJ", "AVJ", "BAB", "COB", "GCB", "CHB", "EVJ"],
    ["MAR", "PAR", "BAJ", "COJ", "GCJ", "CHJ", "MAV", "PAV"],
    ["AVR", "EVR", "AVV", "EVV", "BAV", "COV", "GCV", "CHV"],
]
# A 3-player deal: seat 1 takes the turned CHR and also holds GCR.
THREE = [
    ["MAR", "PAR", "AVR", "EVR", "BAR", "COR", "MAB", "PAB", "AVB", "EVB"],
    ["GCR", "BAB", "COB", "GCB", "CHB", "MAJ", "PAJ", "AVJ", "EVJ", "BAJ", "COJ"],
    ["GCJ", "CHJ", "MAV", "PAV", "AVV", "EVV", "BAV", "COV", "GCV", "CHV"],
]
# A 5-player deal: seat 0 takes the turned MAV (dominant V).
FIVE = [
    ["MAR", "PAR", "AVR", "EVR", "BAR", "COR", "GCR"],
    ["CHR", "MAB", "PAB", "AVB", "EVB", "BAB"],
    ["COB", "GCB", "CHB", "MAJ", "PAJ", "AVJ"],
    ["EVJ", "BAJ", "COJ", "GCJ", "CHJ", "PAV"],
    ["AVV", "EVV", "BAV", "COV", "GCV", "CHV"],
]


def four_in_play(**options: Any) -> games.GameState:
    state = deal(4, FOUR, "BAR", dealer=3, **options)
    take(state, 0)
    return state


# --- first dealer, shuffle and cut ------------------------------------------------------------


def test_strongest_drawn_character_deals_whatever_its_family() -> None:
    deck = ["PAR", "MAB", "AVJ", *[c for c in DECK if c not in ("PAR", "MAB", "AVJ")]]
    state = RULES.new(players=3, seed=1, options={"deck": deck})
    assert state.dealer == 1
    draws = [e for e in state.events if e["type"] == "dealer_draw"]
    assert draws == [
        {"type": "dealer_draw", "round": 1, "draws": [[0, "PAR"], [1, "MAB"], [2, "AVJ"]]}
    ]
    assert {"type": "first_dealer", "seat": 1} in state.view(None)["events"]


def test_tied_seats_draw_again_from_the_remaining_cards() -> None:
    top = ["MAR", "COB", "MAJ", "CHV", "EVR"]
    deck = top + [c for c in DECK if c not in top]
    state = RULES.new(players=3, seed=1, options={"deck": deck})
    draws = [e["draws"] for e in state.events if e["type"] == "dealer_draw"]
    assert draws == [[[0, "MAR"], [1, "COB"], [2, "MAJ"]], [[0, "CHV"], [2, "EVR"]]]
    assert state.dealer == 2
    assert state.to_move() == [0]  # bidding opens after the dealer


def test_first_deal_is_shuffled_and_cut_by_the_seat_before_the_dealer() -> None:
    for seed in range(6):
        state = RULES.new(players=4, seed=seed)
        kinds = types(state.events)
        assert kinds.index("first_dealer") < kinds.index("shuffle") < kinds.index("cut")
        cut = next(e for e in state.events if e["type"] == "cut")
        assert cut["seat"] == (state.dealer - 1) % 4


def test_stacked_deck_must_be_the_32_cards() -> None:
    with pytest.raises(ValueError):
        RULES.new(players=3, seed=1, options={"deck": [*DECK[:-1], "MAR"]})


# --- dealing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_first_part_is_dealt_in_packets_from_the_seat_after_the_dealer(players: int) -> None:
    state = RULES.new(players=players, seed=1, options={"deck": DECK})
    assert state.dealer == 0  # MAR is on top: seat 0 draws it
    hands, turned, stock = layout(players, 0, DECK)
    view = state.view(None)
    assert view["hand_sizes"] == [{3: 7, 4: 5, 5: 4}[players]] * players
    assert view["turned"] == turned
    for s in range(players):
        assert sorted(state.view(s)["hand"]) == sorted(hands[s])
    assert state.zones()["stock"] == stock


def test_turned_card_is_public_and_in_nobodys_hand_while_bidding() -> None:
    state = RULES.new(players=4, seed=9)
    turned = state.view(None)["turned"]
    assert turned is not None
    assert all(turned not in state.view(s)["hand"] for s in range(4))
    assert state.view(2)["turned"] == turned


# --- bidding ---------------------------------------------------------------------------------


def test_round_one_goes_clockwise_from_the_dealers_left_with_take_or_pass() -> None:
    state = RULES.new(players=5, seed=4)
    d = state.dealer
    for k in range(1, 4):
        seat = (d + k) % 5
        assert state.to_move() == [seat]
        assert ids(state, seat) == ["take", "pass"]
        state.apply(seat, "pass")
    assert state.view(None)["bid_round"] == 1


def test_taking_makes_the_turned_family_dominant_and_the_taker_gets_the_turned_card() -> None:
    state = four_in_play()
    assert state.view(None)["dominant"] == "R"
    assert state.view(None)["taker"] == 0
    assert "BAR" in state.view(0)["hand"]
    assert state.view(None)["phase"] == "play"


def test_round_two_offers_the_three_other_families() -> None:
    state = deal(4, FOUR, "BAR", dealer=3)
    for seat in range(4):
        state.apply(seat, "pass")
    assert state.view(None)["bid_round"] == 2
    assert state.to_move() == [0]
    assert ids(state, 0) == ["choose:B", "choose:J", "choose:V", "pass"]
    assert refused(state, 0, "choose:R") == "turned_family"
    assert refused(state, 0, "take") == "wrong_round"
    state.apply(0, "pass")
    events = state.apply(1, "choose:J")
    assert {"type": "choose", "seat": 1, "family": "J"} in events
    view = state.view(1)
    assert view["dominant"] == "J" and view["taker"] == 1
    assert "BAR" in view["hand"]  # the taker always gets the turned card


def test_choose_is_refused_in_round_one() -> None:
    state = deal(4, FOUR, "BAR", dealer=3)
    assert refused(state, 0, "choose:B") == "wrong_round"


def test_two_rounds_of_passes_redeal_from_the_gathered_cards_with_the_next_dealer() -> None:
    state = RULES.new(players=4, seed=1, options={"deck": DECK, "deals": 3})
    assert state.dealer == 0
    gathered = [c for k in (1, 2, 3, 0) for c in state.hands[k]]
    gathered += [state.turned, *state.deck]
    for _ in range(7):
        state.apply(state.to_move()[0], "pass")
    events = state.apply(state.to_move()[0], "pass")
    assert {"type": "all_passed", "dealer": 0, "next_dealer": 1} in events
    assert {"type": "cut", "seat": 0} in events  # the old dealer cuts for the new one
    assert "shuffle" not in types(events)
    view = state.view(None)
    assert view["dealer"] == 1 and view["deal_number"] == 1 and view["bid_round"] == 1
    assert state.to_move() == [2]
    dealt = (state.hands, state.turned, state.deck)
    rotations = [layout(4, 1, gathered[k:] + gathered[:k]) for k in range(32)]
    assert any(
        [sorted(h) for h in r[0]] == [sorted(h) for h in dealt[0]] and r[1:] == dealt[1:]
        for r in rotations
    )


# --- completing the deal, espion, call -------------------------------------------------------


def test_three_players_complete_with_three_each_and_the_last_card_to_the_taker() -> None:
    state = deal(3, THREE, "CHR", dealer=0)
    take(state, 1)
    assert state.view(None)["hand_sizes"] == [10, 12, 10]
    assert sorted(state.view(0)["hand"]) == sorted(THREE[0])
    assert sorted(state.view(1)["hand"]) == sorted([*THREE[1], "CHR"])
    assert state.view(None)["phase"] == "espion"
    state.apply(1, "discard:MAJ")
    state.apply(1, "discard:CHR")
    assert state.view(None)["hand_sizes"] == [10, 10, 10]
    assert state.view(None)["phase"] == "play"


def test_four_players_taker_gets_two_and_the_others_three() -> None:
    state = deal(4, FOUR, "BAR", dealer=1)
    take(state, 0)
    assert state.view(None)["hand_sizes"] == [8, 8, 8, 8]
    for s in range(4):
        expected = FOUR[s] + (["BAR"] if s == 0 else [])
        assert sorted(state.view(s)["hand"]) == sorted(expected)
    assert state.view(None)["espion_size"] == 0


def test_five_players_complete_with_two_each_and_the_last_card_to_the_taker() -> None:
    state = deal(5, FIVE, "MAV")
    take(state, 0)
    assert state.view(None)["hand_sizes"] == [8, 6, 6, 6, 6]
    for s in range(5):
        expected = FIVE[s] + (["MAV"] if s == 0 else [])
        assert sorted(state.view(s)["hand"]) == sorted(expected)
    state.apply(0, "discard:COR")
    state.apply(0, "discard:GCR")
    assert state.view(None)["hand_sizes"] == [6] * 5
    assert state.view(None)["phase"] == "call"


def test_espion_cards_are_any_two_and_hidden_from_the_others() -> None:
    state = deal(3, THREE, "CHR", dealer=0)
    take(state, 1)
    assert len(ids(state, 1)) == 12  # any card of the 12, dominant or not
    assert refused(state, 1, "discard:MAR") == "not_in_hand"
    events = state.apply(1, "discard:CHR")
    assert [e for e in events if "to" not in e] == [{"type": "discard", "seat": 1, "count": 1}]
    assert {"type": "discarded", "card": "CHR", "to": 1} in events
    state.apply(1, "discard:MAJ")
    assert state.view(1)["espion"] == ["CHR", "MAJ"]
    for seat in (None, 0, 2):
        assert state.view(seat)["espion"] is None
        assert state.view(seat)["espion_size"] == 2
        assert all("CHR" not in str(e) for e in state.view(seat)["events"])


def test_call_names_a_non_dominant_card_outside_the_takers_hand_and_espion() -> None:
    state = deal(5, FIVE, "MAV")
    take(state, 0)
    state.apply(0, "discard:COR")
    state.apply(0, "discard:GCR")
    calls = {a.removeprefix("call:") for a in ids(state, 0)}
    assert calls == {"CHR"} | {c for c in DECK if c[2] in "BJ"}
    assert refused(state, 0, "call:PAV") == "cannot_call_dominant"
    assert refused(state, 0, "call:MAR") == "cannot_call_own_card"
    assert refused(state, 0, "call:COR") == "cannot_call_own_card"  # in the espion


def test_called_partner_is_secret_until_the_called_card_is_played() -> None:
    state = deal(5, FIVE, "MAV")
    take(state, 0)
    state.apply(0, "discard:COR")
    state.apply(0, "discard:GCR")
    events = state.apply(0, "call:CHR")
    assert {"type": "call", "seat": 0, "card": "CHR"} in events
    assert {"type": "partner", "taker": 0, "card": "CHR", "to": 1} in events
    assert state.view(1)["partner"] == 1
    assert state.view(1)["teams"] == [[0, 1], [2, 3, 4]]
    for seat in (None, 0, 2, 3, 4):
        assert state.view(seat)["partner"] is None
        assert "partner" not in types(state.view(seat)["events"])
    assert state.view(0)["teams"] == [[0], []]
    assert state.view(3)["teams"] == [[0], [3]]
    state.apply(0, "play:MAR")
    assert state.view(2)["partner"] is None
    events = state.apply(1, "play:CHR")  # the only red card left: seat 1 must follow
    assert {"type": "partner_revealed", "seat": 1, "card": "CHR"} in events
    for seat in (None, 0, 1, 2, 3, 4):
        assert state.view(seat)["partner"] == 1
        assert state.view(seat)["teams"] == [[0, 1], [2, 3, 4]]


# --- play conditions ---------------------------------------------------------------------------


def test_taker_leads_the_first_trick_with_any_card() -> None:
    state = four_in_play()
    assert state.to_move() == [0]
    assert state.view(None)["leader"] == 0
    assert sorted(ids(state, 0)) == sorted("play:" + c for c in [*FOUR[0], "BAR"])


def test_follower_must_follow_the_led_family() -> None:
    state = four_in_play()
    state.apply(0, "play:MAB")
    assert sorted(ids(state, 1)) == sorted("play:" + c for c in ["BAB", "COB", "GCB", "CHB"])
    assert refused(state, 1, "play:MAJ") == "must_follow"
    assert refused(state, 1, "play:MAR") == "not_in_hand"


def test_void_follower_must_play_a_dominant() -> None:
    state = four_in_play()
    state.apply(0, "play:MAB")
    state.apply(1, "play:CHB")
    assert sorted(ids(state, 2)) == ["play:MAR", "play:PAR"]
    assert refused(state, 2, "play:MAV") == "must_play_dominant"


def test_void_follower_who_cannot_beat_the_table_may_play_any_dominant() -> None:
    state = four_in_play()
    for seat, card in [(0, "MAB"), (1, "CHB"), (2, "PAR")]:
        state.apply(seat, "play:" + card)
    assert sorted(ids(state, 3)) == ["play:AVR", "play:EVR"]
    events = state.apply(3, "play:EVR")
    assert {"type": "trick_won", "seat": 2, "points": 5 + 8 + 4, "number": 1} in events
    assert state.to_move() == [2]  # the winner leads next


def test_void_follower_must_beat_the_highest_dominant_when_able() -> None:
    state = position(
        4,
        [["CHJ"], ["COR"], ["MAR", "CHR", "MAV"], ["GCJ"]],
        dominant="R",
        taker=0,
        trick=[[0, "BAB"], [1, "COR"]],
    )
    assert ids(state, 2) == ["play:MAR"]
    assert refused(state, 2, "play:CHR") == "must_climb"
    assert refused(state, 2, "play:MAV") == "must_play_dominant"


def test_dominant_led_must_be_beaten_when_able() -> None:
    state = position(
        4,
        [["CHJ"], ["MAR", "BAR", "CHR", "MAB"], ["GCJ"], ["COJ"]],
        dominant="R",
        taker=0,
        trick=[[0, "EVR"]],
    )
    assert ids(state, 1) == ["play:MAR"]
    assert refused(state, 1, "play:BAR") == "must_climb"
    assert refused(state, 1, "play:MAB") == "must_follow"


def test_dominant_led_without_a_higher_one_any_dominant_will_do() -> None:
    state = position(
        4,
        [["CHJ"], ["BAR", "CHR", "MAB"], ["GCJ"], ["COJ"]],
        dominant="R",
        taker=0,
        trick=[[0, "EVR"]],
    )
    assert ids(state, 1) == ["play:BAR", "play:CHR"]


def test_no_obligation_to_climb_in_a_non_dominant_family() -> None:
    state = position(
        3,
        [["CHJ"], ["MAB", "CHB", "MAR"], ["GCJ"]],
        dominant="R",
        taker=0,
        trick=[[0, "PAB"]],
    )
    assert ids(state, 1) == ["play:MAB", "play:CHB"]


def test_void_without_dominant_may_discard_anything() -> None:
    state = position(
        3,
        [["CHJ"], ["MAJ", "CHV"], ["GCJ"]],
        dominant="R",
        taker=0,
        trick=[[0, "PAB"]],
    )
    assert ids(state, 1) == ["play:MAJ", "play:CHV"]


def test_any_dominant_beats_other_families_else_the_best_of_the_led_family_wins() -> None:
    state = position(
        4, [["COB"], ["CHR"], ["MAJ"], ["AVB"]], dominant="R", taker=0, trick=[], deals=1
    )
    for seat, card in [(0, "COB"), (1, "CHR"), (2, "MAJ"), (3, "AVB")]:
        state.apply(seat, "play:" + card)
    assert state.view(None)["last_winner"] == 1
    other = position(4, [["COB"], ["EVJ"], ["MAJ"], ["AVB"]], dominant="R", taker=0, deals=1)
    for seat, card in [(0, "COB"), (1, "EVJ"), (2, "MAJ"), (3, "AVB")]:
        other.apply(seat, "play:" + card)
    assert other.view(None)["last_winner"] == 3
    assert other.view(None)["trick_points"][3] == 0 + 2 + 5 + 3  # CO, EV, MA, AV


# --- scoring ---------------------------------------------------------------------------------

ZERO = ["COB", "GCB", "CHB", "COJ", "GCJ"]  # no card points with R dominant
VALUE = {"MA": 5, "PA": 4, "AV": 3, "EV": 2, "BA": 1}


def last_trick(
    players: int,
    side: dict[int, int],
    espion: list[str] = (),  # type: ignore[assignment]
    cards: list[str] = ZERO,
    **kw: Any,
) -> games.GameState:
    """Seat 0 has taken with R dominant; `side` gives trick points so far; one card each left,
    worth nothing, played from seat 0 on. The rest of the 75 points went to a defender."""
    points = [0] * players
    for seat, p in side.items():
        points[seat] = p
    in_espion = sum(VALUE.get(c[:2], 0) * (2 if c[2] == "R" else 1) for c in espion)
    defender = next(s for s in range(1, players) if s not in side and s != kw.get("partner"))
    points[defender] += 75 - sum(points) - in_espion
    hands = [[cards[s]] for s in range(players)]
    state = position(players, hands, "R", 0, espion=list(espion), trick_points=points, **kw)
    for seat in range(players):
        state.apply(seat, "play:" + cards[seat])
    return state


CASES = {
    # players: (side points for exactly 45, partner, deltas made, failed, capo)
    3: ({0: 36}, None, [2, -1, -1], [-2, 1, 1], [2, -2, -2]),
    4: ({0: 20, 2: 25}, 2, [2, -1, 1, -1], [-2, 1, -1, 1], [2, -2, 1, -2]),
    5: ({0: 16, 3: 20}, 3, [2, -1, -1, 1, -1], [-2, 1, 1, -1, 1], [2, -2, -2, 1, -2]),
}


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("result", ["made", "failed", "capo"])
def test_deal_scoring_for_made_failed_and_capo(players: int, result: str) -> None:
    side, partner, made, failed, capo = CASES[players]
    espion = ["MAB", "PAB"] if players != 4 else []  # 9 points counted for the taker
    side = dict(side)
    if result == "failed":
        side[0] -= 1
    if result == "capo":
        side[0] += 75 - 45
    kw: dict[str, Any] = {"partner": partner, "called": ZERO[partner]} if players == 5 else {}
    state = last_trick(players, side, espion, **kw)
    summary = state.view(None)["last_deal"]
    total = {"made": 45, "failed": 44, "capo": 75}[result]
    assert summary["card_points"] == total
    assert summary["result"] == result
    expected = {"made": made, "failed": failed, "capo": capo}[result]
    assert summary["deltas"] == expected
    assert state.view(None)["scores"] == expected
    assert state.view(None)["contracts_made"][0] == (0 if result == "failed" else 1)


def test_capo_counts_card_points_even_if_the_defence_took_a_pointless_trick() -> None:
    state = last_trick(3, {0: 75 - 9}, ["MAB", "PAB"], cards=["CHB", "COB", "GCB"])
    won = [e["seat"] for e in state.view(None)["events"] if e["type"] == "trick_won"]
    assert won == [1]
    assert state.view(None)["last_deal"]["result"] == "capo"


def test_bianco_mano_bonus_turns_42_into_a_made_47() -> None:
    state = last_trick(4, {0: 20, 2: 22}, announced=True)
    summary = state.view(None)["last_deal"]
    assert (summary["card_points"], summary["bonus"], summary["total"]) == (42, 5, 47)
    assert summary["result"] == "made"
    plain = last_trick(4, {0: 20, 2: 22})
    assert plain.view(None)["last_deal"]["result"] == "failed"


def test_espion_points_count_for_the_taker_with_dominant_doubled() -> None:
    state = last_trick(3, {0: 40}, ["MAR", "CHV"])
    summary = state.view(None)["last_deal"]
    assert summary["espion_points"] == 10
    assert summary["card_points"] == 50
    assert summary["espion"] == ["MAR", "CHV"]


# --- the Bianco Mano announcement ---------------------------------------------------------------


def test_announce_is_offered_with_the_option_to_a_taker_holding_dominant_gc_and_ch() -> None:
    state = four_in_play(bianco_mano_bonus=True)
    assert "announce" in ids(state, 0)
    events = state.apply(0, "announce")
    assert events == [{"type": "announce", "seat": 0, "family": "R"}]
    assert all(state.view(s)["announced"] for s in (None, 0, 1, 2, 3))
    assert "announce" not in ids(state, 0)
    assert state.to_move() == [0]  # the taker still leads the first card


def test_announce_is_not_offered_without_the_option() -> None:
    state = four_in_play()
    assert "announce" not in ids(state, 0)
    assert refused(state, 0, "announce") == "cannot_announce"


def test_announce_is_only_possible_before_the_first_card() -> None:
    state = four_in_play(bianco_mano_bonus=True)
    state.apply(0, "play:MAB")
    assert refused(state, 1, "announce") == "cannot_announce"
    for seat, card in [(1, "CHB"), (2, "PAR"), (3, "EVR"), (2, "BAJ"), (3, "AVR")]:
        state.apply(seat, "play:" + card)
    assert state.to_move() == [0]
    assert "announce" not in ids(state, 0)
    assert refused(state, 0, "announce") == "cannot_announce"


def test_announce_counts_gc_and_ch_put_in_the_espion() -> None:
    state = deal(3, THREE, "CHR", dealer=0, bianco_mano_bonus=True)
    take(state, 1)
    state.apply(1, "discard:CHR")
    state.apply(1, "discard:GCR")
    assert "announce" in ids(state, 1)


def test_announce_needs_both_dominant_gc_and_ch() -> None:
    hands = [["GCR", "MAR", "CHB"], ["COB"], ["GCB"], ["COJ"]]
    for taker_hand, offered in [(hands[0], False), (["GCR", "CHR", "CHB"], True)]:
        state = position(4, [taker_hand, *hands[1:]], "R", 0, bianco_mano_bonus=True)
        state.tricks = []  # no card played yet in this deal
        assert ("announce" in ids(state, 0)) is offered


# --- successive deals and the match -----------------------------------------------------------


def first_legal(state: games.GameState) -> tuple[int, str]:
    seat = state.to_move()[0]
    return seat, state.legal_actions(seat)[0].id


def test_next_deal_is_the_gathered_tricks_and_espion_cut_without_shuffle() -> None:
    state = RULES.new(players=3, seed=8, options={"deals": 2})
    first_dealer = state.dealer
    while True:
        before = state.copy()
        seat, action = first_legal(state)
        events = state.apply(seat, action)
        if "deal_scored" in types(events):
            break
    last = [*before.trick, [seat, action.removeprefix("play:")]]
    gathered = gather([*before.tricks, last], before.espion)
    assert state.dealer == (first_dealer + 1) % 3
    assert "shuffle" not in types(events)
    assert {"type": "cut", "seat": first_dealer} in events  # the seat before the new dealer
    dealt = ([sorted(h) for h in state.hands], state.turned, state.deck)
    options = []
    for k in range(32):
        hands, turned, stock = layout(3, state.dealer, gathered[k:] + gathered[:k])
        options.append(([sorted(h) for h in hands], turned, stock))
    assert dealt in options
    assert state.view(None)["deal_number"] == 2


def test_shuffle_each_deal_option_shuffles_before_the_cut() -> None:
    state = RULES.new(players=4, seed=8, options={"deals": 2, "shuffle_each_deal": True})
    while True:
        events = state.apply(*first_legal(state))
        if "deal_scored" in types(events):
            break
    kinds = types(events)
    assert kinds.index("deal_scored") < kinds.index("shuffle") < kinds.index("cut")


def test_match_lasts_ten_played_deals_and_a_redeal_does_not_count() -> None:
    state = RULES.new(players=4, seed=3)
    scored: list[int] = []
    redeals = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = ids(state, seat)
        if state.phase == "bid" and state.deal_number == 1 and redeals == 0:
            action = "pass"
        elif "take" in legal:
            action = "take"
        else:
            action = legal[0]
        for e in state.apply(seat, action):
            if e["type"] == "deal_scored":
                scored.append(e["deal_number"])
            redeals += e["type"] == "all_passed"
    assert redeals == 1
    assert scored == list(range(1, 11))
    assert state.to_move() == []
    assert state.view(None)["phase"] == "over"
    assert "match_over" in types(state.view(None)["events"])


def test_tie_on_points_is_broken_by_contracts_made_as_taker() -> None:
    # Before the last deal: seat 1 leads; seat 0 makes its contract and catches up.
    state = last_trick(
        3, {0: 36}, ["MAB", "PAB"], scores=[0, 3, 0], contracts=[0, 2, 0], deal_number=2
    )
    assert state.is_over()
    assert state.outcome().scores == (2, 2, -1)
    assert state.outcome().ranks == (2, 1, 3)  # seat 1 made 2 contracts, seat 0 one


def test_tie_on_points_and_contracts_shares_the_rank() -> None:
    state = last_trick(
        3, {0: 36}, ["MAB", "PAB"], scores=[0, 3, 0], contracts=[0, 1, 0], deal_number=2
    )
    out = state.outcome()
    assert out.ranks == (1, 1, 3)
    assert out.teams is None


def test_at_four_players_each_player_ranks_by_their_own_points() -> None:
    # The partners are fixed in play, but the book ranks players: 0+2 total 9, 1+3 total -7,
    # yet seat 2 (3 points) is second behind its partner, not first with it.
    state = RULES.new(players=4, seed=1)
    state.scores = [6, -2, 3, -5]
    out = state.outcome()
    assert RULES.teams(4) == [[0, 2], [1, 3]] and out.teams is None
    assert out.ranks == (1, 3, 2, 4) and out.scores == (6, -2, 3, -5)
    # The teams' totals tie (1 against 1), the players do not.
    state.scores = [1, 0, 0, 1]
    state.contracts_made = [1, 0, 0, 0]
    assert state.outcome().ranks == (1, 3, 3, 2)
    assert RULES.teams(3) is None and RULES.teams(5) is None


def test_a_whole_match_at_four_players_ranks_every_player_apart() -> None:
    state = RULES.new(players=4, seed=9, options={"deals": 3})
    for _ in random_moves(state, Rng(4)):
        pass
    out = state.outcome()
    assert out.teams is None and out.scores == tuple(state.scores)
    made = state.contracts_made
    for a, b in itertools.permutations(range(4), 2):
        ahead = (out.scores[a], made[a]) > (out.scores[b], made[b])
        assert (out.ranks[a] < out.ranks[b]) == ahead, (a, b, out, made)
    over = next(e for e in state.events if e["type"] == "match_over")
    assert over["ranks"] == list(out.ranks) and over["scores"] == list(out.scores)


# --- views and determinization ----------------------------------------------------------------


def test_views_show_only_the_own_hand_and_a_spectator_none() -> None:
    state = four_in_play()
    assert state.view(None)["hand"] == []
    assert sorted(state.view(2)["hand"]) == sorted(FOUR[2])
    text = str(state.view(1))
    assert all(c not in text for c in FOUR[2] + FOUR[3])
    view = state.view(3)
    for key in ("trick", "leader", "teams", "dominant", "turned", "taker", "called", "partner"):
        assert key in view
    for key in ("espion", "bid_round", "last_trick", "trick_points", "contracts_made"):
        assert key in view
    assert view["deal_number"] == 1 and view["announced"] is False


def test_trick_points_and_last_trick_are_public() -> None:
    state = four_in_play()
    for seat, card in [(0, "MAB"), (1, "CHB"), (2, "PAR"), (3, "EVR")]:
        state.apply(seat, "play:" + card)
    view = state.view(None)
    assert view["last_trick"] == [[0, "MAB"], [1, "CHB"], [2, "PAR"], [3, "EVR"]]
    assert view["last_winner"] == 2
    assert view["trick_points"] == [0, 0, 17, 0]
    assert view["trick"] == []


def test_refusals_have_precise_codes() -> None:
    state = deal(4, FOUR, "BAR", dealer=3)
    assert refused(state, 0, "play:MAB") == "wrong_phase"
    assert refused(state, 0, "discard:ZZZ") == "unknown_card"
    assert refused(state, 0, "shout") == "unknown_action"
    assert refused(state, 1, "take") == "not_your_turn"


def test_determinize_keeps_the_turned_card_with_the_taker_and_the_espion_for_the_taker() -> None:
    state = deal(3, THREE, "CHR", dealer=0)
    take(state, 1)
    state.apply(1, "discard:CHR")
    state.apply(1, "discard:MAJ")
    rng = Rng(4)
    for _ in range(30):
        other = state.determinize(0, rng)
        assert other.view(0) == state.view(0)
        assert "CHR" in other.hands[1] + other.espion
        mine = state.determinize(1, rng)
        assert mine.espion == ["CHR", "MAJ"]
        assert sorted(mine.hands[1]) == sorted(state.hands[1])
    assert other.rng.state != state.rng.state


def test_determinize_keeps_the_called_card_away_from_the_taker() -> None:
    state = deal(5, FIVE, "MAV")
    take(state, 0)
    state.apply(0, "discard:COR")
    state.apply(0, "discard:GCR")
    state.apply(0, "call:CHR")
    rng = Rng(2)
    holders = set()
    for _ in range(40):
        other = state.determinize(2, rng)
        holder = next(s for s in range(5) if "CHR" in other.hands[s])
        assert holder != 0 and "CHR" not in other.espion
        assert other.partner == holder
        holders.add(holder)
        assert state.determinize(1, rng).partner == 1  # the partner knows its own card
    assert len(holders) > 1  # seat 2 does not know who holds it


def test_determinize_respects_voids_and_climbing_shown_in_play() -> None:
    state = four_in_play()
    for seat, card in [(0, "MAB"), (1, "CHB"), (2, "PAR"), (3, "EVR")]:
        state.apply(seat, "play:" + card)
    rng = Rng(6)
    for _ in range(30):
        other = state.determinize(1, rng)
        assert not any(c[2] == "B" for c in other.hands[2] + other.hands[3])
        assert "MAR" not in other.hands[3]  # seat 3 could not beat PAR
        assert "BAR" in other.hands[0]  # the turned card is still the taker's
        assert other.view(1) == state.view(1)


def test_the_shared_redeal_finds_the_only_deal_when_constraints_are_tight() -> None:
    from games.redeal import Slot, deal

    allowed = {"A1": {0}, "A2": {0}, "B1": {1, 2}, "B2": {1, 2}, "C1": {2}}
    slots = [Slot(z, size, lambda c, z=z: z in allowed[c]) for z, size in enumerate([2, 2, 1])]
    for k in range(20):
        zones = deal(list(allowed), slots, Rng(k))
        assert sorted(zones[0]) == ["A1", "A2"]
        assert sorted(zones[1]) == ["B1", "B2"] and zones[2] == ["C1"]


@given(st.permutations(list(DECK)), st.integers(2, 5), st.sampled_from(FAMILIES))
def test_the_written_out_trick_winner_agrees_with_the_shared_trick_order(
    cards: list[str], size: int, dom: str
) -> None:
    trick = [[seat, card] for seat, card in enumerate(cards[:size])]
    assert trick_winner(trick, dom) == ORDER.winning_index(cards[:size], dom)


def test_what_a_play_proves_is_exactly_which_other_cards_the_hand_could_hold() -> None:
    """The playable cards and the redeal's inference come from the same play conditions.
    Checked on every position of random matches at each table size: for a seat playing a
    card `c`, a hand of `c` and one more card `x` lets `c` be played exactly when `x` fits
    what the play of `c` proves."""
    checked = 0
    for players in (3, 4, 5):
        state = RULES.new(players=players, seed=players, options={"deals": 1})
        assert isinstance(state, State)
        pick = Rng(players)
        while not state.is_over():
            seat = state.to_move()[0]
            trick, dom = state.trick, state.dominant
            if state.phase == "play" and trick and dom is not None:
                on_table = {c for _, c in trick}
                for c in DECK:
                    if c in on_table:
                        continue
                    probe = state.copy()
                    probe.tricks = []
                    probe.trick = [*trick, [seat, c]]
                    caps = play_caps(probe)[seat]
                    for x in DECK:
                        if x not in on_table and x != c:
                            fits = STRENGTH[x] <= caps[x[2]]
                            assert (c in playable([c, x], trick, dom)) == fits, (trick, c, x)
                            checked += 1
            state.apply(seat, pick.choice(state.legal_actions(seat)).id)
    assert checked > 5_000


def test_the_move_generator_allows_what_the_duties_allow_in_every_situation() -> None:
    """`playable` is the play conditions of `rules.duties` written out for speed: in every
    situation of a trick (family led, dominant family, highest dominant on the table), on
    hands drawn at random, both allow the same cards in the same order."""
    rng = Rng(5)
    for led, dom, top in itertools.product(FAMILIES, FAMILIES, range(9)):
        if led == dom and not top:
            continue  # a dominant led is on the table
        top_card = next((c for c in DECK if c[2] == dom and STRENGTH[c] == top), None)
        lead = top_card if led == dom else next(c for c in DECK if c[2] == led)
        trick = [[0, lead]]
        if top_card is not None and top_card != lead:
            trick.append([1, top_card])
        rest = [c for c in DECK if c not in (lead, top_card)]
        for _ in range(30):
            rng.shuffle(rest)
            hand = rest[: 1 + rng.below(10)]
            assert playable(hand, trick, dom) == allowed(hand, duties(trick, dom))
