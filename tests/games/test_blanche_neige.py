"""Blanche-Neige scenarios, one per rule clause, on stacked decks, plus random-play checks.

Seat 0 moves first in every scenario (the dealer is the last seat). A few positions need
more than a fresh deal can give (an exhausted draw pile, a nearly empty hand): `bury` moves
cards under the top discard and `hand_out` gives the draw pile to the players, which keeps
every card somewhere.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from pydantic import ValidationError

import games
from games import IllegalAction, Outcome, Rng
from games.blanche_neige import IDENTITY_CARD, VARIANT_ROLES
from games.blanche_neige.rules import (
    ALL_ROLES,
    DRAW_DECK,
    nobody_can_go_out,
    stuck_for_ever,
)
from tests.games.test_contract import (
    all_cards,
    check_determinize,
    check_illegal_changes_nothing,
    check_views,
)

RULES = games.get("blanche-neige")


def stack(hands: list[list[str]], top: str, draw: tuple[str, ...] = (), dealer: int = -1):
    """The 40-card deck that deals `hands`, turns `top`, then draws `draw` first."""
    players = len(hands)
    dealer %= players
    deck = [
        hands[(dealer + k) % players][j]
        for j in range(len(hands[0]))
        for k in range(1, players + 1)
    ]
    deck += [top, *draw]
    assert len(set(deck)) == len(deck), "a card is stacked twice"
    return deck + [c for c in DRAW_DECK if c not in deck]


def game(
    roles: list[str],
    hands: list[list[str]],
    top: str,
    draw: tuple[str, ...] = (),
    **options: object,
) -> games.GameState:
    variants = [r for r in roles if r in VARIANT_ROLES]
    opts: dict[str, object] = {
        "deck": stack(hands, top, draw),
        "roles": roles,
        "dealer": len(hands) - 1,
        "variant_roles": variants,
        **options,
    }
    return RULES.new(players=len(hands), seed=7, options=opts)


def bury(state: games.GameState, cards: list[str]) -> None:
    """Test-only: move cards from hands or the draw pile to just under the top discard."""
    for c in cards:
        for h in state.hands:
            if c in h:
                h.remove(c)
        if c in state.draw:
            state.draw.remove(c)
    state.discard[:0] = cards


def hand_out(state: games.GameState, seat_for: Callable[[str], int]) -> None:
    """Test-only: give every card of the draw pile to the hand `seat_for(card)`, so that with
    the top discard alone on its pile nothing can be drawn."""
    for c in state.draw:
        state.hands[seat_for(c)].append(c)
    state.draw = []


def is_red(card: str) -> bool:
    return card[-1] in "HD"


def ids(state: games.GameState, seat: int) -> list[str]:
    return [a.id for a in state.legal_actions(seat)]


def plays(state: games.GameState, seat: int) -> set[str]:
    return {i[5:] for i in ids(state, seat) if i.startswith("play:") and "+" not in i}


def refusal(state: games.GameState, seat: int, action: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert state.to_json() == before
    return info.value.code


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


# A hand that separates every rule: both parities, both colours, both halves (5 and 6).
PROBE = ["AH", "2S", "5D", "6C", "9S", "10H", "7C"]
OTHER = ["3H", "3D", "8H", "8D", "7D", "3C", "2C"]


# --- the deal -------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 7), (4, 5), (5, 5)])
def test_deal_gives_seven_or_five_cards_one_identity_each_and_turns_a_card(players, size):
    s = RULES.new(players=players, seed=players)
    v = s.view(None)
    forced_draws = types(v["events"]).count("drew")  # a first player with nothing to play
    assert sum(v["hand_sizes"]) == size * players + forced_draws
    assert v["draw_size"] == 40 - size * players - 1 - forced_draws
    assert len(set(v["roles"])) == players
    z = s.zones()
    assert sorted(z["identities"] + z["identities_aside"]) == sorted(
        IDENTITY_CARD[r] for r in ("blanche-neige", "prince", "chasseur", "reine", "sorciere")
    )
    number_cards = [c for k, cards in z.items() if not k.startswith("identities") for c in cards]
    assert sorted(number_cards) == sorted(DRAW_DECK)
    dealt = v["events"][0]
    assert dealt["type"] == "dealt" and dealt["first"] == (dealt["dealer"] + 1) % players


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer():
    deck = list(DRAW_DECK)
    s = RULES.new(players=3, seed=1, options={"deck": deck, "dealer": 1})
    assert s.hands[2][:2] == [deck[0], deck[3]]
    assert s.hands[0][:2] == [deck[1], deck[4]]
    assert s.hands[1][:2] == [deck[2], deck[5]]
    assert s.discard == [deck[21]]
    assert s.draw[-1] == deck[22]
    assert s.view(None)["events"][0]["first"] == 2


# --- the five characters of the book --------------------------------------------------------
@pytest.mark.parametrize(
    ("role", "top", "allowed"),
    [
        ("blanche-neige", "4H", {"AH", "5D", "9S", "7C"}),  # even -> odd
        ("blanche-neige", "7S", {"2S", "6C", "10H"}),  # odd -> even
        ("prince", "4H", {"6C", "9S", "10H", "7C"}),  # <= 5 -> >= 6
        ("prince", "7S", {"AH", "2S", "5D"}),  # >= 6 -> <= 5
        ("prince", "5H", {"6C", "9S", "10H", "7C"}),  # a 5 is low
        ("prince", "6D", {"AH", "2S", "5D"}),  # a 6 is high
        ("chasseur", "4H", {"AH", "2S", "5D"}),  # <= 5 -> <= 5
        ("chasseur", "7S", {"6C", "9S", "10H", "7C"}),  # >= 6 -> >= 6
        ("chasseur", "5H", {"AH", "2S", "5D"}),
        ("chasseur", "6D", {"6C", "9S", "10H", "7C"}),
        ("reine", "4H", {"AH", "5D", "10H"}),  # red -> red
        ("reine", "7S", {"2S", "6C", "9S", "7C"}),  # black -> black
        ("sorciere", "4H", {"2S", "6C", "9S", "7C"}),  # red -> black
        ("sorciere", "7S", {"AH", "5D", "10H"}),  # black -> red
    ],
)
def test_each_book_character_plays_by_its_own_discard_rule(role, top, allowed):
    s = game([role, "reine" if role != "reine" else "prince"], [PROBE, OTHER], top)
    assert plays(s, 0) == allowed
    forbidden = next(c for c in PROBE if c not in allowed)
    assert refusal(s, 0, f"play:{forbidden}") == "role_forbids"


# --- the variant characters -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("role", "top", "allowed"),
    [
        ("prof", "4H", {"2S", "6C", "10H"}),  # even -> even
        ("prof", "7S", {"AH", "5D", "9S", "7C"}),  # odd -> odd
        ("joyeux", "4H", {"AH", "5D", "10H"}),  # even -> red
        ("joyeux", "7S", {"2S", "6C", "9S", "7C"}),  # odd -> black
        ("simplet", "4H", {"6C", "9S", "10H", "7C"}),  # even -> >= 6
        ("simplet", "7S", {"AH", "2S", "5D"}),  # odd -> <= 5
        ("timide", "4H", {"AH", "5D", "9S", "7C"}),  # red -> odd
        ("timide", "7S", {"2S", "6C", "10H"}),  # black -> even
        ("grincheux", "4H", {"AH", "2S"}),  # red -> lower or equal
        ("grincheux", "5H", {"AH", "2S", "5D"}),  # ... equal counts
        ("grincheux", "7S", {"9S", "10H"}),  # black -> strictly higher
        ("dormeur", "7S", {"2S", "6C", "10H"}),  # >= 6 -> even
        ("dormeur", "4H", {"AH", "5D", "9S", "7C"}),  # <= 5 -> odd
        ("dormeur", "6D", {"2S", "6C", "10H"}),
        ("dormeur", "5H", {"AH", "5D", "9S", "7C"}),
    ],
)
def test_each_variant_character_plays_by_its_own_discard_rule(role, top, allowed):
    other = [c for c in OTHER if c != top] + (["10D"] if top in OTHER else [])
    s = game([role, "reine"], [PROBE, other], top)
    assert s.roles[0] == role
    assert plays(s, 0) == allowed


def test_a_variant_with_nothing_playable_draws_like_anyone_else():
    # Grincheux on a black 10: nothing is strictly higher.
    s = game(["grincheux", "reine"], [PROBE, OTHER], "10S", draw=("10C",))
    assert s.to_move() == [1]
    assert types(s.view(0)["events"]) == ["dealt", "drew", "drawn_card", "kept"]
    assert "10C" in s.hands[0]


def test_variant_roles_extend_or_replace_the_pool_of_identities():
    extend = RULES.new(players=5, seed=3, options={"variant_roles": list(VARIANT_ROLES)})
    z = extend.zones()
    assert len(z["identities"]) == 5 and len(z["identities_aside"]) == 6
    assert z["identities"] == [IDENTITY_CARD[r] for r in extend.roles]
    replace = {"variant_roles": ["prof", "timide", "dormeur"], "variant_mode": "replace"}
    for seed in range(20):
        s = RULES.new(players=3, seed=seed, options=replace)
        assert sorted(s.roles) == ["dormeur", "prof", "timide"]
    with pytest.raises(ValueError):
        RULES.new(players=4, seed=1, options=replace)


@pytest.mark.parametrize(
    "options",
    [
        {"variant_roles": ["blanche-neige"]},
        {"variant_roles": ["prof", "prof"]},
        {"variant_roles": ["prof"], "variant_mode": "replace"},
        {"roles": ["prof", "reine"]},
        {"roles": ["reine", "reine"]},
        {"deck": DRAW_DECK[:39]},
        {"deck": [*DRAW_DECK[:39], "QH"]},
    ],
)
def test_invalid_options_are_refused(options):
    with pytest.raises(ValidationError):
        RULES.Options(**options)


# --- mirror pairs ---------------------------------------------------------------------------
def test_a_mirror_pair_is_checked_once_against_the_top_and_shouted():
    # 9♦ alone could not go on 9♥ for Blanche-Neige: the pair is one play on the 4.
    s = game(["blanche-neige", "reine"], [["9H", "9D", "2S", *PROBE[3:7]], OTHER], "4D")
    assert "play:9H+9D" in ids(s, 0)
    events = s.apply(0, "play:9H+9D")
    assert types(events) == ["played", "shout"]
    assert events[0]["cards"] == ["9H", "9D"]
    assert s.discard[-2:] == ["9H", "9D"] and s.view(1)["top"] == "9D"
    assert s.to_move() == [1] and len(s.hands[0]) == 5


def test_pair_ids_put_hearts_before_diamonds_and_spades_before_clubs():
    hand = ["5C", "5S", "9D", "9H", "AH", "2H", "6H"]
    s = game(["reine", "prince"], [hand, OTHER], "4S")
    assert "play:5S+5C" in ids(s, 0)
    s = game(["reine", "prince"], [hand, OTHER], "4H")
    assert "play:9H+9D" in ids(s, 0)
    assert refusal(s, 0, "play:9D+9H") == "pair_order"
    assert refusal(s, 0, "play:9H+AH") == "not_a_pair"
    assert refusal(s, 0, "play:9H+9H") == "not_a_pair"


def test_a_pair_the_role_forbids_is_not_offered():
    s = game(["prince", "reine"], [["9H", "9D", "2S", *PROBE[3:7]], OTHER], "8S")
    assert "play:9H+9D" not in ids(s, 0)
    assert refusal(s, 0, "play:9H+9D") == "role_forbids"


def test_after_drawing_a_pair_must_include_the_drawn_card():
    hand = ["9H", "2S", "4C", "6C", "8S", "10C", "AH"]
    s = game(["blanche-neige", "reine"], [hand, OTHER], "4S", draw=("9D",))
    s.apply(0, "draw")
    assert sorted(ids(s, 0)) == ["keep", "play:9D", "play:9H+9D"]
    assert refusal(s, 0, "play:9H") == "must_play_drawn"
    s.apply(0, "play:9H+9D")
    assert s.discard[-1] == "9D" and "9H" not in s.hands[0]


# --- drawing --------------------------------------------------------------------------------
HAND_A = ["AH", "2S", "4C", "6C", "8S", "10C", "2D"]  # only the ace is odd


def test_drawing_is_allowed_even_with_a_playable_card():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H", draw=("3S",))
    assert ids(s, 0) == ["play:AH", "draw"]
    s.apply(0, "draw")
    assert s.phase == "drawn" and s.to_move() == [0]


def test_the_drawn_card_may_be_played_and_only_its_owner_sees_it():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H", draw=("3S",))
    events = s.apply(0, "draw")
    assert s.view(0)["drawn"] == "3S"
    assert s.view(1)["drawn"] is None and s.view(None)["drawn"] is None
    assert {"type": "drawn_card", "seat": 0, "card": "3S", "to": 0} in events
    assert all("3S" not in str(e) for e in s.view(1)["events"])
    assert ids(s, 0) == ["play:3S", "keep"]
    assert refusal(s, 0, "play:AH") == "must_play_drawn"
    events = s.apply(0, "play:3S")
    assert events[0] == {"type": "played", "seat": 0, "cards": ["3S"], "after_draw": True}
    assert s.to_move() == [1] and s.drawn is None


def test_keep_ends_the_turn_with_the_drawn_card_in_hand():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H", draw=("3S",))
    s.apply(0, "draw")
    assert refusal(s, 0, "draw") == "already_drew"
    events = s.apply(0, "keep")
    assert events == [{"type": "kept", "seat": 0, "forced": False}]
    assert "3S" in s.hands[0] and len(s.hands[0]) == 8
    assert s.to_move() == [1] and s.phase == "play"
    assert refusal(s, 1, "keep") == "nothing_drawn"


def test_a_player_with_nothing_playable_draws_and_may_play_the_drawn_card():
    evens = ["2S", "4C", "6C", "8S", "10C", "2D", "6D"]
    s = game(["blanche-neige", "reine"], [evens, OTHER], "4H", draw=("3S",))
    drew = s.view(1)["events"][1]
    assert drew == {"type": "drew", "seat": 0, "reason": "forced"}
    assert s.to_move() == [0] and ids(s, 0) == ["play:3S", "keep"]


def test_an_unplayable_forced_draw_is_kept_for_the_player():
    evens = ["2S", "4C", "6C", "8S", "10C", "2D", "6D"]
    s = game(["blanche-neige", "reine"], [evens, OTHER], "4H", draw=("8C",))
    assert types(s.view(None)["events"]) == ["dealt", "drew", "kept"]
    assert s.view(None)["events"][2]["forced"] is True
    assert s.to_move() == [1] and "8C" in s.hands[0]


def test_an_empty_draw_pile_is_rebuilt_from_the_discard_under_the_top():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H")
    old = list(s.draw)
    bury(s, old)
    assert s.view(0)["draw_size"] == 0 and s.view(0)["can_draw"]
    events = s.apply(0, "draw")
    assert events[0] == {"type": "reshuffled", "cards": len(old)}
    assert s.discard == ["4H"]
    new = [c for c in s.hands[0] if c not in HAND_A]
    assert len(new) == 1 and sorted([*s.draw, *new]) == sorted(old)


def test_the_draw_pile_is_rebuilt_as_often_as_it_empties():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H")
    for _ in range(6):
        bury(s, list(s.draw))
        seat = s.to_move()[0]
        assert s.view(seat)["can_draw"]
        events = s.apply(seat, "draw")
        assert events[0]["type"] == "reshuffled"
        if s.phase == "drawn":
            s.apply(seat, "keep")
    assert not s.is_over()


def test_the_rebuilt_pile_order_comes_from_the_seed():
    orders = []
    for seed in (1, 1, 2):
        s = RULES.new(
            players=2,
            seed=seed,
            options={"deck": stack([HAND_A, OTHER], "4H"), "roles": ["blanche-neige", "reine"]},
        )
        bury(s, list(s.draw))
        s.apply(s.to_move()[0], "draw")
        orders.append(list(s.draw))
    assert orders[0] == orders[1] != orders[2]


def test_with_the_top_discard_alone_and_no_draw_pile_pass_replaces_draw():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H")
    hand_out(s, lambda c: 1)
    assert ids(s, 0) == ["play:AH", "pass"]
    assert refusal(s, 0, "draw") == "cannot_draw"
    assert not s.view(0)["can_draw"]
    t = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H")
    assert refusal(t, 0, "pass") == "can_still_draw"


# --- end of the game ------------------------------------------------------------------------
THREE = [
    ["AH", "2C", "4C", "6C", "8C", "10C", "2D"],  # Blanche-Neige: only AH is odd
    ["2S", "3S", "4S", "5S", "6S", "7S", "8S"],  # Reine: no red card
    ["2H", "3H", "5H", "6H", "7H", "8H", "9H"],  # Sorcière: no black card
]


def test_a_full_round_without_a_play_when_nothing_can_be_drawn_ends_the_game():
    # The Reine (red on red) holds only black cards, the Sorcière (black on red) only red.
    s = game(["blanche-neige", "reine", "sorciere"], THREE, "4H")
    hand_out(s, lambda c: 2 if is_red(c) else 1)
    assert s.discard == ["4H"] and not s.view(0)["can_draw"]
    events = s.apply(0, "pass")  # it could play AH, and chooses not to
    assert [(e["type"], e.get("seat"), e.get("forced")) for e in events[:3]] == [
        ("passed", 0, False),
        ("passed", 1, True),
        ("passed", 2, True),
    ]
    assert s.is_over() and s.to_move() == []
    over = events[-1]
    assert over["type"] == "game_over" and over["reason"] == "blocked" and over["winner"] is None
    assert s.outcome() == Outcome(ranks=(1, 2, 3), scores=(7, 15, 17), unit="card")


def test_a_play_makes_the_discard_pile_a_draw_pile_again():
    s = game(["blanche-neige", "reine", "sorciere"], THREE, "4H")
    hand_out(s, lambda c: 2 if is_red(c) else 1)
    events = s.apply(0, "play:AH")
    # The Reine cannot play on AH and draws the 4H, rebuilt from the discard under the ace.
    assert events[1] == {"type": "reshuffled", "cards": 1}
    assert not s.is_over() and s.to_move() == [1] and s.drawn == "4H"


def test_the_game_ends_exactly_when_every_player_has_passed_once_in_a_row():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H")
    hand_out(s, lambda c: 1)
    s.apply(0, "pass")
    assert not s.is_over() and ids(s, 1)[0] == "play:3H" and ids(s, 1)[-1] == "pass"
    events = s.apply(1, "pass")
    assert events[0] == {"type": "passed", "seat": 1, "forced": False, "passes": 2}
    assert s.is_over() and s.end == "blocked"
    assert s.outcome().ranks == (1, 2)


def test_a_play_resets_the_count_of_passes():
    # As above, but the Sorcière holds one black card, which it may play on the 4H.
    s = game(["blanche-neige", "reine", "sorciere"], THREE, "4H")
    hand_out(s, lambda c: 2 if is_red(c) or c == "AS" else 1)
    s.apply(0, "pass")
    assert s.view(2)["passes"] == 2 and s.to_move() == [2]  # the Reine passed by force
    s.apply(2, "play:AS")
    assert s.view(0)["passes"] == 0 and s.to_move() == [0]


def test_seed_40_finishes_with_a_winner_after_more_than_three_rebuilds():
    """Two players, seed 40, moves picked by `random.Random(442)`: a match that once ended
    blocked after its third rebuild of the draw pile, though cards could still be drawn."""
    s = RULES.new(players=2, seed=40)
    pick = random.Random(442)
    rebuilds = 0
    while not s.is_over():
        seat = s.to_move()[0]
        events = s.apply(seat, pick.choice(s.legal_actions(seat)).id)
        rebuilds += sum(e["type"] == "reshuffled" for e in events)
    assert rebuilds > 3
    assert s.end == "empty_hand" and s.winner is not None
    assert s.outcome().scores[s.winner] == 0


def test_the_game_ends_blocked_when_no_hand_can_ever_empty():
    # The Chasseur (low on low, high on high) holds every 7 and 9; the Dormeur (odd on a low
    # top, even on a high one) holds even cards. Nobody can ever put a high card on a low
    # top, so the Chasseur's cards and the Dormeur's even ones can never be played: the
    # few low cards would go round the draw pile for ever.
    chasseur = ["7S", "7C", "7H", "7D", "9S", "9C", "9H"]
    dormeur = ["2S", "4S", "2C", "4C", "AH", "3H", "5H"]
    s = game(["chasseur", "dormeur"], [chasseur, dormeur], "3C", draw=("6S",))
    assert s.to_move() == [1] and "6S" in s.hands[0]  # the Chasseur drew and kept by force
    s.draw.remove("9D")
    s.hands[0].append("9D")
    bury(s, list(s.draw))
    events = s.apply(1, "play:5H")
    # The Chasseur cannot play on the 5H and must draw: rather than rebuild the pile, the
    # game ends.
    assert s.is_over() and s.end == "blocked" and s.winner is None
    assert types(events) == ["played", "game_over"]
    assert s.outcome() == Outcome(ranks=(2, 1), scores=(9, 6), unit="card")


def test_the_pile_is_rebuilt_while_some_hand_may_still_empty():
    chasseur = ["7S", "7C", "7H", "7D", "9S", "9C", "9H"]
    dormeur = ["2S", "4S", "2C", "4C", "AH", "3H", "5H"]
    s = game(["chasseur", "dormeur"], [chasseur, dormeur], "3C", draw=("6S",))
    bury(s, list(s.draw))  # the 9D is among the loose cards: the Dormeur may play it
    events = s.apply(1, "play:5H")
    assert not s.is_over() and "reshuffled" in types(events)


def test_options_and_snapshots_stored_with_a_rebuild_limit_still_load():
    options = RULES.Options(max_reshuffles=3, miroir_a_la_volee=True)
    assert options == RULES.Options(miroir_a_la_volee=True)
    assert "max_reshuffles" not in options.model_dump()
    s = RULES.new(players=3, seed=5, options={"max_reshuffles": 0})
    assert s.options == RULES.Options()
    old = json.loads(s.to_json())
    old["options"]["max_reshuffles"] = 3
    old["data"]["reshuffles"] = 3
    restored = RULES.from_json(json.dumps(old))
    assert restored == s
    seat = restored.to_move()[0]
    restored.apply(seat, restored.legal_actions(seat)[0].id)


def test_the_first_empty_hand_wins_and_the_others_rank_by_cards_left():
    s = game(["blanche-neige", "reine", "sorciere"], THREE, "4H")
    bury(s, THREE[0][1:] + THREE[2][3:])
    events = s.apply(0, "play:AH")
    assert s.is_over() and s.winner == 0
    assert events[-1]["reason"] == "empty_hand" and events[-1]["winner"] == 0
    assert s.outcome() == Outcome(ranks=(1, 3, 2), scores=(0, 7, 3), unit="card")
    assert s.view(None)["scores"] == [0, 7, 3]
    with pytest.raises(IllegalAction):
        s.apply(1, "draw")


def test_a_shouted_pair_can_be_the_winning_play():
    s = game(["blanche-neige", "reine"], [["9H", "9D", "2S", *PROBE[3:7]], OTHER], "4D")
    bury(s, ["2S", *PROBE[3:7]])
    events = s.apply(0, "play:9H+9D")
    assert types(events) == ["played", "shout", "game_over"] and s.winner == 0


# --- miroir à la volée ----------------------------------------------------------------------
VOLEE_HANDS = [
    ["9H", "9D", "2C", "4C", "6C", "8C", "10C"],
    ["3H", "2S", "3S", "4S", "5S", "6S", "7S"],
    ["2H", "5H", "6H", "7H", "8H", "AS", "AC"],
]
VOLEE_ROLES = ["blanche-neige", "reine", "sorciere"]


def volee(**options: object) -> games.GameState:
    s = game(VOLEE_ROLES, VOLEE_HANDS, "4D", ("10S",), miroir_a_la_volee=True, **options)
    s.apply(0, "play:9H+9D")
    return s


def test_a_volee_pair_opens_a_race_to_shout_or_challenge():
    s = volee()
    assert types(s.view(0)["events"]) == ["played"]
    assert s.to_move() == [1, 0, 2]
    assert ids(s, 0) == ["shout"]
    assert ids(s, 2) == ["challenge"]
    assert ids(s, 1) == ["play:3H", "draw", "challenge"]
    v = s.view(2)
    assert v["pending_pair"] == ["9H", "9D"] and v["pending_seat"] == 0
    assert refusal(s, 0, "challenge") == "own_pair"
    assert refusal(s, 2, "shout") == "not_your_pair"
    assert refusal(s, 1, "accept") == "nothing_to_accept"
    assert refusal(s, 0, "draw") == "not_your_turn"


def test_shouting_first_closes_the_race_and_no_challenge_is_left():
    s = volee()
    assert s.apply(0, "shout") == [{"type": "shout", "seat": 0}]
    assert s.to_move() == [1] and "challenge" not in ids(s, 1)
    assert s.view(1)["pending_pair"] is None
    assert refusal(s, 1, "challenge") == "no_pending_pair"
    assert refusal(s, 2, "challenge") == "not_your_turn"


def test_a_challenge_returns_the_pair_and_the_player_draws_a_penalty_card():
    s = volee()
    events = s.apply(2, "challenge")
    assert types(events) == ["challenged", "drew", "drawn_card"]
    assert events[0] == {"type": "challenged", "seat": 2, "target": 0, "cards": ["9H", "9D"]}
    assert events[1]["reason"] == "penalty" and events[2]["to"] == 0
    assert sorted(s.hands[0]) == sorted([*VOLEE_HANDS[0], "10S"])
    assert s.discard == ["4D"] and s.to_move() == [1]
    assert s.phase == "play" and s.drawn is None
    assert s.view(None)["revealed"][0] == ["9H", "9D"]
    other = s.determinize(1, Rng(5))
    assert {"9H", "9D"} <= set(other.hands[0])


def test_the_next_players_action_lets_the_pair_stand():
    s = volee()
    events = s.apply(1, "play:3H")
    assert types(events) == ["pair_stands", "played"]
    assert s.to_move() == [2]
    assert refusal(s, 2, "challenge") == "no_pending_pair"
    assert s.discard[-3:] == ["9H", "9D", "3H"]


def test_a_challenge_with_nothing_to_draw_counts_as_a_turn_without_a_play():
    s = game(VOLEE_ROLES, VOLEE_HANDS, "4D", miroir_a_la_volee=True)
    hand_out(s, lambda c: 2)
    s.apply(0, "play:9H+9D")
    events = s.apply(1, "challenge")
    assert types(events) == ["challenged"]
    assert len(s.hands[0]) == 7 and s.passes == 1


def test_a_volee_pair_that_empties_the_hand_waits_for_the_race():
    s = game(VOLEE_ROLES, VOLEE_HANDS, "4D", miroir_a_la_volee=True)
    bury(s, VOLEE_HANDS[0][2:])
    s.apply(0, "play:9H+9D")
    assert not s.is_over() and s.to_move() == [1, 0, 2]
    assert ids(s, 1) == ["challenge", "accept"]
    assert refusal(s, 1, "play:3H") == "pair_pending"
    assert refusal(s, 2, "accept") == "not_your_turn"
    won = s.copy()
    assert types(won.apply(1, "accept")) == ["pair_stands", "game_over"] and won.winner == 0
    shouted = s.copy()
    assert types(shouted.apply(0, "shout")) == ["shout", "game_over"]
    s.apply(2, "challenge")
    assert not s.is_over() and len(s.hands[0]) == 3


def test_without_the_volee_option_there_is_no_race():
    s = game(VOLEE_ROLES, VOLEE_HANDS, "4D", ("10S",))
    s.apply(0, "play:9H+9D")
    assert s.to_move() == [1]
    assert refusal(s, 1, "challenge") == "no_pending_pair"
    assert refusal(s, 1, "shout") == "no_pending_pair"


# --- refusals, views, determinization --------------------------------------------------------
def test_refusals_name_the_precise_reason():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H", draw=("3S",))
    assert refusal(s, 1, "draw") == "not_your_turn"
    assert refusal(s, 0, "nonsense") == "unknown_action"
    assert refusal(s, 0, "play:QH") == "unknown_card"
    assert refusal(s, 0, "play:AH+AD+2H") == "unknown_card"
    assert refusal(s, 0, "play:3H") == "not_in_hand"
    assert refusal(s, 0, "keep") == "nothing_drawn"
    assert refusal(s, 0, "accept") == "no_pending_pair"


def test_views_show_public_facts_and_only_the_own_hand():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H")
    v = s.view(0)
    assert v["hand"] == ["AH", "2S", "2D", "4C", "6C", "8S", "10C"]
    assert v["roles"] == ["blanche-neige", "reine"] and v["top"] == "4H"
    assert v["draw_size"] == 25 and v["discard_size"] == 1 and v["turn"] == 0
    assert v["hand_sizes"] == [7, 7] and v["drawn"] is None
    assert s.view(None)["hand"] == []


def test_determinize_redeals_hidden_cards_and_keeps_the_drawn_card_playable():
    s = game(["blanche-neige", "reine"], [HAND_A, OTHER], "4H", draw=("3S",))
    s.apply(0, "draw")
    seen = set()
    for k in range(30):
        other = s.determinize(1, Rng(k))
        assert other.view(1) == s.view(1)
        assert other.hands[1] == s.hands[1] and other.discard == s.discard
        assert other.drawn in other.hands[0] and other.drawn not in s.hands[1]
        assert "play:" + other.drawn in ids(other, 0)
        assert all(e.get("to") in (None, 1) for e in other.events)
        assert other.rng.state != s.rng.state
        seen.add(tuple(sorted(other.hands[0])))
    assert len(seen) > 1
    own = s.determinize(0, Rng(3))
    assert own.drawn == "3S" and sorted(own.hands[0]) == sorted(s.hands[0])


# --- random play ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"variant_roles": list(VARIANT_ROLES)},
        {"variant_roles": list(VARIANT_ROLES), "variant_mode": "replace"},
        {"miroir_a_la_volee": True, "variant_roles": ["grincheux", "prof"]},
    ],
)
def test_random_games_end_and_keep_the_contract(options):
    for seed in range(8):
        players = 2 + seed % 4
        s = RULES.new(players=players, seed=seed, options=options)
        pick = Rng(seed + 100)
        cards = all_cards(s)
        moves = []
        for step in range(5000):
            if s.is_over():
                break
            seat = pick.choice(s.to_move())
            if step % 5 == 0:
                check_illegal_changes_nothing(s)
                check_determinize(s, step)
                check_views(s)
            action = pick.choice(s.legal_actions(seat)).id
            s.apply(seat, action)
            moves.append((seat, action))
            assert all_cards(s) == cards
        assert s.is_over()
        assert RULES.replay(players, seed, options, moves) == s
        assert RULES.from_json(s.to_json()) == s


# --- what a forced draw shows -----------------------------------------------------------
def ruled_out_count(state: games.GameState, s: int, hand: list[str]) -> int:
    """How many of `hand`'s hidden cards seat `s`'s last forced draw or pass ruled out."""
    from games.blanche_neige.rules import ALLOWED

    void = state.shown_void[s]  # type: ignore[attr-defined]
    hidden = list(hand)
    for k in state.known[s]:  # type: ignore[attr-defined]
        hidden.remove(k)
    return sum(1 for c in hidden if c in ALLOWED[state.roles[s]][void[0]])  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(12))
def test_a_forced_draw_rules_out_cards_in_every_redeal_and_never_the_truth(seed: int) -> None:
    """After a forced draw, at most the cards drawn since can be ones that seat could have
    played on that top: true of the real hand (the inference is sound) and of redeals."""
    players = 2 + seed % 3
    state = RULES.new(players=players, seed=seed, options={"miroir_a_la_volee": False})
    pick, redeal = Rng(seed), Rng(1000 + seed)
    while not state.is_over():
        for s in range(players):
            void = state.shown_void[s]  # type: ignore[attr-defined]
            if void is None:
                continue
            allowance = void[1]
            assert ruled_out_count(state, s, state.hands[s]) <= allowance  # type: ignore[attr-defined]
            observer = (s + 1) % players
            d = state.determinize(observer, redeal)
            assert d.view(observer) == state.view(observer)
            if ruled_out_count(d, s, d.hands[s]) > allowance:  # type: ignore[attr-defined]
                assert not [c for c in d.draw if c not in ruled_out_pool(d, s)]  # type: ignore[attr-defined]
        seat = pick.choice(state.to_move())
        state.apply(seat, pick.choice(state.legal_actions(seat)).id)


def ruled_out_pool(state: games.GameState, s: int) -> set[str]:
    from games.blanche_neige.rules import ALLOWED

    void = state.shown_void[s]  # type: ignore[attr-defined]
    return set(ALLOWED[state.roles[s]][void[0]])  # type: ignore[attr-defined]


def test_snapshots_from_before_shown_void_still_load() -> None:
    state = RULES.new(players=3, seed=5)
    snap = state.snapshot()
    del snap["data"]["shown_void"]
    old = type(state).from_snapshot(snap)
    assert old.shown_void == [None, None, None]  # type: ignore[attr-defined]
    assert old.legal_actions(old.to_move()[0]) == state.legal_actions(state.to_move()[0])


def test_the_engines_deadlock_check_is_the_plain_rule_on_every_position() -> None:
    """`stuck_for_ever` (bit masks) answers as `nobody_can_go_out` (sets): on random
    positions (any characters, most of the deck in hand), and on positions a few cards away
    from the Chasseur and Dormeur deadlock above, stuck or not."""
    rng = random.Random(7)
    deck = list(DRAW_DECK)
    stuck = [["7S", "7C", "7H", "7D", "9S", "9C", "9H", "9D"], ["2S", "4S", "2C", "4C", "AH", "3H"]]
    answers = []
    for n in range(3000):
        if n % 2:
            players = rng.randint(2, 5)
            roles = rng.sample(ALL_ROLES, players)
            cards = rng.sample(deck, 40)
            top, rest = cards[0], cards[1 + rng.randint(0, 6) :]
            hands = [rest[i::players] for i in range(players)]
        else:
            roles, top = ["chasseur", "dormeur"], "5H"
            hands = [list(h) for h in stuck]
            for card in rng.sample([c for c in deck if c != top], rng.randint(0, 2)):
                for hand in hands:
                    if card in hand:
                        hand.remove(card)
                home = rng.randint(0, 2)  # a hand, or the loose cards
                if home < 2:
                    hands[home].append(card)
            hands = [h or [rng.choice(stuck[i])] for i, h in enumerate(hands)]
        plain = nobody_can_go_out(hands, roles, top)
        assert stuck_for_ever(hands, roles, top) == plain, (hands, roles, top)
        answers.append(plain)
    assert 0 < sum(answers) < len(answers)  # both kinds of position were met
