"""« Analyse »: the answer to the button of that name (bot.reviews.components), a seated
human's own review of a finished match, privately.

A review judges each decision by what the seat knew then (games.ai.advice), and it is
only ever shown to that seat's player, in an ephemeral answer: anyone else who clicks gets
a short answer and nothing of it. Each costly decision comes with a button that opens the
match's replay at that move (the replay's own `rp:<table>:<step>:o` button).
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

import games
from db import ReviewLine, ReviewRecord, ReviewStatus, Store
from games.ai.advice import Decision, decision_text
from games.ai.reason import Reason

from ..discord_io.replies import answer_later, refuse
from ..discord_io.writes import release
from ..i18n.translate import lang_of, tr
from ..render.weblinks import WebLinks, web_button
from ..replays.book import Replay, ReplayBook, ReplayError
from ..replays.components import ReplayButton
from .reviewer import Reviewer

ACK_BUDGET = 2.0  # seconds the match may take to load before the click is acknowledged
MAX_ANSWER = 2000  # Discord's limit for a message's content


def decision(line: ReviewLine) -> Decision:
    """A stored line as the engine's decision, for its sentence."""
    reason = None if line.reason is None else Reason(line.reason[0], line.reason[1])
    return Decision(
        move=line.move,
        deal=line.deal,
        played=line.played,
        best=line.best,
        gain=line.gain,
        error=0.0,
        unit=line.unit,
        costly=True,
        reason=reason,
        view={},
    )


def review_message(
    replay: Replay, record: ReviewRecord, lang: str, web_url: str | None = None
) -> tuple[str, discord.ui.View | None]:
    """The review as its seat reads it: the costliest decisions, each with a button that
    opens the replay at that move, and the web replay marking them (`web_url`, a link
    for this seat only); a short note when none was costly."""
    title = tr("review.title", lang, game=games.game_name(replay.game, lang), table=replay.table_id)
    if not record.lines:
        return f"**{title}**\n{tr('review.clean', lang)}", None
    words = games.get(replay.game).words
    names = [s.name for s in replay.seats]
    lines = [f"- {decision_text(decision(x), words, lang, names)}" for x in record.lines]
    text = "\n".join([f"**{title}**", tr("review.intro", lang), *lines])
    if len(text) > MAX_ANSWER:
        text = text[: MAX_ANSWER - 1] + "…"
    view = discord.ui.View(timeout=None)
    for x in record.lines:
        if 1 <= x.move <= replay.total:
            label = tr("btn.review_move", lang, move=x.move)
            view.add_item(ReplayButton(replay.table_id, x.move, "o", label))
    if web_url is not None:
        view.add_item(web_button(web_url, lang, row=1))
    return text, view


class Analyst:
    """Answers « Analyse » clicks (the `ANALYST` of bot.reviews.components) from the
    finished matches (`book`) and the stored reviews; `reviewer`, when this process
    computes reviews, is asked for a review nobody asked for yet."""

    def __init__(
        self, book: ReplayBook, store: Store, reviewer: Reviewer | None, web: WebLinks | None
    ) -> None:
        self.book = book
        self.store = store
        self.reviewer = reviewer
        self.web = web

    async def analyse(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            await refuse(interaction, "err.no_guild")
            return
        loading = asyncio.ensure_future(self.book.get(guild_id, table_id))
        done, _ = await asyncio.wait({loading}, timeout=ACK_BUDGET)
        if not done:  # a slow database: acknowledge now, answer when loaded
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            replay = await loading
        except ReplayError:
            await refuse(interaction, "replay.broken")
            return
        if replay is None or replay.settled:  # a settled concours table has no review
            await refuse(interaction, "replay.unknown")
            return
        user_id = interaction.user.id
        seat = next((s.seat for s in replay.seats if s.user_id == user_id and not s.is_ai), None)
        if seat is None:
            await refuse(interaction, "review.not_seated")
            return
        record = await self.store.reviews.get(table_id, seat)
        if record is None or record.status is not ReviewStatus.DONE:
            if record is None and self.reviewer is not None:  # an older match: review it now
                self.reviewer.want(guild_id, table_id, [seat])
            await refuse(interaction, "review.pending")
            return
        lang = lang_of(interaction.locale)
        url = None
        if self.web is not None and record.lines:
            first = record.lines[0].move
            url = self.web.match(guild_id, replay.match_id, lang, step=first, review=seat)
        text, view = review_message(replay, record, lang, url)
        if interaction.response.is_done():
            await answer_later(interaction, content=text, view=view)
        elif view is None:
            await interaction.response.send_message(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)
        release(view)
