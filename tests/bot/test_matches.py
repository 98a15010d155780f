"""Whole matches of every game through the emulator, played by simulated users, with a scan
of every public message, log line and picture for cards that were hidden at that moment,
and of every « Pourquoi ? » answer for cards hidden from its reader."""

from __future__ import annotations

import itertools
import logging
import math
import re
from pathlib import Path
from typing import Any

import pytest

import art
import games
from bot.app.logs import quiet_libraries
from bot.render.emojis import TEXT_FACES
from bot.render.pictures import Pictures
from bot.render.scenes import scene_of
from bot.table.hint import hint_answer
from bot.table.why import answer as why_answer
from emulator.drivers import Emulator
from games import Rng
from games.ai.advice import hint
from games.cards import face
from tests.bot.harness import (
    match_players,
    play_until_over,
    quick_options_text,
    running_tapis,
    text_of,
)
from tests.db.util import logged_moves

CARD_ID = re.compile(r"^(?:[2-9]|10|[AJQK])[SHDC]$|^JK$|^(?:MA|PA|AV|EV|BA|CO|GC|CH)[RBJV]$")


def card_ids(value: Any) -> set[str]:
    """Every card id found anywhere in a JSON-able value."""
    found: set[str] = set()
    if isinstance(value, str):
        for part in value.split("+"):
            if CARD_ID.match(part):
                found.add(part)
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= card_ids(k) | card_ids(v)
    elif isinstance(value, list):
        for v in value:
            found |= card_ids(v)
    return found


class LeakScanner:
    """Cards in hands now and never shown publicly must not appear in public text or logs."""

    def __init__(self, records: list[logging.LogRecord]) -> None:
        self.public_ever: set[str] = set()
        self.records = records
        self.checked_logs = 0

    def hidden_now(self, state: games.GameState) -> set[str]:
        public = state.view(None)
        self.public_ever |= card_ids(public)
        hands = set()
        for seat in range(state.players):
            hands |= set(state.view(seat)["hand"])
        return hands - self.public_ever

    def check(self, state: games.GameState, texts: list[str]) -> None:
        hidden = self.hidden_now(state)
        for card in hidden:
            for lang in ("fr", "en"):
                shown = face(card, lang)
                for text in texts:
                    assert shown not in text, f"hidden card {card} shown publicly: {text[:200]!r}"
        pattern = (
            re.compile(
                r"(?<![0-9A-Za-z])(" + "|".join(map(re.escape, hidden)) + r")(?![0-9A-Za-z])"
            )
            if hidden
            else None
        )
        for record in self.records[self.checked_logs :]:
            line = record.getMessage()
            if pattern is not None:
                assert not pattern.search(line), f"hidden card in a log line: {line[:200]!r}"
            for card in hidden:
                assert face(card) not in line
        self.checked_logs = len(self.records)

    def check_private(self, state: games.GameState, seat: int, texts: list[str]) -> None:
        """What only `seat` reads names no card hidden from it: another hand's card that
        neither its own view nor the table ever showed."""
        held = set()
        for other in range(state.players):
            held |= set(state.view(other)["hand"])
        hidden = held - card_ids(state.view(seat)) - self.public_ever
        for card in hidden:
            for lang in ("fr", "en"):
                for text in texts:
                    assert face(card, lang) not in text, f"{card} hidden from {seat}: {text!r}"


DEAL_SEED = 2026  # the matches' deals
HINT_EVERY = 5  # moves between two hints checked for leaks (each is a small search)


def scene_cards(scene: art.TableScene) -> set[str]:
    """Every card a table picture shows face up."""
    shown = {p.card for zone in scene.zones for p in zone.cards}
    shown |= {b.card for b in scene.boxes if b.card}
    return shown | {f.card for f in scene.facts if f.card}


