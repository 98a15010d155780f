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

The cards and their sizes are art.decks'; the faces are drawn by art.french (the standard
deck, the joker, the back) and art.figures (the declared decks, the identity cards) with the
parts of art.card_parts; this module draws and keeps them.

Returned images are shared by the cache: copy one before drawing on it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache, partial
from io import BytesIO

from PIL import Image, ImageDraw

from games.cards import JOKER as JOKER
from games.cards import RANKS as RANKS
from games.cards import SUITS as SUITS

from .card_parts import index_label, sized_font
from .decks import ALL_CARDS as ALL_CARDS
from .decks import BACK as BACK
from .decks import COMPACT_BELOW as COMPACT_BELOW
from .decks import DECKS as DECKS
from .decks import FAMILIES as FAMILIES
from .decks import IDENTITIES as IDENTITIES
from .decks import LANGS as LANGS
from .decks import NAME_X as NAME_X
from .decks import OWN_CARDS as OWN_CARDS
from .decks import ROLES as ROLES
from .decks import STANDARD_CARDS as STANDARD_CARDS
from .decks import card_size as card_size
from .decks import check_height
from .decks import face_lang as face_lang
from .decks import is_figure as is_figure
from .decks import own_cards as own_cards
from .decks import suit_colour as suit_colour
from .figures import figure_face, identity_face
from .figures import name_lines as name_lines
from .figures import name_right as name_right
from .french import back_face, joker_face, standard_face
from .palette import CARD_EDGE, IVORY
from .text import SERIF


def face(card: str, height: int = 150, lang: str = "fr") -> Image.Image:
    """The RGBA face of `card` (or `BACK`), `height` px high, as a `lang` table reads it."""
    return _face(card, height, face_lang(card, height, lang))


@lru_cache(maxsize=2048)
def _face(card: str, height: int, lang: str) -> Image.Image:
    check_height(height)
    if card == BACK:
        return _draw(height, back_face)
    if card == JOKER:
        return _draw(height, joker_face)
    if is_figure(card):
        return _draw(height, partial(figure_face, card=card, lang=lang))
    rank, suit = card[:-1], card[-1:]
    if rank in RANKS and suit in SUITS:
        return _draw(height, partial(standard_face, rank=rank, suit=suit, lang=lang))
    raise ValueError(f"unknown card id {card!r}")


@lru_cache(maxsize=256)
def identity_card(slug: str, lang: str = "fr", height: int = 150) -> Image.Image:
    """The face-up identity card of role `slug`, its rule in French or English."""
    check_height(height)
    if slug not in IDENTITIES:
        raise ValueError(f"unknown role {slug!r}")
    words = "en" if lang == "en" else "fr"
    return _draw(height, partial(identity_face, slug=slug, lang=words))


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
    label = index_label(rank, face_lang(card, height, lang))
    f = sized_font(label, 0.44 * H if len(label) == 1 else 0.40 * H, SERIF, 0.8 * W)
    x0, _, x1, _ = f.getbbox(label, anchor="ls")
    return (W / 2 + (x1 - x0) / 2) / k + 1
