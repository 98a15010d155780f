"""The table's own settings, typed beside the game's options (games/options.py): the timer."""

from __future__ import annotations

from games.options import OptionInfo

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
