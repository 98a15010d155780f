"""The pictures Discord players see, drawn by the bot's own code from seeded mid-deal tables:
`docs/screens/<game>-table.png`, `<game>-hand.png` and `lobby.png` when TAPIS_SCREENS=1
(`make screens`), the test's temporary directory otherwise. They are the review of how the
tables look: open them."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from bot.concours.picture import describe_standings, standings_scene
from bot.render.pictures import Pictures
from bot.render.scenes import describe_hand
from bot.table.model import Seat
from db import ConcoursStatus
from tests.bot.concours.test_words import record
from tests.bot.tables import mid_deal

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
GAMES = ("manille", "bianco-mano", "blanche-neige", "nain-jaune", "bonanza")
MAX_BYTES = 60_000


@pytest.fixture
def screens(tmp_path: Path) -> Path:
    return SCREENS if os.environ.get("TAPIS_SCREENS") == "1" else tmp_path


def size_of(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as img:
        return img.size


@pytest.mark.parametrize("slug", GAMES)
async def test_a_mid_deal_table_and_the_hand_to_play(slug: str, screens: Path) -> None:
    pictures = Pictures(workers=0)
    try:
        table = mid_deal(slug)
        assert table.state is not None and not table.state.is_over()
        picture = await pictures.table(table)
        assert picture is not None and size_of(picture.png) == (720, 450)
        assert len(picture.png) <= MAX_BYTES
        (screens / f"{slug}-table.png").write_bytes(picture.png)
        seat = table.state.to_move()[0]
        hand = await pictures.hand(table, seat, "fr")
        assert hand is not None and len(hand.png) <= MAX_BYTES
        width, _ = size_of(hand.png)
        assert width <= 720
        cards = table.state.hand_facts(seat).cards
        assert hand.description.startswith(describe_hand(cards, frozenset(), "fr"))
        (screens / f"{slug}-hand.png").write_bytes(hand.png)
    finally:
        await pictures.close()


async def test_a_lobby_waiting_for_its_last_player(screens: Path) -> None:
    pictures = Pictures(workers=0)
    try:
        table = mid_deal("manille")
        table.state, table.status = None, "lobby"
        table.seats = [*table.seats[:2], Seat(None, "Marcel", is_ai=True, ai_level="fort")]
        picture = await pictures.table(table)
        assert picture is not None and "3 / 4 joueurs" in picture.description
        (screens / "lobby.png").write_bytes(picture.png)
    finally:
        await pictures.close()


async def test_the_standings_of_a_concours_in_its_third_round(screens: Path) -> None:
    pictures = Pictures(workers=0)
    try:
        concours = record(ConcoursStatus.RUNNING)
        scene = standings_scene(concours)
        assert scene is not None
        picture = await pictures.standings(scene, "standings.png", describe_standings(concours))
        assert picture is not None and len(picture.png) <= MAX_BYTES
        assert picture.description.startswith("Classement du concours Saint-Jean")
        (screens / "concours-standings.png").write_bytes(picture.png)
    finally:
        await pictures.close()
