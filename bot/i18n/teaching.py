"""The words of the table that teaches and invites back, French and English: « Pourquoi ? »,
« Conseil », a player's first table, « Analyse » and « Revanche ». Merged into the catalog
(bot.i18n.catalog), like every other string of the bot."""

from __future__ import annotations

TEACHING_MESSAGES: dict[str, dict[str, str]] = {
    "btn.why": {"fr": "Pourquoi ?", "en": "Why not?"},
    "btn.hint": {"fr": "Conseil", "en": "Hint"},
    "hint.answer": {"fr": "💡 {hint}.", "en": "💡 {hint}."},
    "hint.not_here": {
        "fr": "Pas de conseil à cette table : elle est classée.",
        "en": "No hints at this table: it is rated.",
    },
    "hint.not_your_turn": {
        "fr": "Ce n'est pas à vous de jouer : pas de conseil pour l'instant.",
        "en": "It is not your turn: no hint for now.",
    },
    "hint.failed": {
        "fr": "Le conseil n'a pas pu être calculé : réessayez dans un instant.",
        "en": "The hint could not be worked out: try again in a moment.",
    },
    "hint.not_stored": {
        "fr": "Pas de conseil : la sauvegarde n'a pas répondu. Réessayez dans un instant.",
        "en": "No hint: saving did not go through. Try again in a moment.",
    },
    "replay.hint": {
        "fr": "💡 {who} a demandé un conseil avant ce coup",
        "en": "💡 {who} asked for a hint before this move",
    },
    "first.title": {
        "fr": "Votre première partie de {game} : l'essentiel",
        "en": "Your first game of {game}: the essentials",
    },
    "first.help": {
        "fr": "Toutes les règles : `/regles`. Sur votre main, « Pourquoi ? » dit pourquoi une "
        "carte est interdite.",
        "en": "All the rules: `/rules`. On your hand, “Why not?” says why a card is forbidden.",
    },
    "first.help_hints": {
        "fr": "Toutes les règles : `/regles`. Sur votre main, « Pourquoi ? » dit pourquoi une "
        "carte est interdite, et « Conseil » propose un coup.",
        "en": "All the rules: `/rules`. On your hand, “Why not?” says why a card is "
        "forbidden, and “Hint” suggests a move.",
    },
    "why.title": {"fr": "Pourquoi pas ?", "en": "Why not?"},
    "why.stale": {
        "fr": "Ce bouton n'est plus à jour : actualisez votre jeu.",
        "en": "That button is out of date: refresh your hand.",
    },
    "why.none": {
        "fr": "Rien ne vous est interdit en ce moment.",
        "en": "Nothing is forbidden to you right now.",
    },
    "btn.analyse": {"fr": "Analyse", "en": "Review"},
    "btn.review_move": {"fr": "Revoir le coup {move}", "en": "Replay move {move}"},
    "review.title": {
        "fr": "Analyse — {game} — table n°{table}",
        "en": "Review — {game} — table #{table}",
    },
    "review.intro": {
        "fr": "Vos décisions les plus coûteuses, jugées sur ce que vous saviez alors :",
        "en": "Your costliest decisions, judged on what you knew at the time:",
    },
    "review.clean": {
        "fr": "Aucune décision coûteuse : à chaque coup, l'IA forte aurait joué comme vous "
        "ou presque.",
        "en": "No costly decision: at every move, the strong AI would have played as you "
        "did, or nearly so.",
    },
    "review.pending": {
        "fr": "L'analyse est en cours… Réessayez dans une minute.",
        "en": "The review is being computed… Try again in a minute.",
    },
    "review.not_seated": {
        "fr": "Seuls les joueurs de cette partie peuvent voir leur analyse.",
        "en": "Only the players of this match can see their review.",
    },
    "btn.rematch": {"fr": "Revanche", "en": "Rematch"},
    "rematch.not_seated": {
        "fr": "Seuls les joueurs de cette partie peuvent demander la revanche.",
        "en": "Only the players of this match can ask for a rematch.",
    },
    "rematch.opened": {"fr": "Revanche ouverte : {where}", "en": "Rematch open: {where}"},
    "rematch.confirmed": {
        "fr": "Votre place pour la revanche est confirmée : {where}",
        "en": "Your seat in the rematch is confirmed: {where}",
    },
    "rematch.already": {
        "fr": "La revanche est déjà ouverte : {where}",
        "en": "The rematch is already open: {where}",
    },
    "rematch.closed": {
        "fr": "La revanche de cette partie n'est plus ouverte.",
        "en": "This match's rematch is no longer open.",
    },
    "err.rematch_waiting": {
        "fr": "Des joueurs n'ont pas encore confirmé la revanche : attendez-les, "
        "ou donnez leur place à l'IA.",
        "en": "Some players have not confirmed the rematch yet: wait for them, "
        "or give their seats to the AI.",
    },
    "err.rematch_kept": {
        "fr": "Les places de cette revanche sont gardées pour les joueurs de la partie.",
        "en": "The seats of this rematch are kept for the players of the last match.",
    },
    "lobby.rematch": {"fr": "Revanche de la table n°{table}.", "en": "Rematch of table #{table}."},
    "lobby.confirm": {
        "fr": "Chaque joueur de la partie confirme sa place avec « Rejoindre » ou « Revanche ».",
        "en": "Each player of the match confirms their seat with Join or Rematch.",
    },
    "lobby.lapsed": {
        "fr": "Les places non confirmées sont maintenant ouvertes à tous.",
        "en": "The unconfirmed seats are now open to anyone.",
    },
    "lobby.kept": {"fr": "place gardée", "en": "seat kept"},
}
