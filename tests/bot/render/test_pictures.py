"""The pictures of messages: scenes from public facts only, hands from the seat's own view,
drawn off the event loop and once per table revision."""

from __future__ import annotations

import asyncio
import functools
import os
import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import pytest

import art
import games
from bot.render import words
from bot.render.pictures import Pictures, hand_lang
from bot.render.scenes import (
    describe,
    describe_hand,
    hand_cards,
    lobby_scene,
    scene_of,
    table_scene,
)
from bot.table.model import Seat
from games.cards import face
from tests.bot.tables import mid_deal
from tests.waiting import TIMEOUT


def test_a_table_scene_shows_every_seat_and_the_trick_in_play() -> None:
    table = mid_deal("manille")
    state = table.state
    assert state is not None
    facts = state.public_facts()
    scene = table_scene(table)
    assert scene is not None
    assert [s.name for s in scene.seats] == [s.name for s in table.seats]
    assert [s.cards for s in scene.seats] == [f.hand_size for f in facts.seats]
    assert [s.turn for s in scene.seats] == [f.to_move for f in facts.seats]
    assert [s.dealer for s in scene.seats] == [f.dealer for f in facts.seats]
    assert [s.team for s in scene.seats] == [0, 1, 0, 1]  # partners share a colour
    trick = facts.zones[0]
    laid = scene.zones[0]
    assert laid.around and [(p.card, p.seat) for p in laid.cards] == list(
        zip(trick.cards, trick.seats or (), strict=True)
    )
    trump = next(f for f in scene.facts if f.suit is not None)
    assert trump.suit == state.view(None)["trump"] and trump.value  # drawn, and named
    assert scene.title.startswith("Manille")


@pytest.mark.parametrize("slug", games.slugs())
def test_every_game_has_a_scene_and_says_it_in_words(slug: str) -> None:
    for lang in ("fr", "en"):
        table = mid_deal(slug, lang=lang)
        scene = scene_of(table)
        assert scene is not None and scene.lang == lang
        text = describe(scene, lang)
        assert all(s.name in text for s in scene.seats)
        assert "{" not in text and len(text) <= 1024
        art.draw_table(scene)  # a scene the art accepts and draws


def test_identity_cards_and_piles_come_from_the_facts() -> None:
    table = mid_deal("blanche-neige")
    scene = table_scene(table)
    assert scene is not None
    assert all(s.identity in art.ROLES for s in scene.seats)
    piles = {z.label: z for z in scene.zones}
    assert piles["Pioche"].face_down > 0 and not piles["Pioche"].cards
    assert len(piles["Défausse"].cards) == 1  # the top card, face up, on its pile


def test_a_finished_table_shows_nobody_to_play() -> None:
    table = mid_deal("nain-jaune", moves=5000)
    assert table.state is not None and table.state.is_over()
    scene = table_scene(table)
    assert scene is not None and not any(s.turn for s in scene.seats)


def test_the_lobby_shows_who_sat_down() -> None:
    table = mid_deal("manille")
    table.state, table.status = None, "lobby"
    table.seats = [*table.seats[:2], Seat(None, "Marcel", is_ai=True, ai_level="fort")]
    scene = lobby_scene(table)
    assert scene is not None
    assert [s.name for s in scene.seats] == ["Camille", "Bastien", "Marcel", "Place libre"]
    assert [s.marks for s in scene.seats] == [("hôte",), (), ("IA forte",), ()]
    assert scene.facts[0].value == "3 / 4 joueurs"
    assert scene.zones[0].label == "En attente des joueurs"
    table.seats.append(Seat(1003, "Théo"))
    full = lobby_scene(table)
    assert full is not None and len(full.seats) == 4  # no free seat left
    assert full.zones[0].label.startswith("Table prête")
    table.seats = []
    assert lobby_scene(table) is None  # nobody to draw


EMPTY_VALUE = re.compile(r":\s*(\.|$)|\.\s*\.")  # `label : .`, `label:` at the end, `. .`


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_lobby_reads_without_empty_labels(lang: str) -> None:
    """The lobby's note on the felt is words, not a label of cards: no `… : .` in its
    description, waiting for players or ready to start."""
    table = mid_deal("manille", lang=lang)
    table.state, table.status = None, "lobby"
    for seats in (table.seats[:1], table.seats):
        table.seats = list(seats)
        scene = lobby_scene(table)
        assert scene is not None
        text = describe(scene, lang)
        assert not EMPTY_VALUE.search(text), text
        assert scene.zones[0].label in text


