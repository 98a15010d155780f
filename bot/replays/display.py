"""What a replay shows: the table at a step, drawn by the table message's own renderer, with
every seat's hand; and /revoir's list of finished matches.

A replay is only ever built for a recorded, finished match or a concours table settled when
its round closed (bot.replays.book), so showing every hand hides nothing from anyone; it
still goes only to ephemeral messages.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

import games
from db import MatchSummary
from games.text import hand_line

from ..i18n.translate import tr
from ..render import words
from ..render.weblinks import web_button
from ..reviews.components import AnalyseButton
from ..table.model import Seat, Table
from .book import Replay
from .components import ReplayButton, ReplayPick

MAX_EMBED = 6000  # Discord: the characters of one embed in all
MAX_FIELD = 1024  # Discord: the characters of a field's value
LIST_SIZE = 10  # matches /revoir lists (a select holds 25)


def table_at(replay: Replay, step: int, lang: str) -> Table:
    """The match at `step` as a table the renderer draws: the replayed state, the seats
    as recorded, speaking the reader's language."""
    return Table(
        id=replay.table_id,
        guild_id=replay.guild_id,
        channel_id=0,
        thread_id=None,
        game=replay.game,
        options=dict(replay.options),
        seed=replay.seed,
        host_id=0,
        status="finished",
        seats=[Seat(user_id=s.user_id, name=s.name, is_ai=s.is_ai) for s in replay.seats],
        state=replay.state_at(step),
        lang=lang,
        practice=replay.practice,
    )


def last_move(replay: Replay, table: Table, step: int, lang: str) -> list[str]:
    """The move that led to `step` and what it caused, in the game's words, and who asked
    for a hint before it; at step 0 the deal. A move whose events the game does not tell
    is said by its action's label."""
    assert table.state is not None
    told = [t for e in table.state.events_for(None) if (t := words.narrate(e, table, lang))]
    move = replay.move(step)
    if move is None:
        return [tr("replay.start", lang), *told]
    hinted = [tr("replay.hint", lang, who=words.seat_name(table, s)) for s in replay.hinted(step)]
    if told:
        return [*told, *hinted]
    seat, action_id = move
    label = words.action_label(table, action_id, lang)
    return [tr("replay.move_by", lang, who=words.seat_name(table, seat), move=label), *hinted]


