"""Card faces as application emojis: synced at start, used on buttons, selects and in text.

At start the bot lists its application's emojis and uploads the faces it lacks, named
`tapis_<card>_<version>` where the version is a digest of the faces' pixels
(`art.emoji_version`): an unchanged set uploads nothing, a redesign uploads the new faces
and deletes the old ones. Emojis are one set per application, and court cards read V, D, R
in French but J, Q, K in English: those twelve have an English emoji too
(`tapis_QSen_<version>`), and each message shows its reader's. It runs in the background:
until it is done, and for good if Discord refuses (the 2,000-emoji limit, a missing
permission, an outage), cards read as their text faces and the log says why once. Play
never waits for, nor depends on, emojis.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

import discord

from games.cards import face as text_face
from games.words import Face

log = logging.getLogger("tapis.emojis")

PREFIX = "tapis_"
EMOJI_HEIGHT = 64  # px: crisp at the sizes Discord shows emojis (22 to 48 px)
FOLLOW_EVERY = 20.0  # seconds between two looks at the emojis another process uploads
FOLLOW_ATTEMPTS = 15
NAME = re.compile(rf"^{PREFIX}(?P<card>[A-Za-z0-9]+)_(?P<version>[0-9a-f]+)$")


def emoji_key(card: str, lang: str) -> str:
    """The key of a card's face in `lang` among the emojis: the card id, `QSen` for an
    English face (the faces' source sends the English ones under these keys)."""
    return f"{card}en" if lang == "en" else card


def emoji_name(card: str, version: str) -> str:
    return f"{PREFIX}{card}_{version}"


@dataclass(frozen=True)
class CardFaces:
    """How cards read in messages: text faces (`10♥`, `D♠`, `🟥 Mamma`), each with its
    picture emoji before it once the emojis are synced."""

    emojis: Mapping[str, discord.PartialEmoji] = field(default_factory=dict)

    def emoji(self, card: str, lang: str = "fr") -> discord.PartialEmoji | None:
        """A card's emoji as a `lang` reader reads it (its English face where it has one)."""
        return self.emojis.get(emoji_key(card, lang)) or self.emojis.get(card)

    def action_emoji(self, action_id: str, lang: str = "fr") -> discord.PartialEmoji | None:
        """The picture of the card an action plays (the first, for a pair), if any."""
        arg = action_id.partition(":")[2]
        return self.emoji(arg.split("+")[0], lang) if arg else None

    def text(self, lang: str) -> Face:
        """The face function of the games' words for messages in `lang`."""
        if not self.emojis:
            return lambda card: text_face(card, lang)

        def face(card: str) -> str:
            emoji = self.emoji(card, lang)
            shown = text_face(card, lang)
            return f"{emoji} {shown}" if emoji is not None else shown

        return face


TEXT_FACES = CardFaces()


Pace = Callable[[], Awaitable[None]]


class FaceSource(Protocol):
    """What draws the faces to upload (bot.render.pictures.Pictures, in its worker)."""

    async def emoji_faces(self, height: int) -> tuple[str, dict[str, bytes]]: ...


class CardEmojis:
    """The application's card emojis; `faces` is what messages use now."""

    def __init__(self) -> None:
        self.faces: CardFaces = TEXT_FACES
        self.uploaded = 0  # emojis created by the last sync
        self.deleted = 0  # stale ones removed
        self._task: asyncio.Task[None] | None = None
        self._pace: Pace | None = None

    def start(
        self,
        client: discord.Client,
        source: FaceSource,
        *,
        upload: bool = True,
        pace: Pace | None = None,
    ) -> None:
        """Sync in the background (start-up does not wait for it). Emojis belong to the
        whole application: with several processes only one uploads (`upload`), the others
        wait until the set it uploads is complete. Each request first awaits `pace` (the
        bot-token writes' pacer: Discord's global limit counts these requests)."""
        if self._task is None:
            self._pace = pace
            self._task = asyncio.create_task(self.sync(client, source, upload=upload))

    async def _slot(self) -> None:
        if self._pace is not None:
            await self._pace()

    async def wait(self) -> None:
        """Until the sync started by `start` is over, however it ended (tests)."""
        if self._task is not None:
            await asyncio.shield(self._task)

    async def sync(
        self, client: discord.Client, source: FaceSource, *, upload: bool = True
    ) -> None:
        try:
            if upload:
                self.faces = await self._sync(client, source)
            else:
                self.faces = await self._follow(client, source)
        except discord.HTTPException as exc:
            log.warning(
                "card emojis unavailable (HTTP %s, code %s): cards show as text",
                exc.status,
                exc.code,
            )
        except Exception as exc:  # whatever failed, play goes on with text faces
            log.warning("card emojis unavailable (%s): cards show as text", type(exc).__name__)

    async def _sync(self, client: discord.Client, source: FaceSource) -> CardFaces:
        version, pngs = await source.emoji_faces(EMOJI_HEIGHT)
        current: dict[str, discord.Emoji] = {}
        await self._slot()
        for emoji in await client.fetch_application_emojis():
            found = NAME.match(emoji.name)
            if found is None:
                continue  # not ours: never touched
            if found["version"] != version or found["card"] not in pngs:
                await self._slot()
                await emoji.delete()  # an older design
                self.deleted += 1
            else:
                current[found["card"]] = emoji
        for card, png in pngs.items():
            if card not in current:
                name = emoji_name(card, version)
                await self._slot()
                current[card] = await client.create_application_emoji(name=name, image=png)
                self.uploaded += 1
        log.info(
            "card emojis ready (version %s: %d uploaded, %d stale deleted)",
            version,
            self.uploaded,
            self.deleted,
        )
        return CardFaces(
            {card: discord.PartialEmoji(name=e.name, id=e.id) for card, e in current.items()}
        )

    async def _follow(self, client: discord.Client, source: FaceSource) -> CardFaces:
        """Another process uploads: take its emojis once all of this version are there."""
        version, pngs = await source.emoji_faces(EMOJI_HEIGHT)
        for _ in range(FOLLOW_ATTEMPTS):
            found: dict[str, discord.Emoji] = {}
            await self._slot()
            for emoji in await client.fetch_application_emojis():
                name = NAME.match(emoji.name)
                if name is not None and name["version"] == version and name["card"] in pngs:
                    found[name["card"]] = emoji
            if len(found) == len(pngs):
                log.info("card emojis ready (version %s, uploaded by another process)", version)
                return CardFaces(
                    {c: discord.PartialEmoji(name=e.name, id=e.id) for c, e in found.items()}
                )
            await asyncio.sleep(FOLLOW_EVERY)
        log.warning("card emojis not complete after %d checks: cards show as text", FOLLOW_ATTEMPTS)
        return TEXT_FACES

    async def close(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