@pytest.mark.parametrize("slug", games.slugs())
def test_a_table_reads_without_empty_labels(slug: str) -> None:
    for lang in ("fr", "en"):
        for moves in (0, 5, 40):
            scene = scene_of(mid_deal(slug, lang=lang, moves=moves))
            assert scene is not None
            text = describe(scene, lang)
            assert not EMPTY_VALUE.search(text), text


@pytest.mark.parametrize("slug", games.slugs())
def test_every_box_label_of_a_game_is_drawn_whole(slug: str) -> None:
    """Each box a game puts on the table (Nain Jaune's « Nain jaune 7♦ », Bonanza's
    « Dame-Valet ») keeps its whole label on the picture, in French and English."""
    game_words = games.get(slug).words
    for lang in ("fr", "en"):
        table = mid_deal(slug, lang=lang)
        scene = table_scene(table)
        assert scene is not None
        x0, _, x1, _ = art.table.centre_rect(art.table.seat_layout(scene))
        labels = [b.label for b in scene.boxes]
        labels += [game_words.box(key, lang, words.face_for(lang)) for key in game_words.boxes]
        for label in labels:
            drawn, size, _ = art.table.box_label(art.Box(label), x1 - x0)
            assert drawn == label and size >= 9, (slug, lang, label)


def test_a_hand_is_held_as_its_player_sorts_it_with_its_legal_moves() -> None:
    table = mid_deal("bianco-mano")
    state = table.state
    assert state is not None
    seat = state.to_move()[0]
    cards, playable, greyed = hand_cards(table, seat)
    assert cards == state.hand_facts(seat).cards
    played = {a.id.partition(":")[2] for a in state.legal_actions(seat)}
    assert playable == {c for c in cards if c in played}
    assert greyed == {r.card for r in state.why_not(seat)}
    other = (seat + 1) % state.players
    assert hand_cards(table, other)[1:] == (frozenset(), frozenset())  # not their turn


def test_the_hand_picture_greys_exactly_the_cards_the_rules_forbid() -> None:
    """On a trick, a follower holding the suit led: every other card greyed, the ones it may
    play raised, and the drawing differs from the same hand with nothing greyed."""
    for seed in range(30):
        table = mid_deal("manille", seed)
        state = table.state
        assert state is not None
        seat = state.to_move()[0]
        cards, playable, greyed = hand_cards(table, seat)
        if greyed:
            break
    else:
        raise AssertionError("no trick with a forbidden card")
    assert greyed == set(cards) - playable and playable
    plain = art.hand.draw_hand_image(list(cards), playable)
    drawn = art.hand.draw_hand_image(list(cards), playable, grey=greyed)
    assert drawn.size == plain.size and drawn.tobytes() != plain.tobytes()
    only_played = art.hand.draw_hand_image(list(cards), playable, grey=playable)
    assert only_played.tobytes() == plain.tobytes()  # a raised card is never greyed
    said = describe_hand(cards, playable, "fr", greyed)
    forbidden = " ".join(face(c, "fr") for c in cards if c in greyed)
    assert said.endswith(f". Interdites : {forbidden}")


class Recorder:
    def __init__(self) -> None:
        self.threads: list[int] = []
        self.tables: list[art.TableScene] = []

    def table(self, scene: art.TableScene) -> bytes:
        self.threads.append(threading.get_ident())
        self.tables.append(scene)
        return b"\x89PNG table"

    def hand(self, cards: Sequence[str], playable: Iterable[str], lang: str, *_: object) -> bytes:
        self.threads.append(threading.get_ident())
        return b"\x89PNG hand"


async def test_pictures_are_drawn_off_the_loop_once_per_revision() -> None:
    recorder = Recorder()
    pictures = Pictures(workers=0, draw_table=recorder.table, draw_hand=recorder.hand)
    table = mid_deal("manille")
    try:
        first, second = await asyncio.gather(pictures.table(table), pictures.table(table))
        assert first is not None and first is second and first.filename == "table.png"
        assert await pictures.table(table) is first  # the same revision: from the cache
        assert len(recorder.tables) == 1
        table.revision += 1
        assert await pictures.table(table) is not first
        assert len(recorder.tables) == 2
        assert threading.get_ident() not in recorder.threads
        hand = await pictures.hand(table, 0, "fr")
        assert hand is not None and hand.filename == "hand.png"
        assert hand.description.startswith("Votre main : ")
    finally:
        await pictures.close()


