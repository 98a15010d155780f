"""`python -m games play <slug>`: play one seat in the terminal against the other seats.

A quick way to try the rules without Discord. Text is French, cards use suit symbols. The
other seats play at random, or as the AI with `--ai facile|fort`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from . import SLUGS, get
from .ai import LEVELS, choose
from .base import GameState
from .cards import BM_CHARACTER_NAMES_FR, BM_FAMILY_NAMES_FR, pretty
from .rng import Rng

BM_FAMILIES = BM_FAMILY_NAMES_FR
BM_NAMES = BM_CHARACTER_NAMES_FR
SHOWN_KEYS = {
    "trump": "Atout",
    "retourne": "Retourne",
    "dominant": "Famille dominante",
    "turned": "Carte retournée",
    "taker": "Preneur",
    "called": "Carte appelée",
    "partner": "Partenaire",
    "trick": "Pli en cours",
    "top": "Défausse",
    "draw_size": "Pioche",
    "roles": "Rôles",
    "run": "Suite",
    "needed": "Rang attendu",
    "board": "Plateau",
    "wheel": "Roue",
    "tokens": "Jetons",
    "table": "Tapis",
    "espion": "Espion",
    "drawn": "Carte piochée",
}


def card_text(c: str) -> str:
    if len(c) == 3 and c[:2] in BM_NAMES and c[2] in BM_FAMILIES:
        return f"{BM_NAMES[c[:2]]} {BM_FAMILIES[c[2]]}"
    return pretty(c)


def value_text(value: Any) -> str:
    if isinstance(value, str):
        return card_text(value)
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{value_text(k)}: {value_text(v)}" for k, v in value.items())
    return str(value)


def action_text(action_id: str) -> str:
    verb, _, arg = action_id.partition(":")
    if not arg:
        return verb
    if verb == "choose" and arg in BM_FAMILIES:
        return f"choisir {BM_FAMILIES[arg]}"
    return f"{verb} " + "+".join(card_text(p) if len(p) <= 3 else p for p in arg.split("+"))


SUIT_NAMES = {"S": "♠ pique", "H": "♥ cœur", "D": "♦ carreau", "C": "♣ trèfle"}


def key_text(key: str, value: Any) -> str:
    if key == "trump" and value in SUIT_NAMES:
        return SUIT_NAMES[value]
    if key == "dominant" and value in BM_FAMILIES:
        return BM_FAMILIES[value]
    if key == "trick":
        return ", ".join(f"joueur {s} {card_text(c)}" for s, c in value)
    return value_text(value)


def show(state: GameState, seat: int, out: TextIO) -> None:
    view = state.view(seat)
    print(f"\n— phase : {view['phase']} · donneur : joueur {view['dealer']}", file=out)
    for key, label in SHOWN_KEYS.items():
        if view.get(key) not in (None, [], {}):
            print(f"  {label} : {key_text(key, view[key])}", file=out)
    print(f"  Cartes en main : {view['hand_sizes']} · scores : {view['scores']}", file=out)
    print(f"  Votre main : {value_text(view['hand']) or '(vide)'}", file=out)


def show_events(state: GameState, seat: int, out: TextIO) -> None:
    for ev in state.view(seat)["events"]:
        fields = ", ".join(f"{k}={value_text(v)}" for k, v in ev.items() if k not in ("type", "to"))
        print(f"  · {ev['type']} {fields}", file=out)


def play(
    slug: str,
    players: int,
    seed: int,
    human: int = 0,
    ask: Callable[[str], str] = input,
    out: TextIO = sys.stdout,
    ai: str | None = None,
) -> GameState:
    """Play a match with `human` answering through `ask`; the other seats play at random,
    or at the AI level `ai` ("facile" or "fort")."""
    rules = get(slug)
    state = rules.new(players=players, seed=seed)
    others = Rng(seed ^ 0xC0FFEE)
    print(f"{rules.name} à {players} joueurs — vous êtes le joueur {human}.", file=out)
    while not state.is_over():
        seats = state.to_move()
        if human in seats:
            show(state, human, out)
            actions = state.legal_actions(human)
            for i, a in enumerate(actions, 1):
                print(f"  {i:>2}. {action_text(a.id)}", file=out)
            choice = ask("Votre choix (numéro, ou q pour quitter) : ").strip()
            if choice.lower() == "q":
                break
            if not choice.isdigit() or not 1 <= int(choice) <= len(actions):
                print("  Choix invalide.", file=out)
                continue
            state.apply(human, actions[int(choice) - 1].id)
        else:
            seat = seats[0]
            if ai is None:
                action = others.choice(state.legal_actions(seat)).id
            else:
                action = choose(state, seat, ai, others)
            state.apply(seat, action)
            print(f"Joueur {seat} : {action_text(action)}", file=out)
        show_events(state, human, out)
    if state.is_over():
        result = state.outcome()
        print("\nPartie terminée.", file=out)
        for seat in sorted(range(players), key=lambda s: result["ranks"][s]):
            print(f"  {result['ranks'][seat]}. joueur {seat} — {result['scores'][seat]}", file=out)
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="jouer une place contre les autres places")
    p.add_argument("slug", choices=SLUGS)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seat", type=int, default=0)
    p.add_argument(
        "--ai", choices=LEVELS, default=None, help="niveau des autres places (défaut : au hasard)"
    )
    args = parser.parse_args(argv)
    rules = get(args.slug)
    players = args.players or rules.min_players
    try:
        play(args.slug, players, args.seed, args.seat, ai=args.ai)
    except (EOFError, KeyboardInterrupt):
        print()
    return 0
