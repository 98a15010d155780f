from __future__ import annotations

import io

import pytest
from PIL import Image

import art
from art import StandingsRow, StandingsScene, standings
from art.palette import GOLD_LIGHT


def board(rows: int, rounds: int = 3, name: str = "Camille & Bastien") -> StandingsScene:
    return StandingsScene(
        "Manille · Saint-Jean",
        "Total",
        tuple(f"P{r + 1}" for r in range(rounds)),
        tuple(
            StandingsRow(n + 1, f"{name} {n}", str(300 - n), ("60",) * rounds, (0,) if n else ())
            for n in range(rows)
        ),
        "En or : les points d'une partie exempte",
    )


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


@pytest.mark.parametrize("rows", [1, 8, 20])
def test_a_board_grows_with_its_rows_and_stays_small(rows: int) -> None:
    data = art.draw_standings(board(rows))
    assert len(data) <= 60_000
    assert decode(data).size == standings.size_of(board(rows))
    assert (
        standings.size_of(board(rows))[1] > standings.size_of(board(rows - 1 or 1))[1] or rows == 1
    )


def test_rows_past_the_limit_are_left_to_the_text() -> None:
    assert standings.size_of(board(60)) == standings.size_of(board(standings.MAX_ROWS))


def test_many_rounds_widen_the_board_rather_than_crush_the_names() -> None:
    width, _ = standings.size_of(board(4, rounds=15))
    assert width > standings.WIDTH
    assert decode(art.draw_standings(board(4, rounds=15))).width == width


def test_a_bye_is_drawn_in_gold_and_a_round_played_is_not() -> None:
    with_bye = board(2)
    img = art.draw_standings_image(with_bye)
    y = standings.HEADER + standings.HEAD_ROW + standings.ROW + standings.ROW // 2
    x0 = img.width - standings.MARGIN - 4 - standings.TOTAL_W - 3 * standings.ROUND_W
    cell = img.crop((x0, y - 8, x0 + standings.ROUND_W, y + 8))
    first_row = img.crop((x0, y - standings.ROW - 8, x0 + standings.ROUND_W, y - standings.ROW + 8))
    assert GOLD_LIGHT in {c for _, c in cell.getcolors(4096) or []}
    assert GOLD_LIGHT not in {c for _, c in first_row.getcolors(4096) or []}


def test_a_name_with_an_emoji_draws_without_an_empty_box() -> None:
    plain = art.draw_standings_image(board(1, name="Inès"))
    emoji = art.draw_standings_image(board(1, name="Inès 🎉"))
    assert plain.tobytes() == emoji.tobytes()


def test_a_row_with_more_rounds_than_columns_is_refused() -> None:
    with pytest.raises(ValueError):
        StandingsScene("t", "Total", ("P1",), (StandingsRow(1, "a", "1", ("1", "2")),))
