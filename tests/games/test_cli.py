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


def test_invalid_choice_is_refused_and_asked_again() -> None:
    answers = iter(["99", "abc", "q"])
    out = io.StringIO()
    state = play("manille", 4, seed=5, ask=lambda _prompt: next(answers), out=out)
    assert out.getvalue().count("Choix invalide") == 2
    assert not state.is_over()


def test_cards_and_actions_read_in_french() -> None:
    assert card_text("10H") == "10♥"
    assert card_text("MAR") == "Mamma rouge"
    assert action_text("choose:V") == "choisir verte"
    assert action_text("play:9H+9D") == "play 9♥+9♦"
    assert "manille" in games.SLUGS


def test_other_seats_can_be_played_by_the_ai() -> None:
    out = io.StringIO()
    state = play("manille", 4, seed=5, ask=lambda _prompt: "1", out=out, ai="facile")
    assert state.is_over()
    assert "Partie terminée" in out.getvalue()


def test_ai_option_reaches_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}

    def fake_play(slug: str, players: int, seed: int, human: int, ai: str | None = None) -> None:
        seen.update(slug=slug, players=players, ai=ai)

    monkeypatch.setattr(cli, "play", fake_play)
    assert cli.main(["play", "manille", "--ai", "fort"]) == 0
    assert seen == {"slug": "manille", "players": 4, "ai": "fort"}
    cli.main(["play", "manille"])
    assert seen["ai"] is None
    with pytest.raises(SystemExit):
        cli.main(["play", "manille", "--ai", "expert"])
