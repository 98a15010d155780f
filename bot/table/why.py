"""« Pourquoi ? » (« Why not? »): the answer to the button of that name on a player's hand
(`WhyButton`, bot/table/components.py), saying privately why each card it may not play now
is forbidden, in the game's words.

The engine gives the reasons (`GameState.why_not`, games/reasons.py) for the clicker's own
seat only, from the same checks that refuse a move, so the answer names only that seat's
cards and public ones. The custom_id `tw:<table>:<version>` is untrusted: an unknown table,
a clicker with no seat, or a version that is not the table's now gets a short refusal and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import discord

from games.text import why_lines

from ..discord_io.replies import refuse
from ..i18n.translate import lang_of, tr
from ..render.emojis import CardFaces
from ..render.words import face_for, names_of
from .model import Table

MAX_ANSWER = 2000  # Discord's limit for a message's content


def answer(table: Table, seat: int, lang: str, faces: CardFaces) -> str | None:
    """The private answer: one line per card the rules forbid now (cards forbidden for the
    same reason share it); None when nothing is."""
    state = table.state
    if state is None or state.is_over():
        return None
    reasons = state.why_not(seat)
    if not reasons:
        return None
    words = table.rules.words
    lines = why_lines(reasons, words, lang, names_of(table), face_for(lang, faces))
    text = "\n".join([f"**{tr('why.title', lang)}**", *(f"- {line}" for line in lines)])
    return text if len(text) <= MAX_ANSWER else text[: MAX_ANSWER - 1] + "…"


class Explainer:
    """Answers the button's clicks (the `EXPLAINER` of bot/table/components.py) from the
    open tables (`tables`, by id)."""

    def __init__(self, tables: Mapping[int, Table], faces: Callable[[], CardFaces]) -> None:
        self.tables = tables
        self.faces = faces

    async def why(self, interaction: discord.Interaction[Any], table_id: int, version: int) -> None:
        table = self.tables.get(table_id)
        if table is None or table.state is None:
            await refuse(interaction, "err.no_table" if table is None else "err.not_playing")
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "hand.spectator")
            return
        if table.state.version != version:
            await refuse(interaction, "why.stale")
            return
        lang = lang_of(interaction.locale)
        text = answer(table, seat, lang, self.faces())
        if text is None:
            await refuse(interaction, "why.none")
            return
        await interaction.response.send_message(text, ephemeral=True)
