"""Every card face Tapis shows, drawn once per (card, height) and kept.

Two layouts share one style (ivory card, the same pips, fonts and colours):
- compact, below 100 px high (emoji, cards on the table picture): one big index over one
  big pip, what still reads when Discord shrinks an emoji to 22 px on a button;
- full, from 100 px (hand pictures, the contact sheet): corner indices and the classic
  arrangement of pips, court cards with their emblem in a framed panel.

Card ids: standard `A 2 ... 10 J Q K` + `S H D C`, the joker `JK`, the back `BACK` (from
games/cards.py), and the cards of every deck a game declares (`games.faces.Deck`), figure +
family (`MAR`, `GCV`), with their names and points. A face speaks its table's language:
French court cards read V, D, R and English ones J, Q, K; a full-size figure card names its
figure in French or English. The identity cards games declare (`games.faces.Identity`) are
drawn by `identity_card(slug, lang, height)`. What art adds is only looks (colours, emblems,
shapes), keyed by the declared ids, with a plain look for an id it does not know: a game's
new card or role needs no change here. The decks and roles are those of the games registered
when art is first imported (the built-in ones, every game's package being imported then).

Returned images are shared by the cache: copy one before drawing on it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache, partial
from io import BytesIO

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

import games
from games.cards import JOKER, RANKS, SUITS
from games.faces import SOFT_HYPHEN, Deck, Figure, Identity

from . import roles, shapes
from .palette import (
    CARD_EDGE,
    FAMILY,
    FAMILY_DARK,
    FELT_DARK,
    GOLD,
    GOLD_LIGHT,
    INK,
    IVORY,
    PLAIN_FAMILY,
    PLAIN_FAMILY_DARK,
    RED,
    RGB,
    tint,
)
from .shapes import Pen
from .text import SANS, SERIF, font

RED_SUITS = frozenset({"H", "D"})
STANDARD_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
BACK = "BACK"
FRENCH_INDEX: dict[str, str] = {"J": "V", "Q": "D", "K": "R"}
COURTS = frozenset(FRENCH_INDEX)
LANGS: tuple[str, ...] = ("fr", "en")


def _declared() -> tuple[tuple[Deck, ...], dict[str, Identity]]:
    """The decks and identity cards every registered game declares, each id once."""
    decks: list[Deck] = []
    identities: dict[str, Identity] = {}
    for rules in games.all():
        deck = rules.faces.deck
        if deck is not None and deck not in decks:
            decks.append(deck)
        for identity in rules.faces.identities:
            if identities.setdefault(identity.slug, identity) != identity:
                raise ValueError(f"two games declare the identity card {identity.slug!r}")
    return tuple(decks), identities


def own_cards(decks: tuple[Deck, ...]) -> dict[str, tuple[Deck, Figure]]:
    """Each card of the declared decks: its deck and its figure."""
    own: dict[str, tuple[Deck, Figure]] = {}
    for deck in decks:
        for card in deck.cards:
            figure = deck.figure(card)
            if card in own or card in STANDARD_CARDS or card in (JOKER, BACK) or figure is None:
                raise ValueError(f"the card id {card!r} is declared twice")
            own[card] = (deck, figure)
    return own


DECKS, IDENTITIES = _declared()
OWN_CARDS = own_cards(DECKS)
FAMILIES: tuple[str, ...] = tuple(dict.fromkeys(f for d in DECKS for f in d.families))
ROLES: tuple[str, ...] = tuple(IDENTITIES)
# A figure card's words sit at its left, within the part a fanned hand leaves showing
# (art.hand keeps at least this much of every card in view): from NAME_X to NAME_RIGHT.
NAME_X = 0.08
NAME_RIGHT = 0.56
# Each figure's emblem, by its key; a figure art does not know gets a plain one.
FIGURE_EMBLEM: dict[str, shapes.Emblem] = {
    "MA": shapes.crown,
    "PA": shapes.fedora,
    "AV": shapes.scale,
    "EV": shapes.mitre,
    "BA": shapes.coins,
    "CO": shapes.badge,
    "GC": shapes.shield,
    "CH": shapes.wheel,
}

ALL_CARDS: tuple[str, ...] = (*STANDARD_CARDS, JOKER, *OWN_CARDS)
COMPACT_BELOW = 100  # px high: faces smaller than this use the compact layout
JOKER_COLOUR: RGB = (108, 48, 148)


def card_size(height: int) -> tuple[int, int]:
    """Width and height of a face `height` px high (the 5:7 of a poker card)."""
    return round(height * 5 / 7), height


def is_figure(card: str) -> bool:
    """Whether `card` is a card of a deck a game declares (a figure of a family)."""
    return card in OWN_CARDS


def suit_colour(suit: str) -> RGB:
    return RED if suit in RED_SUITS else INK


def _check_height(height: int) -> None:
    if not 16 <= height <= 1024:
        raise ValueError(f"face height {height} out of 16..1024")


def face_lang(card: str, height: int, lang: str) -> str:
    """The language a face is drawn in: `en` only where the English face differs (court
    cards; figure cards at full size, which name their figure), else `fr`, so a
    face that reads the same in both is drawn and cached once."""
    if lang != "en":
        return "fr"
    if card[:-1] in COURTS and card[-1:] in SUITS:
        return "en"
    return "en" if is_figure(card) and height >= COMPACT_BELOW else "fr"


def face(card: str, height: int = 150, lang: str = "fr") -> Image.Image:
    """The RGBA face of `card` (or `BACK`), `height` px high, as a `lang` table reads it."""
    return _face(card, height, face_lang(card, height, lang))


@lru_cache(maxsize=2048)
def _face(card: str, height: int, lang: str) -> Image.Image:
    _check_height(height)
    if card == BACK:
        return _draw(height, _back)
    if card == JOKER:
        return _draw(height, _joker)
    if is_figure(card):
        return _draw(height, partial(_figure_card, card=card, lang=lang))
    rank, suit = card[:-1], card[-1:]
    if rank in RANKS and suit in SUITS:
        return _draw(height, partial(_standard, rank=rank, suit=suit, lang=lang))
    raise ValueError(f"unknown card id {card!r}")


@lru_cache(maxsize=256)
def identity_card(slug: str, lang: str = "fr", height: int = 150) -> Image.Image:
    """The face-up identity card of role `slug`, its rule in French or English."""
    _check_height(height)
    if slug not in IDENTITIES:
        raise ValueError(f"unknown role {slug!r}")
    words = "en" if lang == "en" else "fr"
    return _draw(height, partial(_identity, slug=slug, lang=words))


def card_back(height: int = 150) -> Image.Image:
    return face(BACK, height)


def face_png(card: str, height: int = 64, lang: str = "fr") -> bytes:
    """PNG bytes of a face for an application emoji or a web page (at most 128 px high, well
    under 256 KiB), as a `lang` table reads it."""
    return _face_png(card, height, face_lang(card, height, lang))


@lru_cache(maxsize=512)
def _face_png(card: str, height: int, lang: str) -> bytes:
    if not 16 <= height <= 128:
        raise ValueError("emoji faces are 16 to 128 px high")
    out = BytesIO()
    _face(card, height, lang).save(out, "PNG", optimize=True)
    return out.getvalue()


def face_pngs_kept() -> int:
    """How many face PNGs `face_png` keeps encoded in this process (tests, monitoring)."""
    return _face_png.cache_info().currsize


def forget_face_pngs() -> None:
    """Drop the face PNGs kept so far, as in a process that has encoded none (tests)."""
    _face_png.cache_clear()


def localised(height: int) -> tuple[str, ...]:
    """The cards whose English face at `height` differs from the French one."""
    return tuple(c for c in ALL_CARDS if face_lang(c, height, "en") == "en")


@lru_cache(maxsize=8)
def emoji_version(height: int = 64) -> str:
    """A short digest of every face's pixels at `height`: it changes when the art does, so
    emoji names that carry it make the bot re-upload after a redesign, and only then."""
    digest = hashlib.sha256()
    for card in (*ALL_CARDS, BACK):
        digest.update(card.encode())
        digest.update(face(card, height).tobytes())
    for card in localised(height):
        digest.update(f"{card}:en".encode())
        digest.update(face(card, height, "en").tobytes())
    return digest.hexdigest()[:6]


# --- Drawing ------------------------------------------------------------------------------


# A face's drawing: (canvas, draw, width, height, compact) at the supersampled size.
Body = Callable[..., None]


def _draw(height: int, body: Body) -> Image.Image:
    """Draw a face at 3-4x on a transparent canvas and downsample it (the anti-aliasing)."""
    w, h = card_size(height)
    compact = height < COMPACT_BELOW
    k = 4 if height < 100 else 3
    W, H = w * k, h * k
    canvas = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle(
        (0, 0, W - 1, H - 1), radius=round(0.07 * W), fill=IVORY, outline=CARD_EDGE, width=k
    )
    body(canvas, d, W, H, compact)
    return canvas.resize((w, h), Image.Resampling.LANCZOS)


def _text(
    d: ImageDraw.ImageDraw,
    text: str,
    size: float,
    cx: float,
    cy: float,
    fill: RGB,
    family: str = SANS,
    max_width: float | None = None,
) -> None:
    """Draw `text` with its ink centred on (cx, cy), shrunk to `max_width` if given."""
    f = _sized(text, size, family, max_width)
    x0, y0, x1, y1 = d.textbbox((0, 0), text, font=f, anchor="ls")
    d.text((cx - (x0 + x1) / 2, cy - (y0 + y1) / 2), text, font=f, fill=fill, anchor="ls")


def _sized(text: str, size: float, family: str, max_width: float | None) -> FreeTypeFont:
    """The font `_text` draws `text` in: `size`, shrunk until it is `max_width` wide."""
    px = max(1, round(size))
    f = font(px, family)
    if max_width is not None:
        while px > 6 and f.getlength(text) > max_width:
            px -= 1
            f = font(px, family)
    return f


@lru_cache(maxsize=1024)
def index_right(card: str, height: int, lang: str = "fr") -> float:
    """How much of a face, from its left edge in px, must show for it to read when the next
    card lies over the rest (a row of overlapping cards): a compact standard face's big
    index (its rank, `10` the widest) and a full face's corner index; the whole face for
    the others (a figure card, the joker: their emblem is the middle of the card)."""
    w, h = card_size(height)
    rank, suit = card[:-1], card[-1:]
    if card in (JOKER, BACK) or is_figure(card) or rank not in RANKS or suit not in SUITS:
        return float(w)
    if height >= COMPACT_BELOW:
        return 0.24 * w
    k = 4  # as `_draw` supersamples a compact face
    W, H = w * k, h * k
    label = _index_label(rank, face_lang(card, height, lang))
    f = _sized(label, 0.44 * H if len(label) == 1 else 0.40 * H, SERIF, 0.8 * W)
    x0, _, x1, _ = f.getbbox(label, anchor="ls")
    return (W / 2 + (x1 - x0) / 2) / k + 1


def _pip(
    d: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, flip: bool = False
) -> None:
    if flip:
        pen = Pen(d, cx - size / 2, cy + size / 2, size, -size)
    else:
        pen = Pen(d, cx - size / 2, cy - size / 2, size, size)
    shapes.pip(pen, suit, suit_colour(suit))


def _emblem(
    d: ImageDraw.ImageDraw,
    emblem: shapes.Emblem,
    cx: float,
    cy: float,
    size: float,
    colour: RGB,
    bg: RGB,
) -> None:
    emblem(Pen(d, cx - size / 2, cy - size / 2, size, size), colour, bg)


def _index_label(rank: str, lang: str) -> str:
    """A rank as its index prints it: French figures V, D, R; English J, Q, K."""
    return rank if lang == "en" else FRENCH_INDEX.get(rank, rank)


# Pip positions (column, row) inside the central area; rows run 0 (top) to 1 (bottom).
_L, _C, _R = 0.0, 0.5, 1.0
_PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(_C, 0), (_C, 1)],
    "3": [(_C, 0), (_C, 0.5), (_C, 1)],
    "4": [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    "5": [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    "6": [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "7": [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "8": [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    "9": [(x, y) for y in (0, 1 / 3, 2 / 3, 1) for x in (_L, _R)] + [(_C, 0.5)],
    "10": [(x, y) for y in (0, 1 / 3, 2 / 3, 1) for x in (_L, _R)] + [(_C, 1 / 6), (_C, 5 / 6)],
}


def _corner_index(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    W: int,
    H: int,
    label: str,
    colour: RGB,
    draw_mark: Callable[[float, float, float], None],
) -> None:
    """Top-left index (label over a mark), copied upside down into the bottom-right corner."""
    cx = 0.118 * W
    if label:
        size = 0.165 * H if len(label) == 1 else 0.15 * H
        _text(d, label, size, cx, 0.105 * H, colour, SERIF, max_width=0.21 * W)
    draw_mark(cx, 0.225 * H, 0.085 * H)
    box = (0, 0, round(0.24 * W), round(0.29 * H))
    corner = canvas.crop(box).rotate(180)
    canvas.paste(corner, (W - box[2], H - box[3]))


def _standard(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    W: int,
    H: int,
    compact: bool,
    rank: str,
    suit: str,
    lang: str,
) -> None:
    colour = suit_colour(suit)
    label = _index_label(rank, lang)
    court = rank in COURTS
    if compact:
        if court:
            d.rounded_rectangle(
                (0.08 * W, 0.06 * H, 0.92 * W, 0.94 * H),
                radius=0.05 * W,
                outline=GOLD,
                width=round(0.035 * W),
            )
        size = 0.44 * H if len(label) == 1 else 0.40 * H
        _text(d, label, size, W / 2, 0.29 * H, colour, SERIF, max_width=0.8 * W)
        _pip(d, suit, W / 2, 0.71 * H, 0.36 * H)
        return
    _corner_index(canvas, d, W, H, label, colour, partial(_pip, d, suit))
    if rank == "A":
        _pip(d, suit, W / 2, H / 2, 0.52 * W)
    elif court:
        _court_panel(d, W, H, rank, suit, lang)
    else:
        s = 0.13 * H if len(_PIPS[rank]) <= 6 else 0.12 * H
        x0, x1 = 0.36 * W, 0.64 * W
        y0, y1 = 0.19 * H, 0.81 * H
        for col, row in _PIPS[rank]:
            _pip(d, suit, x0 + col * (x1 - x0), y0 + row * (y1 - y0), s, flip=row > 0.5)


_COURT_EMBLEM: dict[str, shapes.Emblem] = {
    "J": shapes.plumed_cap,
    "Q": shapes.rose,
    "K": shapes.crown,
}


def _court_panel(d: ImageDraw.ImageDraw, W: int, H: int, rank: str, suit: str, lang: str) -> None:
    colour = suit_colour(suit)
    wash = tint(colour, IVORY, 0.9)
    x0, y0, x1, y1 = 0.25 * W, 0.075 * H, 0.75 * W, 0.925 * H
    d.rounded_rectangle(
        (x0, y0, x1, y1), radius=0.05 * W, fill=wash, outline=GOLD, width=round(0.02 * W)
    )
    d.rounded_rectangle(
        (x0 + 0.03 * W, y0 + 0.03 * W, x1 - 0.03 * W, y1 - 0.03 * W),
        radius=0.035 * W,
        outline=colour,
        width=max(1, round(0.008 * W)),
    )
    _emblem(d, _COURT_EMBLEM[rank], W / 2, 0.3 * H, 0.38 * W, colour, wash)
    _text(d, _index_label(rank, lang), 0.26 * H, W / 2, 0.6 * H, colour, SERIF)
    _pip(d, suit, W / 2, 0.8 * H, 0.11 * H)


def _joker(canvas: Image.Image, d: ImageDraw.ImageDraw, W: int, H: int, compact: bool) -> None:
    if compact:
        _emblem(d, shapes.jester, W / 2, 0.4 * H, 0.8 * W, JOKER_COLOUR, IVORY)
        _text(d, "JOKER", 0.14 * H, W / 2, 0.82 * H, JOKER_COLOUR, SANS, max_width=0.86 * W)
        return

    def mark(x: float, y: float, s: float) -> None:
        _emblem(d, shapes.jester, x, 0.1 * H, 0.2 * W, JOKER_COLOUR, IVORY)
        shapes.star(Pen(d, x - s / 2, y - s / 2, s, s), GOLD)

    _corner_index(canvas, d, W, H, "", JOKER_COLOUR, mark)
    wash = tint(JOKER_COLOUR, IVORY, 0.9)
    d.rounded_rectangle(
        (0.25 * W, 0.075 * H, 0.75 * W, 0.925 * H),
        radius=0.05 * W,
        fill=wash,
        outline=GOLD,
        width=round(0.02 * W),
    )
    _emblem(d, shapes.jester, W / 2, 0.36 * H, 0.46 * W, JOKER_COLOUR, wash)
    for i, letter in enumerate("JOKER"):
        _text(d, letter, 0.075 * H, W / 2, (0.6 + i * 0.07) * H, JOKER_COLOUR, SERIF)


def _on(family: str) -> RGB:
    """Text and emblem colour on a family-coloured ground: white, dark on yellow."""
    return (74, 48, 0) if family == "J" else (255, 255, 255)


def family_colours(family: str) -> tuple[RGB, RGB]:
    """A family's colour and its darker shade (a neutral pair for a family art does not know)."""
    return FAMILY.get(family, PLAIN_FAMILY), FAMILY_DARK.get(family, PLAIN_FAMILY_DARK)


