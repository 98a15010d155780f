"""Stopping cleanly: the signals, the interaction gate and the order of the shutdown.

`docker stop` (SIGTERM) and Ctrl-C (SIGINT) stop `python -m bot` the same way, with exit
status 0 within SHUTDOWN_BUDGET seconds:

1. The gate closes. An interaction that arrives from then on is not handled: its clicker
   gets a short ephemeral "Tapis redémarre, réessaie dans un instant". Ignoring it would
   leave them Discord's bare "This interaction failed" after 3 s, which reads like a bug
   and leaves them wondering whether their card was played; the note says it was not and
   that clicking again shortly will work. Nothing else happens: no state changes.
2. Interactions already being handled get DRAIN_BUDGET to finish: a move being stored is
   committed and its player answered. Those still running after that are cancelled.
3. AI moves and turn timers stop. An AI move not yet stored is simply made again after
   the restart (its choice is seeded by the table's state).
4. The move writer is flushed: every queued move is committed or failed, none dropped.
5. Background redraws stop, the gateway and the HTTP session close, the database closes.

Every step is bounded, so a stuck one delays the exit but never blocks it.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from ..discord_io.private import connection_of
from ..i18n.translate import lang_of, tr

if TYPE_CHECKING:
    from db import Store

    from ..table.runtime import Runtimes

log = logging.getLogger("tapis.bot")

DRAIN_BUDGET = 2.5  # seconds for the interactions in flight (Discord's own limit is 3 s)
FLUSH_BUDGET = 1.0  # seconds for the queued moves to commit
REFUSAL_BUDGET = 0.3  # seconds for the last "restarting" notes to go out
SHUTDOWN_BUDGET = 4.8  # the whole stop, from the signal to the exit
SIGNALS = (signal.SIGTERM, signal.SIGINT)
COMPONENT = discord.InteractionType.component.value
ANSWERED = (
    discord.InteractionType.application_command,
    discord.InteractionType.component,
    discord.InteractionType.modal_submit,
)

TaskFactory = Callable[..., "asyncio.Task[Any]"]


@dataclass(frozen=True, slots=True)
class Stopped:
    """How a shutdown went: its length, the interactions it cut short, the moves lost."""

    seconds: float
    cancelled: int
    failed: int

    @property
    def clean(self) -> bool:
        return not (self.cancelled or self.failed)


class InteractionGate:
    """The one door every interaction comes through (discord.py's INTERACTION_CREATE
    parser): it keeps the tasks that handle each interaction, so a shutdown can wait for
    them, and once closed it answers new interactions instead of handing them on.

    discord.py starts an interaction's handlers (command, button, modal, listeners) as
    tasks while it parses the event, synchronously; a task factory set for just that call
    collects exactly those tasks, whatever their kind. A component click goes to
    `components` instead of discord.py's parse when one is given (bot.discord_io.handlers'
    dispatcher), whose tasks are collected the same way.
    """

    def __init__(
        self, client: discord.Client, components: Callable[[Any], None] | None = None
    ) -> None:
        self.closed = False
        self._in_flight: set[asyncio.Task[Any]] = set()
        state = connection_of(client)
        self._state = state
        self._parse = state.parsers["INTERACTION_CREATE"]
        self._components = components
        state.parsers["INTERACTION_CREATE"] = self._receive

    @property
    def in_flight(self) -> int:
        return sum(not task.done() for task in self._in_flight)

    def close(self) -> None:
        self.closed = True

    def _receive(self, data: Any) -> None:
        loop = asyncio.get_running_loop()
        if self.closed:
            self._keep(loop.create_task(self._refuse(data)))
            return
        previous = cast(TaskFactory | None, loop.get_task_factory())
        loop.set_task_factory(self._collecting(previous))
        try:
            if self._components is not None and data.get("type") == COMPONENT:
                self._components(data)
            else:
                self._parse(data)
        finally:
            loop.set_task_factory(previous)

    def _collecting(self, previous: TaskFactory | None) -> TaskFactory:
        def factory(
            loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], **kwargs: Any
        ) -> asyncio.Task[Any]:
            if previous is not None:
                task = previous(loop, coro, **kwargs)
            else:
                task = asyncio.Task(coro, loop=loop, **kwargs)
            self._keep(task)
            return task

        return factory

    def _keep(self, task: asyncio.Task[Any]) -> None:
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)

    async def _refuse(self, data: Any) -> None:
        interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=self._state)
        if interaction.type not in ANSWERED:
            return
        text = tr("err.restarting", lang_of(interaction.locale))
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except Exception as exc:  # the HTTP session may close under it: nothing more to do
            log.info("restart note not sent (%s)", type(exc).__name__)

    async def drain(self, timeout: float) -> int:
        """Wait for the interactions being handled; cancel those still running after
        `timeout`. Returns how many were cancelled."""
        running = {task for task in self._in_flight if not task.done()}
        if not running:
            return 0
        _, late = await asyncio.wait(running, timeout=timeout)
        for task in late:
            task.cancel()
        if late:
            await asyncio.wait(late, timeout=0.2)
        return len(late)


async def shut_down(
    gate: InteractionGate,
    runtimes: Runtimes | None,
    store: Store | None,
    close_connection: Callable[[], Awaitable[None]],
    *,
    owns_store: bool,
) -> Stopped:
    """The steps of the module docstring, in order; `close_connection` closes the gateway
    and the HTTP session (discord.py's own close). A stop that cut something short is
    logged here; `run` says "stopped cleanly" only of a stop it was asked for."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    gate.close()
    cancelled = await gate.drain(DRAIN_BUDGET)
    if runtimes is not None:  # AI turns, timers, redraws, pings: every table's tasks
        await runtimes.close()
    failed = await store.moves.flush(FLUSH_BUDGET) if store is not None else 0
    if runtimes is not None:
        await runtimes.ai.close()
        await runtimes.display.emojis.close()
        await runtimes.display.pictures.close()
    await gate.drain(REFUSAL_BUDGET)
    await close_connection()
    if store is not None and owns_store:
        await store.close(FLUSH_BUDGET)
    stopped = Stopped(loop.time() - started, cancelled, failed)
    if not stopped.clean:
        log.warning(
            "stopped in %.1f s; %d interaction(s) cut short, %d move(s) not stored",
            stopped.seconds,
            cancelled,
            failed,
        )
    return stopped


class Runnable(Protocol):
    """What `run` needs of the bot (`bot.app.client.TapisBot`): a discord.py client that notes
    how its last stop went."""

    stopped: Stopped | None

    async def __aenter__(self) -> Any: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...

    async def start(self, token: str, *, reconnect: bool = True) -> None: ...

    async def close(self) -> None: ...

    def is_ready(self) -> bool: ...


async def run(bot: Runnable, token: str) -> int:
    """Run the bot until the gateway closes or SIGTERM/SIGINT asks it to stop; the exit
    status: 0 for a clean stop, 1 if the shutdown overran its budget. When the connection
    fails (a refused token, no network), its error is raised once the bot is closed, and
    nothing claims a clean stop."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    received: list[signal.Signals] = []

    def on_signal(sig: signal.Signals) -> None:
        if stop.is_set():
            log.info("%s received while stopping: still stopping", sig.name)
            return
        received.append(sig)
        stop.set()

    for sig in SIGNALS:
        loop.add_signal_handler(sig, on_signal, sig)
    try:
        async with bot:
            runner = asyncio.create_task(bot.start(token), name="tapis-gateway")
            stopping = asyncio.create_task(stop.wait())
            await asyncio.wait({runner, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if not stop.is_set():
                stopping.cancel()
                await runner  # the connection ended by itself: its error, if any, surfaces
                _report(bot)
                return 0
            log.info("%s received: stopping", received[0].name)
            if not bot.is_ready():
                runner.cancel()  # still starting: nothing of the players' is in flight yet
            try:
                await asyncio.wait_for(asyncio.shield(bot.close()), SHUTDOWN_BUDGET)
            except TimeoutError:
                log.error("the shutdown overran %.1f s: exiting anyway", SHUTDOWN_BUDGET)
                return 1
            finally:
                await _settle(runner)
            _report(bot)
            return 0
    finally:
        for sig in SIGNALS:
            loop.remove_signal_handler(sig)


def _report(bot: Runnable) -> None:
    stopped = bot.stopped
    if stopped is not None and stopped.clean:
        log.info("stopped cleanly in %.1f s", stopped.seconds)


async def _settle(runner: asyncio.Task[None]) -> None:
    """`bot.start()` returns once the gateway is closed; give it a moment, then stop it."""
    await asyncio.wait({runner}, timeout=1.0)
    if not runner.done():
        runner.cancel()
        await asyncio.wait({runner}, timeout=0.2)
    if runner.done() and not runner.cancelled() and runner.exception() is not None:
        log.warning("the gateway ended with %s while stopping", type(runner.exception()).__name__)
