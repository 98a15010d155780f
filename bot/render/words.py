"""Turn tables, facts and events into words: a message's text (`Text`: its title, its body
and its headed blocks), which bot.render.layout lays out as Components V2 text displays
beside the pictures.

Nothing here knows a game: every table is drawn from its typed facts (`public_facts()`
from `view(None)` for public messages, `hand_facts(seat)` from `view(seat)` only for the
ephemeral hand of that seat) and said in the game's own words (`rules.words`), through the
plain-text helpers of games/text.py. A hidden card can reach a public message only if an
engine put it in a spectator's view, which the engines' contract tests rule out.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

import games
from games.cards import tint
from games.facts import PublicFacts, in_hand_order
from games.options import describe
from games.text import (
    hand_line,
    private_lines,
    public_lines,
    ranking_lines,
    seat_parts,
)
from games.words import Face

from ..i18n.translate import tr
from ..table.model import AI_LEVELS, Table
from .emojis import TEXT_FACES, CardFaces

log = logging.getLogger("tapis.render")

DEFAULT_COLOUR = 0x455A64
# Events the bot itself adds to a table's log (service.py): their words are the bot's.
BOT_EVENTS = {"autopilot": "ev.autopilot", "resumed": "ev.resumed", "replaced": "ev.replaced"}
TINT_STYLES = {
    "red": discord.ButtonStyle.danger,
    "green": discord.ButtonStyle.success,
    "blue": discord.ButtonStyle.primary,
}


@dataclass
class Text:
    """A message's words: its title, its body, then blocks under a heading each
    ("Joueurs", "Derniers coups"), all in the game's colour."""

    title: str
    colour: int
    body: str = ""
    blocks: list[tuple[str, str]] = field(default_factory=list)  # (heading, text)


def colour_of(table: Table) -> int:
    return table.rules.colour if games.known(table.game) else DEFAULT_COLOUR


def face_for(lang: str, faces: CardFaces = TEXT_FACES) -> Face:
    """The card faces of messages: text faces, each with its picture emoji once the
    application's card emojis are synced (bot.render.emojis)."""
    return faces.text(lang)


def seat_name(table: Table, seat: int | None, *, mention: bool = False) -> str:
    if seat is None or not 0 <= seat < len(table.seats):
        return "?"
    s = table.seats[seat]
    if mention and s.user_id is not None and not s.is_ai:
        return f"<@{s.user_id}>"
    return s.name


def names_of(table: Table) -> list[str]:
    return [s.name for s in table.seats]


# --- events -------------------------------------------------------------------------------
def narrate(
    event: dict[str, Any], table: Table, lang: str, faces: CardFaces = TEXT_FACES
) -> str | None:
    """One event in words, or None when nobody has anything to say about it."""
    kind = event.get("type", "")
    key = BOT_EVENTS.get(kind)
    if key is not None:
        name = event.get("name") or seat_name(table, event.get("seat"))
        return tr(key, lang, seat=seat_name(table, event.get("seat")), name=name)
    return table.rules.words.narrate(event, lang, names_of(table), face_for(lang, faces))


# --- public table message -----------------------------------------------------------------
def table_title(table: Table, lang: str) -> str:
    """The title `<game> — table n°3`, marked `entraînement` at a practice table."""
    title = tr("lobby.title", lang, game=games.game_name(table.game, lang), table=table.id)
    return f"{title} · {tr('table.practice', lang)}" if table.practice else title


