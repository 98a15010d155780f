"""What Blanche-Neige's identity cards say: each role's name, rule in a few words, colour, emblem.

The slugs are the engine's role slugs; the words are the card's own, short enough for a
150 px card (the bot keeps its own longer descriptions).
"""

from __future__ import annotations

from . import shapes
from .palette import RGB

ROLES: tuple[str, ...] = (
    "blanche-neige",
    "prince",
    "chasseur",
    "reine",
    "sorciere",
    "prof",
    "joyeux",
    "simplet",
    "timide",
    "grincheux",
    "dormeur",
)

NAME: dict[str, dict[str, str]] = {
    "fr": {
        "blanche-neige": "Blanche-Neige",
        "prince": "Prince charmant",
        "chasseur": "Chasseur",
        "reine": "Reine",
        "sorciere": "Sorcière",
        "prof": "Prof",
        "joyeux": "Joyeux",
        "simplet": "Simplet",
        "timide": "Timide",
        "grincheux": "Grincheux",
        "dormeur": "Dormeur",
    },
    "en": {
        "blanche-neige": "Snow White",
        "prince": "Prince Charming",
        "chasseur": "Huntsman",
        "reine": "Queen",
        "sorciere": "Witch",
        "prof": "Doc",
        "joyeux": "Happy",
        "simplet": "Dopey",
        "timide": "Bashful",
        "grincheux": "Grumpy",
        "dormeur": "Sleepy",
    },
}

# Two short lines: what may go on the top discard. "1–5" and "6–10" are card values.
RULE: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {
        "blanche-neige": ("Sur pair : impair", "Sur impair : pair"),
        "prince": ("Sur 1–5 : de 6 à 10", "Sur 6–10 : de 1 à 5"),
        "chasseur": ("Sur 1–5 : de 1 à 5", "Sur 6–10 : de 6 à 10"),
        "reine": ("Rouge sur rouge", "Noir sur noir"),
        "sorciere": ("Noir sur rouge", "Rouge sur noir"),
        "prof": ("Pair sur pair", "Impair sur impair"),
        "joyeux": ("Sur pair : rouge", "Sur impair : noir"),
        "simplet": ("Sur pair : de 6 à 10", "Sur impair : de 1 à 5"),
        "timide": ("Sur rouge : impair", "Sur noir : pair"),
        "grincheux": ("Sur rouge : pas plus", "Sur noir : plus fort"),
        "dormeur": ("Sur 6–10 : pair", "Sur 1–5 : impair"),
    },
    "en": {
        "blanche-neige": ("On even: odd", "On odd: even"),
        "prince": ("On 1–5: 6 to 10", "On 6–10: 1 to 5"),
        "chasseur": ("On 1–5: 1 to 5", "On 6–10: 6 to 10"),
        "reine": ("Red on red", "Black on black"),
        "sorciere": ("Black on red", "Red on black"),
        "prof": ("Even on even", "Odd on odd"),
        "joyeux": ("On even: red", "On odd: black"),
        "simplet": ("On even: 6 to 10", "On odd: 1 to 5"),
        "timide": ("On red: odd", "On black: even"),
        "grincheux": ("On red: not higher", "On black: higher"),
        "dormeur": ("On 6–10: even", "On 1–5: odd"),
    },
}

COLOUR: dict[str, RGB] = {
    "blanche-neige": (200, 36, 52),
    "prince": (40, 92, 180),
    "chasseur": (40, 112, 58),
    "reine": (112, 52, 152),
    "sorciere": (44, 40, 52),
    "prof": (150, 70, 36),
    "joyeux": (214, 118, 24),
    "simplet": (84, 132, 40),
    "timide": (56, 120, 168),
    "grincheux": (120, 60, 120),
    "dormeur": (36, 126, 126),
}

EMBLEM: dict[str, shapes.Emblem] = {
    "blanche-neige": shapes.bow,
    "prince": shapes.small_crown,
    "chasseur": shapes.bow_and_arrow,
    "reine": shapes.mirror,
    "sorciere": shapes.witch_hat,
    "prof": shapes.dwarf_doc,
    "joyeux": shapes.dwarf_happy,
    "simplet": shapes.dwarf_dopey,
    "timide": shapes.dwarf_bashful,
    "grincheux": shapes.dwarf_grumpy,
    "dormeur": shapes.dwarf_sleepy,
}
