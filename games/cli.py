"""`python -m games play <slug>`: play one seat in the terminal against the other seats.

A quick way to try the rules without Discord. It speaks French (English with
`--lang en`) with the game's own words, the same the bot uses, and numbers players from 1.
The other seats play at random, or as the AI with `--ai facile|fort`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn, TextIO

from . import get, known, slugs
from .ai import LEVELS, choose
from .base import GameState
from .cards import face
from .facts import in_hand_order
from .lang import LANGS
from .rng import Rng
from .text import hand_line, private_lines, public_lines, ranking_lines, seat_parts
from .words import EN, FR, T

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
    "prompt_one": T(
        "1 seul choix : appuyez sur Entrée (ou q pour quitter) : ",
        "Only one choice: press Enter (or q to quit): ",
    ),
    "invalid": T(
        "Choix invalide : tapez un numéro de 1 à {n}, ou q.",
        "Invalid choice: type a number from 1 to {n}, or q.",
    ),
    "invalid_one": T(
        "Choix invalide : appuyez sur Entrée pour jouer, ou tapez q.",
        "Invalid choice: press Enter to play, or type q.",
    ),
    "over": T("Partie terminée.", "Game over."),
    "players": T("{game} se joue de {lo} à {hi} joueurs.", "{game} takes {lo} to {hi} players."),
    "players_exact": T("{game} se joue à {lo} joueurs.", "{game} takes {lo} players."),
    "seat": T("Votre place va de 1 à {n}.", "Your seat is from 1 to {n}."),
    "unknown": T("Jeu inconnu : {slug} (jeux : {all}).", "Unknown game: {slug} (games: {all})."),
}

# `--help` and the argument errors, in the language `--lang` asks for (French by default).
HELP = {
    "description": T(
        "Jouer aux jeux de Tapis dans le terminal, sans Discord.",
        "Play Tapis' games in the terminal, without Discord.",
    ),
    "play": T("jouer une place contre les autres places", "play one seat against the other seats"),
    "play_description": T(
        "Jouer une place d'une partie ; les autres places jouent au hasard ou en IA.",
        "Play one seat of a match; the other seats play at random or as the AI.",
    ),
    "usage": T("utilisation : ", "usage: "),
    "commands": T("commandes", "commands"),
    "arguments": T("arguments", "arguments"),
    "options": T("options", "options"),
    "help": T("afficher cette aide et quitter", "show this help and exit"),
    "slug": T("le jeu : {all}", "the game: {all}"),
    "players": T(
        "nombre de joueurs (défaut : le plus petit nombre du jeu)",
        "number of players (default: the game's smallest number)",
    ),
    "seed": T(
        "graine de la donne : la même graine rejoue la même partie (défaut : 1)",
        "seed of the deal: the same seed plays the same match again (default: 1)",
    ),
    "seat": T("votre place, à partir de 1 (défaut : 1)", "your seat, from 1 (default: 1)"),
    "ai": T(
        "niveau des autres places : {levels} (défaut : au hasard)",
        "level of the other seats: {levels} (default: at random)",
    ),
    "lang": T("langue : fr ou en (défaut : fr)", "language: fr or en (default: fr)"),
    "number": T(
        "un nombre entier est attendu, pas {value!r}", "a whole number is expected, not {value!r}"
    ),
    "choice": T(
        "{value!r} n'est pas un choix possible ({choices})", "{value!r} is not a choice ({choices})"
    ),
}

# argparse's own error sentences, in French (English keeps argparse's words).
ARGPARSE_FR = {
    "the following arguments are required: ": "il manque : ",
    "unrecognized arguments: ": "arguments inconnus : ",
    "expected one argument": "une valeur est attendue",
    "invalid choice: ": "choix impossible : ",
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


def choose_action(count: int, lang: str, ask: Callable[[str], str], out: TextIO) -> int | None:
    """Ask until the answer is one of `count` choices: its 0-based index, or None to quit.

    A wrong answer reprints only the prompt; with a single choice, Enter plays it."""
    prompt = say("prompt_one", lang) if count == 1 else say("prompt", lang, n=count)
    while True:
        answer = ask(prompt).strip().lower()
        if answer == "q":
            return None
        if count == 1 and answer in ("", "1"):
            return 0
        if answer.isdigit() and 1 <= int(answer) <= count:
            return int(answer) - 1
        error = say("invalid_one", lang) if count == 1 else say("invalid", lang, n=count)
        print("  " + error, file=out)


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
            actions = in_hand_order(
                [a.id for a in state.legal_actions(human)], state.hand_facts(human)
            )
            for i, a in enumerate(actions, 1):
                print(f"  {i:>2}. {words.action_label(a, lang)}", file=out)
            picked = choose_action(len(actions), lang, ask, out)
            if picked is None:
                break
            state.apply(human, actions[picked])
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
    """An argument parser that speaks one language and answers an error in one line."""

    def __init__(
        self, prog: str | None = None, description: str | None = None, *, lang: str = FR
    ) -> None:
        self.lang = lang
        super().__init__(
            prog, description=description, add_help=False, formatter_class=_formatter(lang)
        )

    def error(self, message: str) -> NoReturn:
        """One line on stderr and exit 2, without the usage block."""
        if self.lang == FR:
            for english, french in ARGPARSE_FR.items():
                message = message.replace(english, french)
        self.exit(2, f"{self.prog}: {message}\n")


def _help(key: str, lang: str, **values: object) -> str:
    return HELP[key].get(lang).format(**values)


def _formatter(lang: str) -> type[argparse.HelpFormatter]:
    class Formatter(argparse.HelpFormatter):
        def add_usage(
            self,
            usage: str | None,
            actions: Iterable[argparse.Action],
            groups: Iterable[Any],
            prefix: str | None = None,
        ) -> None:
            # argparse asks with prefix "" for a subcommand's `prog`: only the default changes.
            local = _help("usage", lang) if prefix is None else prefix
            super().add_usage(usage, actions, groups, local)

    return Formatter


def _whole(lang: str, low: int = 1) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not text.strip().isdigit() or int(text) < low:
            raise argparse.ArgumentTypeError(_help("number", lang, value=text))
        return int(text)

    return parse


def _one_of(choices: Sequence[str], lang: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in choices:
            raise argparse.ArgumentTypeError(
                _help("choice", lang, value=text, choices=", ".join(choices))
            )
        return text

    return parse


def _language(argv: Sequence[str]) -> str:
    """The `--lang` asked for, read before parsing so that `--help` speaks it too."""
    for i, arg in enumerate(argv):
        if arg.startswith("--lang="):
            return EN if arg.partition("=")[2] == EN else FR
        if arg == "--lang" and i + 1 < len(argv):
            return EN if argv[i + 1] == EN else FR
    return FR


def parser_for(lang: str) -> _Parser:
    """`python -m games`'s arguments, every one explained, in `lang`."""
    parser = _Parser("python -m games", _help("description", lang), lang=lang)
    parser.add_argument_group(_help("options", lang)).add_argument(
        "-h", "--help", action="help", help=_help("help", lang)
    )
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        title=_help("commands", lang),
        metavar="commande" if lang == FR else "command",
    )
    p = sub.add_parser(
        "play",
        help=_help("play", lang),
        description=_help("play_description", lang),
        lang=lang,
    )
    positional = p.add_argument_group(_help("arguments", lang))
    positional.add_argument(
        "slug",
        metavar="jeu" if lang == FR else "game",
        help=_help("slug", lang, all=", ".join(slugs())),
    )
    options = p.add_argument_group(_help("options", lang))
    options.add_argument("-h", "--help", action="help", help=_help("help", lang))
    number = "N"
    options.add_argument(
        "--players", type=_whole(lang), metavar=number, help=_help("players", lang)
    )
    options.add_argument(
        "--seed", type=_whole(lang, low=0), default=1, metavar=number, help=_help("seed", lang)
    )
    options.add_argument(
        "--seat", type=_whole(lang), default=1, metavar=number, help=_help("seat", lang)
    )
    options.add_argument(
        "--ai",
        type=_one_of(LEVELS, lang),
        metavar="|".join(LEVELS),
        help=_help("ai", lang, levels=", ".join(LEVELS)),
    )
    options.add_argument(
        "--lang", type=_one_of(LANGS, lang), default=FR, metavar="fr|en", help=_help("lang", lang)
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = parser_for(_language(argv))
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
