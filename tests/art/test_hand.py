from __future__ import annotations

import io
import itertools
import math

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


def _red_pixels(img: Image.Image) -> int:
    """Pixels of a strong red, as the hearts' pips and corners are printed."""
    return sum(n for n, (r, g, b) in img.getcolors(1 << 16) or [] if r > 150 and g < 90 and b < 90)


def test_forbidden_cards_are_greyed_and_the_others_keep_their_colours():
    hand_cards = ["9H", "7S"]
    plain = hand.draw_hand_image(hand_cards, set())
    greyed = hand.draw_hand_image(hand_cards, set(), grey={"9H"})
    assert greyed.size == plain.size
    assert _red_pixels(plain) > 100 and _red_pixels(greyed) == 0  # the 9♥ lost its red
    black_only = hand.draw_hand_image(hand_cards, set(), grey={"7S"})
    assert _red_pixels(black_only) == _red_pixels(plain)
    assert black_only.tobytes() != plain.tobytes()


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


Point = tuple[float, float]
BIANCO_MANO_HAND = 12  # the most cards a Bianco Mano hand holds (three players, the taker)


def _placed(x: float, y: float, angle: float, u: float, v: float) -> Point:
    """Where the point (u, v) of an upright card (from its top-left corner) lands in the
    picture when the card's centre is at (x, y), turned clockwise by `angle` degrees."""
    w, h = cards.card_size(hand.CARD_H)
    a = math.radians(angle)
    du, dv = u - w / 2, v - h / 2
    return (x + du * math.cos(a) - dv * math.sin(a), y + du * math.sin(a) + dv * math.cos(a))


def _inside(p: Point, x: float, y: float, angle: float) -> bool:
    """Whether `p` lies on the card centred at (x, y) turned by `angle`."""
    w, h = cards.card_size(hand.CARD_H)
    a = math.radians(-angle)
    dx, dy = p[0] - x, p[1] - y
    u, v = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
    return abs(u) < w / 2 and abs(v) < h / 2


def _spots(n: int, raised: set[int]) -> list[tuple[float, float, float]]:
    _, _, spots = hand.fan_layout(n)
    out = []
    for i, (x, y, angle) in enumerate(spots):
        if i in raised:  # as draw_hand_image lifts a playable card
            x += hand.RAISE * math.sin(math.radians(angle))
            y -= hand.RAISE * math.cos(math.radians(angle))
        out.append((x, y, angle))
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_bianco_mano_name_stays_in_view_in_the_fan(lang: str) -> None:
    """A fanned card shows its left part only: its character's name lies there, and no
    point of the name's box falls under the next card, whatever the hand's size and
    whichever cards are raised."""
    w, h = cards.card_size(hand.CARD_H)
    top, bottom = 0.77 * h, h - 0.04 * w  # the name band
    # One card per figure: the name is the figure's, whatever its family.
    for card in (f.key + deck.families[0] for deck in cards.DECKS for f in deck.figures):
        left = cards.NAME_X * w
        right = cards.name_right(card, lang, hand.CARD_H)
        box = [(left, top), (right, top), (left, bottom), (right, bottom)]
        for n in range(2, BIANCO_MANO_HAND + 1):
            for raised in (set(), set(range(0, n, 2)), set(range(1, n, 2))):
                spots = _spots(n, raised)
                for (x, y, a), (nx, ny, na) in itertools.pairwise(spots):
                    covered = [p for p in box if _inside(_placed(x, y, a, *p), nx, ny, na)]
                    assert not covered, (card, n, sorted(raised))


def test_court_cards_read_in_the_tables_language() -> None:
    """French court cards read V, D, R and English ones J, Q, K: their faces differ by
    language, in the hand as on the table, while a card that reads the same is one face."""
    for card in ("JS", "QH", "KD"):
        for height in (40, 112, 150):
            assert cards.face(card, height, "en").tobytes() != cards.face(card, height).tobytes()
    for card in ("AS", "10H", "7C", cards.JOKER):
        assert cards.face(card, 112, "en") is cards.face(card, 112, "fr")
    assert cards.face("MAR", 40, "en") is cards.face("MAR", 40, "fr")  # no words when small
    assert cards.face("MAR", 150, "en").tobytes() != cards.face("MAR", 150).tobytes()
    french = hand.draw_hand_image(["QS", "7H"], (), "fr")
    english = hand.draw_hand_image(["QS", "7H"], (), "en")
    assert french.tobytes() != english.tobytes()
    assert hand.draw_hand(["7S", "8H"], (), "en") == hand.draw_hand(["7S", "8H"], (), "fr")
