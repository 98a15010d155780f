import io

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
    state = play("manille", 4, seed=5, ask=lambda _prompt: next(answers), out=out)
    assert out.getvalue().count("Choix invalide : tapez un numéro de 1 à") == 2
    assert not state.is_over()


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
