"""`/regles`: a game's rules in the reader's language, with a table's options explained.

Everything said comes from the game's own words (`rules.words.summary`) and its options
model (each option's label, value words and help): nothing here knows a game.
"""

from __future__ import annotations

import discord

import games
from games.options import OptionInfo, describe

from ..i18n.translate import tr
from .model import Table
from .options import TIMER

FIELD_MAX = 1024  # Discord: an embed field's value


def rules_embed(slug: str, lang: str, table: Table | None = None) -> discord.Embed:
    """The game's summary; its options as `table` has them, else their defaults."""
    rules = games.get(slug)
    words = rules.words
    low, high = rules.min_players, rules.max_players
    players = tr("rules.players" if low < high else "rules.players_exact", lang, min=low, max=high)
    embed = discord.Embed(
        title=tr("rules.title", lang, game=words.name.get(lang)),
        description=f"**{players[:1].upper()}{players[1:]}**\n{words.summary.get(lang)}"[:4000],
        colour=rules.colour,
    )
    infos = describe(rules.Options)
    if table is not None:
        chosen = rules.parse_options(table.options)
        values = {info.name: getattr(chosen, info.name) for info in infos}
        lines = [_explained(info, values[info.name], lang) for info in infos]
        lines.append(_timer(table.timer, lang))
        name = tr("rules.table_options", lang, table=table.id)
    else:
        lines = [_explained(info, info.default, lang) for info in infos]
        lines.append(_timer(int(TIMER.default), lang))
        name = tr("rules.default_options", lang)
    embed.add_field(name=name, value=_fit(lines), inline=False)
    if table is None:
        embed.set_footer(text=tr("rules.how_to_set", lang, game=words.name.get(lang)))
    return embed


def _explained(info: OptionInfo, value: object, lang: str) -> str:
    """`Objectif : 200 points — Points qu'une équipe doit atteindre…`"""
    return f"{info.line(value, lang)} — {info.help_text(lang)}"


def _timer(seconds: int, lang: str) -> str:
    return tr("lobby.timer", lang, n=seconds) if seconds else tr("lobby.no_timer", lang)


def _fit(lines: list[str]) -> str:
    """Whole lines, as many as an embed field holds."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > FIELD_MAX:
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out) or "—"