def lobby_text(table: Table) -> Text:
    lang = table.lang
    rules = table.rules
    text = Text(
        title=table_title(table, lang),
        body=tr(
            "lobby.body" if rules.min_players < rules.max_players else "lobby.body_exact",
            lang,
            host=f"<@{table.host_id}>",
            min=rules.min_players,
            max=rules.max_players,
        ),
        colour=colour_of(table),
    )
    seats = "\n".join(
        f"{i + 1}. {seat_line_name(table, i)}" for i in range(len(table.seats))
    ) or tr("lobby.empty", lang)
    text.blocks.append(
        (f"{tr('lobby.seats', lang)} ({len(table.seats)}/{rules.max_players})", seats)
    )
    options = options_lines(table, lang)
    if options:
        text.blocks.append((tr("lobby.options", lang), "\n".join(options)[:1024]))
    if table.rematch_of is not None and table.status == "lobby":
        text.body += "\n" + tr("lobby.rematch", lang, table=table.rematch_of)
        if table.reserved:
            text.body += " " + tr("lobby.lapsed" if table.lapsed else "lobby.confirm", lang)
    if table.status == "cancelled":
        expired = any(e.get("type") == "lobby_expired" for e in table.recent)
        text.body = tr("lobby.expired" if expired else "lobby.cancelled", lang)
    return text


def options_lines(table: Table, lang: str) -> list[str]:
    """Every option of the table in words (`Objectif : 200 points`), then its timer, and
    whether hints are allowed (which makes the match unrated)."""
    chosen = table.rules.parse_options(table.options)
    lines = [info.line(getattr(chosen, info.name), lang) for info in describe(table.rules.Options)]
    timer = tr("lobby.timer", lang, n=table.timer) if table.timer else tr("lobby.no_timer", lang)
    hints = [tr("lobby.hints", lang)] if table.hints and not table.practice else []
    return [*lines, timer, *hints]


def seat_line_name(table: Table, seat: int) -> str:
    s = table.seats[seat]
    if s.is_ai:
        level = s.ai_level if s.ai_level in AI_LEVELS else None
        return f"🤖 {s.name} ({tr(f'table.ai_{level}' if level else 'table.ai', table.lang)})"
    name = f"<@{s.user_id}>" if s.user_id else s.name
    if s.user_id in table.reserved and table.status == "lobby":
        return f"{name} · ⏳ {tr('lobby.kept', table.lang)}"
    return f"{name} 🤖" if s.autopilot else name


def table_text(table: Table, faces: CardFaces = TEXT_FACES) -> Text:
    assert table.state is not None
    lang = table.lang
    state = table.state
    words = table.rules.words
    facts = state.public_facts()
    names = names_of(table)
    text = Text(
        title=table_title(table, lang),
        colour=colour_of(table),
    )
    lines: list[str] = []
    if state.is_over():
        lines.append(f"**{tr('table.over', lang)}**")
        lines.append(f"__{tr('table.ranking', lang)}__")
        lines.extend(ranking_lines(state.outcome(), words, lang, names))
    else:
        movers = state.to_move()
        who = ", ".join(seat_name(table, s, mention=True) for s in movers)
        lines.append(tr("table.turn" if len(movers) == 1 else "table.turn_many", lang, who=who))
    lines.extend(shared_public_lines(table, lang, faces))
    text.body = "\n".join(lines)[:4000]
    players = players_block(table, facts, lang, faces)[:1024]
    text.blocks.append((tr("table.players", lang), players))
    recent = [t for e in list(table.recent)[-6:] if (t := narrate(e, table, lang, faces))]
    if recent:
        text.blocks.append((tr("table.events", lang), "\n".join(recent)[-1024:]))
    return text


def players_block(
    table: Table, facts: PublicFacts, lang: str, faces: CardFaces = TEXT_FACES
) -> str:
    words = table.rules.words
    names = names_of(table)
    out = []
    for seat in facts.seats:
        if 0 <= seat.seat < len(table.seats):
            parts = seat_parts(seat, words, lang, names, face_for(lang, faces))
            out.append(" · ".join([seat_line_name(table, seat.seat), *parts]))
    return "\n".join(out) or "-"


def shared_public_lines(table: Table, lang: str, faces: CardFaces) -> tuple[str, ...]:
    """The public facts of the table's state in lines, said alike under the table message
    and every hand: built once per state version, language, names and faces (`Table.said`)."""
    state = table.state
    assert state is not None
    names = names_of(table)

    def build() -> list[str]:
        words = table.rules.words
        return public_lines(state.public_facts(), words, lang, names, face_for(lang, faces))

    return table.said.get(state, ("public", lang, *names), faces, build)


