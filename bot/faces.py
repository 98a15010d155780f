"""Card faces and action labels: presentation of the engines' ids, nothing more."""

from __future__ import annotations

from games.cards import (
    BM_CHARACTER_NAMES_FR,
    BM_FAMILY_NAMES_FR,
    JOKER,
    RANKS,
    SUIT_SYMBOLS,
)

BM_FAMILY_EMOJI = {"R": "🟥", "B": "🟦", "J": "🟨", "V": "🟩"}
BM_FAMILY_NAME = {
    "fr": BM_FAMILY_NAMES_FR,
    "en": {"R": "red", "B": "blue", "J": "yellow", "V": "green"},
}
BM_CHARACTER_NAME = {
    "fr": BM_CHARACTER_NAMES_FR,
    "en": {
        "MA": "Mamma",
        "PA": "Godfather",
        "AV": "Lawyer",
        "EV": "Bishop",
        "BA": "Banker",
        "CO": "Commissioner",
        "GC": "Bodyguard",
        "CH": "Driver",
    },
}
SUIT_NAME = {
    "fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
}
RANK_NAME = {"fr": {"J": "V", "Q": "D", "K": "R", "A": "A"}, "en": {}}


def is_bm_card(card: str) -> bool:
    return len(card) == 3 and card[:2] in BM_CHARACTER_NAME["fr"] and card[2] in BM_FAMILY_EMOJI


def face(card: str, lang: str = "fr") -> str:
    """`10♥`, `D♠` (French figures V/D/R) or `🟥 Mamma` for Bianco Mano."""
    if card == JOKER:
        return "🃏 Joker"
    if is_bm_card(card):
        return f"{BM_FAMILY_EMOJI[card[2]]} {BM_CHARACTER_NAME[lang][card[:2]]}"
    rank, suit = card[:-1], card[-1]
    if rank in RANKS and suit in SUIT_SYMBOLS:
        return RANK_NAME[lang].get(rank, rank) + SUIT_SYMBOLS[suit]
    return card


def faces(cards: list[str], lang: str = "fr") -> str:
    return " ".join(face(c, lang) for c in cards)


def family(letter: str, lang: str = "fr") -> str:
    return f"{BM_FAMILY_EMOJI.get(letter, '')} {BM_FAMILY_NAME[lang].get(letter, letter)}".strip()


def suit(letter: str, lang: str = "fr") -> str:
    return f"{SUIT_SYMBOLS.get(letter, '')} {SUIT_NAME[lang].get(letter, letter)}".strip()
