"""The standings picture of a concours: a ranking board on the felt.

`draw_standings(scene)` returns PNG bytes, 720 px wide (wider when many rounds need it) and
as tall as its rows. Like the table picture it knows no game and no words: the caller gives
every label, in the reader's language. Only the shipped fonts' glyphs are drawn
(`text.printable`), so a name with an emoji never shows an empty box.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import text
from .encode import to_png
from .palette import (
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    GOLD,
    GOLD_LIGHT,
    PLATE,
    PLATE_MUTED,
    PLATE_TEXT,
    RAIL,
    RAIL_DARK,
    ROOM,
)

WIDTH = 720
MAX_ROWS = 20  # rows drawn; the text under the picture and the web page list them all
HEADER = 52
HEAD_ROW = 28
ROW = 30
FOOT = 30
MARGIN = 16
RANK_W = 44
NAME_MIN = 200
ROUND_W = 40
TOTAL_W = 76
MEDALS = (GOLD, (196, 200, 208), (196, 128, 72))  # first, second, third place discs


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One entrant: its rank, name, each round's points ("" if not played yet) and total;
    `byes` are the indexes of the rounds it sat out (drawn in gold)."""

    rank: int
    name: str
    total: str
    rounds: tuple[str, ...] = ()
    byes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class StandingsScene:
    """What the board shows: a title, the column labels, the rows in ranking order, and a
    note under them (the bye legend, "and 4 more")."""

    title: str
    total_label: str
    round_labels: tuple[str, ...]
    rows: tuple[StandingsRow, ...]
    note: str = ""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row.rounds) > len(self.round_labels):
                raise ValueError("a row has more rounds than the columns")


def size_of(scene: StandingsScene) -> tuple[int, int]:
    rounds = len(scene.round_labels)
    width = max(WIDTH, 2 * MARGIN + RANK_W + NAME_MIN + rounds * ROUND_W + TOTAL_W)
    rows = min(len(scene.rows), MAX_ROWS)
    height = HEADER + HEAD_ROW + max(rows, 1) * ROW + (FOOT if scene.note else MARGIN)
    return width, height


def draw_standings_image(scene: StandingsScene) -> Image.Image:
    width, height = size_of(scene)
    img = Image.new("RGB", (width, height), ROOM)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((2, 2, width - 3, height - 3), 18, fill=RAIL, outline=RAIL_DARK, width=3)
    draw.rounded_rectangle((10, 10, width - 11, height - 11), 12, fill=FELT)
    title, size = text.fit(scene.title, width - 2 * MARGIN - 16, 24, 15)
    text.paste(img, title, (width / 2, 12 + (HEADER - 12) / 2), size, GOLD_LIGHT, "mm")
    draw.line((MARGIN + 8, HEADER, width - MARGIN - 8, HEADER), fill=GOLD, width=2)

    left = MARGIN + 4
    total_x = width - MARGIN - 4 - TOTAL_W
    rounds_x = total_x - len(scene.round_labels) * ROUND_W
    name_x = left + RANK_W
    name_w = rounds_x - name_x - 8
    y = HEADER + 4
    draw.rectangle((12, y, width - 13, y + HEAD_ROW - 4), fill=FELT_DARK)
    mid = y + (HEAD_ROW - 4) / 2
    text.paste(img, "#", (left + RANK_W / 2, mid), 14, PLATE_MUTED, "mm")
    for i, label in enumerate(scene.round_labels):
        label_text, label_size = text.fit(label, ROUND_W - 4, 14, 9)
        cx = rounds_x + i * ROUND_W + ROUND_W / 2
        text.paste(img, label_text, (cx, mid), label_size, PLATE_MUTED, "mm")
    total, total_size = text.fit(scene.total_label, TOTAL_W - 4, 14, 9)
    text.paste(img, total, (total_x + TOTAL_W / 2, mid), total_size, PLATE_MUTED, "mm")

    y = HEADER + HEAD_ROW
    for n, row in enumerate(scene.rows[:MAX_ROWS]):
        if n % 2:
            draw.rectangle((12, y, width - 13, y + ROW - 1), fill=FELT_LIGHT)
        mid = y + ROW / 2
        cx = left + RANK_W / 2
        if row.rank <= len(MEDALS):
            draw.ellipse((cx - 11, mid - 11, cx + 11, mid + 11), fill=MEDALS[row.rank - 1])
            text.paste(img, str(row.rank), (cx, mid), 14, PLATE, "mm")
        else:
            text.paste(img, str(row.rank), (cx, mid), 14, PLATE_TEXT, "mm")
        name, name_size = text.fit(row.name, name_w, 17, 12)
        text.paste(img, name, (name_x, mid), name_size, PLATE_TEXT, "lm")
        for i, points in enumerate(row.rounds):
            colour = GOLD_LIGHT if i in row.byes else PLATE_MUTED
            cell, cell_size = text.fit(points, ROUND_W - 4, 15, 9)
            text.paste(
                img, cell, (rounds_x + i * ROUND_W + ROUND_W / 2, mid), cell_size, colour, "mm"
            )
        shown, shown_size = text.fit(row.total, TOTAL_W - 4, 18, 11)
        text.paste(img, shown, (total_x + TOTAL_W / 2, mid), shown_size, GOLD_LIGHT, "mm")
        y += ROW
    if scene.note:
        note, note_size = text.fit(scene.note, width - 2 * MARGIN - 16, 13, 10)
        text.paste(img, note, (width / 2, height - 12 - FOOT / 2 + 4), note_size, GOLD_LIGHT, "mm")
    return img


def draw_standings(scene: StandingsScene) -> bytes:
    """PNG bytes of the board (module level, so that it runs in a picture worker)."""
    return to_png(draw_standings_image(scene))
