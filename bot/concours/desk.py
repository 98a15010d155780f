"""Answers to the concours buttons and to `/concours créer`.

Every click is checked against storage: the concours must be of the clicker's server, an
organiser's button is the organiser's (or a server manager's), and the store refuses what
the rules forbid now (a double registration, a partner already paired, a round closed
twice). A refused click gets a short private answer in the clicker's language and changes
nothing; an accepted one is stored, then the concours message is redrawn from storage.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

import games
from concours.seating import counts_deals
from db import ConcoursRecord, ConcoursRefused, ConcoursStatus, EntrantRecord

from ..discord_io.replies import answer_later, refuse
from ..discord_io.writes import release
from ..i18n.translate import has, lang_of, tr
from ..table.place import lacking, lacking_refusal
from ..table.session import ServiceError
from .components import ORGANISER_VERBS, ConcoursButton
from .pickers import PICKERS
from .publisher import DiscordPublisher, concours_message
from .runner import format_of, rules_of
from .schedule import parse_start
from .service import ConcoursService

log = logging.getLogger("tapis.concours")
SLOW = ("start", "resume", "round", "cancel")  # may open or close tables before answering
ACTIVE = (
    ConcoursStatus.REGISTRATION,
    ConcoursStatus.CLOSED,
    ConcoursStatus.CHECKIN,
    ConcoursStatus.RUNNING,
    ConcoursStatus.PAUSED,
)


def refusal_key(code: str) -> str:
    key = f"concours.err.{code}"
    return key if has(key) else "concours.err.wrong_time"


class Desk:
    def __init__(self, service: ConcoursService, publisher: DiscordPublisher) -> None:
        self.service = service
        self.store = service.store
        self.publisher = publisher

    # --- /concours créer --------------------------------------------------------------------
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        settings: dict[str, Any],
        start: str | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        channel = interaction.channel
        if interaction.guild is None or channel is None or not games.known(game):
            await refuse(interaction, "err.no_guild")
            return
        if missing := lacking(channel, interaction.app_permissions, own_thread=False):
            await interaction.response.send_message(lacking_refusal(missing, lang), ephemeral=True)
            return
        rules = games.get(game)
        if settings.get("round_deals") is not None and not counts_deals(rules):
            await refuse(interaction, "concours.err.bad_deals")
            return
        starts_at = None
        if start is not None:
            starts_at = parse_start(start, self.service.starts.wall())
            if starts_at is None:
                await refuse(interaction, "concours.err.bad_start")
                return
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = await self.store.guilds.lang(interaction.guild.id)
        concours_id = await self.service.create(
            guild_id=interaction.guild.id,
            channel_id=channel.id,
            organiser_id=interaction.user.id,
            game=game,
            lang=chosen or lang,
            starts_at=starts_at,
            **settings,
        )
        concours = await self.store.concours.get(concours_id)
        assert concours is not None
        shown = concours_message(concours)
        try:
            message = await channel.send(**shown.send_args())  # type: ignore[union-attr]
        except discord.HTTPException:
            await self.store.concours.move(concours_id, ConcoursStatus.CANCELLED, ACTIVE)
            await answer_later(interaction, content=tr("err.discord_refused", lang))
            return
        finally:
            release(shown.view)
        await self.store.concours.set_message(concours_id, message.id)
        where = getattr(message, "jump_url", "#")
        await answer_later(interaction, content=tr("concours.created", lang, where=where))

    # --- the buttons ---------------------------------------------------------------------
    async def _concours(
        self, interaction: discord.Interaction[Any], cid: int
    ) -> ConcoursRecord | None:
        concours = await self.store.concours.get(cid)
        if concours is None or concours.guild_id != interaction.guild_id:
            await refuse(interaction, "concours.err.no_concours")
            return None
        return concours

    @staticmethod
    def _organiser(interaction: discord.Interaction[Any], concours: ConcoursRecord) -> bool:
        if interaction.user.id == concours.organiser_id:
            return True
        perms = getattr(interaction.user, "guild_permissions", None)
        return bool(perms and perms.manage_guild)

    async def click(
        self, interaction: discord.Interaction[Any], concours_id: int, verb: str, arg: int | None
    ) -> None:
        concours = await self._concours(interaction, concours_id)
        if concours is None:
            return
        if verb in ORGANISER_VERBS and not self._organiser(interaction, concours):
            await refuse(interaction, "concours.err.organiser_only")
            return
        if verb in PICKERS:
            await self._offer(interaction, concours, verb)
            return
        if verb in SLOW:  # tables to open: the clicked message is updated once done
            await interaction.response.defer()
        try:
            await self._do(interaction, concours, verb, arg)
        except ConcoursRefused as exc:
            await refuse(interaction, refusal_key(exc.code))
            return
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        await self._show(interaction, concours_id)

    async def _show(self, interaction: discord.Interaction[Any], concours_id: int) -> None:
        """After a stored change: the click acknowledged first (a channel write may wait
        out a rate limit, past Discord's 3 seconds), then the concours message redrawn."""
        await self._acknowledge(interaction, concours_id)
        await self._redraw(concours_id)

    async def _acknowledge(self, interaction: discord.Interaction[Any], concours_id: int) -> None:
        """A click on the concours message itself silently (its redraw shows the change),
        any other with a short private answer."""
        record = await self.store.concours.get(concours_id)
        clicked = interaction.message
        if clicked is not None and record is not None and clicked.id == record.message_id:
            if not interaction.response.is_done():
                await interaction.response.defer()
            return
        done = tr("concours.done", lang_of(interaction.locale))
        if interaction.response.is_done():
            await answer_later(interaction, content=done)
        else:
            await interaction.response.send_message(done, ephemeral=True)

    async def _redraw(self, concours_id: int) -> None:
        latest = await self.store.concours.get(concours_id)
        if latest is not None:
            await self.publisher.changed(latest)

    async def _do(
        self,
        interaction: discord.Interaction[Any],
        concours: ConcoursRecord,
        verb: str,
        arg: int | None,
    ) -> None:
        cid, user = concours.id, interaction.user
        concours_store = self.store.concours
        if verb == "join":
            if format_of(concours).pairs:
                raise ConcoursRefused("wrong_time")
            await concours_store.register(cid, user.id, user.display_name)
        elif verb == "accept":
            await concours_store.accept(cid, arg or 0, user.id, user.display_name)
        elif verb == "withdraw":
            await concours_store.withdraw(cid, user.id)
        elif verb == "checkin":
            await concours_store.check_in(cid, user.id)
        elif verb == "close":
            await concours_store.move(cid, ConcoursStatus.CLOSED, (ConcoursStatus.REGISTRATION,))
        elif verb == "roll":
            await concours_store.move(
                cid, ConcoursStatus.CHECKIN, (ConcoursStatus.REGISTRATION, ConcoursStatus.CLOSED)
            )
        elif verb == "start":
            await self._start(concours)
        elif verb == "pause":
            await concours_store.move(cid, ConcoursStatus.PAUSED, (ConcoursStatus.RUNNING,))
        elif verb == "resume":
            await self.service.resume(cid)
        elif verb == "round":
            await self.service.runner(cid).close_round(arg or 0)
        elif verb == "cancel":
            await concours_store.move(cid, ConcoursStatus.CANCELLED, ACTIVE)
            for table in concours.tables:  # the round's tables stop where they are
                session = self.service.tables.sessions.get(table.table_id or 0)
                if session is not None:
                    await session.settle()

    async def _start(self, concours: ConcoursRecord) -> None:
        ready = [
            e
            for e in concours.entrants
            if e.active and (concours.status is not ConcoursStatus.CHECKIN or e.checked_in)
        ]
        needed = 2 if format_of(concours).pairs else max(2, rules_of(concours).min_players)
        if len(ready) < needed:
            raise ServiceError("concours.err.too_few", n=needed)
        await self.service.start(concours.id, checked_in_only=True)

    async def _offer(
        self, interaction: discord.Interaction[Any], concours: ConcoursRecord, verb: str
    ) -> None:
        """A private picker (a partner, an entrant to add, remove or replace)."""
        lang = lang_of(interaction.locale)
        found = PICKERS[verb](concours, lang)
        if found is None:
            await refuse(interaction, "concours.err.wrong_time")
            return
        text, view = found
        await interaction.response.send_message(text, view=view, ephemeral=True)

    async def pick(
        self, interaction: discord.Interaction[Any], concours_id: int, kind: str, values: list[int]
    ) -> None:
        concours = await self._concours(interaction, concours_id)
        if concours is None:
            return
        if not values:
            await refuse(interaction, "err.bad_button")
            return
        if kind != "mate" and not self._organiser(interaction, concours):
            await refuse(interaction, "concours.err.organiser_only")
            return
        entry: EntrantRecord | None = None
        try:
            if kind == "absent":
                await self.service.runner(concours_id).replace(values[0])
            elif kind == "drop":
                await self.store.concours.drop(concours_id, values[0])
            elif kind == "add":
                await self._add(interaction, concours, values)
            else:
                entry = await self._register_pair(interaction, concours, values[0])
        except ConcoursRefused as exc:
            await refuse(interaction, refusal_key(exc.code))
            return
        await self._acknowledge(interaction, concours_id)
        if entry is not None:
            await self._post_invitation(interaction, concours, entry)
        await self._redraw(concours_id)

    async def _add(
        self, interaction: discord.Interaction[Any], concours: ConcoursRecord, users: list[int]
    ) -> None:
        """The organiser registers a player, or a pair (confirmed at once)."""
        names = [picked_name(interaction, u) for u in users]
        if not format_of(concours).pairs:
            await self.store.concours.register(concours.id, users[0], names[0], by_organiser=True)
            return
        if len(users) != 2:
            raise ConcoursRefused("pair_needs_two")
        await self.store.concours.register(
            concours.id,
            users[0],
            names[0],
            partner_id=users[1],
            partner_name=names[1],
            by_organiser=True,
        )

    async def _register_pair(
        self, interaction: discord.Interaction[Any], concours: ConcoursRecord, partner: int
    ) -> EntrantRecord:
        member = interaction.guild.get_member(partner) if interaction.guild else None
        if member is not None and member.bot:
            raise ConcoursRefused("bot_partner")
        name = member.display_name if member is not None else picked_name(interaction, partner)
        user = interaction.user
        return await self.store.concours.register(
            concours.id, user.id, user.display_name, partner_id=partner, partner_name=name
        )

    async def _post_invitation(
        self, interaction: discord.Interaction[Any], concours: ConcoursRecord, entry: EntrantRecord
    ) -> None:
        """The invitation, in the concours channel, with the button only the partner may use."""
        partner = entry.partner_id
        lang = concours.lang
        text = tr(
            "concours.invitation",
            lang,
            partner=f"<@{partner}>",
            who=f"<@{entry.user_id}>",
            name=concours.name,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(ConcoursButton(concours.id, "accept", entry.id, lang))
        mentions = discord.AllowedMentions(users=[discord.Object(partner or 0)])
        channel: Any = interaction.channel
        if channel is not None:
            try:
                await channel.send(text, view=view, allowed_mentions=mentions)
            except discord.HTTPException:
                log.warning("concours %s: invitation refused", concours.id)


def picked_name(interaction: discord.Interaction[Any], user_id: int) -> str:
    """The name of a user a select picked, from what Discord sent with the click."""
    data: Any = interaction.data or {}
    resolved = data.get("resolved", {}) if isinstance(data, dict) else {}
    member = (resolved.get("members") or {}).get(str(user_id)) or {}
    user = (resolved.get("users") or {}).get(str(user_id)) or {}
    for name in (member.get("nick"), user.get("global_name"), user.get("username")):
        if isinstance(name, str) and name:
            return name
    return f"<@{user_id}>"
