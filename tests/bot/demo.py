"""`make demo`: the real Tapis bot, logged into the in-process Discord emulator, hosts a short
match of each game for simulated players; the terminal shows the public channel and threads
the way a member reading them would, each message again whenever it changes.

No Discord token and no network: everything runs on loopback in one event loop, on a
throw-away SQLite file. `python -m tests.bot.demo [game ...]` plays only those games.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import games
from emulator.drivers import Emulator
from emulator.model import Channel, Message
from games import Rng
from games.options import describe
from tests.bot.harness import (
    Tapis,
    match_players,
    play_until_over,
    quick_options_text,
    running_tapis,
    text_of,
)

NAMES = ("Alice", "Basile", "Chloé", "Dédé", "Eugénie", "Firmin")
FINAL_MARKER = "Classement final"
MENTION = re.compile(r"<(@!?|@&|#)(\d+)>")
BOLD = re.compile(r"\*\*(.+?)\*\*")
UNDERLINE = re.compile(r"__(.+?)__")
ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


class PublicPrinter:
    """Prints every public message of the watched channels once per distinct content.

    Only what any member could see is printed: ephemeral hands never are.
    """

    def __init__(self, emu: Emulator, out: TextIO, *, colour: bool) -> None:
        self.emu = emu
        self.out = out
        self.colour = colour
        self.channels: list[Channel] = []
        self.shown: dict[int, str] = {}

    def watch(self, channel: Channel) -> None:
        if all(c.id != channel.id for c in self.channels):
            self.channels.append(channel)

    def flush(self) -> None:
        """Print the public messages that are new or changed since the last flush."""
        for channel in self.channels:
            for msg in self.emu.public_messages(channel):
                body = self.render(msg)
                previous = self.shown.get(msg.id)
                if body == previous:
                    continue
                self.shown[msg.id] = body
                what = "modifié" if previous is not None else "nouveau message"
                self.say(self.style(f"┌─ {self.place(channel)} · {what}", dim=True))
                for line in body.splitlines():
                    self.say(self.style("│ ", dim=True) + line)
                self.say(self.style("└─", dim=True))

    def place(self, channel: Channel) -> str:
        if channel.parent_id is not None:
            parent = self.emu.world.channel(channel.parent_id)
            return f"#{parent.name if parent else '?'} › fil « {channel.name} »"
        return f"#{channel.name}"

    def render(self, msg: Message) -> str:
        """Content, embeds, a layout's texts and pictures, and buttons, as plain lines."""
        lines: list[str] = []
        if msg.content:
            lines.append(self.inline(msg.content))
        for embed in msg.embeds:
            if embed.get("title"):
                lines.append(self.style(self.inline(embed["title"]), bold=True))
            if embed.get("description"):
                lines.extend(self.inline(embed["description"]).splitlines())
            for fld in embed.get("fields") or []:
                lines.append(self.style(f"▸ {self.inline(fld.get('name', ''))}", bold=True))
                lines.extend(f"  {v}" for v in self.inline(fld.get("value", "")).splitlines())
            footer = (embed.get("footer") or {}).get("text")
            if footer:
                lines.append(self.style(self.inline(footer), dim=True))
        labels: list[str] = []
        for comp in msg.iter_components():  # a layout: its texts, pictures and buttons in order
            kind = comp.get("type")
            if kind == 10:  # text display
                lines.extend(self._text(str(comp.get("content", ""))))
            elif kind == 12:  # media gallery: the picture's description, shortened
                for item in comp.get("items", []):
                    about = str(item.get("description") or "?")
                    about = about if len(about) <= 90 else about[:89] + "…"
                    lines.append(self.style(f"[image : {about}]", dim=True))
            elif kind in (2, 3, 5, 6, 7, 8):  # buttons and selects
                labels.append(self._button(comp))
        if labels:
            lines.append(" ".join(labels))
        return "\n".join(lines)

    def _text(self, text: str) -> list[str]:
        """A text display's markdown: a heading bold, small print dim."""
        if text.startswith("-# "):
            return [self.style(self.inline(text[3:]), dim=True)]
        if text.startswith("#"):
            return [self.style(self.inline(text.lstrip("#").strip()), bold=True)]
        return self.inline(text).splitlines()

    def _button(self, comp: dict[str, object]) -> str:
        if comp.get("type") != 2:
            return f"[{comp.get('placeholder') or '…'} ▾]"
        emoji = comp.get("emoji")
        name = emoji.get("name") if isinstance(emoji, dict) else None
        label = " ".join(str(p) for p in (name, comp.get("label")) if p)
        return f"[{label}]"

    def inline(self, text: str) -> str:
        """Mentions as names and Discord markdown as terminal styles, like a client shows them."""
        text = MENTION.sub(self._mention, text)
        text = BOLD.sub(lambda m: self.style(m[1], bold=True), text)
        text = UNDERLINE.sub(lambda m: self.style(m[1], underline=True), text)
        return ITALIC.sub(lambda m: self.style(m[1], italic=True), text)

    def _mention(self, match: re.Match[str]) -> str:
        kind, ident = match[1], int(match[2])
        world = self.emu.world
        if kind == "#":
            channel = world.channel(ident)
            return f"#{channel.name}" if channel else "#?"
        if kind == "@&":
            return "@rôle"
        user = world.users.get(ident)
        return f"@{user.display_name}" if user else "@?"

    def style(
        self,
        text: str,
        *,
        bold: bool = False,
        dim: bool = False,
        italic: bool = False,
        underline: bool = False,
    ) -> str:
        if not self.colour:
            return text
        codes = [c for c, on in (("1", bold), ("2", dim), ("3", italic), ("4", underline)) if on]
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text

    def say(self, line: str = "") -> None:
        print(line, file=self.out, flush=True)