async def test_a_picture_that_cannot_be_drawn_leaves_it_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(scene: art.TableScene) -> bytes:
        raise RuntimeError("no ink")

    pictures = Pictures(workers=0, draw_table=broken)
    try:
        assert await pictures.table(mid_deal("manille")) is None
        assert pictures.failed == 1
        assert "could not draw table.png (RuntimeError)" in caplog.text
    finally:
        await pictures.close()


@pytest.mark.slow
async def test_a_worker_process_draws_the_pictures() -> None:
    pictures = Pictures(workers=1)
    try:
        picture = await pictures.table(mid_deal("bonanza"))
        assert picture is not None and picture.png.startswith(b"\x89PNG")
        version, faces = await pictures.emoji_faces(64)
        english = {f"{card}en" for card in art.localised(64)}
        assert version == art.emoji_version(64) and set(faces) == set(art.ALL_CARDS) | english
    finally:
        await pictures.close()


def test_a_crowded_table_keeps_the_first_zones_and_the_words_keep_them_all() -> None:
    table = mid_deal("bonanza")  # phase 3: the wheel, the table line, dead and shown cards
    state = table.state
    assert state is not None
    facts = state.public_facts()
    shown = [z for z in facts.zones if z.cards or z.count] + [s for s in facts.seats if s.shown]
    scene = table_scene(table)
    assert scene is not None and art.fits(scene)
    assert len(scene.zones) < len(shown)  # not everything fits the felt
    assert scene.zones[0].label == "Sur le tapis"
    text = words.table_text(table).body
    assert "Cartes mortes" in text and "Sur le tapis" in text


def held_table(gate: Any, scene: art.TableScene) -> bytes:
    """A table drawing (in a worker process) that lasts until the test opens `gate`."""
    gate.wait()
    return b"\x89PNG slow table"


def quick_hand(cards: Sequence[str], playable: Iterable[str], lang: str, *_: object) -> bytes:
    return b"\x89PNG hand"


@pytest.mark.slow
async def test_a_clicks_hand_is_drawn_beside_a_busy_background_worker(gate: Any) -> None:
    """Table redraws fill the background worker; the hand a click waits for goes to the
    urgent worker and comes back without waiting for them."""
    draw_table = functools.partial(held_table, gate)
    pictures = Pictures(workers=1, draw_table=draw_table, draw_hand=quick_hand)
    table = mid_deal("manille")
    try:
        assert await pictures.hand(table, 1, "fr") is not None  # the workers are started
        tables = []
        for _ in range(3):  # more than the background worker holds at once
            tables.append(asyncio.ensure_future(pictures.table(table)))
            table.revision += 1
        await asyncio.sleep(0)
        # The table drawings last until the gate opens, after the hand: a hand queued
        # behind them would never come (the timeout only turns that hang into a failure).
        hand = await asyncio.wait_for(pictures.hand(table, 0, "fr"), TIMEOUT)
        assert hand is not None and hand.png == b"\x89PNG hand"
        assert not any(t.done() for t in tables), "the table drawings were not held"
        gate.set()
        for drawn in await asyncio.gather(*tables):
            assert drawn is not None and drawn.png == b"\x89PNG slow table"
    finally:
        gate.set()
        await pictures.close()


@pytest.mark.slow
async def test_a_clicks_hand_is_drawn_ahead_while_table_pictures_wait(gate: Any) -> None:
    """Table pictures waiting for the background worker do not stop a click's hand from
    being drawn ahead in the urgent worker; a refresh's, which they would delay, is not."""
    asked: list[int] = []
    pictures = Pictures(
        workers=1,
        draw_table=functools.partial(held_table, gate),
        draw_hand=quick_hand,
        observe=lambda state, seat, cards: asked.append(seat),
    )
    table = mid_deal("manille")
    state = table.state
    assert state is not None
    try:
        assert await pictures.hand(table, 3, "fr") is not None  # the workers are started
        # Three different tables, more than the background worker holds at once: one waits.
        others = [mid_deal("manille", seed=seed) for seed in (4, 5, 6)]
        for n, other in enumerate(others):
            other.revision = n
        tables = [asyncio.ensure_future(pictures.table(other)) for other in others]
        await asyncio.sleep(0)
        asked.clear()
        pictures.prepare(table, (1,), state, urgent=False)
        assert asked == [], "a refresh's hand was drawn ahead behind waiting pictures"
        pictures.prepare(table, (0,), state)
        assert asked == [0], "the click's hand was not drawn ahead"
        ahead = await asyncio.wait_for(pictures.hand_soon(table, 0, "fr"), TIMEOUT)
        assert ahead is not None and pictures.drawn == 2  # the answer found it drawn
        assert not any(t.done() for t in tables)
        gate.set()
        await asyncio.wait_for(asyncio.gather(*tables), TIMEOUT)
        asked.clear()
        pictures.prepare(table, (1,), state, urgent=False)
        assert asked == [1], "a refresh's hand was not drawn ahead once nothing waited"
    finally:
        gate.set()
        await pictures.close()


