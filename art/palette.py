"""The colours of Tapis' art, in one place so every picture keeps one style."""

from __future__ import annotations

RGB = tuple[int, int, int]

IVORY: RGB = (252, 250, 243)
CARD_EDGE: RGB = (96, 92, 84)
INK: RGB = (30, 30, 36)  # spades, clubs, text on cards
RED: RGB = (204, 32, 46)  # hearts, diamonds
GOLD: RGB = (214, 170, 62)
GOLD_LIGHT: RGB = (240, 208, 120)
GOLD_DARK: RGB = (150, 110, 30)

FELT: RGB = (22, 100, 62)
FELT_LIGHT: RGB = (30, 116, 72)
FELT_DARK: RGB = (14, 70, 43)
RAIL: RGB = (78, 44, 26)
RAIL_DARK: RGB = (52, 28, 16)
ROOM: RGB = (28, 31, 36)  # around the table

PLATE: RGB = (14, 40, 28)  # seat plates on the felt
PLATE_TEXT: RGB = (244, 240, 228)
PLATE_MUTED: RGB = (184, 204, 190)
PLATE_LABEL: RGB = (214, 228, 216)  # zone labels on the felt
TURN: RGB = (250, 204, 72)

# The families of the decks games declare (games.faces.Deck), by their keys; a family not
# here is drawn in the neutral PLAIN_FAMILY.
FAMILY: dict[str, RGB] = {
    "R": (196, 38, 48),
    "B": (36, 88, 176),
    "J": (226, 168, 18),
    "V": (34, 134, 70),
}
# A darker shade of each family colour for outlines and text on white.
FAMILY_DARK: dict[str, RGB] = {
    "R": (140, 22, 32),
    "B": (22, 56, 120),
    "J": (150, 104, 0),
    "V": (18, 88, 44),
}

PLAIN_FAMILY: RGB = (96, 96, 112)
PLAIN_FAMILY_DARK: RGB = (56, 56, 68)

# Team colours for seats (index 0..3), readable on the felt.
TEAM: tuple[RGB, ...] = (
    (232, 96, 84),
    (92, 156, 240),
    (240, 196, 64),
    (196, 132, 232),
)


def tint(colour: RGB, towards: RGB, amount: float) -> RGB:
    """`colour` moved `amount` (0..1) of the way to `towards`."""
    return (
        round(colour[0] + (towards[0] - colour[0]) * amount),
        round(colour[1] + (towards[1] - colour[1]) * amount),
        round(colour[2] + (towards[2] - colour[2]) * amount),
    )