# --- the hand (ephemeral) --------------------------------------------------------------------
def hand_text(
    table: Table,
    seat: int,
    lang: str,
    note: str | None = None,
    faces: CardFaces = TEXT_FACES,
) -> Text:
    assert table.state is not None
    state = table.state
    words = table.rules.words
    names = names_of(table)
    face = face_for(lang, faces)
    hand = state.hand_facts(seat)
    text = Text(
        title=f"{tr('hand.title', lang)} — " + table_title(table, lang),
        colour=colour_of(table),
    )
    lines = []
    if note:
        lines.append(f"*{note}*")
    lines.append(hand_line(hand, lang, face, words))
    lines.extend(private_lines(hand, words, lang, names, face))
    private = [
        t
        for e in state.events_for(seat)
        if e.get("to") == seat and (t := narrate(e, table, lang, faces))
    ]
    lines.extend(private)
    lines.extend(shared_public_lines(table, lang, faces))
    if table.seats[seat].autopilot:
        lines.append(f"**{tr('hand.autopilot', lang)}**")
    if state.is_over():
        lines.append(tr("table.over", lang))
    elif seat in state.to_move():
        lines.append(f"**{tr('hand.your_turn', lang)}**")
    else:
        lines.append(tr("hand.wait", lang))
    text.body = "\n".join(lines)[:4000]
    return text


def action_label(table: Table, action_id: str, lang: str) -> str:
    """A short button label for an engine action id, in the game's words (text faces: a
    label shows no emoji markup; the button carries the card's emoji beside it)."""
    return table.rules.words.action_label(action_id, lang, face_for(lang))


def action_style(table: Table, action_id: str) -> discord.ButtonStyle:
    """A card takes its colour (a red suit, a family); what the game calls minor (passing,
    folding) is grey; any other action is the main colour."""
    verb, _, arg = action_id.partition(":")
    if verb in table.rules.words.minor:
        return discord.ButtonStyle.secondary
    card_tint = tint(arg.split("+")[0]) if arg else None
    if card_tint is not None:
        return TINT_STYLES.get(card_tint, discord.ButtonStyle.secondary)
    return discord.ButtonStyle.primary


def order_actions(table: Table, seat: int, actions: Sequence[str]) -> list[str]:
    """Card actions in the order the hand shows the cards; the others keep their place."""
    assert table.state is not None
    return in_hand_order(actions, table.state.hand_facts(seat))


def layout_actions(actions: list[str]) -> tuple[list[str], list[list[str]]]:
    """Split actions into buttons and selects so they fit five rows of components.

    Up to 20 actions are buttons (4 rows, the 5th row stays for "refresh"). Beyond that the
    biggest groups (cards to play, amounts to bid) become selects of at most 25 options.
    """
    if len(actions) <= 20:
        return actions, []
    groups: dict[str, list[str]] = {}
    for a in actions:
        groups.setdefault(a.split(":", 1)[0], []).append(a)
    buttons: list[str] = []
    selects: list[list[str]] = []
    for _verb, ids in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        if len(ids) <= 5 and len(buttons) + len(ids) <= 5:
            buttons.extend(ids)
            continue
        chunk = _sample(ids, 25) if _numeric(ids) else ids
        for k in range(0, len(chunk), 25):
            selects.append(chunk[k : k + 25])
    while len(selects) + (1 if buttons else 0) > 4 and selects:
        # Never more rows than Discord allows: the smallest select folds away first.
        selects.sort(key=len)
        selects.pop(0)
    return buttons[:5], selects


def _numeric(ids: list[str]) -> bool:
    return all(a.partition(":")[2].isdigit() for a in ids)


def _sample(ids: list[str], limit: int) -> list[str]:
    if len(ids) <= limit:
        return ids
    step = (len(ids) - 1) / (limit - 1)
    picked = sorted({round(i * step) for i in range(limit)})
    return [ids[i] for i in picked]
