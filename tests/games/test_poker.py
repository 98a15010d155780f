"""The poker evaluator: category order, kickers, the wheel, the wild joker, big hands."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import deck52
from games.poker import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    best_five,
    best_hand,
    describe,
)

DECK = deck52()
VALUES = {
    r: v
    for v, r in enumerate(
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], start=2
    )
}


def h(text: str) -> list[str]:
    return text.split()


def value_of(card: str) -> int:
    return VALUES[card[:-1]]


def reference_five(cards: tuple[str, ...]) -> tuple[int, ...]:
    """A plain five-card evaluator written from the book, independent of games.poker."""
    vals = sorted((value_of(c) for c in cards), reverse=True)
    flush = len({c[-1] for c in cards}) == 1
    uniq = sorted(set(vals), reverse=True)
    top = 0
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            top = uniq[0]
        elif uniq == [14, 5, 4, 3, 2]:
            top = 5
    groups = sorted(Counter(vals).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    ranks = [v for v, _ in groups]
    if top and flush:
        return (STRAIGHT_FLUSH, top)
    if shape == [4, 1]:
        return (FOUR_OF_A_KIND, *ranks)
    if shape == [3, 2]:
        return (FULL_HOUSE, *ranks)
    if flush:
        return (FLUSH, *vals)
    if top:
        return (STRAIGHT, top)
    if shape == [3, 1, 1]:
        return (THREE_OF_A_KIND, *ranks)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, *ranks)
    if shape == [2, 1, 1, 1]:
        return (PAIR, *ranks)
    return (HIGH_CARD, *vals)


def reference_best(cards: list[str]) -> tuple[int, ...]:
    """Best of every five-card choice; the joker tried as every card not in the hand."""
    naturals = [c for c in cards if c != "JK"]
    if "JK" in cards:
        return max(reference_best([*naturals, sub]) for sub in DECK if sub not in naturals)
    return max(reference_five(combo) for combo in combinations(naturals, 5))


ONE_OF_EACH = [
    h("2S 5H 7D 9C JS"),  # high card
    h("2S 2H 7D 9C JS"),  # pair
    h("2S 2H 7D 7C JS"),  # two pair
    h("2S 2H 2D 9C JS"),  # three of a kind
    h("5S 6H 7D 8C 9S"),  # straight
    h("2H 5H 7H 9H JH"),  # flush
    h("2S 2H 2D 9C 9S"),  # full house
    h("2S 2H 2D 2C JS"),  # four of a kind
    h("5D 6D 7D 8D 9D"),  # straight flush
]


def test_one_hand_of_each_category_gets_that_category() -> None:
    cats = [best_hand(hand)[0] for hand in ONE_OF_EACH]
    assert cats == list(range(9))
    assert [CATEGORY_NAMES[c] for c in cats][-1] == "straight-flush"


@pytest.mark.parametrize("lower", range(9))
def test_every_category_beats_every_lower_one_even_with_lower_ranks(lower: int) -> None:
    # A category's weakest hand still beats the best hand of every lower category.
    weakest = {
        PAIR: h("2S 2H 3D 4C 6S"),
        TWO_PAIR: h("2S 2H 3D 3C 4S"),
        THREE_OF_A_KIND: h("2S 2H 2D 3C 4S"),
        STRAIGHT: h("AS 2H 3D 4C 5S"),
        FLUSH: h("2H 3H 4H 5H 7H"),
        FULL_HOUSE: h("2S 2H 2D 3C 3S"),
        FOUR_OF_A_KIND: h("2S 2H 2D 2C 3S"),
        STRAIGHT_FLUSH: h("AD 2D 3D 4D 5D"),
    }
    strongest = {
        HIGH_CARD: h("AS KH QD JC 9S"),
        PAIR: h("AS AH KD QC JS"),
        TWO_PAIR: h("AS AH KD KC QS"),
        THREE_OF_A_KIND: h("AS AH AD KC QS"),
        STRAIGHT: h("10S JH QD KC AS"),
        FLUSH: h("AH KH QH JH 9H"),
        FULL_HOUSE: h("AS AH AD KC KS"),
        FOUR_OF_A_KIND: h("AS AH AD AC KS"),
    }
    for higher in range(lower + 1, 9):
        assert best_hand(weakest[higher]) > best_hand(strongest[lower]), (higher, lower)


def test_straight_flushes_rank_by_top_card_with_the_ace_high_one_first() -> None:
    royal = best_hand(h("10S JS QS KS AS"))
    king_high = best_hand(h("9H 10H JH QH KH"))
    queen_high = best_hand(h("8C 9C 10C JC QC"))
    steel_wheel = best_hand(h("AD 2D 3D 4D 5D"))
    assert royal == (STRAIGHT_FLUSH, 14)
    assert royal > king_high > queen_high > steel_wheel
    assert steel_wheel == (STRAIGHT_FLUSH, 5)


def test_the_wheel_is_the_lowest_straight_and_straights_do_not_wrap() -> None:
    wheel = best_hand(h("AS 2H 3D 4C 5S"))
    six_high = best_hand(h("2H 3D 4C 5S 6H"))
    assert wheel == (STRAIGHT, 5)
    assert six_high > wheel
    assert best_hand(h("QS KH AD 2C 3S"))[0] == HIGH_CARD
    assert best_hand(h("10S JH QD KC AS")) == (STRAIGHT, 14)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("AS AH 9D 5C 3S", "AS AH 9D 5C 2H"),  # pair: last kicker
        ("KS KH 9D 5C 3S", "QS QH AD KC JS"),  # pair: the pair before kickers
        ("9S 9H 5D 5C 4S", "9S 9H 5D 5C 3S"),  # two pair: kicker
        ("9S 9H 6D 6C 2S", "9S 9H 5D 5C AS"),  # two pair: second pair
        ("7S 7H 7D KC 2S", "7S 7H 7D QC JS"),  # three of a kind: kickers
        ("3S 3H 3D 3C 5S", "3S 3H 3D 3C 4H"),  # four of a kind: kicker
        ("4S 4H 4D 2C 2S", "3S 3H 3D AC AS"),  # full house: the three first
        ("4S 4H 4D 3C 3S", "4S 4H 4D 2C 2S"),  # full house: then the pair
        ("AH 9H 7H 5H 3H", "AH 9H 7H 5H 2H"),  # flush: fifth card
        ("AS QH 9D 5C 3S", "AS QH 9D 5C 2H"),  # high card: fifth card
    ],
)
def test_kickers_break_ties_inside_a_category(better: str, worse: str) -> None:
    assert best_hand(h(better)) > best_hand(h(worse))


def test_two_pair_kicker_may_come_from_a_third_pair() -> None:
    assert best_hand(h("9S 9H 5D 5C KS KD 2H")) == (TWO_PAIR, 13, 9, 5)
    assert best_hand(h("9S 9H 5D 5C 8S 8D 2H")) == (TWO_PAIR, 9, 8, 5)


def test_exactly_equal_hands_compare_equal_whatever_their_suits() -> None:
    assert best_hand(h("10S JS QS KS AS")) == best_hand(h("10H JH QH KH AH"))
    assert best_hand(h("AS KH 9D 5C 3S")) == best_hand(h("AH KD 9C 5S 3D"))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("JK 2S 5H 7D 9C", (PAIR, 9, 7, 5, 2)),  # pairs the highest card
        ("JK 2S 2H 7D 9C", (THREE_OF_A_KIND, 2, 9, 7)),  # a pair becomes three
        ("JK 2S 2H 7D 7C", (FULL_HOUSE, 7, 2)),  # two pair become a full house
        ("JK 2S 2H 2D 9C", (FOUR_OF_A_KIND, 2, 9)),  # three become four
        ("JK 5S 6H 8D 9C", (STRAIGHT, 9)),  # fills the gap
        ("JK 6S 7H 8D 9C", (STRAIGHT, 10)),  # extends at the top
        ("JK 2H 5H 7H 9H", (FLUSH, 14, 9, 7, 5, 2)),  # the missing ace of the suit
        ("JK AH 5H 7H 9H", (FLUSH, 14, 13, 9, 7, 5)),  # or the king when the ace is there
        ("JK 5D 6D 8D 9D", (STRAIGHT_FLUSH, 9)),
        ("JK 10S JS QS KS", (STRAIGHT_FLUSH, 14)),
        ("JK AD 2D 3D 4D", (STRAIGHT_FLUSH, 5)),
    ],
)
def test_the_joker_completes_each_category(hand: str, expected: tuple[int, ...]) -> None:
    assert best_hand(h(hand)) == expected


def test_the_joker_never_makes_five_of_a_kind() -> None:
    assert best_hand(h("AS AH AD AC JK")) == (FOUR_OF_A_KIND, 14, 13)
    assert best_hand(h("7S 7H 7D 7C JK")) == (FOUR_OF_A_KIND, 7, 14)


def test_the_joker_prefers_the_best_category_it_can_make() -> None:
    # Four tens with the joker beat the natural three nines and a pair.
    assert best_hand(h("10S 10H 10D 9S 9H 9D 2C JK")) == (FOUR_OF_A_KIND, 10, 9)
    # A straight flush with the joker beats natural four of a kind.
    assert best_hand(h("5S 5H 5D 5C 6C 7C 8C JK"))[0] == STRAIGHT_FLUSH


def test_a_26_card_hand_is_valued_by_its_best_five() -> None:
    cards = [c for c in DECK if c[-1] in "SH"]
    assert len(cards) == 26
    assert best_hand(cards) == (STRAIGHT_FLUSH, 14)
    # Ranks with no four in a row: the joker can only turn three kings into four.
    gappy = [r + s for s in "SHDC" for r in ("2", "4", "6", "8", "10", "Q", "K")][:25]
    assert best_hand([*gappy, "JK"]) == (FOUR_OF_A_KIND, 13, 12)
    assert best_hand(gappy) == (FOUR_OF_A_KIND, 8, 13)
    clubs_and_diamonds_low = [
        r + s for s in "DC" for r in ["2", "3", "4", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    ]
    assert best_hand([*clubs_and_diamonds_low, "5S", "JK"]) == (STRAIGHT_FLUSH, 14)


def test_fewer_than_five_cards_count_what_they_hold() -> None:
    assert best_hand(h("9S 9H 4D 2C")) == (PAIR, 9, 4, 2)
    assert best_hand(h("9S 9H 9D 9C")) == (FOUR_OF_A_KIND, 9)
    assert best_hand(h("9S 9H 4D")) < best_hand(h("9S 9H 4D 2C"))
    assert best_hand(h("JK 9H 4D 2C")) == (PAIR, 9, 4, 2)


def test_best_five_names_five_cards_of_the_same_value() -> None:
    for text in ["JK 2H 5H 7H 9H KS", "AS AH AD AC JK 3D", "2S 2H 2D 9C 9S 9D KH"]:
        hand = h(text)
        value, five = best_five(hand)
        assert len(five) == 5
        assert set(five) <= set(hand)
        assert best_hand(five) == value


def test_describe_gives_category_name_and_rank_ids() -> None:
    assert describe((FULL_HOUSE, 14, 10)) == {"category": "full-house", "ranks": ["A", "10"]}


card_lists = st.lists(st.sampled_from(DECK), min_size=5, max_size=9, unique=True)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(card_lists)
def test_natural_hands_match_a_brute_force_of_every_five_card_choice(cards: list[str]) -> None:
    assert best_hand(cards) == reference_best(cards)
    value, five = best_five(cards)
    assert value == reference_best(cards) and reference_five(tuple(five)) == value


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=6, unique=True))
def test_joker_hands_match_a_brute_force_of_every_card_it_may_stand_for(
    cards: list[str],
) -> None:
    hand = [*cards, "JK"]
    assert best_hand(hand) == reference_best(hand)
    value, five = best_five(hand)
    assert value == best_hand(hand)
    assert five.count("JK") <= 1 and len(five) == 5
