import io

import games
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
