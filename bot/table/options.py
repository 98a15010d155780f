"""The table's own settings, typed beside the game's options (games/options.py): the timer,
the practice table with the level of its AI seats, and hints allowed (an unrated table)."""

from __future__ import annotations

from games.options import Choice, OptionInfo

from .model import AI_LEVELS

# Table settings the bot itself handles, typed beside the game's options.
TIMER_RANGE = (0, 3600)
TIMER = OptionInfo(
    name="timer",
    kind="int",
    default=90,
    label={"fr": "Minuteur", "en": "Timer"},
    help={
        "fr": "Secondes pour jouer avant que l'IA ne joue à votre place (0 : sans minuteur)",
        "en": "Seconds to act before the AI plays for you (0: no timer)",
    },
    minimum=TIMER_RANGE[0],
    maximum=TIMER_RANGE[1],
)
PRACTICE = OptionInfo(
    name="practice",
    kind="bool",
    default=False,
    label={"fr": "Entrainement", "en": "Practice"},
    help={
        "fr": "Partie d'entraînement contre l'IA, tout de suite, non classée",
        "en": "A practice game against the AI, at once, unrated",
    },
)
LEVEL = OptionInfo(
    name="level",
    kind="choice",
    default=AI_LEVELS[0],
    label={"fr": "Niveau", "en": "Level"},
    help={
        "fr": "Niveau de l'IA d'une table d'entraînement (facile par défaut)",
        "en": "The AI's level at a practice table (easy by default)",
    },
    choices=(Choice("facile", "Facile", "Easy"), Choice("fort", "Fort", "Strong")),
)
HINTS = OptionInfo(
    name="hints",
    kind="bool",
    default=False,
    label={"fr": "Conseils", "en": "Hints"},
    help={
        "fr": "Le bouton Conseil sur les mains (la partie n'est alors pas classée)",
        "en": "The Hint button on the hands (the match is then unrated)",
    },
)
SETTINGS = (TIMER, PRACTICE, LEVEL, HINTS)  # the slash command's settings, after the game's options
PRACTICE_SEATS = 4  # a practice table seats this many, within the game's bounds
