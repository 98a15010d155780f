"""A TCP proxy a test puts between the bot and PostgreSQL to cut or stall the database.

The machine's PostgreSQL is never stopped: an outage is this proxy closing every
connection and refusing new ones, a stall is it holding the bytes in both directions.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class TcpProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = 0
        self._server: asyncio.Server | None = None
        self._links: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self._flowing = asyncio.Event()
        self._flowing.set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def cut(self) -> None:
        """The database is gone: open connections drop, new ones are refused."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        for writer in list(self._writers):
            writer.transport.abort()
        for task in list(self._links):
            task.cancel()
        await asyncio.gather(*self._links, return_exceptions=True)

    async def restore(self) -> None:
        """The database is back, on the same address."""
        await self.start()

    def stall(self) -> None:
        """Connections stay open but nothing goes through either way."""
        self._flowing.clear()

    def resume(self) -> None:
        self._flowing.set()

    async def close(self) -> None:
        self.resume()
        await self.cut()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._writers.update((writer, up_writer))
        for src, dst in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pump(src, dst))
            self._links.add(task)
            task.add_done_callback(self._links.discard)

    async def _pump(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        try:
            while data := await src.read(65536):
                await self._flowing.wait()
                dst.write(data)
                await dst.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self._writers.discard(dst)
            with contextlib.suppress(Exception):
                dst.close()


@asynccontextmanager
async def proxy_to(host: str, port: int) -> AsyncIterator[TcpProxy]:
    proxy = TcpProxy(host, port)
    await proxy.start()
    try:
        yield proxy
    finally:
        await proxy.close()
