"""« Pourquoi ? » at Blanche-Neige: each character's rule on the top discard, and the card
just drawn (decks stacked as tests/games/test_blanche_neige.py stacks them)."""

from __future__ import annotations

import pytest

import games
from games.blanche_neige.rules import ALL_ROLES, ALLOWED
from games.text import why_lines

from .test_blanche_neige import OTHER, PROBE, RULES, game

NAMES = ["Alice", "Basile"]
WORDS = RULES.words


def lines(state: games.GameState, seat: int, lang: str) -> list[str]:
    return why_lines(state.why_not(seat), WORDS, lang, NAMES)


@pytest.mark.parametrize("role", ALL_ROLES)
def test_each_character_says_which_cards_its_rule_forbids_on_the_top(role: str) -> None:
    top = "4H" if set(PROBE) - ALLOWED[role]["4H"] else "7S"
    other = [c for c in OTHER if c != top]
    state = game([role, "reine" if role != "reine" else "prince"], [PROBE, other], top)
    assert state.roles[0] == role
    forbidden = set(PROBE) - ALLOWED[role][top]
    found = {r.card: r.code for r in state.why_not(0)}
    assert set(found) == forbidden and set(found.values()) == {"role_forbids"}
    assert state.playable_cards(0) == frozenset(ALLOWED[role][top] & set(PROBE))
    face = "le 4♥" if top == "4H" else "le 7♠"
    for lang, said in (
        (
            "fr",
            f"votre personnage ({WORDS.role(role, 'fr')}) ne pose pas cette carte sur {face} "
            f"; sa règle : {WORDS.term('your_rule', role, 'fr')}",
        ),
        (
            "en",
            f"your character ({WORDS.role(role, 'en')}) cannot play this card on "
            f"the {face[3:]}; its rule: {WORDS.term('your_rule', role, 'en')}",
        ),
    ):
        [line] = lines(state, 0, lang)
        assert line.endswith(said), line


def test_after_drawing_only_the_drawn_card_may_be_played() -> None:
    hand = ["AH", "2S", "4C", "6C", "8S", "10C", "2D"]
    state = game(["blanche-neige", "reine"], [hand, OTHER], "4H", draw=("3S",))
    state.apply(0, "draw")
    found = {r.card: r.code for r in state.why_not(0)}
    assert set(found) == set(hand) and set(found.values()) == {"must_play_drawn"}
    assert lines(state, 0, "fr")[0].endswith(
        " : vous venez de piocher, posez la carte piochée (3♠) ou gardez-la"
    )
    assert lines(state, 0, "en")[0].endswith(
        ": you have just drawn, so play the card drawn (3♠) or keep it"
    )
    assert state.why_not(1) == ()  # the card drawn is its owner's alone
