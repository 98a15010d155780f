"""Drawing the pictures of Discord messages off the event loop, and keeping them.

What a picture shows is bot.render.scenes' (the table from the public facts only, a hand
from the seat's own view); this module schedules the drawing. Drawing takes milliseconds of
CPU: it never runs on the event loop but in worker processes (default) or a thread
(`PICTURE_WORKERS=0`; docs/decisions/one-picture-worker.md): one for the hands a click waits
for, niced, and `PICTURE_WORKERS` for the rest, at idle priority. A move's hands are drawn
ahead while the move is stored, when the workers keep up (`prepare`). Pictures are cached by
(table id, revision, language) and by hand, and a picture being drawn is awaited rather than
drawn twice; the faces and layers behind them are cached by `art` itself, in the worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import heapq
import itertools
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

import art
from art.hand import MAX_CARDS as MAX_HAND
from games.base import GameState
from workers import PipeWorker, WorkerFailed, WorkerGone, start_worker

from ..table.model import Table
from .emojis import emoji_key
from .scenes import describe, describe_hand, hand_cards, scene_of

log = logging.getLogger("tapis.pictures")

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
CACHED_TABLES = 32  # pictures kept: redraws of a revision (a failed token edit, the lobby)
MAX_ALT = 1000  # a picture's description, within Discord's limit
CACHED_HANDS = 64  # hand pictures kept: a hand asked again ("Ma main" twice) is not redrawn

DrawTable = Callable[[art.TableScene], bytes]
# cards, playable (raised), language, forbidden (greyed)
DrawHand = Callable[[Sequence[str], Iterable[str], str, Iterable[str]], bytes]
# Told what each picture will show as it is taken from a state of the table: (state, None,
# scene) for the table message, (state, seat, cards) for a hand (tests watch for hidden
# cards); the state is the table's, or a move's being stored for a hand drawn ahead.
Observer = Callable[[GameState, int | None, object], None]
Wanted = Callable[[], bool]  # asked when a background drawing's turn comes: still needed?
# How much lower than the bot's the CPU priority of the worker drawing the hands clicks wait
# for is (the others run at idle priority): see `Pictures`.
HANDS_NICENESS = 10
URGENT, BACKGROUND, AHEAD = 0, 1, 2  # drawing priorities, most urgent first
IN_FLIGHT = 2  # drawings handed to a worker at once (see Pictures._pump)


@dataclass(frozen=True, slots=True)
class Picture:
    """PNG bytes as a message shows them: a file name and a text description (and, for a
    hand, the cards it shows). `digest` tells two drawings apart: a message that carries a
    picture with the same digest keeps it rather than receiving it again
    (bot.discord_io.writes.unless_carried)."""

    png: bytes
    filename: str
    description: str
    cards: tuple[str, ...] = ()
    digest: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "digest", hashlib.blake2b(self.png, digest_size=16).digest())

    @property
    def url(self) -> str:
        return f"attachment://{self.filename}"


# --- drawing, off the event loop ------------------------------------------------------------
def emoji_faces(height: int) -> tuple[str, dict[str, bytes]]:
    """In the worker: the faces' version digest and every face as a small PNG (emojis),
    keyed by `emoji_key`: each card's French face, and the English face of the cards whose
    face differs in English (court cards read J, Q, K)."""
    faces = {c: art.face_png(c, height) for c in art.ALL_CARDS}
    faces |= {emoji_key(c, "en"): art.face_png(c, height, "en") for c in art.localised(height)}
    return art.emoji_version(height), faces


def draw_hand(
    cards: Sequence[str], playable: Iterable[str], lang: str, grey: Iterable[str] = ()
) -> bytes:
    return art.draw_hand(list(cards), playable, lang, grey)


def hand_lang(cards: Iterable[str], lang: str) -> str:
    """The language a hand picture is drawn in: `fr` when its faces read the same in both,
    so one drawing serves every reader."""
    shows_words = any(art.face_lang(c, art.hand.CARD_H, lang) == "en" for c in cards)
    return "en" if shows_words else "fr"


def _described(picture: Picture, description: str) -> Picture:
    """The same drawing, described in the asker's language."""
    return (
        picture if picture.description == description else replace(picture, description=description)
    )


