"""What the games declare for their pictures (games/faces.py) agrees with their rules."""

from __future__ import annotations

import games
from games.bianco_mano import rules as bianco_mano
from games.blanche_neige import ALL_ROLES
from games.cards import face
from games.faces import SOFT_HYPHEN, plain


def test_bianco_manos_cards_print_the_points_the_rules_count() -> None:
    deck = games.get("bianco-mano").faces.deck
    assert deck is not None and deck.note is not None
    assert set(deck.cards) == set(bianco_mano.DECK)
    for dominant in deck.families:
        for card in deck.cards:
            figure = deck.figure(card)
            assert figure is not None
            counted = figure.points * (2 if card[-1] == dominant else 1)
            assert counted == bianco_mano.POINTS[dominant][card], (card, dominant)
    assert deck.note.get("fr").format(n=10) == "10 si dominante"


def test_a_figures_name_reads_whole_in_text() -> None:
    """Soft hyphens say where a card may break a name; a text face never shows them."""
    deck = games.get("bianco-mano").faces.deck
    assert deck is not None
    assert any(SOFT_HYPHEN in f.name.fr for f in deck.figures)
    for card in deck.cards:
        figure = deck.figure(card)
        assert figure is not None
        for lang in ("fr", "en"):
            text = face(card, lang)
            assert SOFT_HYPHEN not in text and text.endswith(plain(figure.name.get(lang)))


def test_blanche_neiges_identity_cards_are_its_roles_in_its_words() -> None:
    rules = games.get("blanche-neige")
    identities = rules.faces.identities
    assert tuple(i.slug for i in identities) == ALL_ROLES
    for identity in identities:
        assert identity.name == rules.words.roles[identity.slug]
        assert all(line.fr and line.en for line in identity.rule)


def test_a_game_declares_no_faces_unless_it_has_cards_of_its_own() -> None:
    assert games.get("manille").faces == games.base.Rules.faces
    assert games.get("manille").faces.deck is None and not games.get("manille").faces.identities
