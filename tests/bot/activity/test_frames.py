"""The Activity's frames, without Discord: every game played to the end, every seat's frame
and a spectator's in French and in English. A frame names no card of another seat's hand,
offers its seat exactly its legal moves (a card click or a button each), and every word in
it passes the words scan's checks (tests/bot/test_words_scan.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import games
from bot.activity.frames import frame
from bot.i18n.catalog import MESSAGES
from bot.i18n.translate import tr
from games import Rng
from tests.bot.activity.test_activity import cards_in, hidden
from tests.bot.tables import mid_deal
from tests.bot.test_words_scan import problems

NOT_WORDS = {"card", "css", "src", "key", "id", "action", "lang", "type", "status", "by"}
EVERY = 3  # frames are checked at one step in EVERY (each check builds 2 × (seats + 1))


def strings(value: Any, key: str = "") -> Iterator[str]:
    """The words of a frame: its strings, but card ids, action ids and other keys."""
    if isinstance(value, str) and key not in NOT_WORDS:
        yield value
    elif isinstance(value, dict):
        for k, item in value.items():
            yield from strings(item, k)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item, key)


@pytest.mark.slow
@pytest.mark.parametrize("slug", games.slugs())
def test_frames_show_each_seat_its_own_cards_its_moves_and_plain_words(slug: str) -> None:
    table = mid_deal(slug, seed=7, moves=0)
    state = table.state
    assert state is not None
    pick = Rng(7)
    found: set[str] = set()
    step = 0
    while not state.is_over() and step < 400:
        if step % EVERY == 0:
            seats = len(table.seats)
            for lang in ("fr", "en"):
                for seat in [None, *range(seats)]:
                    shown = frame(table, seat, lang)
                    others = {c for s in range(seats) if s != seat for c in hidden(state, s)}
                    assert not others & set(cards_in(shown)), (slug, seat, step)
                    if seat is not None:
                        legal = {a.id for a in state.legal_actions(seat)}
                        offered = {c["action"] for c in shown["hand"] if c["action"]}
                        offered |= {a["id"] for a in shown["actions"]}
                        assert offered == legal, (slug, seat, step)
                    for text in strings(shown):
                        found.update(f"{lang}: {p} in {text!r}" for p in problems(text, lang))
        mover = pick.choice(state.to_move())
        action = pick.choice(state.legal_actions(mover)).id
        state.apply(mover, action)
        table.recent.extend(state.events_for(None))
        step += 1
    assert not found, sorted(found)[:20]


def test_the_activitys_own_sentences_read_well_in_both_languages() -> None:
    keys = [k for k in MESSAGES if k.startswith("activity.") or k == "btn.activity"]
    assert len(keys) > 10
    found = [
        f"{key} {lang}: {p}"
        for key in keys
        for lang in ("fr", "en")
        for p in problems(tr(key, lang, n=3), lang)
    ]
    assert not found, found
