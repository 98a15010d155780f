from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from art import cards, hand
from art.palette import FELT


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def _top_of_cards(img: Image.Image) -> int:
    """The first row that is not plain felt."""
    bbox = ImageChops.difference(img, Image.new("RGB", img.size, FELT)).getbbox()
    assert bbox is not None
    return bbox[1]


@pytest.mark.parametrize("n", [1, 8, 22, 25])
def test_a_hand_picture_decodes_and_stays_small(n):
    hand_cards = list(cards.STANDARD_CARDS[:n])
    data = hand.draw_hand(hand_cards, set(hand_cards[::3]))
    assert len(data) <= 60_000
    img = _decode(data)
    assert img.width <= hand.MAX_WIDTH
    assert img.height < 260


def test_playable_cards_are_raised():
    hand_cards = ["7S", "9H", "QD"]
    flat = hand.draw_hand_image(hand_cards, set())
    raised = hand.draw_hand_image(hand_cards, {"9H"})
    assert flat.size == raised.size
    assert _top_of_cards(raised) < _top_of_cards(flat) - hand.RAISE // 2


def test_playable_cards_are_ringed_in_gold():
    hand_cards = ["7S", "9H", "QD"]
    raised = hand.draw_hand_image(hand_cards, {"7S"})
    golden = [
        c for _, c in raised.getcolors(1 << 16) or [] if c[0] > 200 and c[1] > 170 and c[2] < 150
    ]
    plain = hand.draw_hand_image(hand_cards, set())
    golden_plain = [
        c for _, c in plain.getcolors(1 << 16) or [] if c[0] > 200 and c[1] > 170 and c[2] < 150
    ]
    assert len(golden) > len(golden_plain) + 5


def test_fan_layout_places_every_card_inside_the_picture():
    for n in range(1, hand.MAX_CARDS + 1):
        width, height, spots = hand.fan_layout(n)
        assert len(spots) == n and width <= hand.MAX_WIDTH
        xs = [x for x, _, _ in spots]
        assert xs == sorted(xs)
        for x, y, angle in spots:
            assert 0 < x < width and 0 < y < height
            assert angle in hand.ANGLES


def test_a_hand_too_big_for_one_picture_is_refused():
    with pytest.raises(ValueError):
        hand.draw_hand(list(cards.STANDARD_CARDS[: hand.MAX_CARDS + 1]))
