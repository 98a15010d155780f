"""/tables, /rules, /leaderboard, /stats and /season new: the flows around the tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

import games

from . import render
from .i18n import lang_of, tr
from .replies import release as _release
from .views import PageButton

if TYPE_CHECKING:
    from db import Store

    from .client import TapisBot
    from .service import TableService

PAGE_SIZE = 10


class StandingsMixin:
    """Needs `bot`, `service`, `store` and `refuse` from the Controller."""

    bot: TapisBot
    service: TableService
    store: Store

    async def refuse(self, interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
        raise NotImplementedError

    # --- listing, rules, leaderboards ---------------------------------------------------
    async def list_tables(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        if interaction.guild is None:
            await self.refuse(interaction, "err.no_guild")
            return
        rows = []
        for t in self.service.guild_tables(interaction.guild.id)[:20]:
            rows.append(
                tr(
                    "tables.row",
                    lang,
                    table=t.id,
                    game=render.game_name(t.game, lang),
                    status=tr(f"status.{t.status}", lang),
                    players=len(t.seats),
                    where=f"<#{t.where_id}>",
                )
            )
        embed = discord.Embed(
            title=tr("tables.title", lang), description="\n".join(rows) or tr("tables.none", lang)
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def show_rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        lang = lang_of(interaction.locale)
        if not games.known(game):
            await self.refuse(interaction, "err.unknown_game")
            return
        await interaction.response.send_message(
            render.rules_summary(game, lang)[:2000], ephemeral=True
        )

    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None, season: int | None
    ) -> None:
        if interaction.guild is None:
            await self.refuse(interaction, "err.no_guild")
            return
        if game is not None and not games.known(game):
            await self.refuse(interaction, "err.unknown_game")
            return
        if season is None:
            season = (await self.store.current_season(interaction.guild.id)).number
        embed, view = await self._leaderboard_page(interaction, game, season, 0)
        await interaction.response.send_message(embed=embed, view=view)
        _release(view)

    async def leaderboard_page(
        self, interaction: discord.Interaction[Any], game: str | None, season: int, page: int
    ) -> None:
        if interaction.guild is None:
            await self.refuse(interaction, "err.no_guild")
            return
        if game is not None and not games.known(game):
            await self.refuse(interaction, "err.bad_button")
            return
        embed, view = await self._leaderboard_page(interaction, game, season, page)
        await interaction.response.edit_message(embed=embed, view=view)
        _release(view)

    async def _leaderboard_page(
        self, interaction: discord.Interaction[Any], game: str | None, season: int, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        assert interaction.guild is not None
        lang = lang_of(interaction.locale)
        result = await self.store.leaderboard(
            interaction.guild.id,
            game=game,
            season=season,
            offset=page * PAGE_SIZE,
            limit=PAGE_SIZE,
            min_matches=self.bot.settings.min_rated_matches,
        )
        pages = max(1, -(-result.total // PAGE_SIZE))
        page = min(page, pages - 1)
        lines = []
        for row in result.rows:
            rated = row.matches >= self.bot.settings.min_rated_matches
            lines.append(
                tr(
                    "lb.row",
                    lang,
                    rank=row.rank,
                    name=row.name,
                    rating=f"{row.rating:.1f}" if rated else tr("lb.unrated", lang),
                    matches=row.matches,
                    wins=row.wins,
                    points=row.points,
                )
            )
        title_game = f" · {render.game_name(game, lang)}" if game else ""
        embed = discord.Embed(
            title=tr("lb.title", lang, season=season, game=title_game),
            description="\n".join(lines) or tr("lb.empty", lang),
        )
        embed.set_footer(text=tr("lb.page", lang, page=page + 1, pages=pages))
        view = discord.ui.View(timeout=None)
        prev_btn = PageButton(game or "", season, max(page - 1, 0), "p")
        next_btn = PageButton(game or "", season, min(page + 1, pages - 1), "n")
        prev_btn.item.disabled = page == 0
        next_btn.item.disabled = page >= pages - 1
        view.add_item(prev_btn)
        view.add_item(next_btn)
        return embed, view

    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.abc.User | None
    ) -> None:
        lang = lang_of(interaction.locale)
        if interaction.guild is None:
            await self.refuse(interaction, "err.no_guild")
            return
        who = member or interaction.user
        rows = await self.store.stats(interaction.guild.id, who.id)
        lines = [
            tr(
                "stats.row",
                lang,
                game=render.game_name(r.game, lang) if r.game else tr("all_games", lang),
                season=r.season,
                matches=r.matches,
                wins=r.wins,
                points=r.points,
                rating=f"{r.rating:.1f}",
            )
            for r in rows
        ]
        embed = discord.Embed(
            title=tr("stats.title", lang, name=who.display_name),
            description="\n".join(lines)[:4000] or tr("stats.none", lang),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def new_season(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        guild = interaction.guild
        member = interaction.user
        if guild is None or not isinstance(member, discord.Member):
            await self.refuse(interaction, "err.no_guild")
            return
        # Checked here, at run time: default permissions alone can be overridden by admins.
        if not member.guild_permissions.manage_guild:
            await self.refuse(interaction, "err.need_manage_guild")
            return
        old = await self.store.current_season(guild.id)
        new = await self.store.new_season(guild.id)
        await interaction.response.send_message(
            tr("season.new", lang, old=old.number, new=new.number)
        )
