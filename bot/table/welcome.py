"""A player's first table of a game: with their first hand there, the game's essentials in
three lines, privately, and where to find `/regles`, « Pourquoi ? » and, where hints are
allowed, « Conseil ». Once per player and game: the store remembers it (`store.hints.
first_table`), written before the text is shown, so a restart never shows it again."""

from __future__ import annotations

import logging
from typing import Any

import discord

import games
from db import Store

from ..i18n.translate import lang_of, tr
from .model import Table

log = logging.getLogger("tapis.table")

KNOWN_CAP = 100_000  # (player, game) pairs remembered in memory before starting afresh


def summary_text(game: str, lang: str, hints: bool) -> str:
    """Three lines: the title, the first paragraph of the game's summary, the help."""
    words = games.get(game).words
    essentials = words.summary.get(lang).split("\n")[0]
    return "\n".join(
        [
            f"**{tr('first.title', lang, game=words.name.get(lang))}**",
            essentials,
            tr("first.help_hints" if hints else "first.help", lang),
        ]
    )


class Welcome:
    """Shows each player a game's essentials once, at their first table of it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # Pairs known to have been greeted: no read of the store on every hand shown.
        self._known: set[tuple[int, str]] = set()

    def settled(self, user_id: int, game: str) -> bool:
        """Whether this process knows the player has had the game's essentials (shown, or
        at an earlier table): a hook for tests, which wait on it."""
        return (user_id, game) in self._known

    async def greet(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """After the clicker's hand is shown: the essentials, if this is their first table
        of the game. A failure leaves the hand as it is and the next hand asks the store
        again; the store notes the pair before the text goes, so it goes once at most."""
        key = (interaction.user.id, table.game)
        if key in self._known:
            return
        try:
            first = await self.store.hints.first_table(interaction.user.id, table.game, table.id)
            if first:
                text = summary_text(table.game, lang_of(interaction.locale), table.hints_allowed)
                await interaction.followup.send(text, ephemeral=True)
        except Exception as exc:
            failed = type(exc).__name__
            log.warning("table %s: the first-table summary failed (%s)", table.id, failed)
            return
        if len(self._known) >= KNOWN_CAP:
            self._known.clear()
        self._known.add(key)
