"""Languages, texts and counted nouns: a text in French and English, and the one plural rule
the games, the bot and the pages all count with."""

from __future__ import annotations

from dataclasses import dataclass

FR, EN = "fr", "en"
LANGS: tuple[str, ...] = (FR, EN)


@dataclass(frozen=True, slots=True)
class T:
    """One text in French and English."""

    fr: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang == EN else self.fr


def joined(items: list[str], lang: str) -> str:
    """`A`, `A et B`, `A, B et C` (English: `and`)."""
    if len(items) <= 1:
        return "".join(items)
    last = " and " if lang == EN else " et "
    return ", ".join(items[:-1]) + last + items[-1]


@dataclass(frozen=True, slots=True)
class Unit:
    """A counted noun: singular and plural, in French and English. The one plural rule of
    Tapis: the games, the bot and the pages all count with it."""

    fr: tuple[str, str]
    en: tuple[str, str]

    def form(self, n: int, lang: str) -> str:
        sing, plur = self.en if lang == EN else self.fr
        return sing if is_singular(n, lang) else plur

    def amount(self, n: int, lang: str) -> str:
        """The number and its noun: `0 partie`, `1 match`, `2 matches`."""
        return f"{n} {self.form(n, lang)}"


def is_singular(n: int, lang: str) -> bool:
    """French counts 0 and 1 as singular (`0 carte`), English only 1 (`0 cards`)."""
    return abs(n) < 2 if lang != EN else abs(n) == 1


def amount(n: int, unit: str, lang: str) -> str:
    """`n` with one of the shared nouns of `COMMON_UNITS` (`3 parties`, `1 player`): how
    the bot and the pages count what is not a game's own."""
    return COMMON_UNITS[unit].amount(n, lang)


# Counted nouns every game may use (a game's own `units` come first), and those the bot and
# the pages count with (`amount`).
COMMON_UNITS: dict[str, Unit] = {
    "point": Unit(fr=("point", "points"), en=("point", "points")),
    "token": Unit(fr=("jeton", "jetons"), en=("token", "tokens")),
    "card": Unit(fr=("carte", "cartes"), en=("card", "cards")),
    "trick": Unit(fr=("pli", "plis"), en=("trick", "tricks")),
    "match": Unit(fr=("partie", "parties"), en=("match", "matches")),
    "win": Unit(fr=("victoire", "victoires"), en=("win", "wins")),
    "player": Unit(fr=("joueur", "joueurs"), en=("player", "players")),
    "place": Unit(fr=("place", "places"), en=("place", "places")),
}
