"""Every user-facing string of the bot itself, in French and English.

`COMMANDS` holds slash-command names and descriptions (`base` is what Discord shows by
default: French descriptions, the names the design gives). `MESSAGES` holds everything the
bot says; keys are dotted by area. Nothing here belongs to one game: a game's name, rules,
events, actions and refusals are its own words (`games.get(slug).words`).
"""

from __future__ import annotations

from .activity import ACTIVITY_MESSAGES
from .concours import CONCOURS_COMMANDS, CONCOURS_MESSAGES
from .teaching import TEACHING_MESSAGES

COMMANDS: dict[str, dict[str, str]] = {
    "cmd.table": {"base": "table", "fr": "table", "en": "table"},
    "cmd.table.desc": {
        "base": "Ouvrir une table de jeu dans ce salon",
        "fr": "Ouvrir une table de jeu dans ce salon",
        "en": "Open a game table in this channel",
    },
    "cmd.tables": {"base": "tables", "fr": "tables", "en": "tables"},
    "cmd.tables.desc": {
        "base": "Les tables ouvertes sur ce serveur",
        "fr": "Les tables ouvertes sur ce serveur",
        "en": "Open tables on this server",
    },
    "cmd.rules": {"base": "rules", "fr": "regles", "en": "rules"},
    "cmd.rules.desc": {
        "base": "Résumé des règles d'un jeu",
        "fr": "Résumé des règles d'un jeu",
        "en": "A summary of a game's rules",
    },
    "cmd.leaderboard": {"base": "leaderboard", "fr": "classement", "en": "leaderboard"},
    "cmd.leaderboard.desc": {
        "base": "Le classement de la saison",
        "fr": "Le classement de la saison",
        "en": "The season leaderboard",
    },
    "cmd.replay": {"base": "revoir", "fr": "revoir", "en": "replay"},
    "cmd.replay.desc": {
        "base": "Revoir vos dernières parties terminées sur ce serveur",
        "fr": "Revoir vos dernières parties terminées sur ce serveur",
        "en": "Watch your latest finished matches on this server again",
    },
    "cmd.stats": {"base": "stats", "fr": "stats", "en": "stats"},
    "cmd.stats.desc": {
        "base": "Le bilan d'un joueur",
        "fr": "Le bilan d'un joueur",
        "en": "A player's record",
    },
    "cmd.config": {"base": "config", "fr": "config", "en": "config"},
    "cmd.config.desc": {
        "base": "Réglages du serveur (Gérer le serveur)",
        "fr": "Réglages du serveur (Gérer le serveur)",
        "en": "Server settings (Manage Server)",
    },
    "cmd.config.lang": {"base": "langue", "fr": "langue", "en": "language"},
    "cmd.config.lang.desc": {
        "base": "La langue des tables de ce serveur",
        "fr": "La langue des tables de ce serveur",
        "en": "The language of this server's tables",
    },
    "param.lang": {"base": "langue", "fr": "langue", "en": "language"},
    "param.lang.desc": {
        "base": "Français, anglais, ou celle de qui ouvre la table",
        "fr": "Français, anglais, ou celle de qui ouvre la table",
        "en": "French, English, or that of whoever opens the table",
    },
    "choice.lang.fr": {"base": "Français", "fr": "Français", "en": "French"},
    "choice.lang.en": {"base": "Anglais", "fr": "Anglais", "en": "English"},
    "choice.lang.auto": {
        "base": "Celle de qui ouvre la table",
        "fr": "Celle de qui ouvre la table",
        "en": "That of whoever opens the table",
    },
    "cmd.season": {"base": "season", "fr": "saison", "en": "season"},
    "cmd.season.desc": {
        "base": "Gérer les saisons",
        "fr": "Gérer les saisons",
        "en": "Manage seasons",
    },
    "cmd.season.new": {"base": "new", "fr": "nouvelle", "en": "new"},
    "cmd.season.new.desc": {
        "base": "Clore la saison et en ouvrir une nouvelle (Gérer le serveur)",
        "fr": "Clore la saison et en ouvrir une nouvelle (Gérer le serveur)",
        "en": "Close the season and open a new one (Manage Server)",
    },
    "param.game": {"base": "game", "fr": "jeu", "en": "game"},
    "param.game.desc": {"base": "Le jeu", "fr": "Le jeu", "en": "The game"},
    "param.table": {"base": "table", "fr": "table", "en": "table"},
    "param.table.desc": {
        "base": "Le numéro d'une table ouverte (celle de ce fil par défaut)",
        "fr": "Le numéro d'une table ouverte (celle de ce fil par défaut)",
        "en": "An open table's number (this thread's table by default)",
    },
    "param.season": {"base": "season", "fr": "saison", "en": "season"},
    "param.season.desc": {
        "base": "Numéro de saison (la saison en cours par défaut)",
        "fr": "Numéro de saison (la saison en cours par défaut)",
        "en": "Season number (the current one by default)",
    },
    "param.member": {"base": "member", "fr": "membre", "en": "member"},
    "param.member.desc": {
        "base": "Le joueur (vous par défaut)",
        "fr": "Le joueur (vous par défaut)",
        "en": "The player (you by default)",
    },
    "param.options": {"base": "options", "fr": "options", "en": "options"},
    "param.options.desc": {
        "base": "Options de table, ex. « target=200 shuffle_each_deal=true »",
        "fr": "Options de table, ex. « target=200 shuffle_each_deal=true »",
        "en": "Table options, e.g. “target=200 shuffle_each_deal=true”",
    },
}

