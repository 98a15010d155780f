"""*Conseil* (« Hint »): the answer to the button of that name on the hand of the seat to
move, at a table that allows hints (practice, or `conseils:oui`, which makes it unrated).

The hint is the strong AI's move for the clicker's own seat with the game's reason
(games.ai.advice), searched in the hints' worker process (`AiPlayer.advise`), never on the
event loop, from a stand-in of what that seat knows. The request is stored
(`store.hints`) before the hint is shown, so that the replay says « conseil demandé » at
that move. The custom_id `tc:<table>:<version>` is untrusted: a table that allows no
hints, a stale version, a clicker with no seat or whose turn it is not gets a short
refusal and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from db import Store
from games.ai.advice import Hint, hint_text
from games.words import Words

from ..discord_io.replies import answer_later, refuse
from ..i18n.translate import lang_of, tr
from ..render.words import names_of
from .ai import HINT_BUDGET, HINT_DEADLINE, AiPlayer, hint_for
from .changes import Stored
from .model import Table
from .session import ServiceError, storing

log = logging.getLogger("tapis.table")


def hint_answer(found: Hint, words: Words, lang: str, names: Sequence[str]) -> str:
    """The private answer: `💡 Jouez 10♠ : vous êtes maître à ♠ pique.`"""
    return tr("hint.answer", lang, hint=hint_text(found, words, lang, names))


def hint_seed(table: Table, version: int, seat: int) -> int:
    """The search's seed: the same position and seat always get the same hint."""
    return (table.seed * 1_000_003 + version * 31 + seat) % 2**63


def refusal(table: Table | None, user_id: int, version: int) -> str | None:
    """Why this click gets no hint (a catalog key), or None when it may have one."""
    if table is None:
        return "err.no_table"
    state = table.state
    if state is None or state.is_over() or table.status != "playing":
        return "err.not_playing"
    seat = table.seat_of(user_id)
    if seat is None:
        return "hand.spectator"
    if not table.hints_allowed:
        return "hint.not_here"
    if state.version != version:
        return "why.stale"
    if seat not in state.to_move() or not state.legal_actions(seat):
        return "hint.not_your_turn"
    return None


class Adviser:
    """Answers the button's clicks (the `ADVISER` of bot/table/hint_button.py) from the open
    tables (`tables`, by id), searching in the hints' worker of `ai`."""

    def __init__(self, tables: Mapping[int, Table], store: Store, ai: AiPlayer) -> None:
        self.tables = tables
        self.store = store
        self.ai = ai

    def stored(self, event: Stored) -> None:
        """A table that allows hints is in play: the hints' worker starts now, not on the
        first click (its start cost that hint about half a second)."""
        table = event.table
        if table.hints_allowed and table.status == "playing":
            self.ai.warm()

    async def hint(
        self, interaction: discord.Interaction[Any], table_id: int, version: int
    ) -> None:
        table = self.tables.get(table_id)
        user_id = interaction.user.id
        if (why := refusal(table, user_id, version)) is not None:
            await refuse(interaction, why)
            return
        assert table is not None and table.state is not None
        seat = table.seat_of(user_id)
        assert seat is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.advise(table, seat, user_id, version)
        if isinstance(found, str):
            await refuse(interaction, found)
            return
        lang = lang_of(interaction.locale)
        words = table.rules.words
        await answer_later(interaction, content=hint_answer(found, words, lang, names_of(table)))

    async def advise(self, table: Table, seat: int, user_id: int, version: int) -> Hint | str:
        """The hint for `seat` at `version` once `refusal` let it through, searched, then
        stored (stored, then shown); else why not, a catalog key. The Discord button and
        the Activity's 💡 (bot.activity.sockets) both come here."""
        assert table.state is not None
        args = (table.game, table.state.to_json(), seat, hint_seed(table, version, seat))
        found = await self._search(table, args)
        if found is None:  # a crashed, stuck or dropped worker: nothing stored, try again
            return "hint.failed"
        if refusal(self.tables.get(table.id), user_id, version) is not None:
            return "why.stale"  # the table moved on meanwhile
        try:
            async with storing():  # stored, then shown: the replay knows every hint seen
                await self.store.hints.record(table.id, version + 1, seat, user_id)
        except ServiceError:
            return "hint.not_stored"
        return found

    async def _search(self, table: Table, args: tuple[str, str, int, int]) -> Hint | None:
        """The hint from the hints' worker, or None when the worker failed, overran its
        deadline or was dropped with its pool (reset for another search)."""
        try:
            return await self.ai.advise(hint_for, *args, HINT_BUDGET, deadline=HINT_DEADLINE)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the click itself was cancelled (shutdown)
            log.warning("table %s: a hint was dropped with its pool", table.id)
        except Exception as exc:
            log.warning("table %s: a hint failed (%s)", table.id, type(exc).__name__)
        return None
