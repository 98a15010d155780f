"""Game words for the pages: card faces, moves, events and table zones, fr and en."""

from __future__ import annotations

import games
from games.cards import bianco_mano_deck, deck53
from web import words


def test_standard_faces_use_french_figures_and_suit_colours() -> None:
    queen = words.card_face("QS", "fr")
    assert (queen.label, queen.title, queen.css) == ("D♠", "Dame de pique", "card black")
    ten = words.card_face("10H", "en")
    assert (ten.label, ten.title, ten.css) == ("10♥", "10 of hearts", "card red")
    assert words.card_face("KD", "en").label == "K♦"
    assert words.card_face("JK", "fr").title == "Joker"


def test_bianco_mano_faces_name_character_and_family() -> None:
    mamma = words.card_face("MAR", "fr")
    assert (mamma.label, mamma.title, mamma.css) == ("Ma", "Mamma rouge", "card family-r")
    assert words.card_face("GCV", "en").title == "green Bodyguard"


def test_every_card_of_every_deck_is_a_card_id_with_a_face() -> None:
    for card in [*deck53(), *bianco_mano_deck()]:
        assert words.is_card(card)
        assert words.card_face(card, "fr").label not in ("", card) or card == "JK"
    assert not words.is_card("1H") and not words.is_card("../x") and not words.is_card("MAX")


def test_moves_in_words() -> None:
    assert words.describe_move("play:10H", "fr") == "joue 10♥"
    assert words.describe_move("play:9H+9D", "en") == "plays 9♥ + 9♦"
    assert words.describe_move("play:MAB", "fr") == "joue Mamma bleue"
    assert words.describe_move("choose:R", "fr") == "choisit rouge"
    assert words.describe_move("suit:H", "en") == "names ♥ hearts"
    assert words.describe_move("raise:5", "fr") == "relance de 5"
    assert words.describe_move("call", "fr") == "suit"
    assert words.describe_move("fold", "en") == "folds"
    assert words.describe_move("frobnicate:3", "fr") == "frobnicate:3"


def test_every_move_of_random_games_has_words() -> None:
    """A move the page would show as a raw id is a missing word."""
    for slug in games.slugs():
        rules = games.get(slug)
        for seed in range(3):
            state = rules.new(
                players=min(rules.max_players, rules.min_players + seed % 2),
                seed=seed,
                options=rules.quick_options,
            )
            rng = games.Rng(seed)
            while not state.is_over():
                seat = state.to_move()[0]
                action = rng.choice(state.legal_actions(seat)).id
                for lang in ("fr", "en"):
                    assert words.describe_move(action, lang) != action, (slug, action)
                state.apply(seat, action)


def test_game_names_in_both_languages() -> None:
    for slug in games.slugs():
        assert words.game_name(slug, "fr") and words.game_name(slug, "en")
    assert words.game_name("blanche-neige", "en") == "Snow White"
    assert words.game_name(None, "fr") == "Tous les jeux"


def test_events_name_the_seat() -> None:
    names = ["Alice", "Bob"]
    assert (
        words.describe_event({"type": "trick_won", "seat": 1}, names, "fr") == "Bob remporte le pli"
    )
    assert words.describe_event({"type": "box_won", "seat": 0, "box": "KH"}, names, "en") == (
        "Alice takes the K♥ box"
    )
    assert words.describe_event({"type": "something_private"}, names, "fr") is None


def test_zones_show_what_lies_on_the_table() -> None:
    view = {
        "trump": "H",
        "trick": [[0, "10H"], [1, "QS"]],
        "top": None,
        "board": {"10D": 3, "JC": 0},
        "run": [],
    }
    found = {z.key: z for z in words.zones(view, ["Alice", "Bob"], "fr")}
    assert set(found) == {"trump", "trick", "board"}
    assert found["trump"].text == "♥ cœur"
    assert [(who, face.card) for who, face in found["trick"].cards] == [
        ("Alice", "10H"),
        ("Bob", "QS"),
    ]
    assert found["board"].boxes == [("10♦", 3), ("V♣", 0)]