def options_in_words(slug: str) -> str:
    """The quick options as the lobby shows them: `Donnes : 2, As petits : oui`."""
    quick = games.get(slug).quick_options
    return ", ".join(
        f"{info.label_text('fr')} : {info.value_text(quick[info.name], 'fr')}"
        for info in describe(games.get(slug).Options)
        if info.name in quick
    )


async def play_one(
    tapis: Tapis, printer: PublicPrinter, slug: str, *, seed: int, pace: float
) -> int:
    """Open, fill and start a table of `slug` and play it to the end; the number of actions.

    `pace` is a pause after each click: the bot redraws a table message at most every
    PUBLIC_MIN_INTERVAL (2 s), so players at machine speed would show a reader only the
    first and last states.
    """
    players = match_players(slug)
    options = quick_options_text(slug)
    words = options_in_words(slug)
    shown = f" · {words}" if words else ""
    title = f"═══ {games.game_name(slug, 'fr')} · {players} joueurs{shown} ═══"
    printer.say(printer.style(title, bold=True))

    async def lobby_step(where: Channel) -> None:
        printer.watch(where)
        printer.flush()
        await asyncio.sleep(pace)

    table_id, where, users = await tapis.seat_and_start(
        slug, players, options, names=list(NAMES[:players]), on_step=lobby_step
    )

    async def step(_actions: int) -> None:
        printer.flush()
        await asyncio.sleep(pace)

    actions = await play_until_over(tapis, table_id, where, users, Rng(seed), on_step=step)
    await tapis.emu.wait_for_message(where, lambda m: FINAL_MARKER in text_of(m), timeout=10.0)
    printer.flush()
    return actions


async def main(
    games_to_play: Sequence[str] | None = None,
    *,
    out: TextIO | None = None,
    colour: bool | None = None,
    seed: int = 7,
    pace: float = 0.1,
) -> int:
    """Play each game in turn; 0 when every match reached its final ranking, else 1."""
    out = out or sys.stdout
    colour = out.isatty() if colour is None else colour
    wanted = list(games_to_play or games.slugs())
    failed: list[str] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tapis-demo-") as tmp:
        async with Emulator() as emu, running_tapis(emu, Path(tmp), token="demo") as tapis:
            printer = PublicPrinter(emu, out, colour=colour)
            printer.watch(tapis.channel)
            for n, slug in enumerate(wanted):
                try:
                    actions = await play_one(tapis, printer, slug, seed=seed + n, pace=pace)
                except Exception as exc:  # one broken game must not hide the others
                    failed.append(slug)
                    printer.flush()
                    printer.say(f"!! {slug} : la partie a échoué ({type(exc).__name__}: {exc})")
                    continue
                printer.say(f"({games.game_name(slug, 'fr')} : {actions} actions jouées)\n")
    elapsed = time.monotonic() - started
    played = len(wanted) - len(failed)
    print(f"Démo terminée en {elapsed:.1f} s : {played}/{len(wanted)} parties.", file=out)
    if failed:
        print(f"En échec : {', '.join(failed)}", file=out)
    return 1 if failed else 0


def cli(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", metavar="game", help=", ".join(games.slugs()))
    parser.add_argument("--seed", type=int, default=7, help="the simulated players' choices")
    parser.add_argument(
        "--pace", type=float, default=0.1, help="seconds between two clicks (0: full speed)"
    )
    parser.add_argument("--no-colour", action="store_true", help="plain text even on a terminal")
    parser.add_argument("-v", "--verbose", action="store_true", help="show the bot's logs")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if not games.known(g)]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    # The bot's INFO lines would drown the table; warnings about voice support are noise here.
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR)
    if not args.verbose:
        logging.getLogger("discord").setLevel(logging.ERROR)
    colour = False if args.no_colour else None
    return asyncio.run(main(args.games or None, colour=colour, seed=args.seed, pace=args.pace))


if __name__ == "__main__":
    sys.exit(cli())
