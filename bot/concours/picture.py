"""The standings picture of a concours message: what it shows (`standings_scene`, from the
stored concours alone: scores, never cards or the deal seed) and its text description.

Drawn by `art.draw_standings` in the picture worker (bot.render.pictures), never on the
event loop.
"""

from __future__ import annotations

import games
from art import StandingsRow, StandingsScene
from art.standings import MAX_ROWS
from db import ConcoursRecord
from games.lang import amount

from ..i18n.translate import tr
from .words import names, table_lines

STANDINGS_FILE = "standings.png"
DESCRIBED = 10  # entrants named in the picture's description


def standings_scene(concours: ConcoursRecord) -> StandingsScene | None:
    """The board of the standings once a round is paired (None before: no standings yet)."""
    if concours.round == 0:
        return None
    lang = concours.lang
    who = names(concours, lang)
    byes = {(r, e) for r, e in concours.byes}
    played = range(1, concours.round + 1)
    lines = table_lines(concours, lang)
    rows = tuple(
        StandingsRow(
            line.rank,
            who[line.entrant],
            str(line.points),
            tuple(str(line.by_round[r]) if r in line.by_round else "" for r in played),
            tuple(i for i, r in enumerate(played) if (r, line.entrant) in byes),
        )
        for line in lines
    )
    notes = []
    if any(row.byes for row in rows):
        notes.append(tr("concours.picture.bye_note", lang))
    if len(rows) > MAX_ROWS:
        notes.append(tr("concours.picture.more", lang, n=len(rows) - MAX_ROWS))
    title = tr(
        "concours.title", lang, game=games.game_name(concours.game, lang), name=concours.name
    )
    return StandingsScene(
        title,
        tr("concours.picture.total", lang),
        tuple(tr("concours.picture.round", lang, round=r) for r in played),
        rows,
        " · ".join(notes),
    )


def describe_standings(concours: ConcoursRecord) -> str:
    """The picture in words, for screen readers: the first entrants and their totals."""
    lang = concours.lang
    who = names(concours, lang)
    lines = [
        f"{line.rank}. {who[line.entrant]} ({amount(line.points, 'point', lang)})"
        for line in table_lines(concours, lang)[:DESCRIBED]
    ]
    return tr(
        "concours.picture.description",
        lang,
        name=concours.name,
        round=concours.round,
        lines=", ".join(lines),
    )
