"""Turn tables, views and events into embeds and words.

Everything here reads `view(None)` for public messages and `view(seat)` only for the
ephemeral hand of that seat, so a hidden card can reach a public message only if an engine
put it in a spectator's view — which the engines' property tests rule out.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

import games

from . import faces
from .i18n import has, tr
from .service import Table

log = logging.getLogger("tapis.render")

COLOURS = {
    "manille": 0x2E7D32,
    "bianco-mano": 0xC62828,
    "blanche-neige": 0xF5F5F5,
    "nain-jaune": 0xF9A825,
    "bonanza": 0x6A1B9A,
}
SEAT_KEYS = {
    "seat",
    "player",
    "winner",
    "taker",
    "dealer",
    "leader",
    "partner",
    "by",
    "loser",
    "payer",
    "buyer",
    "challenger",
    "next",
    "starter",
    "first",
    "target",
    "cutter",
}
CARD_KEYS = {"card", "retourne", "turned", "top", "called", "drawn", "last"}
CARD_LIST_KEYS = {"cards", "pair", "run", "table", "trick_cards", "shown"}
FAMILY_KEYS = {"family", "dominant"}
SUIT_KEYS = {"suit", "trump"}


def game_name(slug: str, lang: str) -> str:
    key = f"game.{slug}"
    from .catalog import COMMANDS

    return COMMANDS[key].get(lang, COMMANDS[key]["base"]) if key in COMMANDS else slug


def seat_name(table: Table, seat: int | None, *, mention: bool = False) -> str:
    if seat is None or not 0 <= seat < len(table.seats):
        return "?"
    s = table.seats[seat]
    if mention and s.user_id is not None and not s.is_ai:
        return f"<@{s.user_id}>"
    return s.name


# --- events -------------------------------------------------------------------------------
def _fmt_value(key: str, value: Any, table: Table, lang: str) -> Any:
    if isinstance(value, str) and has(f"val.{key}.{value}"):
        return tr(f"val.{key}.{value}", lang)
    if key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
        return seat_name(table, value)
    if key in CARD_KEYS and isinstance(value, str):
        return faces.face(value, lang)
    if key in CARD_LIST_KEYS and isinstance(value, list):
        return faces.faces([c for c in value if isinstance(c, str)], lang)
    if key in FAMILY_KEYS and isinstance(value, str):
        return faces.family(value, lang)
    if key in SUIT_KEYS and isinstance(value, str):
        return faces.suit(value, lang)
    if key == "box" and isinstance(value, str):
        return box_name(value, lang)
    if key in ("seats", "winners") and isinstance(value, list):
        return ", ".join(seat_name(table, v) for v in value if isinstance(v, int))
    if isinstance(value, list):
        return " / ".join(str(v) for v in value)
    if isinstance(value, bool):
        return tr("yes" if value else "no", lang) if has("yes") else str(value)
    return value


def narrate(event: dict[str, Any], table: Table, lang: str) -> str | None:
    """One event in words, or None when the catalog has nothing to say about it."""
    kind = event.get("type", "")
    key = f"ev.{table.game}.{kind}"
    if not has(key):
        key = f"ev.{kind}"
        if not has(key):
            return None
    fields = {k: _fmt_value(k, v, table, lang) for k, v in event.items() if k not in ("type", "to")}
    try:
        return tr(key, lang, **fields)
    except (KeyError, IndexError, ValueError):
        log.debug("event %s lacks a field its text needs", kind)
        return None


# --- public table message -----------------------------------------------------------------
def lobby_embed(table: Table) -> discord.Embed:
    lang = table.lang
    rules = table.rules
    embed = discord.Embed(
        title=tr("lobby.title", lang, game=game_name(table.game, lang), table=table.id),
        description=tr(
            "lobby.body",
            lang,
            host=f"<@{table.host_id}>",
            min=rules.min_players,
            max=rules.max_players,
        ),
        colour=COLOURS.get(table.game, 0x455A64),
    )
    seats = "\n".join(
        f"{i + 1}. {seat_line_name(table, i)}" for i in range(len(table.seats))
    ) or tr("lobby.empty", lang)
    embed.add_field(
        name=f"{tr('lobby.seats', lang)} ({len(table.seats)}/{rules.max_players})",
        value=seats,
        inline=False,
    )
    if table.options:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(table.options.items()))
        embed.add_field(name=tr("lobby.options", lang), value=opts[:1024], inline=False)
    if table.status == "cancelled":
        expired = any(e.get("type") == "lobby_expired" for e in table.recent)
        embed.description = tr("lobby.expired" if expired else "lobby.cancelled", lang)
    return embed


def seat_line_name(table: Table, seat: int) -> str:
    s = table.seats[seat]
    if s.is_ai:
        return f"🤖 {s.name} ({tr('table.ai', table.lang)})"
    name = f"<@{s.user_id}>" if s.user_id else s.name
    return f"{name} 🤖" if s.autopilot else name


def table_embed(table: Table) -> discord.Embed:
    assert table.state is not None
    lang = table.lang
    state = table.state
    view = state.view(None)
    embed = discord.Embed(
        title=tr("lobby.title", lang, game=game_name(table.game, lang), table=table.id),
        colour=COLOURS.get(table.game, 0x455A64),
    )
    lines: list[str] = []
    if state.is_over():
        lines.append(f"**{tr('table.over', lang)}**")
        lines.extend(final_lines(table, lang))
    else:
        movers = state.to_move()
        who = ", ".join(seat_name(table, s, mention=True) for s in movers)
        lines.append(tr("table.turn" if len(movers) == 1 else "table.turn_many", lang, who=who))
    lines.extend(status_lines(table, view, lang))
    embed.description = "\n".join(lines)[:4000]
    embed.add_field(name=tr("table.players", lang), value=players_block(table, view, lang)[:1024])
    recent = [t for e in list(table.recent)[-6:] if (t := narrate(e, table, lang))]
    if recent:
        embed.add_field(
            name=tr("table.events", lang), value="\n".join(recent)[-1024:], inline=False
        )
    embed.set_footer(text=f"v{state.version}")
    return embed


def players_block(table: Table, view: dict[str, Any], lang: str) -> str:
    sizes = view.get("hand_sizes") or []
    scores = view.get("scores") or []
    roles = view.get("roles") or []
    dealer = view.get("dealer")
    token_game = "tokens" in view
    out = []
    for i in range(len(table.seats)):
        parts = [seat_line_name(table, i)]
        if i == dealer:
            parts.append("🂠")
        if i < len(roles) and roles[i]:
            parts.append(f"[{role_name(roles[i], lang)}]")
        if i < len(sizes):
            n = sizes[i]
            parts.append(tr("table.card", lang) if n == 1 else tr("table.cards", lang, n=n))
        if i < len(scores):
            key = "table.tokens" if token_game else "table.score"
            parts.append(tr(key, lang, n=scores[i]))
        out.append(" · ".join(parts))
    return "\n".join(out) or "-"


def role_name(slug: str, lang: str) -> str:
    key = f"role.{slug}"
    return tr(key, lang) if has(key) else slug


def status_lines(table: Table, view: dict[str, Any], lang: str) -> list[str]:
    """Game facts a spectator may see, from whichever view keys the game has."""
    lines: list[str] = []

    def add(key: str, **kw: Any) -> None:
        lines.append(tr(key, lang, **kw))

    if view.get("trump"):
        add("st.trump", suit=faces.suit(view["trump"], lang))
    if isinstance(view.get("retourne"), str):
        add("st.retourne", card=faces.face(view["retourne"], lang))
    if isinstance(view.get("turned"), str) and not view.get("dominant"):
        add("st.turned", card=faces.face(view["turned"], lang))
    if view.get("dominant"):
        add("st.dominant", family=faces.family(view["dominant"], lang))
    if view.get("taker") is not None:
        add("st.taker", who=seat_name(table, view["taker"]))
    if isinstance(view.get("called"), str):
        add("st.called", card=faces.face(view["called"], lang))
    if view.get("partner") is not None:
        add("st.partner", who=seat_name(table, view["partner"]))
    if view.get("trick"):
        played = ", ".join(f"{seat_name(table, s)} {faces.face(c, lang)}" for s, c in view["trick"])
        add("st.trick", cards=played)
    if isinstance(view.get("top"), str):
        add("st.top", card=faces.face(view["top"], lang), n=view.get("draw_size", 0))
    if "needed" in view and view.get("run") is not None:
        run = faces.faces(view["run"][-6:], lang) if view["run"] else "-"
        needed = view["needed"] if view["needed"] is not None else tr("st.any", lang)
        add("st.run", run=run, needed=needed)
    box = view.get("board") or view.get("wheel")
    if box:
        parts = [f"{box_name(k, lang)} {v}" for k, v in box.items()]
        add("st.boxes", boxes=" · ".join(parts))
    if isinstance(view.get("last"), str):
        add("st.last", card=faces.face(view["last"], lang))
    return lines


def box_name(key: str, lang: str) -> str:
    label = f"box.{key}"
    if has(label):
        return tr(label, lang)
    return faces.face(key, lang)


def final_lines(table: Table, lang: str) -> list[str]:
    assert table.state is not None
    out = table.state.outcome()
    order = sorted(range(len(table.seats)), key=lambda i: out["ranks"][i])
    lines = [f"__{tr('table.ranking', lang)}__"]
    for i in order:
        lines.append(f"{out['ranks'][i]}. {seat_name(table, i)} — {out['scores'][i]}")
    return lines


# --- the hand (ephemeral) --------------------------------------------------------------------
def hand_embed(table: Table, seat: int, lang: str, note: str | None = None) -> discord.Embed:
    assert table.state is not None
    state = table.state
    view = state.view(seat)
    hand = view.get("hand") or []
    embed = discord.Embed(
        title=f"{tr('hand.title', lang)} — {game_name(table.game, lang)} n°{table.id}",
        colour=COLOURS.get(table.game, 0x455A64),
    )
    lines = []
    if note:
        lines.append(f"*{note}*")
    lines.append(faces.faces(hand, lang) if hand else tr("hand.empty", lang))
    extra = private_lines(view, lang)
    lines.extend(extra)
    private = [
        t for e in view.get("events", []) if e.get("to") == seat and (t := narrate(e, table, lang))
    ]
    lines.extend(private)
    lines.extend(status_lines(table, view, lang))
    if table.seats[seat].autopilot:
        lines.append(f"**{tr('hand.autopilot', lang)}**")
    if state.is_over():
        lines.append(tr("table.over", lang))
    elif seat in state.to_move():
        lines.append(f"**{tr('hand.your_turn', lang)}**")
    else:
        lines.append(tr("hand.wait", lang))
    embed.description = "\n".join(lines)[:4000]
    embed.set_footer(text=f"v{state.version}")
    return embed


def private_lines(view: dict[str, Any], lang: str) -> list[str]:
    lines = []
    if view.get("espion"):
        lines.append(tr("st.espion", lang, cards=faces.faces(view["espion"], lang)))
    if view.get("drawn"):
        lines.append(tr("st.drawn", lang, card=faces.face(view["drawn"], lang)))
    return lines


def action_label(action_id: str, lang: str) -> str:
    """A short button label for an engine action id."""
    verb, _, arg = action_id.partition(":")
    if verb == "play" and arg:
        return "+".join(faces.face(c, lang) for c in arg.split("+"))
    if verb == "choose" and arg:
        return tr("act.choose", lang, family=faces.family(arg, lang))
    if verb == "suit" and arg:
        return faces.suit(arg, lang)
    if arg and verb in ("discard", "call") and len(arg) <= 3:
        return tr(f"act.{verb}", lang, card=faces.face(arg, lang))
    key = f"act.{verb}"
    if has(key):
        return tr(key, lang, n=arg) if arg else tr(key, lang)
    return action_id


def action_style(action_id: str) -> discord.ButtonStyle:
    verb, _, arg = action_id.partition(":")
    if verb in ("pass", "fold", "keep"):
        return discord.ButtonStyle.secondary
    if verb == "play" and arg:
        last = arg.split("+")[0]
        if faces.is_bm_card(last):
            return {
                "R": discord.ButtonStyle.danger,
                "V": discord.ButtonStyle.success,
                "B": discord.ButtonStyle.primary,
            }.get(last[2], discord.ButtonStyle.secondary)
        return (
            discord.ButtonStyle.danger if last[-1] in ("H", "D") else discord.ButtonStyle.secondary
        )
    return discord.ButtonStyle.primary


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


def rules_summary(slug: str, lang: str) -> str:
    key = f"rules.{slug}"
    rules = games.get(slug)
    head = f"**{game_name(slug, lang)}** · {rules.min_players}–{rules.max_players}"
    return head + "\n" + (tr(key, lang) if has(key) else "")
