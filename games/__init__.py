"""Pure rules engines for Tapis' games, behind one contract (see games/base.py).

A game is a package that registers its rules object when imported:
`games.register(RULES)` at the end of its `__init__.py`. The five built-in games are
imported on first use by slug, so a game under construction never breaks the others; a
game defined elsewhere (a test's toy game) registers itself the same way and is then seen
by `get`, `slugs` and `all` like the others.
"""

from __future__ import annotations

import builtins
import importlib

from .base import Action, GameState, IllegalAction, Rules
from .options import BaseOptions
from .outcome import Outcome
from .rng import Rng
from .words import Words

__all__ = [
    "Action",
    "BaseOptions",
    "GameState",
    "IllegalAction",
    "Outcome",
    "Rng",
    "Rules",
    "all",
    "game_name",
    "get",
    "known",
    "register",
    "slugs",
    "words_of",
]

# The built-in games: slug -> package, imported on first use.
_BUILT_IN: dict[str, str] = {
    "bianco-mano": "games.bianco_mano",
    "manille": "games.manille",
    "blanche-neige": "games.blanche_neige",
    "nain-jaune": "games.nain_jaune",
    "bonanza": "games.bonanza",
}
# Every registered game; filled at import time by each game's package, read afterwards.
_REGISTRY: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Make a game known under its slug (called by the game's package when imported)."""
    current = _REGISTRY.get(rules.slug)
    if current is not None and current is not rules:
        raise ValueError(f"another game is already registered as {rules.slug!r}")
    _REGISTRY[rules.slug] = rules
    return rules


def get(slug: str) -> Rules:
    """The rules object for `slug`; `KeyError` for an unknown slug."""
    rules = _REGISTRY.get(slug)
    if rules is None:
        importlib.import_module(_BUILT_IN[slug])
        rules = _REGISTRY[slug]
    return rules


def known(slug: str) -> bool:
    return slug in _BUILT_IN or slug in _REGISTRY


def slugs() -> tuple[str, ...]:
    """Every game's slug: the built-in ones first, then the games registered since."""
    return (*_BUILT_IN, *(s for s in _REGISTRY if s not in _BUILT_IN))


def all() -> builtins.list[Rules]:
    return [get(slug) for slug in slugs()]


def words_of(slug: str) -> Words | None:
    """The game's words, or None for a slug no game has (a match of a game since removed)."""
    return get(slug).words if known(slug) else None


def game_name(slug: str, lang: str) -> str:
    """The game's own name (`Blanche-Neige` / `Snow White`); an unknown slug as it is."""
    words = words_of(slug)
    return words.name.get(lang) if words is not None else slug
