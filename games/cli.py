"""`python -m games play <slug>`: play one seat in the terminal against the other seats.

A quick way to try the rules without Discord. It speaks French (English with
`--lang en`) with the game's own words, the same the bot uses, and numbers players from 1.
The other seats play at random, or as the AI with `--ai facile|fort`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from . import get, known, slugs
from .ai import LEVELS, choose
from .base import GameState
from .cards import face
from .rng import Rng
from .text import hand_line, private_lines, public_lines, ranking_lines, seat_parts
from .words import T

TEXT = {
    "player": T("joueur {n}", "player {n}"),
    "you": T("joueur {n} (vous)", "player {n} (you)"),
    "start": T(
        "{game} à {players} joueurs : vous êtes le joueur {seat}.",
        "{game} with {players} players: you are player {seat}.",
    ),
    "your_hand": T("Votre main : {hand}", "Your hand: {hand}"),
    "prompt": T(
        "Votre choix (1 à {n}, ou q pour quitter) : ", "Your choice (1 to {n}, or q to quit): "
    ),
    "invalid": T(
        "Choix invalide : tapez un numéro de 1 à {n}, ou q.",
        "Invalid choice: type a number from 1 to {n}, or q.",
    ),
    "over": T("Partie terminée.", "Game over."),
    "players": T("{game} se joue de {lo} à {hi} joueurs.", "{game} takes {lo} to {hi} players."),
    "players_exact": T("{game} se joue à {lo} joueurs.", "{game} takes {lo} players."),
    "seat": T("Votre place va de 1 à {n}.", "Your seat is from 1 to {n}."),
    "unknown": T("Jeu inconnu : {slug} (jeux : {all}).", "Unknown game: {slug} (games: {all})."),
}


def say(key: str, lang: str, **values: object) -> str:
    return TEXT[key].get(lang).format(**values)


def names_for(players: int, human: int, lang: str) -> list[str]:
    return [say("you" if s == human else "player", lang, n=s + 1) for s in range(players)]


def card_text(card: str, lang: str = "fr") -> str:
    """A card as every Tapis text shows it (`10♥`, `D♠`, `🟥 Mamma`)."""
    return face(card, lang)


def action_text(slug: str, action_id: str, lang: str = "fr") -> str:
    """An action in the game's words (`Prendre`, `Choisir 🟩 verte`, `9♥ 9♦`)."""
    return get(slug).words.action_label(action_id, lang)


def show(state: GameState, seat: int, names: Sequence[str], lang: str, out: TextIO) -> None:
    """The table (public facts) and the seat's hand, in the game's words."""
    words = state.rules.words
    facts = state.public_facts()
    print(f"\n— {words.phase(facts.phase, lang)}", file=out)
    for line in public_lines(facts, words, lang, names):
        print(f"  {line}", file=out)
    for s in facts.seats:
        mark = "▶ " if s.to_move else "  "
        parts = " · ".join([names[s.seat], *seat_parts(s, words, lang, names)])
        print(f"  {mark}{parts}", file=out)
    hand = state.hand_facts(seat)
    print("  " + say("your_hand", lang, hand=hand_line(hand, lang, None, words)), file=out)
    for line in private_lines(hand, words, lang, names):
        print(f"  {line}", file=out)


def show_events(state: GameState, seat: int, names: Sequence[str], lang: str, out: TextIO) -> None:
    words = state.rules.words
    for ev in state.view(seat)["events"]:
        text = words.narrate(ev, lang, names)
        if text:
            print(f"  · {text}", file=out)


def play(
    slug: str,
    players: int,
    seed: int,
    human: int = 0,
    ask: Callable[[str], str] = input,
    out: TextIO = sys.stdout,
    ai: str | None = None,
    lang: str = "fr",
) -> GameState:
    """Play a match with `human` (a 0-based seat) answering through `ask`; the other seats
    play at random, or at the AI level `ai` ("facile" or "fort")."""
    rules = get(slug)
    words = rules.words
    state = rules.new(players=players, seed=seed)
    names = names_for(players, human, lang)
    others = Rng(seed ^ 0xC0FFEE)
    game = words.name.get(lang)
    print(say("start", lang, game=game, players=players, seat=human + 1), file=out)
    show_events(state, human, names, lang, out)
    while not state.is_over():
        seats = state.to_move()
        if human in seats:
            show(state, human, names, lang, out)
            actions = state.legal_actions(human)
            for i, a in enumerate(actions, 1):
                print(f"  {i:>2}. {words.action_label(a.id, lang)}", file=out)
            choice = ask(say("prompt", lang, n=len(actions))).strip()
            if choice.lower() == "q":
                break
            if not choice.isdigit() or not 1 <= int(choice) <= len(actions):
                print("  " + say("invalid", lang, n=len(actions)), file=out)
                continue
            state.apply(human, actions[int(choice) - 1].id)
        else:
            seat = seats[0]
            if ai is None:
                action = others.choice(state.legal_actions(seat)).id
            else:
                action = choose(state, seat, ai, others)
            state.apply(seat, action)
        show_events(state, human, names, lang, out)
    if state.is_over():
        print("\n" + say("over", lang), file=out)
        for line in ranking_lines(state.outcome(), words, lang, names):
            print(f"  {line}", file=out)
    return state


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line on stderr and exit 2, without the usage block."""
        self.exit(2, f"{self.prog}: {message}\n")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m games")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("play", help="jouer une place contre les autres places")
    p.add_argument("slug", help=", ".join(slugs()))
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seat", type=int, default=1, help="votre place, à partir de 1")
    p.add_argument(
        "--ai", choices=LEVELS, default=None, help="niveau des autres places (défaut : au hasard)"
    )
    p.add_argument("--lang", choices=("fr", "en"), default="fr")
    args = parser.parse_args(argv)
    lang = args.lang
    if not known(args.slug):
        parser.error(say("unknown", lang, slug=args.slug, all=", ".join(slugs())))
    rules = get(args.slug)
    players = args.players or rules.min_players
    if not rules.min_players <= players <= rules.max_players:
        game = rules.words.name.get(lang)
        lo, hi = rules.min_players, rules.max_players
        parser.error(say("players" if lo < hi else "players_exact", lang, game=game, lo=lo, hi=hi))
    if not 1 <= args.seat <= players:
        parser.error(say("seat", lang, n=players))
    try:
        play(args.slug, players, args.seed, args.seat - 1, ai=args.ai, lang=lang)
    except (EOFError, KeyboardInterrupt):
        print()
    return 0
