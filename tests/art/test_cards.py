from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest
from PIL import Image

import games
from art import cards
from art.palette import FAMILY
from games.faces import Deck, Figure, Identity
from games.words import T

EVERY_FACE = (*cards.ALL_CARDS, cards.BACK)


def _ink(img: Image.Image, box: tuple[float, float, float, float]) -> tuple[int, int]:
    """(red pixels, dark pixels) inside a box given in fractions of the face."""
    w, h = img.size
    crop = img.convert("RGB").crop(
        (round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h))
    )
    red = dark = 0
    for count, (r, g, b) in crop.getcolors(1 << 16) or []:
        if r > 150 and g < 90 and b < 100:
            red += count
        elif max(r, g, b) < 70:
            dark += count
    return red, dark


def test_the_four_decks_are_the_expected_ids():
    assert len(cards.STANDARD_CARDS) == 52
    assert len(cards.OWN_CARDS) == 32
    assert {"10H", "QS", "AC", "7D"} <= set(cards.STANDARD_CARDS)
    assert {"MAR", "GCV", "CHB", "EVJ"} <= set(cards.OWN_CARDS)
    assert len(cards.ROLES) == 11


@pytest.mark.parametrize("height", [64, 150])
def test_every_card_has_its_own_face_of_the_requested_size(height):
    seen: dict[bytes, str] = {}
    for card in EVERY_FACE:
        img = cards.face(card, height)
        assert img.size == cards.card_size(height)
        data = img.tobytes()
        assert data not in seen, f"{card} looks like {seen.get(data)}"
        seen[data] = card
    for slug in cards.ROLES:
        img = cards.identity_card(slug, "fr", height)
        assert img.size == cards.card_size(height)
        assert img.tobytes() not in seen
        seen[img.tobytes()] = slug


@pytest.mark.parametrize("height", [64, 150])
def test_hearts_and_diamonds_are_red_spades_and_clubs_dark(height):
    # Full faces: the corner index; compact faces: the big pip in the lower half.
    box = (0.0, 0.0, 0.24, 0.29) if height >= cards.COMPACT_BELOW else (0.1, 0.5, 0.9, 0.95)
    for card in cards.STANDARD_CARDS:
        red, dark = _ink(cards.face(card, height), box)
        if card[-1] in "HD":
            assert red > 20 and dark < red // 4, card
        else:
            assert dark > 20 and red < dark // 4, card


def test_figure_emoji_faces_are_filled_with_their_family_colour():
    for card in cards.OWN_CARDS:
        img = cards.face(card, 64).convert("RGB")
        _, commonest = max(img.getcolors(1 << 16) or [])
        target = FAMILY[card[2]]
        assert sum(abs(a - b) for a, b in zip(commonest, target, strict=True)) < 30, card


def test_a_face_is_drawn_once_and_reused():
    assert cards.face("QS", 150) is cards.face("QS", 150)
    assert cards.identity_card("reine", "fr", 90) is cards.identity_card("reine", "fr", 90)
    assert cards.face_png("10H", 64) is cards.face_png("10H", 64)


def test_identity_cards_speak_the_asked_language():
    fr = cards.identity_card("sorciere", "fr", 150)
    en = cards.identity_card("sorciere", "en", 150)
    assert fr.tobytes() != en.tobytes()
    # An unknown language falls back to French.
    assert cards.identity_card("sorciere", "de", 150).tobytes() == fr.tobytes()


@pytest.mark.parametrize("card", ["QS", "JK", "MAR", "GCV", cards.BACK])
def test_emoji_png_fits_discord_limits(card):
    data = cards.face_png(card, 128)
    assert len(data) <= 256 * 1024
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.height <= 128 and img.mode == "RGBA"


