"""Pictures leave as 8-bit palette PNGs that all share one palette, shipped with the package.

A 720 x 450 RGB PNG costs 6 ms and over 100 KB here: every anti-aliased edge is a run of
unique pixels for the compressor, three bytes each. Mapping the picture onto a fixed
palette of 256 colours takes 0.5 ms and the palette PNG then encodes to about a third of
the size. The palette is made from sample pictures by `python -m art palette` (rerun it
after changing colours) and kept in `_palette_data.py`.

Every picture is uploaded to Discord, so bytes are the bot's upstream bandwidth: zlib's
level 6 (LEVEL) makes a table picture about a quarter smaller and a hand a sixth smaller
than level 1, and takes about twice level 1's time for a whole drawing (bench/render.py,
CPU p50: table 5.0 to 9.6 ms, hand 1.6 to 3.2 ms); level 9 gains 2 % more for five times
the time. Lossless WebP, which Discord shows too, saves a tenth more than level 6
but takes 4 to 8 times as long to encode, and lossy WebP is larger than either at a
quality that keeps the indices of the cards crisp. The pixels are the same at every level.
"""

from __future__ import annotations

from functools import lru_cache
from io import BytesIO
from typing import cast

from PIL import Image

from ._palette_data import PALETTE

KEY_COLOURS = 64  # the most frequent colours of the sample are kept exactly
LEVEL = 6  # zlib's compression level for the pictures the bot uploads (see above)


@lru_cache(maxsize=1)
def _palette_image() -> Image.Image:
    img = Image.new("P", (1, 1))
    img.putpalette(PALETTE)
    return img


def to_png(image: Image.Image, level: int = LEVEL) -> bytes:
    """PNG bytes of an RGB picture, mapped onto the shared palette without dithering."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    mapped = image.quantize(palette=_palette_image(), dither=Image.Dither.NONE)
    out = BytesIO()
    mapped.save(out, "PNG", compress_level=level)
    return out.getvalue()


def build_palette(sample: Image.Image) -> bytes:
    """256 RGB entries: the sample's most frequent colours exactly, the rest by median cut."""
    rgb = sample.convert("RGB")
    counts = rgb.getcolors(maxcolors=1 << 24) or []
    ranked = sorted(counts, key=lambda c: (-c[0], c[1]))[:KEY_COLOURS]
    keys: list[tuple[int, ...]] = [cast(tuple[int, ...], colour) for _, colour in ranked]
    cut = rgb.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    raw = cut.getpalette() or []
    rest = [tuple(raw[i : i + 3]) for i in range(0, min(len(raw), 768), 3)]
    entries: list[tuple[int, ...]] = []
    for colour in keys + rest:
        if colour not in entries:
            entries.append(colour)
        if len(entries) == 256:
            break
    entries += [entries[-1]] * (256 - len(entries))
    return bytes(v for colour in entries for v in colour)