class _Lru:
    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Picture] = OrderedDict()

    def get(self, key: Hashable) -> Picture | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: Hashable, value: Picture) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)


@dataclass(order=True)
class _Job:
    """A drawing waiting for the worker: the most urgent first, then first come."""

    priority: int
    order: int
    fn: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    done: asyncio.Future[Any] = field(compare=False)
    wanted: Wanted | None = field(compare=False, default=None)


class Pictures:
    """Draws the pictures of table messages and hands in worker processes, caching them.

    `workers=0` draws in a thread of the bot's process instead of a worker process (tests,
    small bots). `draw_table` and `draw_hand` are what draws (module-level functions, so
    that they reach a worker process); `observe` is told what each picture will show.

    A worker holds IN_FLIGHT drawings at a time, taken from the queue most urgent first: a
    hand a click waits for (URGENT), then hand refreshes and table redraws (BACKGROUND),
    then faces drawn ahead (AHEAD). The hands clicks wait for have a worker of their own,
    so that they never wait behind table pictures. It stays at idle priority like the
    others: at the bot's priority it took the CPU from the clicks themselves on a machine
    with more to do than it can (the load bench's two processes of 500 tables). But
    at idle priority it starved whenever the bot and Discord kept the cores busy, and a
    click's answer then went without its picture and cost a second edit: so it is only
    niced (`hands_niceness`, HAND_PICTURE_NICENESS; None: idle priority, for a machine
    running more bot processes than it has cores).
    Under more load than the workers can draw, the clicks' answers stay quick and the
    background waits; a background drawing nobody wants any more by its turn (`wanted`
    says no: a newer move came) is dropped rather than drawn.
    """

    def __init__(
        self,
        workers: int = 1,
        *,
        hands_niceness: int | None = HANDS_NICENESS,
        draw_table: DrawTable = art.draw_table,
        draw_hand: DrawHand = draw_hand,
        observe: Observer | None = None,
    ) -> None:
        self.workers = workers
        self.hands_niceness = hands_niceness
        self._draw_table = draw_table
        self._draw_hand = draw_hand
        self._observe = observe
        self._workers: list[PipeWorker] = []
        self._urgent: PipeWorker | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._tables = _Lru(CACHED_TABLES)
        self._hands = _Lru(CACHED_HANDS)
        self._drawing: dict[Hashable, asyncio.Future[Picture | None]] = {}
        self._queue: list[_Job] = []
        self._queued = [0, 0, 0]  # jobs in the queue by priority (URGENT, BACKGROUND, AHEAD)
        self._order = itertools.count()
        self._running = 0
        self._warming: asyncio.Task[None] | None = None
        self.drawn = 0  # pictures actually drawn (not found in a cache)
        self.dropped = 0  # background pictures nobody wanted any more by their turn
        self.failed = 0
        self._closing = False  # the bot is stopping: drawings cut short are not errors

    def _started(self) -> PipeWorker:
        """The urgent worker, the background ones started with it on first use."""
        if self._urgent is None:
            self._urgent = PipeWorker(functools.partial(start_worker, self.hands_niceness))
            self._workers = [PipeWorker(start_worker) for _ in range(self.workers)]
        return self._urgent

    def _worker(self, priority: int) -> PipeWorker | None:
        """Where a drawing of this priority can start now: a click's in the urgent worker
        when it has room (no background drawing ever waits there), else in the least busy
        background worker with room for one more; None when none has room."""
        urgent = self._started()
        if priority == URGENT and urgent.in_flight < IN_FLIGHT:
            return urgent
        free = min(self._workers, key=lambda w: w.in_flight)
        return free if free.in_flight < IN_FLIGHT else None

    def _run(self, job: _Job) -> asyncio.Future[Any] | None:
        """Start a drawing now, in a worker process or in the thread (`workers=0`); None
        when there is no room for it yet."""
        if self.workers == 0:
            if self._running >= 1:
                return None
            if self._thread is None:
                self._thread = ThreadPoolExecutor(1, thread_name_prefix="tapis-pictures")
            return asyncio.get_running_loop().run_in_executor(self._thread, job.fn, *job.args)
        worker = self._worker(job.priority)
        return worker.submit(job.fn, *job.args) if worker is not None else None

    # --- the queue ------------------------------------------------------------------------
    def _submit(
        self, priority: int, fn: Callable[..., Any], *args: Any, wanted: Wanted | None = None
    ) -> asyncio.Future[Any]:
        """Queue a drawing; its future holds the result (None if dropped as unwanted)."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._queue, _Job(priority, next(self._order), fn, args, done, wanted))
        self._queued[priority] += 1
        self._pump()
        return done

    def _pump(self) -> None:
        """Hand the worker(s) the next drawings: IN_FLIGHT each, so that a worker finds its
        next drawing waiting when it finishes one, and a click's waits behind at most one."""
        while self._queue:
            job = self._queue[0]
            if job.done.done():  # its caller gave up
                self._pop()
                continue
            if job.wanted is not None and not job.wanted():
                self._pop()
                self.dropped += 1
                job.done.set_result(None)
                continue
            work = self._run(job)
            if work is None:
                return
            self._pop()
            self._running += 1
            work.add_done_callback(functools.partial(self._finished, job))

    def _pop(self) -> None:
        self._queued[heapq.heappop(self._queue).priority] -= 1

    def _finished(self, job: _Job, work: asyncio.Future[Any]) -> None:
        self._running -= 1
        if not job.done.done():
            if work.cancelled():
                job.done.cancel()
            elif work.exception() is not None:
                job.done.set_exception(work.exception())  # type: ignore[arg-type]
            else:
                job.done.set_result(work.result())
        self._pump()

    # --- what callers ask -------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker and draw the faces ahead in the background, one card per job
        behind every picture asked meanwhile."""
        if self._warming is None:
            self._warming = asyncio.create_task(self._warm())

    async def _warm(self) -> None:
        try:
            urgent = self._started() if self.workers else None
            for card in (*art.ALL_CARDS, art.BACK):
                if urgent is not None:  # it draws hands: its faces too, between clicks
                    await urgent.submit(art.warm_card, card)
                await self._submit(AHEAD, art.warm_card, card)
        except Exception as exc:  # a broken worker: pictures will say so when asked
            log.warning("could not draw the card faces ahead (%s)", type(exc).__name__)

    def drawn_table(self, table: Table) -> Picture | None:
        """The picture of the table as it is now if it is drawn already, else None."""
        return self._tables.get(("table", table.id, table.revision, table.lang))

    async def table(self, table: Table, *, urgent: bool = False) -> Picture | None:
        """The picture of the table message as the table is now (None: no picture);
        `urgent` when a click's answer waits for it (a lobby click), else a redraw's."""
        key = ("table", table.id, table.revision, table.lang)
        found = self._tables.get(key)
        if found is not None:
            return found
        scene = scene_of(table)
        if scene is None:
            return None
        if self._observe is not None and table.state is not None:
            self._observe(table.state, None, scene)
        description = describe(scene, table.lang)
        return await self._once(
            key,
            self._tables,
            lambda: self._submit(URGENT if urgent else BACKGROUND, self._draw_table, scene),
            TABLE_FILE,
            description,
        )

    async def standings(
        self, scene: art.StandingsScene, filename: str, description: str
    ) -> Picture | None:
        """A concours' standings board, drawn in a background worker, cached by what it
        shows (a redraw that changed only the buttons is not drawn again)."""
        key = ("standings", scene, description)
        found = self._tables.get(key)
        if found is not None:
            return found
        draw = functools.partial(self._submit, BACKGROUND, art.draw_standings, scene)
        return await self._once(key, self._tables, draw, filename, description[:MAX_ALT])

    def hand_soon(
        self,
        table: Table,
        seat: int,
        lang: str,
        *,
        wanted: Wanted | None = None,
        state: GameState | None = None,
    ) -> asyncio.Future[Picture | None]:
        """The picture of `seat`'s hand as it is at this line (None for an empty hand), as a
        future: done at once when it is drawn already. A click waits for it, unless `wanted`
        is given: a refresh in the background, dropped (None) if `wanted` says no when its
        turn comes. `state` (a move's, not stored yet) draws it ahead: see `prepare`."""
        source = state or table.state
        assert source is not None
        cards, playable, forbidden = hand_cards(table, seat, source)
        if self._observe is not None:
            self._observe(source, seat, cards)
        ready: asyncio.Future[Picture | None] = asyncio.get_running_loop().create_future()
        if not cards:
            ready.set_result(None)
            return ready
        cards = cards[:MAX_HAND]
        ordered = tuple(sorted(playable))
        grey = tuple(sorted(forbidden))
        drawn_in = hand_lang(cards, lang)  # the reader's: court cards read V/D/R or J/Q/K
        key = ("hand", cards, ordered, grey, drawn_in)
        description = describe_hand(cards, playable, lang, forbidden)
        found = self._hands.get(key)
        if found is not None:
            ready.set_result(_described(found, description))
            return ready
        priority = URGENT if wanted is None else BACKGROUND
        return asyncio.ensure_future(
            self._described_soon(
                self._once(
                    key,
                    self._hands,
                    lambda: self._submit(
                        priority, self._draw_hand, cards, ordered, drawn_in, grey, wanted=wanted
                    ),
                    HAND_FILE,
                    description,
                    cards,
                ),
                description,
            )
        )

    @staticmethod
    async def _described_soon(
        drawing: Awaitable[Picture | None], description: str
    ) -> Picture | None:
        picture = await drawing
        return _described(picture, description) if picture is not None else None

    def prepare(
        self, table: Table, seats: Iterable[int], state: GameState, *, urgent: bool = True
    ) -> None:
        """Start drawing the hands of `seats` as `state` has them while its move is being
        stored, so that the answers shown once it is stored find them drawn (`urgent` for a
        click's). Nothing drawn here is shown before then: the answers ask again after.
        Only when the workers keep up (nothing of the same kind waits for them): under more
        load than they draw, drawings ahead cost the bot's time and pile up for nobody. A
        click's has the urgent worker to itself, so background drawings waiting (table
        pictures, at idle priority) do not hold it back. A refresh's drawing still waiting
        when a later move came is dropped (that refresh is moot too); a click's never is,
        since its answer awaits this very drawing."""
        waiting = self._queued[URGENT] if urgent else sum(self._queued)
        if waiting:  # its worker is behind
            return
        revision = table.revision  # the move being stored makes it revision + 1

        def fresh() -> bool:
            return table.revision <= revision + 1

        wanted = None if urgent else fresh
        for seat in seats:
            self.hand_soon(table, seat, table.lang, state=state, wanted=wanted)

    async def hand(
        self, table: Table, seat: int, lang: str, *, wanted: Wanted | None = None
    ) -> Picture | None:
        """The picture of `seat`'s hand now (see `hand_soon`)."""
        return await self.hand_soon(table, seat, lang, wanted=wanted)

    async def emoji_faces(self, height: int) -> tuple[str, dict[str, bytes]]:
        """Every card face as an emoji-sized PNG and their version, drawn in the worker."""
        faces: tuple[str, dict[str, bytes]] = await self._submit(AHEAD, emoji_faces, height)
        return faces

    async def _once(
        self,
        key: Hashable,
        cache: _Lru,
        submit: Callable[[], asyncio.Future[bytes | None]],
        filename: str,
        description: str,
        cards: tuple[str, ...] = (),
    ) -> Picture | None:
        """Draw once per key: a second caller while it is drawn awaits the same picture."""
        pending = self._drawing.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Picture | None] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        picture: Picture | None = None
        try:
            png = await asyncio.shield(submit())
            if png is not None:
                picture = Picture(png, filename, description, cards)
                cache.put(key, picture)
                self.drawn += 1
        except Exception as exc:  # a message goes out without its picture, play goes on
            self.failed += 1
            if not (self._closing and isinstance(exc, WorkerGone)):
                kind = exc.kind if isinstance(exc, WorkerFailed) else type(exc).__name__
                log.error("could not draw %s (%s)", filename, kind)
        finally:
            del self._drawing[key]
            future.set_result(picture)
        return picture

    async def close(self) -> None:
        self._closing = True
        if self._warming is not None:
            self._warming.cancel()
            with contextlib.suppress(BaseException):
                await self._warming
        for job in self._queue:
            job.done.cancel()
        self._queue.clear()
        self._queued = [0, 0, 0]
        workers, self._workers = self._workers, []
        if self._urgent is not None:
            workers.append(self._urgent)
            self._urgent = None
        await asyncio.gather(*(w.close() for w in workers))
        thread, self._thread = self._thread, None
        if thread is not None:
            await asyncio.to_thread(thread.shutdown, True, cancel_futures=True)
