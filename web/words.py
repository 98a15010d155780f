"""Every game word the web shows: game names, card faces, moves, events, table zones.

The one place the web turns engine ids (slugs, card ids, action ids, event types, view
keys) into French or English. Once the games carry their own words, these lookups can
point at them without touching the pages. Languages are "fr" and "en"; anything unknown
falls back to a readable form of the id rather than failing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Lang = str  # "fr" or "en"

GAME_NAMES: dict[str, dict[Lang, str]] = {
    "bianco-mano": {"fr": "Bianco Mano", "en": "Bianco Mano"},
    "manille": {"fr": "Manille", "en": "Manille"},
    "blanche-neige": {"fr": "Blanche-Neige", "en": "Snow White"},
    "nain-jaune": {"fr": "Nain Jaune", "en": "Yellow Dwarf"},
    "bonanza": {"fr": "Bonanza", "en": "Bonanza"},
}

DEAL_EVENTS = frozenset({"deal"})
"""Event types that start a new deal: the replay's "deal ◀ ▶" steps land on them."""

# --- card faces -----------------------------------------------------------------------
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME: dict[Lang, dict[str, str]] = {
    "fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
}
RANK_SHORT: dict[Lang, dict[str, str]] = {
    "fr": {"J": "V", "Q": "D", "K": "R"},
    "en": {},
}
RANK_NAME: dict[Lang, dict[str, str]] = {
    "fr": {"A": "As", "J": "Valet", "Q": "Dame", "K": "Roi"},
    "en": {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"},
}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"

# Bianco Mano: a character and a family per card (`MAR` is the red Mamma).
CHARACTER_NAME: dict[Lang, dict[str, str]] = {
    "fr": {
        "MA": "Mamma",
        "PA": "Parrain",
        "AV": "Avocat",
        "EV": "Évêque",
        "BA": "Banquier",
        "CO": "Commissaire",
        "GC": "Garde du corps",
        "CH": "Chauffeur",
    },
    "en": {
        "MA": "Mamma",
        "PA": "Godfather",
        "AV": "Lawyer",
        "EV": "Bishop",
        "BA": "Banker",
        "CO": "Police chief",
        "GC": "Bodyguard",
        "CH": "Driver",
    },
}
CHARACTER_SHORT = {"MA": "Ma", "PA": "Pa", "AV": "Av", "EV": "Év", "BA": "Ba", "CO": "Co"}
CHARACTER_SHORT.update({"GC": "GC", "CH": "Ch"})
FAMILY_NAME: dict[Lang, dict[str, str]] = {
    "fr": {"R": "rouge", "B": "bleue", "J": "jaune", "V": "verte"},
    "en": {"R": "red", "B": "blue", "J": "yellow", "V": "green"},
}

CARD_ID = re.compile(r"^(?:JK|(?:[2-9]|10|[AJQK])[SHDC]|(?:MA|PA|AV|EV|BA|CO|GC|CH)[RBJV])$")
"""What a card id looks like; also what `/cards/<id>.png` accepts."""


@dataclass(frozen=True, slots=True)
class Face:
    """How one card shows as text: a short label, its full name, and a CSS class."""

    card: str
    label: str
    title: str
    css: str


def is_card(value: object) -> bool:
    return isinstance(value, str) and CARD_ID.match(value) is not None


def card_face(card: str, lang: Lang) -> Face:
    """The text face of a card id: `10♥` / "10 de cœur", `D♠` / "Dame de pique"...

    This is the hook for card pictures: once the art package draws cards, a face can also
    carry `/cards/<id>.png` (see web/cards.py) and the templates show the picture.
    """
    if card == JOKER:
        return Face(card, "🃏", "Joker", "card joker")
    if len(card) == 3 and card[:2] in CHARACTER_NAME["fr"] and card[2] in FAMILY_NAME["fr"]:
        character, family = card[:2], card[2]
        name = CHARACTER_NAME[lang][character]
        title = (
            f"{name} {FAMILY_NAME[lang][family]}"
            if lang == "fr"
            else (f"{FAMILY_NAME[lang][family]} {name}")
        )
        return Face(card, CHARACTER_SHORT[character], title, f"card family-{family.lower()}")
    rank, suit = card[:-1], card[-1:]
    if rank in RANKS and suit in SUIT_SYMBOL:
        label = RANK_SHORT[lang].get(rank, rank) + SUIT_SYMBOL[suit]
        full_rank = RANK_NAME[lang].get(rank, rank)
        of = "de" if lang == "fr" else "of"
        colour = "red" if suit in "HD" else "black"
        return Face(card, label, f"{full_rank} {of} {SUIT_NAME[lang][suit]}", f"card {colour}")
    return Face(card, card, card, "card")


def faces(cards: list[str], lang: Lang) -> list[Face]:
    return [card_face(c, lang) for c in cards]


def game_name(slug: str | None, lang: Lang) -> str:
    if slug is None:
        return {"fr": "Tous les jeux", "en": "All games"}[lang]
    return GAME_NAMES.get(slug, {}).get(lang, slug)


def suit_name(letter: str, lang: Lang) -> str:
    if letter in SUIT_SYMBOL:
        return f"{SUIT_SYMBOL[letter]} {SUIT_NAME[lang][letter]}"
    return FAMILY_NAME[lang].get(letter, letter)


# --- moves --------------------------------------------------------------------------
# `{arg}` is the action's argument in words (a card face, a number, a suit or family).
VERBS: dict[str, dict[Lang, str]] = {
    "play": {"fr": "joue {arg}", "en": "plays {arg}"},
    "take": {"fr": "prend", "en": "takes"},
    "pass": {"fr": "passe", "en": "passes"},
    "choose": {"fr": "choisit {arg}", "en": "chooses {arg}"},
    "discard": {"fr": "écarte {arg}", "en": "sets aside {arg}"},
    "call": {"fr": "appelle {arg}", "en": "calls {arg}"},
    "announce": {"fr": "annonce « Bianco Mano »", "en": "announces “Bianco Mano”"},
    "draw": {"fr": "pioche", "en": "draws"},
    "keep": {"fr": "garde", "en": "keeps"},
    "shout": {"fr": "crie « Miroir magique ! »", "en": "shouts “Magic mirror!”"},
    "challenge": {"fr": "conteste", "en": "challenges"},
    "stop": {"fr": "s'arrête", "en": "stops"},
    "exchange": {"fr": "échange avec le mort", "en": "swaps with the dead hand"},
    "sell": {"fr": "vend le mort", "en": "sells the dead hand"},
    "show": {"fr": "montre le joker", "en": "shows the joker"},
    "joker": {"fr": "joue le joker", "en": "plays the joker"},
    "suit": {"fr": "annonce {arg}", "en": "names {arg}"},
    "bid": {"fr": "enchérit à {arg}", "en": "bids {arg}"},
    "bet": {"fr": "mise {arg}", "en": "bets {arg}"},
    "raise": {"fr": "relance de {arg}", "en": "raises by {arg}"},
    "check": {"fr": "parle", "en": "checks"},
    "fold": {"fr": "se couche", "en": "folds"},
}
# Bonanza says "call" for following a bet, without argument.
VERB_ALONE: dict[str, dict[Lang, str]] = {"call": {"fr": "suit", "en": "calls"}}


def card_words(card: str, lang: Lang) -> str:
    """A card in a sentence: its short face (`10♥`) when that says it all, else its name."""
    face = card_face(card, lang)
    return face.title if "family-" in face.css else face.label


def _arg_words(arg: str, lang: Lang) -> str:
    parts = arg.split("+")
    if all(is_card(p) for p in parts):
        return " + ".join(card_words(p, lang) for p in parts)
    if arg.isdigit():
        return arg
    if len(arg) == 1:
        return suit_name(arg, lang)
    return arg


def describe_move(action_id: str, lang: Lang) -> str:
    """A move as words after the player's name: "joue 10♥", "se couche"."""
    verb, _, arg = action_id.partition(":")
    if not arg and verb in VERB_ALONE:
        return VERB_ALONE[verb][lang]
    template = VERBS.get(verb, {}).get(lang)
    if template is None:
        return action_id
    return template.format(arg=_arg_words(arg, lang) if arg else "").strip()


# --- events ---------------------------------------------------------------------------
EVENTS: dict[str, dict[Lang, str]] = {
    "trick_won": {"fr": "{seat} remporte le pli", "en": "{seat} wins the trick"},
    "deal": {"fr": "Nouvelle donne", "en": "New deal"},
    "deal_end": {"fr": "Fin de la donne", "en": "End of the deal"},
    "deal_scored": {"fr": "Fin de la donne", "en": "End of the deal"},
    "box_won": {"fr": "{seat} rafle la case {box}", "en": "{seat} takes the {box} box"},
    "match_end": {"fr": "Fin de la partie", "en": "End of the match"},
    "match_over": {"fr": "Fin de la partie", "en": "End of the match"},
    "game_over": {"fr": "Fin de la partie", "en": "End of the match"},
    "reshuffled": {"fr": "La défausse est rebattue", "en": "The discard pile is reshuffled"},
}


def describe_event(event: Mapping[str, Any], names: list[str], lang: Lang) -> str | None:
    """A public event in words, or None for the ones the replay does not narrate."""
    template = EVENTS.get(str(event.get("type")), {}).get(lang)
    if template is None:
        return None
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    return template.format(seat=who, box=box_name(str(event.get("box", "")), lang))


# --- what lies on the table -----------------------------------------------------------
ROLES: dict[str, dict[Lang, str]] = {
    "blanche-neige": {"fr": "Blanche-Neige", "en": "Snow White"},
    "prince": {"fr": "Prince charmant", "en": "Prince Charming"},
    "chasseur": {"fr": "Chasseur", "en": "Huntsman"},
    "reine": {"fr": "Reine", "en": "Queen"},
    "sorciere": {"fr": "Sorcière", "en": "Witch"},
    "prof": {"fr": "Prof", "en": "Doc"},
    "joyeux": {"fr": "Joyeux", "en": "Happy"},
    "simplet": {"fr": "Simplet", "en": "Dopey"},
    "timide": {"fr": "Timide", "en": "Bashful"},
    "grincheux": {"fr": "Grincheux", "en": "Grumpy"},
    "dormeur": {"fr": "Dormeur", "en": "Sleepy"},
}
BOXES: dict[str, dict[Lang, str]] = {
    "joker": {"fr": "Joker", "en": "Joker"},
    "dame-valet": {"fr": "Dame-Valet", "en": "Queen-Jack"},
    "sequence": {"fr": "Séquence", "en": "Sequence"},
    "dix-deux": {"fr": "Dix-Deux", "en": "Ten-Two"},
    "poker": {"fr": "Poker", "en": "Poker"},
    "pot": {"fr": "Pot", "en": "Pot"},
}


def role_name(role: str, lang: Lang) -> str:
    return ROLES.get(role, {}).get(lang, role)


def box_name(box: str, lang: Lang) -> str:
    if is_card(box):
        return card_face(box, lang).label
    return BOXES.get(box, {}).get(lang, box)


# View keys shown in the middle of the table, in this order, and how each is shaped:
# "plays" is a list of [seat, card], "cards" a list of cards, "card" one card, "suit" a
# suit or family letter, "boxes" a mapping of box to tokens.
ZONES: tuple[tuple[str, str, dict[Lang, str]], ...] = (
    ("trump", "suit", {"fr": "Atout", "en": "Trump"}),
    ("dominant", "suit", {"fr": "Famille dominante", "en": "Dominant family"}),
    ("retourne", "card", {"fr": "Retourne", "en": "Turned-up card"}),
    ("turned", "card", {"fr": "Carte retournée", "en": "Turned card"}),
    ("called", "card", {"fr": "Carte appelée", "en": "Called card"}),
    ("trick", "plays", {"fr": "Sur le tapis", "en": "On the table"}),
    ("last_trick", "plays", {"fr": "Dernier pli", "en": "Last trick"}),
    ("top", "card", {"fr": "Défausse", "en": "Discard pile"}),
    ("run", "cards", {"fr": "Suite en cours", "en": "Current run"}),
    ("table", "cards", {"fr": "Cartes jouées", "en": "Cards played"}),
    ("board", "boxes", {"fr": "Plateau", "en": "Board"}),
    ("wheel", "boxes", {"fr": "Roue", "en": "Wheel"}),
)


@dataclass(frozen=True, slots=True)
class Zone:
    """One thing on the table: a label and cards (with who played them) or boxes."""

    key: str
    label: str
    cards: list[tuple[str | None, Face]]
    text: str | None = None
    boxes: list[tuple[str, int]] | None = None


def zones(view: Mapping[str, Any], names: list[str], lang: Lang) -> list[Zone]:
    """The public view's table zones that hold something, in words and faces."""
    found = []
    for key, shape, label in ZONES:
        value = view.get(key)
        if value in (None, [], {}):
            continue
        zone = _zone(key, shape, label[lang], value, names, lang)
        if zone is not None:
            found.append(zone)
    return found


def _zone(
    key: str, shape: str, label: str, value: Any, names: list[str], lang: Lang
) -> Zone | None:
    if shape == "suit" and isinstance(value, str):
        return Zone(key, label, [], text=suit_name(value, lang))
    if shape == "card" and is_card(value):
        return Zone(key, label, [(None, card_face(value, lang))])
    if shape == "cards" and isinstance(value, list):
        return Zone(key, label, [(None, card_face(c, lang)) for c in value if is_card(c)])
    if shape == "plays" and isinstance(value, list):
        plays = []
        for entry in value:
            if isinstance(entry, list) and len(entry) == 2 and is_card(entry[1]):
                seat = entry[0]
                who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
                plays.append((who, card_face(entry[1], lang)))
        return Zone(key, label, plays)
    if shape == "boxes" and isinstance(value, Mapping):
        boxes = [(box_name(str(k), lang), int(v)) for k, v in value.items() if isinstance(v, int)]
        return Zone(key, label, [], boxes=boxes)
    return None
