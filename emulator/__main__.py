"""Run the emulator as its own process: `python -m emulator --port 8765`.

Prints the URLs (as KEY=value lines, the env vars a bot reads) and serves until interrupted.
With --seed it also creates a guild, a channel and users, and prints their ids.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys

from .drivers import Emulator


async def _serve(host: str, port: int, seed: bool, users: int) -> None:
    emu = Emulator()
    await emu.start(host, port)
    lines = [f"{key}={value}" for key, value in emu.env().items()]
    lines.append(f"TAPIS_EMULATOR_CONTROL={emu.base_url}/_emu")
    if seed:
        guild = emu.create_guild("Tapis test")
        chan = emu.create_channel(guild, "tables")
        lines += [f"GUILD_ID={guild.id}", f"CHANNEL_ID={chan.id}"]
        for i in range(users):
            user = emu.create_user(f"player{i + 1}", global_name=f"Player {i + 1}", guild=guild)
            lines.append(f"USER{i + 1}_ID={user.id}")
    print("\n".join(lines), flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await emu.stop()
        for violation in emu.violations:
            print(f"violation: {violation}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m emulator", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--seed", action="store_true", help="create a guild, a channel and users")
    parser.add_argument("--users", type=int, default=4)
    args = parser.parse_args(argv)
    asyncio.run(_serve(args.host, args.port, args.seed, args.users))


if __name__ == "__main__":
    main()
