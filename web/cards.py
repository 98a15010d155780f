"""Card pictures for the pages: the hook where the art package's drawings will plug in.

`/cards/<id>.png` serves `png(card_id)`. Until the art package lands there is no picture
and the pages show text faces (web/words.py `card_face`); once it does, `png` returns the
drawn card and `HAVE_PICTURES` turns the pictures on in the templates.
"""

from __future__ import annotations

HAVE_PICTURES = False


def png(card_id: str) -> bytes | None:
    """The PNG of a card id already checked against words.CARD_ID; None: no picture yet."""
    del card_id
    return None
