"""Game words: status lines, action labels, event narration and rule summaries (fr/en).

Event keys are `ev.<slug>.<event type>` (or `ev.<type>` for all games); their fields are
the event's own, already turned into names and card faces by `render.narrate`.
"""

from __future__ import annotations

GAME_MESSAGES: dict[str, dict[str, str]] = {
    "yes": {"fr": "oui", "en": "yes"},
    "no": {"fr": "non", "en": "no"},
    "ev.autopilot": {"fr": "{seat} passe en pilote automatique", "en": "{seat} is on autopilot"},
    "ev.resumed": {"fr": "{seat} reprend la main", "en": "{seat} is back"},
    "ev.replaced": {"fr": "Une IA remplace {name}", "en": "An AI replaces {name}"},
    # --- status lines (public facts) ---------------------------------------------------
    "st.trump": {"fr": "Atout : {suit}", "en": "Trump: {suit}"},
    "st.retourne": {"fr": "Retourne : {card}", "en": "Turned-up card: {card}"},
    "st.turned": {"fr": "Carte retournée : {card}", "en": "Turned card: {card}"},
    "st.dominant": {"fr": "Famille dominante : {family}", "en": "Dominant family: {family}"},
    "st.taker": {"fr": "Preneur : {who}", "en": "Taker: {who}"},
    "st.called": {"fr": "Carte appelée : {card}", "en": "Called card: {card}"},
    "st.partner": {"fr": "Partenaire : {who}", "en": "Partner: {who}"},
    "st.trick": {"fr": "Sur le tapis : {cards}", "en": "On the table: {cards}"},
    "st.top": {"fr": "Défausse : {card} · pioche : {n}", "en": "Discard: {card} · draw pile: {n}"},
    "st.run": {"fr": "Suite : {run} · attendu : {needed}", "en": "Run: {run} · needed: {needed}"},
    "st.any": {"fr": "n'importe quelle carte", "en": "any card"},
    "st.boxes": {"fr": "Cases : {boxes}", "en": "Boxes: {boxes}"},
    "st.last": {"fr": "Dernière carte : {card}", "en": "Last card: {card}"},
    "st.espion": {"fr": "Votre espion : {cards}", "en": "Your espion: {cards}"},
    "st.drawn": {"fr": "Carte piochée : {card}", "en": "Card drawn: {card}"},
    # --- action labels -----------------------------------------------------------------
    "act.take": {"fr": "Prendre", "en": "Take"},
    "act.pass": {"fr": "Passer", "en": "Pass"},
    "act.choose": {"fr": "Choisir {family}", "en": "Choose {family}"},
    "act.discard": {"fr": "Écarter {card}", "en": "Set aside {card}"},
    "act.call": {"fr": "Appeler {card}", "en": "Call {card}"},
    "act.announce": {"fr": "Annoncer « Bianco Mano »", "en": "Announce “Bianco Mano”"},
    "act.draw": {"fr": "Piocher", "en": "Draw"},
    "act.keep": {"fr": "Garder", "en": "Keep"},
    "act.shout": {"fr": "Miroir magique !", "en": "Magic mirror!"},
    "act.challenge": {"fr": "Contester", "en": "Challenge"},
    "act.stop": {"fr": "S'arrêter", "en": "Stop"},
    "act.exchange": {"fr": "Échanger avec le mort", "en": "Swap with the dead hand"},
    "act.sell": {"fr": "Vendre le mort", "en": "Sell the dead hand"},
    "act.show": {"fr": "Montrer le joker", "en": "Show the joker"},
    "act.bid": {"fr": "Enchérir {n}", "en": "Bid {n}"},
    "act.bet": {"fr": "Miser {n}", "en": "Bet {n}"},
    "act.raise": {"fr": "Relancer de {n}", "en": "Raise by {n}"},
    "act.check": {"fr": "Parole", "en": "Check"},
    "act.fold": {"fr": "Se coucher", "en": "Fold"},
    # --- refusals from the engines (IllegalAction codes) ---------------------------------
    "illegal.unknown_action": {"fr": "Action inconnue.", "en": "Unknown action."},
    "illegal.unknown_card": {"fr": "Carte inconnue.", "en": "Unknown card."},
    "illegal.not_in_hand": {
        "fr": "Vous n'avez pas cette carte.",
        "en": "You do not hold that card.",
    },
    "illegal.wrong_phase": {
        "fr": "Ce n'est pas le moment.",
        "en": "Not at this point of the game.",
    },
    "illegal.must_follow": {
        "fr": "Vous devez fournir à la couleur demandée.",
        "en": "You must follow suit.",
    },
    "illegal.must_climb": {
        "fr": "Vous devez monter : jouez plus fort.",
        "en": "You must play higher.",
    },
    "illegal.must_trump": {"fr": "Vous devez couper.", "en": "You must trump."},
    "illegal.must_overtrump": {"fr": "Vous devez surcouper.", "en": "You must overtrump."},
    "illegal.must_play_dominant": {
        "fr": "Vous devez jouer une dominante.",
        "en": "You must play a dominant card.",
    },
    "illegal.wrong_round": {"fr": "Pas à ce tour d'enchères.", "en": "Not in this bidding round."},
    "illegal.turned_family": {
        "fr": "Choisissez une autre famille que la retournée.",
        "en": "Choose a family other than the turned one.",
    },
    "illegal.unknown_family": {"fr": "Famille inconnue.", "en": "Unknown family."},
    "illegal.cannot_call_dominant": {
        "fr": "On n'appelle pas une dominante.",
        "en": "You cannot call a dominant card.",
    },
    "illegal.cannot_call_own_card": {
        "fr": "Appelez une carte que vous n'avez pas.",
        "en": "Call a card you do not hold.",
    },
    "illegal.cannot_announce": {"fr": "Annonce impossible.", "en": "You cannot announce now."},
    # --- Bianco Mano events --------------------------------------------------------------
    "ev.bianco-mano.dealer_draw": {
        "fr": "Tirage du donneur (tour {round})",
        "en": "Drawing for dealer (round {round})",
    },
    "ev.bianco-mano.first_dealer": {"fr": "{seat} donne en premier", "en": "{seat} deals first"},
    "ev.bianco-mano.shuffle": {"fr": "On bat les cartes", "en": "The cards are shuffled"},
    "ev.bianco-mano.cut": {"fr": "{seat} coupe", "en": "{seat} cuts"},
    "ev.bianco-mano.deal": {
        "fr": "Manche {deal_number}, donneur {dealer} · carte retournée {turned}",
        "en": "Deal {deal_number}, dealer {dealer} · turned card {turned}",
    },
    "ev.bianco-mano.dealt": {"fr": "Vous recevez {cards}", "en": "You receive {cards}"},
    "ev.bianco-mano.received": {"fr": "Vous recevez {cards}", "en": "You receive {cards}"},
    "ev.bianco-mano.pass": {"fr": "{seat} passe", "en": "{seat} passes"},
    "ev.bianco-mano.bid_round": {
        "fr": "Tout le monde passe : second tour",
        "en": "Everybody passed: second round",
    },
    "ev.bianco-mano.take": {"fr": "{seat} prend en {family}", "en": "{seat} takes in {family}"},
    "ev.bianco-mano.choose": {"fr": "{seat} choisit {family}", "en": "{seat} chooses {family}"},
    "ev.bianco-mano.all_passed": {
        "fr": "Personne ne prend : on redonne",
        "en": "Nobody takes: new deal",
    },
    "ev.bianco-mano.discard": {
        "fr": "{seat} écarte une carte ({count}/2)",
        "en": "{seat} sets a card aside ({count}/2)",
    },
    "ev.bianco-mano.discarded": {"fr": "Vous écartez {card}", "en": "You set aside {card}"},
    "ev.bianco-mano.call": {"fr": "{seat} appelle {card}", "en": "{seat} calls {card}"},
    "ev.bianco-mano.partner": {
        "fr": "Vous avez la carte appelée : vous êtes le partenaire de {taker}",
        "en": "You hold the called card: you are {taker}'s partner",
    },
    "ev.bianco-mano.announce": {
        "fr": "{seat} annonce « Bianco Mano » !",
        "en": "{seat} announces “Bianco Mano”!",
    },
    "ev.bianco-mano.play": {"fr": "{seat} joue {card}", "en": "{seat} plays {card}"},
    "ev.bianco-mano.partner_revealed": {
        "fr": "{seat} se dévoile partenaire avec {card}",
        "en": "{seat} is revealed as partner with {card}",
    },
    "ev.bianco-mano.trick_won": {
        "fr": "{seat} remporte le pli ({points} pts)",
        "en": "{seat} wins the trick ({points} pts)",
    },
    "ev.bianco-mano.deal_scored": {
        "fr": "Manche {deal_number} : {taker} {result} avec {total} pts",
        "en": "Deal {deal_number}: {taker} {result} with {total} pts",
    },
    "val.result.made": {"fr": "réussit son contrat", "en": "makes the contract"},
    "val.result.failed": {"fr": "chute", "en": "goes down"},
    "val.result.capo": {"fr": "est capo", "en": "is capo"},
    "ev.bianco-mano.match_over": {"fr": "Fin de la partie", "en": "End of the match"},
    # --- Nain Jaune events --------------------------------------------------------------
    "illegal.wrong_rank": {
        "fr": "Ce n'est pas le rang attendu.",
        "en": "That is not the rank needed.",
    },
    "illegal.stop_disabled": {
        "fr": "On ne s'arrête pas à cette table.",
        "en": "Stopping is not allowed at this table.",
    },
    "illegal.must_play": {"fr": "Vous devez jouer.", "en": "You must play."},
    "ev.nain-jaune.stakes": {
        "fr": "Chacun mise 15 jetons sur le plateau",
        "en": "Everyone stakes 15 tokens on the board",
    },
    "ev.nain-jaune.deal": {
        "fr": "Donne n°{deal} par {dealer} · talon de {talon} cartes",
        "en": "Deal {deal} by {dealer} · talon of {talon} cards",
    },
    "ev.nain-jaune.play": {"fr": "{seat} pose {card}", "en": "{seat} plays {card}"},
    "ev.nain-jaune.collect": {
        "fr": "{seat} pose {card} qui prend : +{amount} jetons",
        "en": "{seat} plays {card} and takes its box: +{amount} tokens",
    },
    "ev.nain-jaune.sans": {"fr": "{seat} : sans {rank}", "en": "{seat}: no {rank}"},
    "ev.nain-jaune.pass": {"fr": "{seat} : pas de {rank}", "en": "{seat}: no {rank}"},
    "ev.nain-jaune.missing": {"fr": "Personne n'a de {rank}", "en": "Nobody has a {rank}"},
    "ev.nain-jaune.out": {"fr": "{seat} n'a plus de cartes !", "en": "{seat} is out of cards!"},
    "ev.nain-jaune.pay": {
        "fr": "{seat} paie {amount} jetons à {winner}",
        "en": "{seat} pays {amount} tokens to {winner}",
    },
    "ev.nain-jaune.grand_opera": {
        "fr": "Grand opéra ! {seat} rafle tout le plateau (+{amount})",
        "en": "Grand opéra! {seat} sweeps the whole board (+{amount})",
    },
    "ev.nain-jaune.penalty": {
        "fr": "{seat} garde {card} : {amount} jetons dans sa case",
        "en": "{seat} kept {card}: {amount} tokens into its box",
    },
    "ev.nain-jaune.match_end": {"fr": "Fin de la partie", "en": "End of the match"},
    # --- Blanche-Neige ----------------------------------------------------------------
    "act.accept": {"fr": "Accepter le miroir", "en": "Accept the mirror"},
    "role.blanche-neige": {"fr": "Blanche-Neige", "en": "Snow White"},
    "role.prince": {"fr": "Prince charmant", "en": "Prince Charming"},
    "role.chasseur": {"fr": "Chasseur", "en": "Huntsman"},
    "role.reine": {"fr": "Reine", "en": "Queen"},
    "role.sorciere": {"fr": "Sorcière", "en": "Witch"},
    "role.prof": {"fr": "Prof", "en": "Doc"},
    "role.joyeux": {"fr": "Joyeux", "en": "Happy"},
    "role.simplet": {"fr": "Simplet", "en": "Dopey"},
    "role.timide": {"fr": "Timide", "en": "Bashful"},
    "role.grincheux": {"fr": "Grincheux", "en": "Grumpy"},
    "role.dormeur": {"fr": "Dormeur", "en": "Sleepy"},
    "illegal.not_a_pair": {
        "fr": "Ces deux cartes ne font pas un miroir.",
        "en": "Those two cards are not a mirror pair.",
    },
    "illegal.pair_order": {"fr": "Miroir mal formé.", "en": "Malformed mirror pair."},
    "illegal.must_play_drawn": {
        "fr": "Après avoir pioché, jouez la carte piochée ou gardez-la.",
        "en": "After drawing, play the drawn card or keep it.",
    },
    "illegal.role_forbids": {
        "fr": "Votre personnage ne peut pas poser cette carte.",
        "en": "Your character cannot play that card.",
    },
    "illegal.already_drew": {"fr": "Vous avez déjà pioché.", "en": "You already drew."},
    "illegal.cannot_draw": {"fr": "La pioche est épuisée.", "en": "Nothing left to draw."},
    "illegal.can_still_draw": {"fr": "Vous pouvez encore piocher.", "en": "You can still draw."},
    "illegal.nothing_drawn": {"fr": "Vous n'avez rien pioché.", "en": "You have not drawn."},
    "illegal.no_pending_pair": {"fr": "Aucun miroir en jeu.", "en": "No mirror pair in play."},
    "illegal.not_your_pair": {
        "fr": "Ce miroir n'est pas le vôtre.",
        "en": "That mirror is not yours.",
    },
    "illegal.own_pair": {
        "fr": "On ne conteste pas son propre miroir.",
        "en": "You cannot challenge your own mirror.",
    },
    "illegal.nothing_to_accept": {"fr": "Rien à accepter.", "en": "Nothing to accept."},
    "illegal.pair_pending": {
        "fr": "Un miroir attend d'être accepté ou contesté.",
        "en": "A mirror pair awaits acceptance or a challenge.",
    },
    "ev.blanche-neige.dealt": {
        "fr": "Donne de {dealer} · {first} commence · défausse {top}",
        "en": "{dealer} deals · {first} starts · discard {top}",
    },
    "ev.blanche-neige.played": {"fr": "{seat} pose {cards}", "en": "{seat} plays {cards}"},
    "ev.blanche-neige.shout": {
        "fr": "{seat} : « Miroir magique ! »",
        "en": "{seat}: “Magic mirror!”",
    },
    "ev.blanche-neige.drew": {"fr": "{seat} pioche", "en": "{seat} draws"},
    "ev.blanche-neige.drawn_card": {"fr": "Vous piochez {card}", "en": "You draw {card}"},
    "ev.blanche-neige.kept": {"fr": "{seat} garde sa carte", "en": "{seat} keeps the card"},
    "ev.blanche-neige.passed": {"fr": "{seat} passe", "en": "{seat} passes"},
    "ev.blanche-neige.reshuffled": {
        "fr": "La défausse devient la pioche",
        "en": "The discard pile becomes the draw pile",
    },
    "ev.blanche-neige.challenged": {
        "fr": "{seat} conteste le miroir de {target} !",
        "en": "{seat} challenges {target}'s mirror!",
    },
    "ev.blanche-neige.pair_stands": {
        "fr": "Le miroir de {seat} tient",
        "en": "{seat}'s mirror stands",
    },
    "ev.blanche-neige.game_over": {"fr": "Fin de la partie", "en": "End of the game"},
    # --- Bonanza -------------------------------------------------------------------------
    "act.joker": {"fr": "Utiliser le joker", "en": "Use the joker"},
    "box.joker": {"fr": "Joker", "en": "Joker"},
    "box.dame-valet": {"fr": "Dame-Valet", "en": "Queen-Jack"},
    "box.sequence": {"fr": "Séquence", "en": "Sequence"},
    "box.dix-deux": {"fr": "Dix-Deux", "en": "Ten-Two"},
    "box.poker": {"fr": "Poker", "en": "Poker"},
    "box.pot": {"fr": "Pot", "en": "Pot"},
    "illegal.wrong_call": {"fr": "Ce n'est pas l'annonce en cours.", "en": "Not the current call."},
    "illegal.bid_too_low": {"fr": "Enchère trop basse.", "en": "Bid too low."},
    "illegal.overbid_too_large": {"fr": "Surenchère trop forte.", "en": "Overbid too large."},
    "illegal.not_enough_tokens": {"fr": "Pas assez de jetons.", "en": "Not enough tokens."},
    "illegal.cannot_check": {
        "fr": "Il y a une mise : suivez, relancez ou couchez-vous.",
        "en": "There is a bet: call, raise or fold.",
    },
    "illegal.nothing_to_call": {"fr": "Rien à suivre.", "en": "Nothing to call."},
    "illegal.cannot_fold": {
        "fr": "Pas de mise : rien à abandonner.",
        "en": "No bet: nothing to fold against.",
    },
    "illegal.already_bet": {
        "fr": "Il y a déjà une mise : relancez.",
        "en": "There is already a bet: raise.",
    },
    "illegal.nothing_to_raise": {
        "fr": "Pas de mise à relancer : misez.",
        "en": "No bet to raise: bet.",
    },
    "illegal.amount_out_of_range": {"fr": "Montant hors limites.", "en": "Amount out of range."},
    "illegal.over_table_limit": {
        "fr": "Au-delà de la limite de la table.",
        "en": "Above the table limit.",
    },
    "illegal.suit_not_held": {
        "fr": "Vous n'avez pas cette couleur.",
        "en": "You do not hold that suit.",
    },
    "illegal.wrong_colour": {
        "fr": "Il faut changer de couleur (rouge/noir).",
        "en": "You must switch colour (red/black).",
    },
    "ev.bonanza.deal": {"fr": "Donne n°{deal} par {dealer}", "en": "Deal {deal} by {dealer}"},
    "ev.bonanza.exchange": {
        "fr": "{seat} échange sa main avec le mort",
        "en": "{seat} swaps hands with the dead hand",
    },
    "ev.bonanza.sale": {
        "fr": "{seat} met le mort aux enchères",
        "en": "{seat} auctions the dead hand",
    },
    "ev.bonanza.bid": {"fr": "{seat} enchérit {amount}", "en": "{seat} bids {amount}"},
    "ev.bonanza.pass": {"fr": "{seat} passe", "en": "{seat} passes"},
    "ev.bonanza.sold": {
        "fr": "{seat} achète le mort pour {price}",
        "en": "{seat} buys the dead hand for {price}",
    },
    "ev.bonanza.unsold": {"fr": "Le mort n'est pas vendu", "en": "The dead hand is not sold"},
    "ev.bonanza.announce": {"fr": "Annonce : {call}", "en": "Call: {call}"},
    "ev.bonanza.joker_shown": {
        "fr": "{seat} montre le joker (+{won})",
        "en": "{seat} shows the joker (+{won})",
    },
    "ev.bonanza.joker_kept": {"fr": "Vous gardez le joker", "en": "You keep the joker"},
    "ev.bonanza.sequence_shown": {"fr": "{seat} montre {cards}", "en": "{seat} shows {cards}"},
    "ev.bonanza.claim": {
        "fr": "{seat} gagne {call} avec {cards} (+{won})",
        "en": "{seat} wins {call} with {cards} (+{won})",
    },
    "ev.bonanza.no_claim": {"fr": "Personne pour {call}", "en": "Nobody for {call}"},
    "ev.bonanza.check": {"fr": "{seat} : parole", "en": "{seat} checks"},
    "ev.bonanza.bet": {"fr": "{seat} mise {amount}", "en": "{seat} bets {amount}"},
    "ev.bonanza.raise": {"fr": "{seat} relance de {amount}", "en": "{seat} raises by {amount}"},
    "ev.bonanza.call": {"fr": "{seat} suit", "en": "{seat} calls"},
    "ev.bonanza.fold": {"fr": "{seat} se couche", "en": "{seat} folds"},
    "ev.bonanza.showdown": {"fr": "Abattage !", "en": "Showdown!"},
    "ev.bonanza.poker_win": {"fr": "Poker : {seats} (+{share})", "en": "Poker: {seats} (+{share})"},
    "ev.bonanza.joker_out": {
        "fr": "Le joker de {seat} quitte le jeu",
        "en": "{seat}'s joker leaves the game",
    },
    "ev.bonanza.play": {"fr": "{seat} joue {card}", "en": "{seat} plays {card}"},
    "ev.bonanza.box_won": {
        "fr": "{seat} rafle la case {box} (+{won})",
        "en": "{seat} takes the {box} box (+{won})",
    },
    "ev.bonanza.colour_passes": {
        "fr": "La main passe à {leader}",
        "en": "The lead passes to {leader}",
    },
    "ev.bonanza.bonanza": {
        "fr": "Bonanza ! {seat} n'a plus de cartes et rafle le Pot ({pot})",
        "en": "Bonanza! {seat} is out and takes the Pot ({pot})",
    },
    "ev.bonanza.deal_end": {"fr": "Fin de la donne n°{deal}", "en": "End of deal {deal}"},
    "ev.bonanza.cannot_stake": {
        "fr": "{seats} ne peut plus miser",
        "en": "{seats} cannot stake any more",
    },
    "ev.bonanza.match_end": {"fr": "Fin de la partie", "en": "End of the match"},
    "val.call.joker": {"fr": "Joker", "en": "Joker"},
    "val.call.dame-valet": {"fr": "Dame-Valet", "en": "Queen-Jack"},
    "val.call.sequence": {"fr": "Séquence", "en": "Sequence"},
    "val.call.dix-deux": {"fr": "Dix-Deux", "en": "Ten-Two"},
    "val.call.poker": {"fr": "Poker", "en": "Poker"},
    # --- Manille events ----------------------------------------------------------------
    "ev.manille.deal": {
        "fr": "Donne n°{deal_number} par {dealer} · atout {trump} (retourne {retourne})",
        "en": "Deal {deal_number} by {dealer} · trump {trump} (turned {retourne})",
    },
    "ev.manille.card_played": {"fr": "{seat} joue {card}", "en": "{seat} plays {card}"},
    "ev.manille.trick_won": {
        "fr": "{seat} remporte le pli ({points} pts)",
        "en": "{seat} wins the trick ({points} pts)",
    },
    "ev.manille.deal_end": {
        "fr": "Fin de donne : {points} pts · total {totals}",
        "en": "End of deal: {points} pts · total {totals}",
    },
    "ev.manille.target_tie": {
        "fr": "Égalité au-delà de l'objectif ({totals}) : on rejoue une donne",
        "en": "Tied past the target ({totals}): one more deal",
    },
    "ev.manille.match_end": {
        "fr": "{seats} gagnent la partie ({totals})",
        "en": "{seats} win the match ({totals})",
    },
    # --- rule summaries (/rules) -------------------------------------------------------
    "rules.manille": {
        "fr": (
            "4 joueurs en deux équipes (face à face), 32 cartes. La dernière carte donnée "
            "(la retourne) fixe l'atout. Ordre : 10 (manille) > As (manillon) > R > D > V > 9 > 8 > 7.\n"
            "Il faut fournir, monter sur un adversaire maître, couper et surcouper si l'on ne peut "
            "fournir — sauf si le partenaire est maître. Points : 10=5, As=4, R=3, D=2, V=1. "
            "La première équipe à 100 (ou 200) gagne. On ne bat pas les cartes entre les donnes."
        ),
        "en": (
            "4 players in two teams (partners face each other), 32 cards. The dealer's last card "
            "(the retourne) sets trump. Order: 10 (manille) > A (manillon) > K > Q > J > 9 > 8 > 7.\n"
            "Follow suit, beat an opponent who is winning, trump and overtrump when void — unless "
            "your partner is winning. Points: 10=5, A=4, K=3, Q=2, J=1. First team to 100 (or 200) "
            "wins. The cards are not shuffled between deals."
        ),
    },
    "rules.bianco-mano": {
        "fr": (
            "3 à 5 joueurs, 32 cartes en 4 familles de 8 personnages (Mamma > Parrain > Avocat > "
            "Évêque > Banquier > Commissaire > Garde du corps > Chauffeur). On prend la famille "
            "retournée ou, au 2e tour, on en choisit une autre : elle devient dominante et vaut "
            "double. Le preneur (et son camp) doit faire 45 points sur 75. À 3 et 5 joueurs le "
            "preneur écarte un espion de 2 cartes ; à 5 il appelle une carte pour trouver son "
            "partenaire secret. 10 manches."
        ),
        "en": (
            "3 to 5 players, 32 cards in 4 families of 8 characters (Mamma > Godfather > Lawyer > "
            "Bishop > Banker > Commissioner > Bodyguard > Driver). Take the turned family or, in "
            "round 2, choose another: it becomes dominant and counts double. The taker's side must "
            "make 45 of 75 points. With 3 and 5 players the taker sets aside a 2-card espion; with "
            "5 they call a card to find a secret partner. 10 deals."
        ),
    },
    "rules.blanche-neige": {
        "fr": (
            "2 à 5 joueurs. Chacun reçoit un personnage (Blanche-Neige, Prince, Chasseur, Reine, "
            "Sorcière) qui dit quelles cartes il peut poser sur la défausse. Posez une carte ou un "
            "miroir (deux cartes de même couleur et même valeur), ou piochez. Le premier qui vide "
            "sa main gagne."
        ),
        "en": (
            "2 to 5 players. Each gets a character (Snow White, Prince, Huntsman, Queen, Witch) "
            "that says which cards they may put on the discard. Play a card or a mirror pair (two "
            "cards of the same colour and value), or draw. First to empty their hand wins."
        ),
    },
    "rules.nain-jaune": {
        "fr": (
            "2 à 8 joueurs, 52 cartes, un plateau de 5 cases (10♦, V♣, D♠, R♥ et le 7♦, le Nain "
            "jaune). On pose des suites de rangs (As, 2, 3… R) sans tenir compte des couleurs ; "
            "poser une carte du plateau rafle sa case. Le premier qui vide sa main se fait payer "
            "les cartes des autres."
        ),
        "en": (
            "2 to 8 players, 52 cards, a board of 5 boxes (10♦, J♣, Q♠, K♥ and 7♦, the Yellow "
            "Dwarf). Play runs of ranks (A, 2, 3… K) regardless of suit; playing a board card "
            "takes its box. The first to empty their hand is paid for the others' cards."
        ),
    },
    "rules.bonanza": {
        "fr": (
            "2 à 9 joueurs, 53 cartes avec le joker, une roue de 10 cases. Le donneur échange "
            "sa main avec le mort ou le vend aux enchères ; puis les annonces (Joker, Dame-Valet, "
            "Séquence, Dix-Deux), un coup de poker, et enfin une course où le premier qui se vide "
            "rafle le Pot."
        ),
        "en": (
            "2 to 9 players, 53 cards with the joker, a wheel of 10 boxes. The dealer swaps "
            "hands with the dead hand or auctions it; then the calls (Joker, Queen-Jack, "
            "Sequence, Ten-Two), a round of poker, and a race where the first player out takes "
            "the Pot."
        ),
    },
}
