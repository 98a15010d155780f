from __future__ import annotations

import io
import subprocess
import sys

from PIL import Image, ImageChops, ImageStat

from art import encode, table
from art.demo import sample_scenes


def test_art_imports_no_discord_database_or_event_loop():
    code = (
        "import sys, art, art.table, art.hand, art.demo; "
        "print(sorted(m for m in ('discord', 'sqlalchemy', 'sqlmodel', 'asyncio', 'aiohttp') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_shared_palette_keeps_pictures_faithful():
    # Fails when colours change without `python -m art palette` being rerun.
    palette = {tuple(encode.PALETTE[i : i + 3]) for i in range(0, len(encode.PALETTE), 3)}
    for scene in sample_scenes().values():
        rgb = table.draw_table_image(scene)
        commonest = sorted(rgb.getcolors(1 << 20) or [], reverse=True)[:16]
        assert all(colour in palette for _, colour in commonest)
        mapped = Image.open(io.BytesIO(encode.to_png(rgb))).convert("RGB")
        diff = ImageStat.Stat(ImageChops.difference(rgb, mapped)).mean
        assert max(diff) < 3.5, diff


def test_the_fonts_ship_with_their_licence():
    from art.text import FONT_DIR, SANS, SERIF

    assert (FONT_DIR / SANS).is_file() and (FONT_DIR / SERIF).is_file()
    assert "Bitstream" in (FONT_DIR / "LICENSE").read_text()