def fit(lines: list[str], limit: int) -> str:
    """The lines within `limit` characters: the first (the move itself) and as many of the
    last as fit (how it ended: the trick, the deal's score), "…" between them."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    head = lines[0][: limit // 2]
    tail: list[str] = []
    room = limit - len(head) - len("\n…")
    for line in reversed(lines[1:]):
        if len(line) + 1 > room:
            break
        tail.insert(0, line)
        room -= len(line) + 1
    return "\n".join([head, "…", *tail])


def replay_embed(replay: Replay, step: int, lang: str) -> discord.Embed:
    table = table_at(replay, step, lang)
    state = table.state
    assert state is not None
    text = words.table_text(table)  # the public table as it stood, from view(None)
    title = tr("replay.title", lang, game=games.game_name(replay.game, lang), table=replay.table_id)
    if replay.practice:
        title = f"{title} · {tr('table.practice', lang)}"
    if replay.settled:
        title = f"{title} · {tr('replay.settled', lang)}"
    embed = discord.Embed(
        title=title,
        description=text.body,
        colour=text.colour,
    )
    for heading, block in text.blocks:
        embed.add_field(name=heading, value=block, inline=False)
    embed.add_field(
        name=tr("replay.last" if step else "replay.first", lang),
        value=fit(last_move(replay, table, step, lang), MAX_FIELD),
        inline=False,
    )
    if replay.settled:  # the points the concours settled it at, where the log stops
        scores = " · ".join(
            f"{s.name} : {s.score}" if lang == "fr" else f"{s.name}: {s.score}"
            for s in replay.seats
        )
        embed.add_field(
            name=tr("replay.settled_points", lang), value=scores[:MAX_FIELD], inline=False
        )
    game_words = table.rules.words
    face = words.face_for(lang)
    for seat, info in enumerate(replay.seats):
        cards = hand_line(state.hand_facts(seat), lang, face, game_words)
        embed.add_field(name=f"✋ {info.name}"[:256], value=cards[:1024], inline=False)
    embed.set_footer(
        text=" · ".join(
            [
                tr("replay.step", lang, step=step, total=replay.total),
                tr("replay.deal", lang, deal=replay.deal_of(step), deals=replay.deals),
            ]
        )
    )
    excess = len(embed) - MAX_EMBED
    if excess > 0 and embed.description:  # the hands matter more than the table's lines
        embed.description = embed.description[: max(0, len(embed.description) - excess - 1)]
    return embed


def replay_view(replay: Replay, step: int, lang: str, web_url: str | None) -> discord.ui.View:
    """◀ ▶ by move, "Donne" ◀ ▶ by deal; « Analyse », and the web page when the web is
    set up."""
    view = discord.ui.View(timeout=None)
    total, table_id = replay.total, replay.table_id
    buttons = [
        ("dp", replay.previous_deal(step), tr("btn.deal_prev", lang), step == 0),
        ("p", max(step - 1, 0), "◀", step == 0),
        ("n", min(step + 1, total), "▶", step == total),
        ("dn", replay.next_deal(step), tr("btn.deal_next", lang), step == total),
    ]
    for kind, target, label, disabled in buttons:
        button = ReplayButton(table_id, target, kind, label)
        button.item.disabled = disabled
        view.add_item(button)
    if not replay.settled:  # a review is of a recorded match: a settled table is none
        view.add_item(AnalyseButton(table_id, lang, row=1))
    if web_url is not None:
        view.add_item(web_button(web_url, lang, row=1))
    return view


# --- /revoir -----------------------------------------------------------------------------
def ordinal(n: int, lang: str) -> str:
    if lang == "fr":
        return "1re" if n == 1 else f"{n}e"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def result_of(match: MatchSummary, user_id: int, lang: str) -> str:
    mine = next((s for s in match.seats if s.user_id == user_id and not s.is_ai), None)
    if mine is None:
        return ""
    if mine.won:
        return tr("replays.won", lang)
    return tr("replays.place", lang, place=ordinal(mine.rank, lang))


def players_of(match: MatchSummary) -> str:
    return ", ".join(
        f"🤖 {s.name}" if s.is_ai else s.name for s in sorted(match.seats, key=lambda s: s.seat)
    )


def list_message(
    matches: Sequence[MatchSummary], user_id: int, lang: str
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The member's last finished matches: game, date, players, their result; a select
    opens one."""
    embed = discord.Embed(title=tr("replays.title", lang))
    if not matches:
        embed.description = tr("replays.none", lang)
        return embed, None
    rows = []
    options = []
    for m in matches[:LIST_SIZE]:
        game = games.game_name(m.game, lang)
        if m.practice:
            game = f"{game} · {tr('table.practice', lang)}"
        rows.append(
            tr(
                "replays.row",
                lang,
                game=game,
                table=m.table_id,
                when=f"<t:{int(m.finished_at.timestamp())}:f>",
                players=players_of(m),
                result=result_of(m, user_id, lang),
            )
        )
        day = m.finished_at.strftime("%d/%m/%Y" if lang == "fr" else "%Y-%m-%d")
        options.append(
            discord.SelectOption(
                label=tr("replays.option", lang, game=game, table=m.table_id, day=day)[:100],
                description=players_of(m)[:100],
                value=str(m.table_id),
            )
        )
    embed.description = "\n\n".join(rows)[:4000]
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayPick(options, tr("replays.pick", lang)))
    return embed, view


def known_games(matches: Sequence[MatchSummary]) -> list[MatchSummary]:
    """Matches of games this version still has (another game's name would be its slug)."""
    return [m for m in matches if games.known(m.game)]
