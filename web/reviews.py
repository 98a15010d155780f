"""A seat's review marks on a match page: its costliest decisions (bot.reviews), listed
with links to their moves.

A review is its seat's alone: the bot shows it privately, and the web shows it only
through the link the bot gives that seat's player, which carries the seat and a token
signed for this guild, match and seat (`web.links.review_token`). Without them, or with a
token that does not match, the page is the public replay with no mark at all. A finished
match's replay shows every hand, so the marks (moves, cards played and advised) hide
nothing more from anyone.
"""

from __future__ import annotations

from dataclasses import dataclass

import games
from db import ReviewLine, ReviewStatus, Store
from games.ai.advice import Decision, decision_text
from games.ai.reason import Reason

from . import data, links, words


@dataclass(frozen=True)
class Reviewed:
    """The seat whose review the page marks, and its decisions: (move, sentence)."""

    seat: int
    name: str
    lines: list[tuple[int, str]]

    def at(self, step: int) -> bool:
        return any(move == step for move, _ in self.lines)


def sentence(game: str, line: ReviewLine, lang: str, names: list[str]) -> str:
    reason = None if line.reason is None else Reason(line.reason[0], line.reason[1])
    d = Decision(
        line.move, line.deal, line.played, line.best, line.gain, 0.0, line.unit, True, reason, {}
    )
    return decision_text(d, games.get(game).words, lang, names)


async def reviewed(
    store: Store,
    secret: str,
    guild_id: int,
    m: data.Match,
    seat: int | None,
    token: str | None,
    lang: str,
) -> Reviewed | None:
    """The marks the link asks for, when its token is this seat's and the review is done."""
    if seat is None or token is None or not games.known(m.summary.game):
        return None
    if not links.review_verified(guild_id, m.summary.id, seat, token, secret):
        return None
    found = await store.reviews.get(m.summary.table_id, seat)
    if found is None or found.status is not ReviewStatus.DONE:
        return None
    names = [s.name for s in sorted(m.summary.seats, key=lambda s: s.seat)]
    if not 0 <= seat < len(names):
        return None
    isolated = words.isolated(names)  # a name inside a sentence cannot turn it around
    lines = [(x.move, sentence(m.summary.game, x, lang, isolated)) for x in found.lines]
    return Reviewed(seat, names[seat], lines)