MESSAGES: dict[str, dict[str, str]] = {
    # --- errors and refusals (always ephemeral) ---------------------------------------
    "err.generic": {
        "fr": "Oups, quelque chose s'est mal passé. Réessayez dans un instant.",
        "en": "Oops, something went wrong. Please try again in a moment.",
    },
    "err.restarting": {
        "fr": "Tapis redémarre, réessayez dans un instant : rien n'a été joué.",
        "en": "Tapis is restarting, try again in a moment: nothing was played.",
    },
    "err.discord_refused": {
        "fr": "Discord n'a pas accepté le message de la table, qui n'a donc pas été ouverte. "
        "Réessayez dans un instant.",
        "en": "Discord did not accept the table's message, so the table was not opened. "
        "Try again in a moment.",
    },
    "err.missing_permission": {
        "fr": "Il me manque une permission dans ce salon : {perms}. Un administrateur du "
        "serveur peut me l'accorder dans les paramètres du salon ; relancez ensuite la "
        "commande.",
        "en": "I am missing a permission in this channel: {perms}. A server admin can grant "
        "it in the channel's settings; then run the command again.",
    },
    "err.missing_permissions": {
        "fr": "Il me manque des permissions dans ce salon : {perms}. Un administrateur du "
        "serveur peut me les accorder dans les paramètres du salon ; relancez ensuite la "
        "commande.",
        "en": "I am missing permissions in this channel: {perms}. A server admin can grant "
        "them in the channel's settings; then run the command again.",
    },
    # Permissions as Discord's settings name them, quoted.
    "perm.view_channel": {"fr": "« Voir le salon »", "en": "“View Channel”"},
    "perm.send_messages": {"fr": "« Envoyer des messages »", "en": "“Send Messages”"},
    "perm.send_messages_in_threads": {
        "fr": "« Envoyer des messages dans les fils »",
        "en": "“Send Messages in Threads”",
    },
    "perm.attach_files": {"fr": "« Joindre des fichiers »", "en": "“Attach Files”"},
    "err.no_table": {
        "fr": "Cette table n'existe plus.",
        "en": "This table no longer exists.",
    },
    "err.not_seated": {
        "fr": "Vous n'êtes pas assis à cette table.",
        "en": "You are not seated at this table.",
    },
    "err.stale": {
        "fr": "Ce bouton n'est plus à jour : voici votre jeu actuel.",
        "en": "That button is out of date: here is your current hand.",
    },
    "err.bad_button": {
        "fr": "Ce bouton n'est pas valide.",
        "en": "This button is not valid.",
    },
    "err.not_host": {
        "fr": "Seul l'hôte de la table peut faire cela.",
        "en": "Only the table's host can do that.",
    },
    "err.options_host": {
        "fr": "Seul l'hôte de la table peut changer ses options.",
        "en": "Only the table's host can change its options.",
    },
    "err.table_full": {"fr": "La table est complète.", "en": "The table is full."},
    "err.already_seated": {
        "fr": "Vous êtes déjà assis à cette table.",
        "en": "You are already seated at this table.",
    },
    "err.not_enough_players": {
        "fr": "Il faut au moins {n} joueurs pour commencer.",
        "en": "At least {n} players are needed to start.",
    },
    "err.not_in_lobby": {
        "fr": "La partie a déjà commencé.",
        "en": "The game has already started.",
    },
    "err.not_playing": {
        "fr": "Cette table n'est pas en cours de jeu.",
        "en": "This table is not being played.",
    },
    "err.bad_options": {
        "fr": "Ces options ne sont pas possibles. {detail}",
        "en": "Those options are not possible. {detail}",
    },
    "err.unknown_game": {"fr": "Jeu inconnu.", "en": "Unknown game."},
    "err.no_guild": {
        "fr": "Cette commande s'utilise sur un serveur.",
        "en": "This command works on a server.",
    },
    "err.need_manage_guild": {
        "fr": "Il faut la permission « Gérer le serveur » pour cela.",
        "en": "You need the Manage Server permission for that.",
    },
    "err.host_leave": {
        "fr": "L'hôte ne quitte pas sa table : annulez-la plutôt.",
        "en": "The host cannot leave their own table: cancel it instead.",
    },
    "config.lang.fr": {
        "fr": "Les nouvelles tables de ce serveur parleront français.",
        "en": "New tables on this server will speak French.",
    },
    "config.lang.en": {
        "fr": "Les nouvelles tables de ce serveur parleront anglais.",
        "en": "New tables on this server will speak English.",
    },
    "config.lang.auto": {
        "fr": "Chaque table parlera la langue de qui l'ouvre.",
        "en": "Each table will speak the language of whoever opens it.",
    },
    "err.not_stored": {
        "fr": "Pas joué : la sauvegarde n'a pas répondu. Rien n'a changé, réessayez.",
        "en": "Not played: saving did not go through. Nothing changed, please try again.",
    },
    "err.bad_command": {
        "fr": "Cette commande est mal formée : choisissez ses options dans la liste de Discord.",
        "en": "This command is malformed: pick its options from Discord's list.",
    },
    # A command or subcommand Tapis no longer has: the member's Discord knows an older list.
    "err.command_changed": {
        "fr": "Cette commande a changé, réessayez dans un instant.",
        "en": "This command has changed, please try again in a moment.",
    },
    # A move the rules refuse: the game's words say why (i18n.tr, `game` and `code`).
    "illegal": {"fr": "Ce coup n'est pas permis.", "en": "That move is not allowed."},
    # --- lobby -------------------------------------------------------------------------
    "lobby.title": {"fr": "{game} — table n°{table}", "en": "{game} — table #{table}"},
    "thread.name": {"fr": "{game} n°{table}", "en": "{game} #{table}"},
    "lobby.body": {
        "fr": "Hôte : {host}\nDe {min} à {max} joueurs. Rejoignez la table, puis l'hôte lance la partie.",
        "en": "Host: {host}\n{min} to {max} players. Join the table, then the host starts the game.",
    },
    "lobby.body_exact": {
        "fr": "Hôte : {host}\n{min} joueurs. Rejoignez la table, puis l'hôte lance la partie.",
        "en": "Host: {host}\n{min} players. Join the table, then the host starts the game.",
    },
    "lobby.timer": {
        "fr": "Minuteur : {n} s pour jouer, ensuite l'IA joue",
        "en": "Timer: {n} s to play, then the AI plays",
    },
    "lobby.no_timer": {"fr": "Minuteur : aucun", "en": "Timer: none"},
    "lobby.hints": {
        "fr": "Conseils : permis, la partie n'est pas classée",
        "en": "Hints: allowed, the match is unrated",
    },
    "rules.players": {"fr": "de {min} à {max} joueurs", "en": "{min} to {max} players"},
    "rules.players_exact": {"fr": "{min} joueurs", "en": "{min} players"},
    "rules.title": {"fr": "{game} — les règles", "en": "{game} — the rules"},
    "rules.table_options": {
        "fr": "Les options de la table n°{table}",
        "en": "The options of table #{table}",
    },
    "rules.default_options": {"fr": "Les options, par défaut", "en": "The options, by default"},
    "rules.how_to_set": {
        "fr": "L'hôte d'une table les change avec le bouton Options du salon d'attente.",
        "en": "A table's host changes them with the lobby's Options button.",
    },
    "err.rules_which": {
        "fr": "Quel jeu ? Choisissez-le dans la liste, ou posez la question dans le fil d'une table.",
        "en": "Which game? Pick it from the list, or ask in a table's thread.",
    },
    "ev.autopilot": {"fr": "{seat} passe en pilote automatique", "en": "{seat} is on autopilot"},
    "ev.resumed": {"fr": "{seat} reprend la main", "en": "{seat} is back"},
    "ev.replaced": {"fr": "Une IA remplace {name}", "en": "An AI replaces {name}"},
    "lobby.seats": {"fr": "Places", "en": "Seats"},
    "lobby.empty": {"fr": "(personne)", "en": "(nobody)"},
    "lobby.options": {"fr": "Options", "en": "Options"},
    "lobby.cancelled": {"fr": "Table annulée.", "en": "Table cancelled."},
    "lobby.opened": {
        "fr": "Table n°{table} ouverte : {where}",
        "en": "Table #{table} opened: {where}",
    },
    "btn.options": {"fr": "Options", "en": "Options"},
    "btn.options_page": {"fr": "Options {page}/{pages}", "en": "Options {page}/{pages}"},
    "options.title": {"fr": "Options — {game}", "en": "Options — {game}"},
    "options.flags": {"fr": "Règles en plus", "en": "Extra rules"},
    "options.flags.help": {
        "fr": "Cochez celles que la table jouera.",
        "en": "Tick those the table will play with.",
    },
    "options.range": {"fr": "De {min} à {max}", "en": "From {min} to {max}"},
    "options.range_or_none": {
        "fr": "De {min} à {max}, ou vide : {none}",
        "en": "From {min} to {max}, or empty: {none}",
    },
    "btn.join": {"fr": "Rejoindre", "en": "Join"},
    "btn.leave": {"fr": "Quitter", "en": "Leave"},
    "btn.start": {"fr": "Lancer", "en": "Start"},
    "btn.cancel": {"fr": "Annuler", "en": "Cancel"},
    "btn.hand": {"fr": "Ma main", "en": "My hand"},
    "btn.ai_facile": {"fr": "+ IA facile", "en": "+ Easy AI"},
    "btn.ai_fort": {"fr": "+ IA forte", "en": "+ Strong AI"},
    "btn.resume": {"fr": "Je reprends la main", "en": "I'm back"},
    "btn.replace": {"fr": "Remplacer un joueur", "en": "Replace a player"},
    "btn.replace_seat": {"fr": "Remplacer {name} par une IA", "en": "Replace {name} with an AI"},
    "replace.pick": {
        "fr": "Quel joueur l'IA remplace-t-elle ?",
        "en": "Which player should the AI replace?",
    },
    "replace.nobody": {"fr": "Il n'y a personne à remplacer.", "en": "There is nobody to replace."},
    "replace.done": {
        "fr": "C'est fait : l'IA joue à sa place.",
        "en": "Done: the AI plays that seat.",
    },
    "hand.resumed": {"fr": "Vous reprenez la main.", "en": "You are back in control."},
    "hand.autopilot": {
        "fr": "Pilote automatique : l'IA joue pour vous.",
        "en": "Autopilot: the AI plays for you.",
    },
    "table.hurry": {
        "fr": "⏳ {who} : plus que {n} s pour jouer, ensuite l'IA jouera à votre place.",
        "en": "⏳ {who}: {n} s left to play, then the AI will play for you.",
    },
    "lobby.expired": {
        "fr": "Table fermée : personne ne l'a lancée à temps.",
        "en": "Table closed: nobody started it in time.",
    },
    "btn.refresh": {"fr": "Actualiser", "en": "Refresh"},
    "btn.web": {"fr": "Voir sur le web", "en": "View on the web"},
    "btn.prev": {"fr": "Précédent", "en": "Previous"},
    "btn.next": {"fr": "Suivant", "en": "Next"},
    "select.placeholder": {"fr": "Choisissez…", "en": "Choose…"},
    # --- table -------------------------------------------------------------------------
    "table.turn": {"fr": "À {who} de jouer.", "en": "{who} to play."},
    "table.turn_many": {"fr": "À {who} d'agir.", "en": "{who} to act."},
    "table.ping": {"fr": "{who}, c'est à vous !", "en": "{who}, your turn!"},
    "table.players": {"fr": "Joueurs", "en": "Players"},
    "table.events": {"fr": "Derniers coups", "en": "Latest moves"},
    "table.over": {"fr": "Partie terminée !", "en": "Game over!"},
    "table.ranking": {"fr": "Classement final", "en": "Final ranking"},
    "table.ai": {"fr": "IA", "en": "AI"},
    "table.ai_facile": {"fr": "IA facile", "en": "easy AI"},
    "table.practice": {"fr": "entraînement", "en": "practice"},
    "table.ai_fort": {"fr": "IA forte", "en": "strong AI"},
    # What a picture shows, in words (the media item's description, read by screen readers).
    "picture.seated": {"fr": "{n} / {max} joueurs", "en": "{n} / {max} players"},
    "picture.turn": {"fr": "à jouer", "en": "to play"},
    "picture.dealer": {"fr": "donneur", "en": "dealer"},
    "picture.shown": {"fr": "Cartes montrées", "en": "Cards shown"},
    "picture.host": {"fr": "hôte", "en": "host"},
    "picture.free": {"fr": "Place libre", "en": "Free seat"},
    "picture.waiting": {"fr": "En attente des joueurs", "en": "Waiting for players"},
    "picture.ready": {
        "fr": "Table prête : l'hôte peut lancer la partie",
        "en": "Ready: the host can start the game",
    },
    "picture.hand": {"fr": "Votre main : {cards}", "en": "Your hand: {cards}"},
    "picture.playable": {"fr": "Jouables : {cards}", "en": "Playable: {cards}"},
    "picture.forbidden": {"fr": "Interdites : {cards}", "en": "Not allowed: {cards}"},
    "hand.title": {"fr": "Votre main", "en": "Your hand"},
    "hand.wait": {
        "fr": "Ce n'est pas à vous. Vous serez appelé à votre tour.",
        "en": "Not your turn. You will be called when it is.",
    },
    "hand.your_turn": {"fr": "À vous de jouer !", "en": "Your turn!"},
    "hand.spectator": {
        "fr": "Vous n'êtes pas assis à cette table.",
        "en": "You are not seated at this table.",
    },
    "tables.none": {
        "fr": "Aucune table ouverte sur ce serveur.",
        "en": "No open table on this server.",
    },
    "tables.title": {"fr": "Tables ouvertes", "en": "Open tables"},
    "tables.row": {
        "fr": "n°{table} · {game} · {status} · {players} · {where}",
        "en": "#{table} · {game} · {status} · {players} · {where}",
    },
    "status.lobby": {"fr": "en attente", "en": "waiting"},
    "status.playing": {"fr": "en cours", "en": "playing"},
    "status.finished": {"fr": "terminée", "en": "finished"},
    "status.cancelled": {"fr": "annulée", "en": "cancelled"},
    # --- leaderboard and stats -----------------------------------------------------------
    "lb.title": {
        "fr": "Classement — saison {season}{game}",
        "en": "Leaderboard — season {season}{game}",
    },
    "lb.empty": {"fr": "Personne n'est encore classé.", "en": "Nobody is ranked yet."},
    "lb.row": {
        "fr": "**{rank}.** {name} — {rating} · {matches} · {wins} · {points}",
        "en": "**{rank}.** {name} — {rating} · {matches} · {wins} · {points}",
    },
    "lb.row_unranked": {
        "fr": "{name} — non classé · {matches} · {wins} · {points}",
        "en": "{name} — unranked · {matches} · {wins} · {points}",
    },
    "lb.page": {"fr": "Page {page}/{pages}", "en": "Page {page}/{pages}"},
    "stats.title": {"fr": "Bilan de {name}", "en": "{name}'s record"},
    "stats.none": {"fr": "Aucune partie jouée.", "en": "No match played."},
    "stats.row": {
        "fr": "{game} (saison {season}) : {matches}, {wins}, {points}, cote {rating}",
        "en": "{game} (season {season}): {matches}, {wins}, {points}, rating {rating}",
    },
    # --- replays -------------------------------------------------------------------------
    "btn.replay": {"fr": "Revoir la partie", "en": "Watch the replay"},
    "btn.deal_prev": {"fr": "◀ Donne", "en": "◀ Deal"},
    "btn.deal_next": {"fr": "Donne ▶", "en": "Deal ▶"},
    "replay.title": {
        "fr": "Revoir — {game} — table n°{table}",
        "en": "Replay — {game} — table #{table}",
    },
    "replay.settled": {
        "fr": "arrêtée à la clôture de la ronde",
        "en": "stopped when the round closed",
    },
    "replay.settled_points": {
        "fr": "Points à la clôture de la ronde",
        "en": "Points when the round closed",
    },
    "replay.settled_score": {"fr": "{who} : {points}", "en": "{who}: {points}"},
    "replay.step": {"fr": "Coup {step} / {total}", "en": "Move {step} / {total}"},
    "replay.deal": {"fr": "Donne {deal} / {deals}", "en": "Deal {deal} / {deals}"},
    "replay.first": {"fr": "Début de la partie", "en": "Start of the match"},
    "replay.start": {"fr": "Les cartes sont distribuées.", "en": "The cards are dealt."},
    "replay.last": {"fr": "Dernier coup", "en": "Last move"},
    "replay.move_by": {"fr": "{who} : {move}", "en": "{who}: {move}"},
    "replay.unknown": {
        "fr": "Il n'y a pas de partie terminée à revoir à cette table sur ce serveur.",
        "en": "There is no finished match to watch at this table on this server.",
    },
    "replay.unfinished": {
        "fr": "Cette partie n'est pas terminée : vous pourrez la revoir à la fin.",
        "en": "This match is not over: you can watch it again once it ends.",
    },
    "replay.broken": {
        "fr": "Cette partie ne peut plus être rejouée par cette version de Tapis.",
        "en": "This match can no longer be replayed by this version of Tapis.",
    },
    "replay.bad_step": {
        "fr": "Ce coup n'existe pas dans cette partie.",
        "en": "That move does not exist in this match.",
    },
    "replays.title": {"fr": "Vos dernières parties", "en": "Your latest matches"},
    "replays.none": {
        "fr": "Vous n'avez encore terminé aucune partie sur ce serveur.",
        "en": "You have not finished a match on this server yet.",
    },
    "replays.row": {
        "fr": "**{game}** · table n°{table} · {when}\n{players} — {result}",
        "en": "**{game}** · table #{table} · {when}\n{players} — {result}",
    },
    "replays.won": {"fr": "🏆 gagnée", "en": "🏆 won"},
    "replays.place": {"fr": "{place} place", "en": "{place} place"},
    "replays.option": {
        "fr": "{game} · table n°{table} · {day}",
        "en": "{game} · table #{table} · {day}",
    },
    "replays.pick": {"fr": "Choisissez une partie à revoir…", "en": "Pick a match to watch…"},
    "season.new": {
        "fr": "Saison {old} close. La saison {new} commence !",
        "en": "Season {old} closed. Season {new} begins!",
    },
    "all_games": {"fr": "tous les jeux", "en": "all games"},
}

COMMANDS.update(CONCOURS_COMMANDS)
MESSAGES.update(CONCOURS_MESSAGES)
MESSAGES.update(TEACHING_MESSAGES)
MESSAGES.update(ACTIVITY_MESSAGES)
