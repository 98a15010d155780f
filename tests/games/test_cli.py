import argparse
import io
import re

import pytest

import games
from games import cli
from games.cli import action_text, card_text, play


def test_terminal_game_plays_to_the_end_with_a_scripted_player() -> None:
    """The human seat always picks option 1; the match must finish and print a ranking."""
    out = io.StringIO()
    state = play("manille", 4, seed=5, ask=lambda _prompt: "1", out=out)
    assert state.is_over()
    text = out.getvalue()
    assert "Partie terminée" in text
    assert "♠" in text or "♥" in text or "♦" in text or "♣" in text
    assert "1. joueur" in text and "points" in text  # the ranking names players from 1


def test_invalid_choice_is_refused_with_the_valid_range_and_asked_again() -> None:
    answers = iter(["99", "abc", "q"])
    out = io.StringIO()
    state = play("manille", 4, seed=10, ask=lambda _prompt: next(answers), out=out)
    assert out.getvalue().count("Choix invalide : tapez un numéro de 1 à") == 2
    assert not state.is_over()


def test_a_wrong_answer_reprints_only_the_prompt_not_the_table() -> None:
    answers = iter(["99", "x", "", "q"])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    play("manille", 4, seed=10, ask=ask, out=out)
    assert out.getvalue().count("Votre main :") == 1  # the table was shown once
    assert len(prompts) == 4 and len(set(prompts)) == 1


def test_a_single_choice_is_played_with_enter_and_says_so() -> None:
    """At seed 5 player 1 holds a single diamond to follow the first trick with."""
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "" if prompt.startswith("1 seul choix") else "q"

    out = io.StringIO()
    play("manille", 4, seed=5, ask=ask, out=out)
    assert prompts[0] == "1 seul choix : appuyez sur Entrée (ou q pour quitter) : "
    assert "joueur 1 (vous) joue R♦" in out.getvalue()
    assert not any("1 à 1" in p for p in prompts)


# Bonanza's choices are never cards: its race plays the cards itself.
@pytest.mark.parametrize("slug", [s for s in games.slugs() if s != "bonanza"])
def test_the_choices_are_listed_in_the_order_of_the_hand(slug: str) -> None:
    rules = games.get(slug)
    out = io.StringIO()
    play(slug, rules.quick_players or rules.min_players, seed=4, ask=lambda _p: "1", out=out)
    menus = 0
    for block in out.getvalue().split("Votre main : ")[1:]:
        hand_line, _, rest = block.partition("\n")
        faces = hand_line.replace(" · ", " ").split(" ")
        choices = [m[1] for m in re.finditer(r"^ +\d+\. (.*)$", rest.split("Votre main")[0], re.M)]
        places = [faces.index(c.split(" ")[0]) for c in choices if c.split(" ")[0] in faces]
        assert places == sorted(places), (hand_line, choices)
        menus += len(places) > 1
    assert menus > 0  # some menu offered several cards


def test_cards_and_actions_read_in_the_games_own_french_words() -> None:
    assert card_text("10H") == "10♥"
    assert card_text("QS") == "D♠"
    assert card_text("MAR") == "🟥 Mamma"
    assert action_text("bianco-mano", "choose:V") == "Choisir 🟩 verte"
    assert action_text("blanche-neige", "play:9H+9D") == "9♥ 9♦"
    assert action_text("bonanza", "call") == "Suivre"
    assert action_text("bonanza", "call", "en") == "Call"
    assert "manille" in games.slugs()


@pytest.mark.parametrize("slug", games.slugs())
def test_every_game_reads_without_ids_or_english_in_french(slug: str) -> None:
    """Events, facts and actions come out in words: no raw event type, no English verb."""
    rules = games.get(slug)
    out = io.StringIO()
    players = rules.quick_players or rules.min_players
    play(slug, players, seed=3, ask=lambda _prompt: "1", out=out)
    text = out.getvalue()
    assert "{" not in text and "Partie terminée" in text
    for raw in ("card_played", "trick_won", "deal_end", "phase :", "play:", "seat="):
        assert raw not in text, raw


def test_english_terminal_speaks_english() -> None:
    out = io.StringIO()
    play("manille", 4, seed=5, ask=lambda _prompt: "1", out=out, lang="en")
    text = out.getvalue()
    assert "Game over." in text and "you are player 1" in text
    assert "Partie" not in text and "joueur" not in text


def test_other_seats_can_be_played_by_the_ai() -> None:
    out = io.StringIO()
    state = play("manille", 4, seed=5, ask=lambda _prompt: "1", out=out, ai="facile")
    assert state.is_over()
    assert "Partie terminée" in out.getvalue()


def test_ai_option_and_seat_reach_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}

    def fake_play(
        slug: str, players: int, seed: int, human: int, ai: str | None = None, lang: str = "fr"
    ) -> None:
        seen.update(slug=slug, players=players, ai=ai, human=human, lang=lang)

    monkeypatch.setattr(cli, "play", fake_play)
    assert cli.main(["play", "manille", "--ai", "fort"]) == 0
    assert seen == {"slug": "manille", "players": 4, "ai": "fort", "human": 0, "lang": "fr"}
    cli.main(["play", "manille", "--seat", "3", "--lang", "en"])
    assert seen["ai"] is None and seen["human"] == 2 and seen["lang"] == "en"
    with pytest.raises(SystemExit):
        cli.main(["play", "manille", "--ai", "expert"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "manille", "--players", "3"], "Manille se joue à 4 joueurs."),
        (["play", "manille", "--seat", "5"], "Votre place va de 1 à 4."),
        (["play", "belote"], "Jeu inconnu : belote"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("lang", "foreign"),
    [
        ("fr", ("usage:", "show this", "positional", "the game")),
        ("en", ("utilisation", "afficher", "le jeu", "défaut")),
    ],
)
def test_help_speaks_one_language_and_explains_every_option(
    lang: str, foreign: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["play", "--help", "--lang", lang])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    for word in foreign:
        assert word not in text
    for action in arguments(subcommand(cli.parser_for(lang), "play")):
        assert action.help, action.dest


def arguments(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """A parser's arguments. argparse lists them only in its internals: read here only."""
    return list(parser._actions)  # argparse's internals


def subcommand(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of subcommand `name` (argparse's internals too)."""
    for action in arguments(parser):
        if isinstance(action, argparse._SubParsersAction):  # internals too
            found: argparse.ArgumentParser = action.choices[name]
            return found
    raise AssertionError(f"no subcommand {name!r}")


def test_argument_errors_are_in_french_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "manille", "--players", "beaucoup"])
    err = capsys.readouterr().err
    assert "un nombre entier est attendu" in err and err.count("\n") == 1
