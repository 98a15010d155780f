"""The pages' own words (French first, English) and picking the reader's language.

What the pages say about a game (its name, moves, table, cards) is the game's own words,
through web/words.py; this is the page furniture.
Counted nouns (`2 parties`) follow the one plural rule of games/words.py (`amount`).
The language is `?lang=` when the reader chose one with the switch, else the first of
French or English in the browser's Accept-Language, else French.
"""

from __future__ import annotations

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"

TEXT: dict[str, dict[str, str]] = {
    "site": {"fr": "Tapis", "en": "Tapis"},
    "activity_down": {
        "fr": "Le bot qui mène cette table ne répond pas pour l'instant : nouvel essai dans "
        "un instant.",
        "en": "The bot running this table is not answering right now: trying again shortly.",
    },
    "activity_unknown": {
        "fr": "Aucun processus du bot ne mène les tables de ce serveur : prévenez son "
        "administrateur.",
        "en": "No process of the bot runs this server's tables: tell its administrator.",
    },
    "switch": {"fr": "English", "en": "Français"},
    "leaderboard": {"fr": "Classement", "en": "Leaderboard"},
    "season": {"fr": "Saison {n}", "en": "Season {n}"},
    "season_label": {"fr": "Saison", "en": "Season"},
    "season_current": {"fr": "Saison {n} (en cours)", "en": "Season {n} (current)"},
    "rank": {"fr": "Rang", "en": "Rank"},
    "player": {"fr": "Joueur", "en": "Player"},
    "rating": {"fr": "Cote", "en": "Rating"},
    "matches": {"fr": "Parties", "en": "Matches"},
    "wins": {"fr": "Victoires", "en": "Wins"},
    "points": {"fr": "Points", "en": "Points"},
    "points_note": {
        "fr": "Points : dans chaque partie classée, un point par joueur ou équipe qui a fini "
        "derrière vous.",
        "en": "Points: in each rated match, one for every player or team that finished behind you.",
    },
    "unrated": {"fr": "non classé", "en": "unranked"},
    "practice": {"fr": "Entraînement", "en": "Practice"},
    "settled": {
        "fr": "Arrêtée à la clôture de la ronde",
        "en": "Stopped when the round closed",
    },
    "settled_note": {
        "fr": "arrêtée le {date}, hors classement",
        "en": "stopped on {date}, not ranked",
    },
    "settled_result": {
        "fr": "Points à la clôture de la ronde",
        "en": "Points when the round closed",
    },
    "practice_note": {
        "fr": "partie d'entraînement, hors classement",
        "en": "practice match, not ranked",
    },
    "nobody": {"fr": "Personne n'est encore classé.", "en": "Nobody is ranked yet."},
    "min_matches": {
        "fr": "Un joueur est classé à partir de {n}.",
        "en": "Players are ranked from {n} on.",
    },
    "page": {"fr": "Page {page} sur {pages}", "en": "Page {page} of {pages}"},
    "previous": {"fr": "Précédente", "en": "Previous"},
    "next": {"fr": "Suivante", "en": "Next"},
    "recent": {"fr": "Dernières parties", "en": "Latest matches"},
    "no_match": {"fr": "Aucune partie terminée.", "en": "No finished match."},
    "watch": {"fr": "Revoir", "en": "Replay"},
    "record": {"fr": "Bilan", "en": "Record"},
    "game": {"fr": "Jeu", "en": "Game"},
    "all_games": {"fr": "Tous les jeux", "en": "All games"},
    "rating_over_time": {"fr": "Cote au fil des parties", "en": "Rating over the matches"},
    "chart_empty": {
        "fr": "Pas encore de partie classée cette saison.",
        "en": "No rated match this season yet.",
    },
    "chart_caption": {
        "fr": "Cote (μ − 3σ) après chaque partie, saison {n}.",
        "en": "Rating (μ − 3σ) after each match, season {n}.",
    },
    "back_board": {"fr": "← Classement", "en": "← Leaderboard"},
    "match": {"fr": "Partie n°{n}", "en": "Match #{n}"},
    "finished_on": {"fr": "terminée le {date}", "en": "finished on {date}"},
    "result": {"fr": "Résultat", "en": "Result"},
    "score": {"fr": "Score", "en": "Score"},
    "ai": {"fr": "IA", "en": "AI"},
    "start": {"fr": "Distribution", "en": "The deal"},
    "move": {"fr": "Coup {n} sur {total}", "en": "Move {n} of {total}"},
    "deal": {"fr": "Donne {n} sur {total}", "en": "Deal {n} of {total}"},
    "review_of": {"fr": "Analyse de {name}", "en": "{name}'s review"},
    "review_clean": {
        "fr": "Aucune décision coûteuse : l'IA forte aurait joué comme vous ou presque.",
        "en": "No costly decision: the strong AI would have played as you did, or nearly so.",
    },
    "reviewed": {"fr": "décision analysée", "en": "reviewed decision"},
    "prev_move": {"fr": "Coup précédent", "en": "Previous move"},
    "next_move": {"fr": "Coup suivant", "en": "Next move"},
    "prev_deal": {"fr": "Donne précédente", "en": "Previous deal"},
    "next_deal": {"fr": "Donne suivante", "en": "Next deal"},
    "first": {"fr": "Début", "en": "Start"},
    "last": {"fr": "Fin", "en": "End"},
    "keys": {
        "fr": "Clavier : ← → coup par coup, Maj + ← → donne par donne.",
        "en": "Keyboard: ← → move by move, Shift + ← → deal by deal.",
    },
    "hand": {"fr": "Main", "en": "Hand"},
    "empty_hand": {"fr": "main vide", "en": "empty hand"},
    "to_play": {"fr": "à jouer", "en": "to play"},
    "dealer": {"fr": "donneur", "en": "dealer"},
    "last_move": {"fr": "Dernier coup", "en": "Last move"},
    "move_by": {"fr": "{who} : {move}", "en": "{who}: {move}"},
    "hinted": {
        "fr": "💡 {who} a demandé un conseil avant ce coup",
        "en": "💡 {who} asked for a hint before this move",
    },
    "nothing_yet": {"fr": "Les cartes sont distribuées.", "en": "The cards are dealt."},
    "no_replay": {
        "fr": "Cette partie ne peut pas être rejouée avec cette version de Tapis.",
        "en": "This match cannot be replayed with this version of Tapis.",
    },
    "tokens": {"fr": "jetons", "en": "tokens"},
    "not_found_title": {"fr": "Page introuvable", "en": "Page not found"},
    "not_found": {
        "fr": "Cette page n'existe pas ou son lien a expiré. Demandez un nouveau lien au bot.",
        "en": "This page does not exist or its link has expired. Ask the bot for a new link.",
    },
    "bad_request_title": {"fr": "Demande invalide", "en": "Invalid request"},
    "bad_request": {
        "fr": "Cette adresse contient une valeur impossible.",
        "en": "This address holds an impossible value.",
    },
    "concours": {"fr": "Concours de {game} : {name}", "en": "{game} tournament: {name}"},
    "concours_status_registration": {"fr": "Inscriptions ouvertes", "en": "Registration open"},
    "concours_status_closed": {"fr": "Inscriptions closes", "en": "Registration closed"},
    "concours_status_checkin": {"fr": "Pointage", "en": "Check-in"},
    "concours_status_running": {"fr": "Partie {n} en cours", "en": "Round {n} in play"},
    "concours_status_paused": {"fr": "En pause", "en": "Paused"},
    "concours_status_finished": {"fr": "Terminé", "en": "Finished"},
    "concours_status_cancelled": {"fr": "Annulé", "en": "Cancelled"},
    "concours_standings": {"fr": "Classement du concours", "en": "Tournament standings"},
    "concours_entrant": {"fr": "Inscrit", "en": "Entrant"},
    "concours_total": {"fr": "Total", "en": "Total"},
    "concours_conceded": {"fr": "Concédés", "en": "Conceded"},
    "concours_round": {"fr": "Partie {n}", "en": "Round {n}"},
    "concours_table": {"fr": "Table {n}", "en": "Table {n}"},
    "concours_pair": {"fr": "{a} et {b}", "en": "{a} and {b}"},
    "concours_bye": {"fr": "exempt", "en": "bye"},
    "concours_byes": {"fr": "Exempts : {names}", "en": "Byes: {names}"},
    "concours_settled": {
        "fr": "arrêtée à la clôture de la partie",
        "en": "stopped when the round was closed",
    },
    "concours_forfeit": {"fr": "forfait", "en": "forfeit"},
    "concours_playing": {"fr": "en cours", "en": "in play"},
    "concours_same_cards": {
        "fr": "Mêmes cartes, d'une table à l'autre",
        "en": "Same cards, table by table",
    },
    "concours_place": {"fr": "Place {n}", "en": "Seat {n}"},
    "concours_ai": {"fr": "l'IA", "en": "the AI"},
    "concours_at_table": {"fr": "table {n}", "en": "table {n}"},
    "concours_replay": {"fr": "Revoir", "en": "Replay"},
    "concours_duplicate": {
        "fr": "Donnes identiques : toutes les tables d'une partie ont reçu les mêmes cartes.",
        "en": "Duplicate deals: every table of a round got the same cards.",
    },
    "home": {
        "fr": "Les classements et les parties d'un serveur s'ouvrent avec le lien "
        "« Voir sur le web » que donne le bot dans /classement.",
        "en": "A server's leaderboards and matches open through the “View on the web” "
        "link the bot gives in /leaderboard.",
    },
}

MONTHS = {
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
}


def text(key: str, lang: str, **values: object) -> str:
    return TEXT[key][lang].format(**values)


def negotiate(chosen: str | None, accept_language: str | None) -> str:
    """`chosen` if it is a language we speak, else the browser's preference, else French."""
    if chosen in LANGS:
        return str(chosen)
    best: tuple[float, int, str] | None = None
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        if primary not in LANGS:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality <= 0:
            continue
        candidate = (-quality, position, primary)
        if best is None or candidate < best:
            best = candidate
    return best[2] if best else DEFAULT_LANG
