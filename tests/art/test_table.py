from __future__ import annotations

import io
import itertools
from dataclasses import replace

import pytest
from PIL import Image

import art
from art import Box, Fact, Played, Seat, TableScene, Zone, table, text
from art.demo import sample_scenes
from art.palette import TURN

NAMES = ("Camille", "Bastien", "Inès", "Théo", "Lucie", "Marco", "Nour", "Paul", "Zoé")


def scene(n: int, turn: int = 0, **kw) -> TableScene:
    return TableScene(
        "Manille · donne 1",
        tuple(Seat(NAMES[i], cards=8 - i, turn=i == turn, score=f"{i} pts") for i in range(n)),
        **kw,
    )


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


@pytest.mark.parametrize("name", list(sample_scenes()))
def test_sample_tables_decode_at_the_expected_size_and_stay_small(name):
    data = table.draw_table(sample_scenes()[name])
    assert len(data) <= 60_000
    assert _decode(data).size == (table.WIDTH, table.HEIGHT)


@pytest.mark.parametrize("n", range(1, 10))
def test_every_seat_gets_a_plate_with_its_name(n):
    places = table.seat_layout(scene(n))
    assert [p.seat for p in places] == list(range(n))
    assert [p.name for p in places] == list(NAMES[:n])
    for place in places:
        x0, y0, x1, y1 = place.rect
        assert 0 <= x0 < x1 <= table.WIDTH and table.HEADER <= y0 < y1 <= table.HEIGHT
    for a, b in itertools.combinations(places, 2):
        assert _disjoint(a.rect, b.rect), (a, b)


@pytest.mark.parametrize("n", range(2, 10))
def test_the_middle_of_the_felt_is_left_free_for_the_cards(n):
    places = table.seat_layout(scene(n))
    middle = table.centre_rect(places)
    assert middle[2] - middle[0] >= 320 and middle[3] - middle[1] >= 240
    for place in places:
        assert _disjoint(middle, place.rect)


def test_a_long_name_is_shortened_to_fit_its_plate():
    long = "Marie-Charlotte de la Tour d'Auvergne"
    place = table.seat_layout(TableScene("t", (Seat(long, cards=3), Seat("Bo"))))[0]
    assert place.name != long and place.name.endswith("…")
    assert text.width(place.name, place.name_size) <= table.name_width(Seat(long, cards=3), 2)


