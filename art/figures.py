"""The faces of the cards the games declare beyond the standard deck (a figure of a family,
named and scored) and of their identity cards (art.cards).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.faces import SOFT_HYPHEN

from . import roles, shapes
from .card_parts import draw_emblem, draw_text
from .decks import FIGURE_EMBLEM, IDENTITIES, NAME_RIGHT, NAME_X, OWN_CARDS, card_size
from .palette import FAMILY, FAMILY_DARK, GOLD, INK, IVORY, PLAIN_FAMILY, PLAIN_FAMILY_DARK, RGB
from .shapes import Pen
from .text import SANS, font


def _on(family: str) -> RGB:
    """Text and emblem colour on a family-coloured ground: white, dark on yellow."""
    return (74, 48, 0) if family == "J" else (255, 255, 255)


def family_colours(family: str) -> tuple[RGB, RGB]:
    """A family's colour and its darker shade (a neutral pair for a family art does not know)."""
    return FAMILY.get(family, PLAIN_FAMILY), FAMILY_DARK.get(family, PLAIN_FAMILY_DARK)


def figure_face(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    W: int,
    H: int,
    compact: bool,
    card: str,
    lang: str,
) -> None:
    deck, figure = OWN_CARDS[card]
    family = card[len(figure.key) :]
    (colour, dark), on = family_colours(family), _on(family)
    points = figure.points
    emblem = FIGURE_EMBLEM.get(figure.key, roles.plain_emblem)
    if compact:
        d.rounded_rectangle(
            (0.05 * W, 0.05 * W, 0.95 * W, H - 0.05 * W), radius=0.05 * W, fill=colour
        )
        draw_emblem(d, emblem, W / 2, 0.38 * H, 0.8 * W, on, colour)
        draw_text(d, str(points), 0.2 * H, 0.27 * W, 0.83 * H, on, SANS)
        s = 0.17 * H
        shapes.family_mark(Pen(d, 0.73 * W - s / 2, 0.83 * H - s / 2, s, s), family, on)
        return
    inset = 0.04 * W
    d.rounded_rectangle(
        (inset, inset, W - inset, H - inset), radius=0.05 * W, outline=colour, width=round(0.03 * W)
    )
    # Points over a small emblem, top left (what shows in a fanned hand); the family's
    # shape, top right.
    r = 0.12 * W
    d.ellipse((0.2 * W - r, 0.13 * H - r, 0.2 * W + r, 0.13 * H + r), fill=colour)
    draw_text(d, str(points), 0.13 * H, 0.2 * W, 0.13 * H, on, SANS)
    draw_emblem(d, emblem, 0.2 * W, 0.285 * H, 0.22 * W, dark, IVORY)
    s = 0.19 * W
    shapes.family_mark(Pen(d, 0.8 * W - s / 2, 0.13 * H - s / 2, s, s), family, colour)
    draw_emblem(d, emblem, 0.56 * W, 0.46 * H, 0.52 * W, colour, IVORY)
    if points and deck.note is not None:
        note = deck.note.get(lang).format(n=points * 2)
        size = _fitting(note, 0.05 * H, 0.042 * H, (NAME_RIGHT - NAME_X) * W)
        d.text((NAME_X * W, 0.71 * H), note, font=font(size), fill=dark, anchor="lm")
    band = (inset, 0.77 * H, W - inset, H - inset)
    d.rounded_rectangle(band, radius=0.05 * W, fill=colour)
    d.rectangle((band[0], band[1], band[2], band[1] + 0.05 * W), fill=colour)
    lines, size = name_lines(figure.name.get(lang), H)
    middle = (band[1] + band[3]) / 2
    step = 1.1 * size
    for i, line in enumerate(lines):
        y = middle + (i - (len(lines) - 1) / 2) * step
        d.text((NAME_X * W, y), line, font=font(size), fill=on, anchor="lm")


def _fitting(text: str, size: float, least: float, width: float) -> int:
    """The largest whole size from `size` down to `least` at which `text` is `width` wide
    at most (`least` if none)."""
    s = round(size)
    while s > round(least) and font(s).getlength(text) > width:
        s -= 1
    return s


def name_lines(name: str, height: int) -> tuple[list[str], int]:
    """A figure's name as its full-size face prints it, `height` px high: the lines (one, or
    two broken at a space or a soft hyphen) and the font size, so that every line lies
    between NAME_X and NAME_RIGHT of the card's width."""
    W = card_size(height)[0]
    room = (NAME_RIGHT - NAME_X) * W
    whole = name.replace(SOFT_HYPHEN, "")
    if font(round(0.075 * height)).getlength(whole) <= room:
        return [whole], _fitting(whole, 0.085 * height, 0.075 * height, room)
    breaks = [i for i, ch in enumerate(name) if ch in (" ", SOFT_HYPHEN)]
    best: tuple[list[str], int] | None = None
    for i in breaks:
        first = name[:i].replace(SOFT_HYPHEN, "") + ("-" if name[i] == SOFT_HYPHEN else "")
        lines = [first, name[i + 1 :].replace(SOFT_HYPHEN, "")]
        size = min(_fitting(line, 0.075 * height, 0.05 * height, room) for line in lines)
        if best is None or size >= best[1]:
            best = lines, size
    if best is None:
        return [whole], _fitting(whole, 0.085 * height, 0.05 * height, room)
    return best


def name_right(card: str, lang: str, height: int) -> float:
    """Where the name on figure card `card` ends (its longest line), in px from its left edge."""
    lines, size = name_lines(OWN_CARDS[card][1].name.get(lang), height)
    W = card_size(height)[0]
    return NAME_X * W + max(font(size).getlength(line) for line in lines)


def identity_face(
    canvas: Image.Image, d: ImageDraw.ImageDraw, W: int, H: int, compact: bool, slug: str, lang: str
) -> None:
    colour = roles.colour(slug)
    emblem = roles.emblem(slug)
    identity = IDENTITIES[slug]
    inset = 0.04 * W
    if compact:
        d.rounded_rectangle(
            (inset, inset, W - inset, H - inset),
            radius=0.05 * W,
            fill=colour,
            outline=GOLD,
            width=round(0.03 * W),
        )
        r = 0.42 * W
        d.ellipse((W / 2 - r, H / 2 - r, W / 2 + r, H / 2 + r), fill=IVORY)
        draw_emblem(d, emblem, W / 2, H / 2, 0.66 * W, colour, IVORY)
        return
    d.rounded_rectangle(
        (inset, inset, W - inset, H - inset), radius=0.05 * W, outline=GOLD, width=round(0.025 * W)
    )
    band = (inset, inset, W - inset, 0.2 * H)
    d.rounded_rectangle(band, radius=0.05 * W, fill=colour)
    d.rectangle((band[0], band[3] - 0.05 * W, band[2], band[3]), fill=colour)
    draw_text(
        d,
        identity.name.get(lang),
        0.085 * H,
        W / 2,
        (band[1] + band[3]) / 2,
        IVORY,
        SANS,
        max_width=0.84 * W,
    )
    draw_emblem(d, emblem, W / 2, 0.45 * H, 0.6 * W, colour, IVORY)
    for i, line in enumerate(rule.get(lang) for rule in identity.rule):
        draw_text(d, line, 0.066 * H, W / 2, (0.77 + 0.09 * i) * H, INK, SANS, max_width=0.86 * W)
