"""Pure rules engines for Tapis' five games, behind one contract (see games/base.py).

`games.get(slug)` returns a game's rules object; `games.all()` all of them. Modules are
imported on first use so that a game under construction never breaks the others.
"""

from __future__ import annotations

import importlib

from .base import Action, BaseOptions, GameState, IllegalAction, Rules
from .rng import Rng

__all__ = [
    "SLUGS",
    "Action",
    "BaseOptions",
    "GameState",
    "IllegalAction",
    "Rng",
    "Rules",
    "all",
    "get",
]

# slug -> module; each module exposes a module-level `RULES` instance.
_MODULES: dict[str, str] = {
    "bianco-mano": "games.bianco_mano",
    "manille": "games.manille",
    "blanche-neige": "games.blanche_neige",
    "nain-jaune": "games.nain_jaune",
    "bonanza": "games.bonanza",
}
SLUGS: tuple[str, ...] = tuple(_MODULES)


def get(slug: str) -> Rules:
    """The rules object for `slug`; `KeyError` for an unknown slug."""
    module = _MODULES[slug]
    return importlib.import_module(module).RULES


def available() -> list[str]:
    """Slugs whose module imports (all five once every engine has landed)."""
    found = []
    for slug, module in _MODULES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        found.append(slug)
    return found


def all() -> list[Rules]:
    return [get(slug) for slug in available()]
