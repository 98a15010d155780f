"""The words of concours (club tournaments), French and English: the command, the concours
message, its buttons, the podium and the refusals. Merged into the catalog
(bot.i18n.catalog), like every other string of the bot."""

from __future__ import annotations

CONCOURS_COMMANDS: dict[str, dict[str, str]] = {
    "cmd.concours": {"base": "concours", "fr": "concours", "en": "tournament"},
    "cmd.concours.desc": {
        "base": "Les concours du serveur (Gérer le serveur)",
        "fr": "Les concours du serveur (Gérer le serveur)",
        "en": "The server's tournaments (Manage Server)",
    },
    "cmd.concours.create": {"base": "creer", "fr": "creer", "en": "create"},
    "cmd.concours.create.desc": {
        "base": "Organiser un concours dans ce salon",
        "fr": "Organiser un concours dans ce salon",
        "en": "Organise a tournament in this channel",
    },
    "param.name": {"base": "nom", "fr": "nom", "en": "name"},
    "param.name.desc": {
        "base": "Le nom du concours",
        "fr": "Le nom du concours",
        "en": "The tournament's name",
    },
    "param.format": {"base": "formule", "fr": "formule", "en": "format"},
    "param.format.desc": {
        "base": "Suisse (appariés selon le classement) ou toutes rondes",
        "fr": "Suisse (appariés selon le classement) ou toutes rondes",
        "en": "Swiss (paired by standings) or round robin",
    },
    "choice.format.swiss": {"base": "Suisse", "fr": "Suisse", "en": "Swiss"},
    "choice.format.round_robin": {
        "base": "Toutes rondes",
        "fr": "Toutes rondes",
        "en": "Round robin",
    },
    "param.rounds": {"base": "parties", "fr": "parties", "en": "rounds"},
    "param.rounds.desc": {
        "base": "Le nombre de parties de chaque inscrit",
        "fr": "Le nombre de parties de chaque inscrit",
        "en": "How many rounds each entrant plays",
    },
    "param.deals": {"base": "donnes", "fr": "donnes", "en": "deals_per_round"},
    "param.deals.desc": {
        "base": "Donnes par partie (sans : l'objectif du jeu)",
        "fr": "Donnes par partie (sans : l'objectif du jeu)",
        "en": "Deals per round (none: the game's own target)",
    },
    "param.timer": {"base": "minuteur", "fr": "minuteur", "en": "timer"},
    "param.timer.desc": {
        "base": "Secondes pour jouer avant que l'IA joue à votre place",
        "fr": "Secondes pour jouer avant que l'IA joue à votre place",
        "en": "Seconds to play before the AI plays for you",
    },
    "param.duplicate": {"base": "donnes_identiques", "fr": "donnes_identiques", "en": "duplicate"},
    "param.rated": {"base": "au_classement", "fr": "au_classement", "en": "ranked"},
    "param.rated.desc": {
        "base": "Les parties comptent au classement de la saison (oui par défaut)",
        "fr": "Les parties comptent au classement de la saison (oui par défaut)",
        "en": "The matches count in the season leaderboard (yes by default)",
    },
    "param.start": {"base": "debut", "fr": "debut", "en": "start"},
    "param.start.desc": {
        "base": "Ouverture du pointage, heure de Paris : 20:30, 20h30, 14/07 20:30",
        "fr": "Ouverture du pointage, heure de Paris : 20:30, 20h30, 14/07 20:30",
        "en": "When check-in opens, Paris time: 20:30, 14/07 20:30, 2027-07-14 20:30",
    },
    "param.ai_bye": {"base": "ia_exempt", "fr": "ia_exempt", "en": "ai_instead_of_bye"},
    "param.ai_bye.desc": {
        "base": "Un inscrit sans table joue contre l'IA (le concours ne compte pas au classement)",
        "fr": "Un inscrit sans table joue contre l'IA (le concours ne compte pas au classement)",
        "en": "An entrant left without a table plays the AI (the tournament is then unranked)",
    },
    "param.duplicate.desc": {
        "base": "Les mêmes cartes à toutes les tables d'une partie",
        "fr": "Les mêmes cartes à toutes les tables d'une partie",
        "en": "The same cards at every table of a round",
    },
}