def test_unknown_ids_and_sizes_are_refused():
    for bad in ("1H", "11S", "QX", "MAX", "ZZR", "", "jk"):
        with pytest.raises(ValueError):
            cards.face(bad, 64)
    with pytest.raises(ValueError):
        cards.identity_card("nain", "fr", 64)
    with pytest.raises(ValueError):
        cards.face_png("QS", 200)
    with pytest.raises(ValueError):
        cards.face("QS", 4)


def test_the_emoji_version_follows_the_drawn_faces():
    version = cards.emoji_version(64)
    assert len(version) == 6 and int(version, 16) >= 0
    assert cards.emoji_version(64) == version
    # Other pixels, another version: a redesign changes the name and the bot re-uploads.
    assert cards.emoji_version(48) != version


def test_every_card_and_role_a_game_declares_is_drawn():
    """Art draws what the games declare: each deck's cards are faces, each role an identity
    card that prints the game's own name for it."""
    for rules in games.all():
        if rules.faces.deck is not None:
            assert set(rules.faces.deck.cards) <= set(cards.ALL_CARDS), rules.slug
        for identity in rules.faces.identities:
            assert identity.slug in cards.ROLES
            assert rules.words.roles[identity.slug] == identity.name
            assert cards.identity_card(identity.slug, "en", 150).size == cards.card_size(150)


def test_a_role_or_figure_art_does_not_know_gets_a_plain_look(monkeypatch):
    """A game adds a role, a figure or a family art has no colour, emblem or shape for: its
    cards are drawn plainly with the game's words, not refused."""
    role = Identity("lutin", T("Lutin", "Elf"), (T("Sur pair : pair", "On even: even"),) * 2)
    deck = Deck((Figure("ZZ", T("Zou\u00adave", "Zou\u00adave"), 3),), ("X",), T("{n}", "{n}"))
    monkeypatch.setitem(cards.IDENTITIES, role.slug, role)
    monkeypatch.setitem(cards.OWN_CARDS, "ZZX", (deck, deck.figures[0]))
    for height in (64, 150):
        lutin = cards.identity_card("lutin", "fr", height)
        assert lutin.tobytes() != cards.identity_card("reine", "fr", height).tobytes()
        assert cards.face("ZZX", height).size == cards.card_size(height)
    # At full size the card prints the role's name and rule in the table's language.
    assert lutin.tobytes() != cards.identity_card("lutin", "en", 150).tobytes()
    assert cards.name_lines("Zou\u00adave", 150)[0] == ["Zouave"]


def _string_literals(source: str) -> set[str]:
    """The strings a module's code holds (docstrings and comments aside)."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }


def test_art_retypes_none_of_the_words_the_games_declare():
    """A card's names, points note and rules are the game's: art's code holds none of them
    (its sample scenes, art/demo.py, are pictures of games and may)."""
    declared: set[str] = set()
    for rules in games.all():
        deck = rules.faces.deck
        if deck is not None:
            declared |= {
                t.get(lang)
                for t in (*(f.name for f in deck.figures), deck.note)
                if t is not None
                for lang in ("fr", "en")
            }
        for identity in rules.faces.identities:
            for t in (identity.name, *identity.rule):
                declared |= {t.fr, t.en}
    assert "Sorcière" in declared and "Commis\u00adsaire" in declared
    for path in Path(cards.__file__).parent.glob("*.py"):
        if path.name != "demo.py":
            typed = _string_literals(path.read_text(encoding="utf-8")) & declared
            assert not typed, f"{path.name} types {sorted(typed)}"


def test_a_card_id_two_decks_would_share_is_refused():
    """A declared card must not be another's id: `AS` is the ace of spades already."""
    ace = Deck((Figure("A", T("As", "Ace")),), ("S",))
    with pytest.raises(ValueError, match="'AS'"):
        cards.own_cards((ace,))
    figures = Deck((Figure("ZZ", T("Zou", "Zou")),), ("X",))
    with pytest.raises(ValueError, match="'ZZX'"):
        cards.own_cards((figures, figures))
    assert set(cards.own_cards((figures,))) == {"ZZX"}