def _figure_card(
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
        _emblem(d, emblem, W / 2, 0.38 * H, 0.8 * W, on, colour)
        _text(d, str(points), 0.2 * H, 0.27 * W, 0.83 * H, on, SANS)
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
    _text(d, str(points), 0.13 * H, 0.2 * W, 0.13 * H, on, SANS)
    _emblem(d, emblem, 0.2 * W, 0.285 * H, 0.22 * W, dark, IVORY)
    s = 0.19 * W
    shapes.family_mark(Pen(d, 0.8 * W - s / 2, 0.13 * H - s / 2, s, s), family, colour)
    _emblem(d, emblem, 0.56 * W, 0.46 * H, 0.52 * W, colour, IVORY)
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


def _identity(
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
        _emblem(d, emblem, W / 2, H / 2, 0.66 * W, colour, IVORY)
        return
    d.rounded_rectangle(
        (inset, inset, W - inset, H - inset), radius=0.05 * W, outline=GOLD, width=round(0.025 * W)
    )
    band = (inset, inset, W - inset, 0.2 * H)
    d.rounded_rectangle(band, radius=0.05 * W, fill=colour)
    d.rectangle((band[0], band[3] - 0.05 * W, band[2], band[3]), fill=colour)
    _text(
        d,
        identity.name.get(lang),
        0.085 * H,
        W / 2,
        (band[1] + band[3]) / 2,
        IVORY,
        SANS,
        max_width=0.84 * W,
    )
    _emblem(d, emblem, W / 2, 0.45 * H, 0.6 * W, colour, IVORY)
    for i, line in enumerate(rule.get(lang) for rule in identity.rule):
        _text(d, line, 0.066 * H, W / 2, (0.77 + 0.09 * i) * H, INK, SANS, max_width=0.86 * W)


def _back(canvas: Image.Image, d: ImageDraw.ImageDraw, W: int, H: int, compact: bool) -> None:
    inset = round(0.06 * W)
    inner = (inset, inset, W - inset, H - inset)
    d.rounded_rectangle(inner, radius=0.05 * W, fill=FELT_DARK)
    # A gold lattice on the green, clipped to the inner panel through a mask.
    lattice = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    step = 0.2 * W if compact else 0.125 * W
    line = tint(FELT_DARK, GOLD, 0.45)
    lw = max(1, round(0.015 * W))
    n = int((W + H) / step) + 2
    for i in range(-n, n):
        x = i * step
        ld.line((x, 0, x + H, H), fill=line, width=lw)
        ld.line((x, H, x + H, 0), fill=line, width=lw)
    mask = Image.new("L", canvas.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (inner[0] + 0.04 * W, inner[1] + 0.04 * W, inner[2] - 0.04 * W, inner[3] - 0.04 * W),
        radius=0.03 * W,
        fill=255,
    )
    canvas.paste(
        lattice,
        (0, 0),
        Image.composite(lattice, Image.new("RGBA", canvas.size), mask).getchannel("A"),
    )
    d.rounded_rectangle(
        (inner[0] + 0.04 * W, inner[1] + 0.04 * W, inner[2] - 0.04 * W, inner[3] - 0.04 * W),
        radius=0.03 * W,
        outline=GOLD,
        width=lw,
    )
    # The medallion: the four suits in gold around a dot.
    rx, ry = 0.27 * W, 0.27 * W
    cx, cy = W / 2, H / 2
    d.ellipse(
        (cx - rx, cy - ry, cx + rx, cy + ry),
        fill=FELT_DARK,
        outline=GOLD,
        width=max(1, round(0.03 * W)),
    )
    if compact:
        s = 0.26 * W
        shapes.star(Pen(d, cx - s / 2, cy - s / 2, s, s), GOLD_LIGHT)
        return
    s = 0.14 * W
    for suit, dx, dy in (("S", 0, -1), ("H", 1, 0), ("D", 0, 1), ("C", -1, 0)):
        px, py = cx + dx * 0.12 * W, cy + dy * 0.12 * W
        shapes.pip(Pen(d, px - s / 2, py - s / 2, s, s), suit, GOLD_LIGHT)
