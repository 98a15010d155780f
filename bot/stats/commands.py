"""/leaderboard, /stats and the admin-only /season new."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from db import Store
from games.lang import amount

from ..discord_io.replies import guard, refuse
from ..discord_io.tree import manage_server, manage_server_group
from ..discord_io.writes import release
from ..i18n.translate import lang_of, ls, tr
from ..render.weblinks import WebLinks, web_button
from ..table.commands import game_choices
from .components import PageButton

PAGE_SIZE = 10


class StatsCog(commands.Cog):
    """The season's standings: leaderboards (with their pager), records, new seasons."""

    season = manage_server_group("cmd.season", "cmd.season.desc")

    def __init__(self, store: Store, min_rated_matches: int, web: WebLinks | None = None) -> None:
        self.store = store
        self.min_rated_matches = min_rated_matches
        self.web = web  # "Voir sur le web" under the leaderboard, when the web is set up

    @app_commands.command(name=ls("cmd.leaderboard"), description=ls("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=ls("param.game"), season=ls("param.season"))
    @app_commands.describe(game=ls("param.game.desc"), season=ls("param.season.desc"))
    @app_commands.choices(game=game_choices())
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str | None = None,
        season: app_commands.Range[int, 1, 999_999] | None = None,
    ) -> None:
        await self.show_leaderboard(interaction, game, season)

    @app_commands.command(name=ls("cmd.stats"), description=ls("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(member=ls("param.member"))
    @app_commands.describe(member=ls("param.member.desc"))
    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        await self.show_stats(interaction, member)

    @season.command(name=ls("cmd.season.new"), description=ls("cmd.season.new.desc"))
    @manage_server
    async def season_new(self, interaction: discord.Interaction[Any]) -> None:
        await self.open_new_season(interaction)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await guard(interaction, error)

    # --- the flows ------------------------------------------------------------------------
    async def show_leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None, season: int | None
    ) -> None:
        if interaction.guild is None:
            await refuse(interaction, "err.no_guild")
            return
        if game is not None and not games.known(game):
            await refuse(interaction, "err.unknown_game")
            return
        if season is None:
            season = (await self.store.seasons.current(interaction.guild.id)).number
        embed, view = await self._leaderboard_page(interaction, game, season, 0)
        await interaction.response.send_message(embed=embed, view=view)
        release(view)

    async def leaderboard_page(
        self, interaction: discord.Interaction[Any], game: str | None, season: int, page: int
    ) -> None:
        if interaction.guild is None:
            await refuse(interaction, "err.no_guild")
            return
        if game is not None and not games.known(game):
            await refuse(interaction, "err.bad_button")
            return
        embed, view = await self._leaderboard_page(interaction, game, season, page)
        await interaction.response.edit_message(embed=embed, view=view)
        release(view)

    async def _leaderboard_page(
        self, interaction: discord.Interaction[Any], game: str | None, season: int, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        assert interaction.guild is not None
        lang = lang_of(interaction.locale)
        result = await self.store.leaderboard.page(
            interaction.guild.id,
            game=game,
            season=season,
            offset=page * PAGE_SIZE,
            limit=PAGE_SIZE,
            min_matches=self.min_rated_matches,
        )
        pages = max(1, -(-result.total // PAGE_SIZE))
        page = min(page, pages - 1)
        lines = []
        for row in result.rows:
            counts = {
                "name": row.name,
                "matches": amount(row.matches, "match", lang),
                "wins": amount(row.wins, "win", lang),
                "points": amount(row.points, "point", lang),
            }
            if row.rank is None:  # below the rated players, without a place number
                lines.append(tr("lb.row_unranked", lang, **counts))
            else:
                lines.append(
                    tr("lb.row", lang, rank=row.rank, rating=f"{row.rating:.1f}", **counts)
                )
        title_game = f" · {games.game_name(game, lang)}" if game else ""
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
        if self.web is not None:
            url = self.web.leaderboard(interaction.guild.id, lang, game=game, season=season)
            view.add_item(web_button(url, lang))
        return embed, view

    async def show_stats(
        self, interaction: discord.Interaction[Any], member: discord.abc.User | None
    ) -> None:
        lang = lang_of(interaction.locale)
        if interaction.guild is None:
            await refuse(interaction, "err.no_guild")
            return
        who = member or interaction.user
        rows = await self.store.leaderboard.stats(interaction.guild.id, who.id)
        lines = [
            tr(
                "stats.row",
                lang,
                game=games.game_name(r.game, lang) if r.game else tr("all_games", lang),
                season=r.season,
                matches=amount(r.matches, "match", lang),
                wins=amount(r.wins, "win", lang),
                points=amount(r.points, "point", lang),
                rating=f"{r.rating:.1f}",
            )
            for r in rows
        ]
        embed = discord.Embed(
            title=tr("stats.title", lang, name=who.display_name),
            description="\n".join(lines)[:4000] or tr("stats.none", lang),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def open_new_season(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        guild = interaction.guild
        if guild is None:
            await refuse(interaction, "err.no_guild")
            return
        old = await self.store.seasons.current(guild.id)
        new = await self.store.seasons.new(guild.id)
        await interaction.response.send_message(
            tr("season.new", lang, old=old.number, new=new.number)
        )
