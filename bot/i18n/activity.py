"""The words of the Activity (the live table inside Discord), French and English: what its
page and its button say. Merged into the catalog (bot.i18n.catalog), like every other string
of the bot."""

from __future__ import annotations

ACTIVITY_MESSAGES: dict[str, dict[str, str]] = {
    "btn.activity": {"fr": "Ouvrir la table", "en": "Open the table"},
    "activity.connecting": {"fr": "Connexion à la table…", "en": "Joining the table…"},
    "activity.lost": {
        "fr": "Connexion perdue, nouvelle tentative…",
        "en": "Connection lost, trying again…",
    },
    "activity.no_table": {
        "fr": "Aucune table ouverte dans ce salon : lancez-en une avec /table.",
        "en": "No open table in this channel: start one with /table.",
    },
    "activity.elsewhere": {
        "fr": "Cette table est servie par un autre processus du bot.",
        "en": "This table is served by another process of the bot.",
    },
    "activity.refused": {
        "fr": "Discord n'a pas confirmé votre place dans cette activité.",
        "en": "Discord did not confirm you are in this Activity.",
    },
    "activity.moved_on": {
        "fr": "La table a avancé entre-temps : voici où elle en est.",
        "en": "The table moved on meanwhile: here is where it is now.",
    },
    "activity.watching": {"fr": "Vous regardez la partie.", "en": "You are watching."},
    "activity.hand": {"fr": "Votre main", "en": "Your hand"},
    "activity.cards": {"fr": "{n} cartes", "en": "{n} cards"},
    "activity.card": {"fr": "1 carte", "en": "1 card"},
    "activity.tables": {"fr": "Tables du salon", "en": "Tables in this channel"},
}
