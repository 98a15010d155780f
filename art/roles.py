"""How identity cards look: each role's colour and emblem, keyed by the role slugs games
declare (`games.faces.Identity`; their names and rules are the game's words).

A role art has no colour or emblem for yet is drawn in a plain colour with a plain emblem,
so a game can add a role without touching art.
"""

from __future__ import annotations

from . import emblems, shapes
from .palette import RGB

PLAIN_COLOUR: RGB = (84, 84, 104)

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

EMBLEM: dict[str, emblems.Emblem] = {
    "blanche-neige": emblems.bow,
    "prince": emblems.small_crown,
    "chasseur": emblems.bow_and_arrow,
    "reine": emblems.mirror,
    "sorciere": emblems.witch_hat,
    "prof": emblems.dwarf_doc,
    "joyeux": emblems.dwarf_happy,
    "simplet": emblems.dwarf_dopey,
    "timide": emblems.dwarf_bashful,
    "grincheux": emblems.dwarf_grumpy,
    "dormeur": emblems.dwarf_sleepy,
}


def plain_emblem(pen: shapes.Pen, c: RGB, bg: RGB) -> None:
    """The emblem of a role or a figure art has none for: a star."""
    shapes.star(pen, c)


def colour(slug: str) -> RGB:
    return COLOUR.get(slug, PLAIN_COLOUR)


def emblem(slug: str) -> emblems.Emblem:
    return EMBLEM.get(slug, plain_emblem)