CONCOURS_MESSAGES: dict[str, dict[str, str]] = {
    # --- the concours message ---------------------------------------------------------------
    "concours.title": {"fr": "Concours de {game} : {name}", "en": "{game} tournament: {name}"},
    "concours.format.swiss": {
        "fr": "Formule suisse, {rounds}.",
        "en": "Swiss format, {rounds}.",
    },
    "concours.format.round_robin": {
        "fr": "Toutes rondes, {rounds}.",
        "en": "Round robin, {rounds}.",
    },
    "concours.rounds.one": {"fr": "une partie", "en": "one round"},
    "concours.rounds.many": {"fr": "{n} parties", "en": "{n} rounds"},
    "concours.deals.one": {"fr": "une donne", "en": "one deal"},
    "concours.deals.many": {"fr": "{n} donnes", "en": "{n} deals"},
    "concours.length.deals": {
        "fr": "Chaque partie dure {deals}.",
        "en": "Each round lasts {deals}.",
    },
    "concours.length.target": {
        "fr": "Chaque partie se joue jusqu'à l'objectif du jeu.",
        "en": "Each round is played to the game's target.",
    },
    "concours.duplicate": {
        "fr": "Donnes identiques : toutes les tables d'une partie reçoivent les mêmes cartes.",
        "en": "Duplicate deals: every table of a round gets the same cards.",
    },
    "concours.unrated": {
        "fr": "Ses parties ne comptent pas au classement de la saison.",
        "en": "Its matches do not count in the season leaderboard.",
    },
    "concours.organiser": {"fr": "Organisé par {who}.", "en": "Organised by {who}."},
    "concours.status.registration": {
        "fr": "Inscriptions ouvertes.",
        "en": "Registration is open.",
    },
    "concours.status.closed": {
        "fr": "Inscriptions closes : le concours va commencer.",
        "en": "Registration is closed: the tournament starts soon.",
    },
    "concours.status.checkin": {
        "fr": "Pointage : les inscrits présents le disent avant le début.",
        "en": "Check-in: entrants who are here say so before the start.",
    },
    "concours.status.running": {
        "fr": "Partie {round} sur {rounds} en cours.",
        "en": "Round {round} of {rounds} is being played.",
    },
    "concours.status.paused": {"fr": "Concours en pause.", "en": "The tournament is paused."},
    "concours.status.finished": {"fr": "Concours terminé.", "en": "The tournament is over."},
    "concours.status.cancelled": {"fr": "Concours annulé.", "en": "The tournament was cancelled."},
    "concours.entrants": {"fr": "Inscrits", "en": "Entrants"},
    "concours.no_entrants": {"fr": "Personne pour l'instant.", "en": "Nobody yet."},
    "concours.invited": {"fr": "{who} (invitation en attente)", "en": "{who} (invitation pending)"},
    "concours.pair": {"fr": "{a} et {b}", "en": "{a} and {b}"},
    "concours.standings": {"fr": "Classement", "en": "Standings"},
    "concours.line": {"fr": "{rank}. {who} : {points}", "en": "{rank}. {who}: {points}"},
    "concours.bye": {"fr": "exempt", "en": "bye"},
    "concours.replace_here": {
        "fr": "À un concours, un absent se remplace depuis le message du concours : "
        "son camp déclare alors forfait.",
        "en": "In a tournament, a no-show is replaced from the tournament message: "
        "their side then forfeits.",
    },
    "concours.same_cards": {
        "fr": "Mêmes cartes, partie {round}",
        "en": "Same cards, round {round}",
    },
    "concours.place": {"fr": "Place {n} : {held}", "en": "Seat {n}: {held}"},
    "concours.held": {"fr": "{who} {points} (table {n})", "en": "{who} {points} (table {n})"},
    "concours.held_more": {"fr": "et {n} de plus", "en": "and {n} more"},
    "concours.picture.total": {"fr": "Total", "en": "Total"},
    "concours.picture.round": {"fr": "P{round}", "en": "R{round}"},
    "concours.picture.bye_note": {
        "fr": "En or : les points d'une partie exempte",
        "en": "In gold: the points of a round sat out",
    },
    "concours.picture.more": {
        "fr": "et {n} de plus dans le texte",
        "en": "and {n} more in the text",
    },
    "concours.picture.description": {
        "fr": "Classement du concours {name} après la partie {round} : {lines}",
        "en": "Standings of the {name} tournament after round {round}: {lines}",
    },
    "concours.podium": {
        "fr": "🏆 {name} : {first} remporte le concours !",
        "en": "🏆 {name}: {first} wins the tournament!",
    },
    "concours.tables": {"fr": "Tables de la partie {round}", "en": "Tables of round {round}"},
    "concours.table_line": {"fr": "Table {n} : {sides}", "en": "Table {n}: {sides}"},
    "concours.replay": {"fr": "Partie {round}, table {n}", "en": "Round {round}, table {n}"},
    "concours.vs": {"fr": " contre ", "en": " against "},
    "concours.table_call": {
        "fr": "{game}, concours {name}, partie {round} : {players}, à vous de jouer !",
        "en": "{game}, {name} tournament, round {round}: {players}, your table is ready!",
    },
    "concours.thread": {
        "fr": "{name} · partie {round} · table {n}",
        "en": "{name} · round {round} · table {n}",
    },
    "concours.invitation": {
        "fr": "{partner}, {who} vous invite à faire équipe au concours {name}.",
        "en": "{partner}, {who} invites you to play as a pair in the {name} tournament.",
    },
    "concours.pick_partner": {
        "fr": "Choisissez votre partenaire :",
        "en": "Choose your partner:",
    },
    "concours.pick_absent": {
        "fr": "Qui ne s'est pas présenté ? L'IA jouera à sa place et sa partie sera perdue.",
        "en": "Who did not show up? The AI plays in their place and their game is lost.",
    },
    "concours.pick_add": {"fr": "Qui inscrire ?", "en": "Whom to register?"},
    "concours.pick_add_pair": {
        "fr": "Les deux joueurs de l'équipe à inscrire :",
        "en": "The two players of the pair to register:",
    },
    "concours.pick_drop": {
        "fr": "Qui retirer du concours ?",
        "en": "Whom to remove from the tournament?",
    },
    "concours.done": {"fr": "C'est fait.", "en": "Done."},
    "concours.created": {"fr": "Concours ouvert : {where}", "en": "Tournament open: {where}"},
    # --- buttons ----------------------------------------------------------------------------
    "concours.btn.join": {"fr": "S'inscrire", "en": "Register"},
    "concours.btn.invite": {"fr": "Inscrire une équipe", "en": "Register a pair"},
    "concours.btn.accept": {"fr": "Accepter", "en": "Accept"},
    "concours.btn.withdraw": {"fr": "Se retirer", "en": "Withdraw"},
    "concours.btn.checkin": {"fr": "Je suis là", "en": "I'm here"},
    "concours.btn.close": {"fr": "Clore les inscriptions", "en": "Close registration"},
    "concours.btn.checkin_open": {"fr": "Pointage", "en": "Check-in"},
    "concours.btn.start": {"fr": "Commencer", "en": "Start"},
    "concours.btn.pause": {"fr": "Pause", "en": "Pause"},
    "concours.btn.resume": {"fr": "Reprendre", "en": "Resume"},
    "concours.btn.close_round": {"fr": "Clore la partie", "en": "Close the round"},
    "concours.btn.replace": {"fr": "Remplacer un absent", "en": "Replace a no-show"},
    "concours.btn.add": {"fr": "Ajouter un inscrit", "en": "Add an entrant"},
    "concours.btn.remove": {"fr": "Retirer un inscrit", "en": "Remove an entrant"},
    "concours.btn.cancel": {"fr": "Annuler le concours", "en": "Cancel the tournament"},
    # --- refusals -----------------------------------------------------------------------
    "concours.err.organiser_only": {
        "fr": "Seul l'organisateur du concours peut faire cela.",
        "en": "Only the tournament's organiser can do that.",
    },
    "concours.err.no_concours": {
        "fr": "Ce concours n'existe plus.",
        "en": "This tournament no longer exists.",
    },
    "concours.err.already_in": {
        "fr": "Vous êtes déjà inscrit.",
        "en": "You are already registered.",
    },
    "concours.err.partner_taken": {
        "fr": "Cette personne fait déjà partie d'une équipe inscrite.",
        "en": "That person is already in a registered pair.",
    },
    "concours.err.self_partner": {
        "fr": "Choisissez un partenaire autre que vous-même.",
        "en": "Choose a partner other than yourself.",
    },
    "concours.err.bot_partner": {
        "fr": "Choisissez un partenaire parmi les membres du serveur.",
        "en": "Choose a partner among the server's members.",
    },
    "concours.err.not_invited": {
        "fr": "Cette invitation ne vous est pas adressée.",
        "en": "This invitation is not for you.",
    },
    "concours.err.not_in": {
        "fr": "Vous n'êtes pas inscrit à ce concours.",
        "en": "You are not registered in this tournament.",
    },
    "concours.err.already_checked_in": {
        "fr": "Votre présence est déjà notée.",
        "en": "You are already checked in.",
    },
    "concours.err.round_closed": {
        "fr": "Cette partie est déjà close.",
        "en": "This round is already closed.",
    },
    "concours.err.already_replaced": {
        "fr": "Cette place est déjà tenue par l'IA.",
        "en": "The AI already holds that place.",
    },
    "concours.err.table_done": {
        "fr": "Cette table a déjà fini.",
        "en": "That table has already finished.",
    },
    "concours.err.too_few": {
        "fr": "Il faut au moins {n} inscrits pour commencer.",
        "en": "At least {n} entrants are needed to start.",
    },
    "concours.err.no_entrant": {
        "fr": "Cet inscrit ne fait plus partie du concours.",
        "en": "That entrant is no longer in the tournament.",
    },
    "concours.err.pair_needs_two": {
        "fr": "Choisissez les deux joueurs de l'équipe.",
        "en": "Choose the pair's two players.",
    },
    "concours.err.wrong_time": {
        "fr": "Ce n'est pas possible à ce moment du concours.",
        "en": "That is not possible at this point of the tournament.",
    },
    "concours.err.bad_start": {
        "fr": "Heure de début illisible ou passée : écrivez par exemple 20:30, 20h30 ou "
        "14/07 20:30 (heure de Paris, dans les 60 jours).",
        "en": "That start time cannot be read or is past: write for instance 20:30 or "
        "14/07 20:30 (Paris time, within 60 days).",
    },
    "concours.ai_side": {"fr": "l'IA", "en": "the AI"},
    "concours.ai_bye": {
        "fr": "Un inscrit sans table joue contre l'IA plutôt que d'être exempt.",
        "en": "An entrant left without a table plays the AI rather than sit out.",
    },
    "concours.starts_at": {
        "fr": "Pointage à partir du {when}.",
        "en": "Check-in opens {when}.",
    },
    "concours.err.bad_deals": {
        "fr": "Ce jeu se joue jusqu'à son objectif : laissez le nombre de donnes vide.",
        "en": "This game is played to its target: leave the number of deals empty.",
    },
}
