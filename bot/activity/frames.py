"""What one Activity socket is sent: the table as its seat may see it, as plain JSON.

A seated player's frame is built from `view(seat)` (their hand, their private events) and
the public facts; a spectator's from `view(None)` only, so a card some seat may not see
never reaches another seat's socket. The words are the bot's and the games' own (the same
sentences as the table message and the hands) and the card faces the web's
(`web/words.py`, `web/cards.py`): the page draws what it is given and knows no game.
"""

from __future__ import annotations

from typing import Any

import games
from games.lang import is_singular
from games.text import why_lines, why_text
from web import words as web_words

from ..i18n.translate import tr
from ..render import words
from ..table.model import Table

JSON = dict[str, Any]
RECENT = 6  # the last moves told in words

FURNITURE = (
    "activity.connecting",
    "activity.lost",
    "activity.hand",
    "activity.watching",
    "activity.tables",
    "hand.your_turn",
    "hand.wait",
    "table.events",
    "table.players",
    "btn.why",
    "why.title",
    "btn.hint",
)
"""The page's own words, sent with every frame so that the page holds no text."""


def frame(table: Table, seat: int | None, lang: str, note: str | None = None) -> JSON:
    """The table for `seat` (None: a spectator), in `lang`."""
    state = table.state
    base: JSON = {
        "type": "state",
        "table": table.id,
        "title": words.table_title(table, lang),
        "lang": lang,
        "words": {key: tr(key, lang) for key in FURNITURE},
        "note": note,
        "seat": seat,
        "revision": table.revision,
    }
    if state is None or table.status == "lobby":
        return base | {"status": "lobby", "version": None, "seats": _lobby_seats(table)}
    facts = state.public_facts()
    names = words.names_of(table)
    rules = table.rules
    hand: list[JSON] = []
    actions: list[JSON] = []
    private: list[str] = []
    why: list[str] = []
    if seat is not None:
        held = state.hand_facts(seat)
        legal = [] if state.is_over() else [a.id for a in state.legal_actions(seat)]
        by_card = card_actions(legal, held.cards)
        reasons = state.why_not(seat) if legal else ()  # « Pourquoi ? », its turn only
        said = {
            r.card: why_text(rules.words, r.code, r.values, lang, names)
            for r in reasons
            if r.card is not None
        }
        why = why_lines(reasons, rules.words, lang, names)
        hand = [
            _face(card, lang) | {"group": g, "action": by_card.get(card), "why": said.get(card)}
            for g, group in enumerate(held.groups)
            for card in group
        ]
        played = set(by_card.values())
        actions = [
            {"id": a, "label": words.action_label(table, a, lang)}
            for a in words.order_actions(table, seat, legal)
            if a not in played
        ]
        private = [
            text
            for e in state.events_for(seat)
            if e.get("to") == seat and (text := words.narrate(e, table, lang))
        ]
    center = web_words.table(rules.words, facts, names, lang)
    recent = [t for e in list(table.recent)[-RECENT:] if (t := words.narrate(e, table, lang))]
    return base | {
        "status": "over" if state.is_over() else "playing",
        "version": state.version,
        "whose_turn": _turn(table, seat, lang),
        "seats": [_seat(table, s, rules, lang) for s in facts.seats],
        "facts": center.facts,
        "zones": [
            {
                "key": z.key,
                "label": z.label,
                "count": z.count,
                "cards": [_web_face(f) | {"by": by} for by, f in z.cards],
            }
            for z in center.zones
        ],
        "boxes": [{"name": name, "amount": tokens} for name, tokens in center.boxes],
        "hand": hand,
        "actions": actions,
        "private": private,
        "why": why,
        # 💡 Conseil: the seat to move, at a table that allows hints (bot.table.hint).
        "hint": bool(table.hints_allowed and hand_or_actions_legal(hand, actions)),
        "recent": recent,
    }


def hand_or_actions_legal(hand: list[JSON], actions: list[JSON]) -> bool:
    """This seat may move now (a playable card or an action)."""
    return bool(actions) or any(c["action"] for c in hand)


def card_actions(legal: list[str], held: tuple[str, ...]) -> dict[str, str]:
    """The legal moves that play one card of the hand, by that card (what a click on the
    card plays); the other moves are buttons."""
    cards = set(held)
    out: dict[str, str] = {}
    for action in legal:
        arg = action.partition(":")[2]
        if arg in cards and arg not in out:
            out[arg] = action
    return out


def _turn(table: Table, seat: int | None, lang: str) -> str:
    state = table.state
    assert state is not None
    if state.is_over():
        return tr("table.over", lang)
    movers = state.to_move()
    if seat is not None and seat in movers:
        return tr("hand.your_turn", lang)
    who = ", ".join(words.seat_name(table, s) for s in movers)
    return tr("table.turn" if len(movers) == 1 else "table.turn_many", lang, who=who)


def _seat(table: Table, seat: Any, rules: games.Rules, lang: str) -> JSON:
    shown = web_words.seat_words(rules.words, seat, None, words.names_of(table), lang)
    n = seat.hand_size
    cards = tr("activity.card", lang) if is_singular(n, lang) else tr("activity.cards", lang, n=n)
    return {
        "seat": seat.seat,
        "name": words.seat_name(table, seat.seat),
        "score": shown.score,
        "role": shown.role,
        "marks": shown.marks,
        "dealer": tr("picture.dealer", lang) if seat.dealer else None,
        "to_move": seat.to_move,
        "cards": cards if n else None,
    }


def _lobby_seats(table: Table) -> list[JSON]:
    return [
        {"seat": i, "name": s.name, "to_move": False, "marks": []}
        for i, s in enumerate(table.seats)
    ]


def _face(card: str, lang: str) -> JSON:
    return _web_face(web_words.face(card, lang))


def _web_face(face: web_words.Face) -> JSON:
    return {"card": face.card, "text": face.text, "css": face.css, "src": face.src}
