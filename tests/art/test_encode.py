"""The pictures' encoding: small, since every one is uploaded, and faithful to the drawing."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from art import encode, hand, table
from art.demo import SAMPLE_HANDS, sample_scenes

# A table picture of the samples in bytes at most: the faster level 1 of zlib made them
# 36 to 44 KB, and what players upload is the bot's bandwidth (docs/performance.md).
MAX_TABLE_BYTES = 36_000


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def test_a_table_picture_is_small_and_decodes_to_the_drawing_s_size() -> None:
    for name, scene in sample_scenes().items():
        drawn = table.draw_table_image(scene)
        data = encode.to_png(drawn)
        assert len(data) <= MAX_TABLE_BYTES, (name, len(data))
        assert decoded(data).size == drawn.size


def test_the_level_changes_the_bytes_never_the_pixels() -> None:
    scene = sample_scenes()["bonanza"]
    drawn = table.draw_table_image(scene)
    fast, small = encode.to_png(drawn, level=1), encode.to_png(drawn)
    assert len(small) < 0.85 * len(fast)
    assert ImageChops.difference(decoded(fast), decoded(small)).getbbox() is None


def test_card_faces_keep_their_colours_once_encoded() -> None:
    cards, playable = SAMPLE_HANDS["manille"]
    drawn = hand.draw_hand_image(cards, playable)
    shown = decoded(hand.draw_hand(cards, playable))
    assert shown.size == drawn.size
    # The flat colours of the picture (the felt, the faces' ivory, the suits' red and
    # black, the court cards' gold) come out within a few levels wherever they are drawn:
    # the shared palette's nearest entry (the ivory is 7 levels of blue off).
    commonest = sorted(drawn.getcolors(1 << 16) or [], reverse=True)[:8]
    for _, colour in commonest:
        assert isinstance(colour, tuple)
        solid = Image.new("RGB", drawn.size, colour)
        where = ImageChops.difference(drawn, solid).convert("L").point(lambda v: 255 * (v == 0))
        off = ImageStat.Stat(ImageChops.difference(shown, solid), where).extrema
        assert max(high for _, high in off) <= 8, (colour, off)
    assert max(ImageStat.Stat(ImageChops.difference(drawn, shown)).mean) < 3.5