class PictureWatch:
    """What every picture was asked to show, checked the moment it is taken from the table:
    a table picture shows no card that only some seat's view holds (a hand, a set-aside
    card), and a hand picture only cards of its own seat's hand."""

    def __init__(self) -> None:
        self.scenes = 0
        self.hands = 0
        self.problems: list[str] = []

    def __call__(self, state: games.GameState, seat: int | None, shows: object) -> None:
        if seat is None:
            assert isinstance(shows, art.TableScene)
            self.scenes += 1
            self.check_scene(state, shows)
        else:
            assert isinstance(shows, tuple)
            self.hands += 1
            others = set(shows) - set(state.view(seat)["hand"])
            if others:
                self.problems.append(f"v{state.version}: seat {seat}'s hand shows {others}")

    def check_scene(self, state: games.GameState, scene: art.TableScene) -> None:
        private: set[str] = set()
        for s in range(state.players):
            private |= card_ids(state.view(s))
        hidden = private - card_ids(state.view(None))
        if leaked := scene_cards(scene) & hidden:
            self.problems.append(f"v{state.version}: the table picture shows {leaked}")


@pytest.mark.parametrize("slug", games.slugs())
async def test_whole_match_from_table_to_final_scores(
    slug: str, emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    quiet_libraries()  # what `python -m bot` does at start, whatever LOG_LEVEL says
    watch = PictureWatch()
    pictures = Pictures(workers=0, observe=watch)
    # The same deal every run: a random one could leave a short match (the toy game's)
    # without a card ever forbidden, hence without a « Pourquoi ? » to check.
    seeds = itertools.count(DEAL_SEED).__next__
    async with running_tapis(
        emulator, tmp_path, pictures=pictures, card_emojis=True, table_seeds=seeds
    ) as tapis:
        table_id, where, users = await tapis.seat_and_start(
            slug, match_players(slug), quick_options_text(slug)
        )
        table = tapis.bot.service.tables[table_id]
        scanner = LeakScanner(caplog.records)
        assert table.state is not None
        scanner.hidden_now(table.state)  # what the table showed before the first move

        async def scan(_step: int) -> None:
            assert table.state is not None
            texts = [text_of(m) for m in emulator.public_messages(where)]
            texts += [text_of(m) for m in emulator.public_messages(tapis.channel)]
            scanner.check(table.state, texts)
            for seat in table.state.to_move():  # « Pourquoi ? »: the mover's own answer
                said = [why_answer(table, seat, lang, TEXT_FACES) or "" for lang in ("fr", "en")]
                scanner.check_private(table.state, seat, said)
                explained.update(r.code for r in table.state.why_not(seat))
                if _step % HINT_EVERY == 0:  # « Conseil »: the mover's own answer (few searches)
                    found = hint(table.state, seat, Rng(_step), iterations=4, budget_s=math.inf)
                    names = [s.name for s in table.seats]
                    said = [hint_answer(found, rules.words, lang, names) for lang in ("fr", "en")]
                    scanner.check_private(table.state, seat, said)
            # Redraws coalesce moves (one every 2 s): check each move's scene as well.
            scene = scene_of(table)
            assert scene is not None
            watch.check_scene(table.state, scene)

        explained: set[str] = set()
        rules = games.get(slug)
        actions = await play_until_over(tapis, table_id, where, users, Rng(len(slug)), on_step=scan)
        assert actions > 0 and explained, "no « Pourquoi ? » was ever answered"
        assert table.state is not None and table.state.is_over()

        # The public message ends on the final ranking.
        final = await emulator.wait_for_message(
            where, lambda m: "Partie terminée" in text_of(m), timeout=5.0
        )
        assert "Classement final" in text_of(final)
        (picture,) = final.media_items()  # the final table, drawn from public facts only
        assert picture.attachment is not None and picture.attachment.filename == "table.png"
        assert watch.scenes >= 1 and watch.hands > actions, (watch.scenes, watch.hands)
        assert not watch.problems, watch.problems[:5]

        # Every button and select the bot wrote is one its dispatcher routes (it bypasses
        # discord.py's view store, so a plain view's callback would never run).
        ids = {
            str(c["custom_id"])
            for m in emulator.world.messages.values()
            for c in m.iter_components()
            if "custom_id" in c
        }
        assert ids, "no component written"
        assert [i for i in ids if tapis.bot.clicks.find(i) is None] == []

        # Stored: every move, in order, replaying to the final state; the result once.
        moves = await logged_moves(tapis.store, table_id)
        assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
        replayed = rules.replay(
            len(users), table.seed, table.options, [(m.seat, m.action_id) for m in moves]
        )
        assert replayed == table.state
        page = await tapis.store.leaderboard.page(tapis.guild.id, game=slug)
        assert page.total == len(users)