def test_the_seat_whose_turn_it_is_is_ringed_in_gold():
    for turn in (1, 2):
        s = scene(4, turn=turn)
        img = table.draw_table_image(s)
        for place in table.seat_layout(s):
            x0, y0, x1, _ = place.rect
            r, g, b = img.getpixel(((x0 + x1) // 2, y0))
            near_gold = abs(r - TURN[0]) + abs(g - TURN[1]) + abs(b - TURN[2]) < 90
            assert near_gold == (place.seat == turn), place


def test_a_scene_draws_the_same_picture_every_time():
    s = sample_scenes()["bianco-mano"]
    assert table.draw_table(s) == table.draw_table(s)


def test_busy_scenes_fit_the_picture():
    busy = scene(
        6,
        zones=(
            Zone(
                "Pli",
                tuple(Played(c, i) for i, c in enumerate(("AS", "2S", "3S", "4S", "5S", "6S"))),
            ),
            Zone(
                "Suite",
                tuple(
                    Played(c)
                    for c in (
                        "AH",
                        "2H",
                        "3H",
                        "4H",
                        "5H",
                        "6H",
                        "7H",
                        "8H",
                        "9H",
                        "10H",
                        "JH",
                        "QH",
                        "KH",
                    )
                ),
                face_down=30,
            ),
        ),
        boxes=tuple(Box(f"Case {i}", i * 3) for i in range(10)),
        facts=(
            Fact("Atout", "pique", suit="S"),
            Fact("Retourne", "", card="7D"),
            Fact("Dominante", "verte", suit="V"),
        ),
    )
    data = table.draw_table(busy)
    assert len(data) <= 60_000
    assert _decode(data).size == (table.WIDTH, table.HEIGHT)


def test_scenes_refuse_what_cannot_be_drawn():
    with pytest.raises(ValueError):
        TableScene("t", tuple(Seat(str(i)) for i in range(10)))
    with pytest.raises(ValueError):
        TableScene("t", (Seat("a"), Seat("b")), zones=(Zone("z", (Played("AS", 2),)),))
    with pytest.raises(ValueError):
        Seat("a", team=4)
    with pytest.raises(ValueError):
        Seat("a", cards=-1)
    with pytest.raises(ValueError):
        Seat("a", identity="nain")
    with pytest.raises(ValueError):
        Played("1H")
    with pytest.raises(ValueError):
        Box("Roi", 3, card="KX")
    with pytest.raises(ValueError):
        Box("Roi", -1)
    with pytest.raises(ValueError):
        Fact("Atout", suit="X")
    assert Fact("Dominante", suit="V").suit == "V" and Fact("Atout", suit="S").suit == "S"


def test_scenes_built_from_lists_are_hashable():
    s = TableScene(
        "t", [Seat("a", marks=["preneur"]), Seat("b")], zones=[Zone("z", ["AS", Played("KS", 1)])]
    )
    assert hash(s) == hash(s)
    assert s.zones[0].cards == (Played("AS"), Played("KS", 1))


def _disjoint(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("n", range(2, 7))
def test_a_trick_lays_each_card_in_front_of_the_seat_that_played_it(n):
    played = tuple(
        Played(c, i)
        for i, c in enumerate(("AS", "KH", "QD", "JC", "10S", "9H", "8D", "7C", "6S")[:n])
    )
    s = scene(n, zones=(Zone("Pli", played, around=True),))
    places = table.seat_layout(s)
    area = table.centre_rect(places)
    spots = table.around_spots(played, area, places, 76)
    for p, (x, y) in zip(played, spots, strict=True):
        assert area[0] <= x <= area[2] and area[1] <= y <= area[3]
        distances = {
            q.seat: (x - (q.rect[0] + q.rect[2]) / 2) ** 2 + (y - (q.rect[1] + q.rect[3]) / 2) ** 2
            for q in places
        }
        assert min(distances, key=distances.__getitem__) == p.seat


def test_characters_the_font_lacks_are_left_out_of_names():
    s = TableScene("t", (Seat("Zoé 🎲 王小明", cards=2), Seat("🎲🎲"), Seat("Дмитрий")))
    assert [p.name for p in table.seat_layout(s)] == ["Zoé", "?", "Дмитрий"]
    assert text.printable("Ünal Şahin — 10 jetons") == "Ünal Şahin — 10 jetons"


def test_fits_tells_when_the_zones_would_run_over_the_plates() -> None:
    for scene in sample_scenes().values():
        assert art.fits(scene)
    base = sample_scenes()["bonanza"]
    row = Zone("Rangée", tuple(Played(c) for c in ("2S", "3S", "4S")))
    assert not art.fits(replace(base, zones=(*base.zones, row, row, row)))


def test_header_fits_tells_when_facts_would_cut_the_title() -> None:
    facts = (Fact("Atout", "cœur", suit="H"), Fact("Plis", "3 / 8"))
    assert art.header_fits("Manille", facts)
    assert not art.header_fits("Bonanza · enchères sur le mort", facts * 3)


RUN = tuple(
    f"{rank}C" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_overlapping_cards_leave_each_index_in_view(lang: str) -> None:
    """A row too long for the felt overlaps its cards, but never over the next card's
    index (the `10` is the widest): where that cannot be, only the last cards show."""
    for n in range(2, len(RUN) + 1):
        for width in range(260, 700, 40):
            for card_h in table.ZONE_HEIGHTS:
                zone = Zone("Sur le tapis", RUN[:n])
                row = table.row_layout(zone, NAMES, card_h, width, lang)
                assert [p.card for p in row.shown] == list(RUN[n - len(row.shown) : n])
                for (a, x), (_, nx) in itertools.pairwise(zip(row.shown, row.xs, strict=True)):
                    assert nx - x >= art.cards.index_right(a.card, card_h, lang), (n, width)
                card_w = art.cards.card_size(card_h)[0]
                assert row.xs[-1] + card_w <= width


def test_the_tens_index_is_wider_than_an_aces() -> None:
    """The index measure follows the drawn rank: `10` reaches further than `A`."""
    for height in table.ZONE_HEIGHTS:
        w = art.cards.card_size(height)[0]
        ten, ace = art.cards.index_right("10C", height), art.cards.index_right("AC", height)
        assert w / 2 < ace < ten < w
        assert art.cards.index_right("MAR", height) == w  # no index: the emblem is the card


def test_a_trick_in_a_row_tags_every_card_with_the_whole_name() -> None:
    """Under a trick laid in a row (the last trick), each card's tag holds its player's
    whole name at 9 px or more, and no tag runs into the next one, in the middle of the
    felt of a table of 3 to 9 seats (344 to 396 px wide)."""
    names = ("Camille", "Bastien", "Inès", "Théo", "Dominique")
    rects = [table.centre_rect(table.seat_layout(scene(n))) for n in range(3, 10)]
    for n in (2, 3, 4, 5):
        zone = Zone("Dernier pli", tuple(Played(c, i) for i, c in enumerate(RUN[:n])))
        for width in sorted({x1 - x0 for x0, _, x1, _ in rects}):
            for card_h in table.ZONE_HEIGHTS:
                row = table.row_layout(zone, names, card_h, width)
                assert len(row.shown) == n
                for played, tag in zip(row.shown, row.tags, strict=True):
                    assert tag is not None and tag[0] == names[played.seat] and tag[1] >= 9
                step = row.xs[1] - row.xs[0]
                widths = [table.tag_width(*tag) for tag in row.tags if tag]
                assert max(widths) + table.TAG_GAP <= step + 0.5, (n, width, card_h)


def test_a_box_label_is_never_cut() -> None:
    """A box's label keeps every letter at 9 px or more: a long one widens its box."""
    for label in ("Nain jaune 7♦", "Yellow Dwarf 7♦", "Dame-Valet", "Queen-Jack", "A♠", "Pot"):
        text_drawn, size, w = table.box_label(Box(label, 3, card="7D"), 400)
        assert text_drawn == label and size >= 9
        assert text.width(label, size) <= w - 6
    boxes = tuple(Box(label, 1) for label in ("Nain jaune 7♦", "10♦", "V♣", "D♠", "R♥"))
    rows = table.box_rows(boxes, 300)
    assert sorted(i for row in rows for i in row) == list(range(len(boxes)))
    for row in rows:
        widths = [table.box_label(boxes[i], 300)[2] for i in row]
        assert sum(widths) + table.BOX_GAP * (len(row) - 1) <= 300