def stuck_hand(
    started: Any, cards: Sequence[str], playable: Iterable[str], lang: str, *_: object
) -> bytes:
    """A hand drawing (in a worker process) that says it started, then never ends."""
    started.set()
    threading.Event().wait()  # still drawing when the bot stops
    return b"\x89PNG never"


@pytest.mark.slow
async def test_a_drawing_cut_short_by_the_bots_stop_is_not_logged_as_an_error(
    caplog: pytest.LogCaptureFixture, gate: Any
) -> None:
    """Stopping the bot ends the workers mid-drawing: no message waits for that picture
    any more, and an error line there would make every stop look like a failure."""
    pictures = Pictures(workers=1, draw_hand=functools.partial(stuck_hand, gate))
    drawing = asyncio.ensure_future(pictures.hand(mid_deal("manille"), 0, "fr"))
    assert await asyncio.to_thread(gate.wait, TIMEOUT), "the drawing never started"
    assert not drawing.done(), "the drawing should still be under way"
    await pictures.close()
    assert await drawing is None
    assert "could not draw" not in caplog.text


def pid_as_picture(*_args: object) -> bytes:
    """A drawing whose picture is the pid of the process that drew it."""
    return str(os.getpid()).encode()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling policy only")
@pytest.mark.parametrize("niceness", [10, None])
async def test_the_clicks_hands_are_drawn_niced_and_the_rest_at_idle_priority(
    niceness: int | None,
) -> None:
    """The worker a click waits for must not starve on a busy machine (niced, not idle)
    unless the operator asks for idle priority; the background one always runs idle."""
    pictures = Pictures(
        workers=1, hands_niceness=niceness, draw_table=pid_as_picture, draw_hand=pid_as_picture
    )
    table = mid_deal("manille")
    try:
        hand = await pictures.hand(table, 0, "fr")  # a click's: the urgent worker
        redraw = await pictures.table(table)  # a redraw's: a background worker
        assert hand is not None and redraw is not None
        urgent, background = int(hand.png), int(redraw.png)
        assert urgent != background != os.getpid()
        assert os.sched_getscheduler(background) == os.SCHED_IDLE
        if niceness is None:
            assert os.sched_getscheduler(urgent) == os.SCHED_IDLE
        else:
            assert os.sched_getscheduler(urgent) == os.SCHED_OTHER
            own = os.getpriority(os.PRIO_PROCESS, 0)
            assert os.getpriority(os.PRIO_PROCESS, urgent) == min(19, own + niceness)
    finally:
        await pictures.close()


async def test_a_hand_picture_speaks_its_readers_language() -> None:
    """Court cards read V, D, R to a French reader and J, Q, K to an English one: a hand
    holding one is drawn in its reader's language; a hand without is one drawing for all."""
    asked: list[tuple[tuple[str, ...], str]] = []

    def draw(cards: Sequence[str], playable: Iterable[str], lang: str, *_: object) -> bytes:
        asked.append((tuple(cards), lang))
        return b"\x89PNG hand"

    table = mid_deal("manille")
    assert table.state is not None
    courts = {r + s for r in "JQK" for s in "SHDC"}
    seat = next(s for s in range(4) if courts & set(table.state.hand_facts(s).cards))
    pictures = Pictures(workers=0, draw_hand=draw)
    try:
        await pictures.hand(table, seat, "en")
        await pictures.hand(table, seat, "fr")
        assert [lang for _, lang in asked] == ["en", "fr"]
        assert hand_lang(("7S", "AH"), "en") == "fr" and hand_lang(("QS",), "en") == "en"
    finally:
        await pictures.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_english_table_shows_english_court_cards(lang: str) -> None:
    table = mid_deal("bonanza", lang=lang)
    scene = table_scene(table)
    assert scene is not None and scene.lang == lang
    other = replace(scene, lang="fr" if lang == "en" else "en")
    assert {b.card for b in scene.boxes} >= {"QD", "JC"}  # the wheel's Q♦ and J♣ boxes
    assert art.draw_table(scene) != art.draw_table(other)
