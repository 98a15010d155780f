"""Bianco Mano's words, in French and English (the mechanism: games/words.py)."""

from __future__ import annotations

from ..lang import Unit
from ..words import Event, T, Words


def _received(event: Event) -> T | None:
    if not event.get("cards"):
        return None
    return T("Vous complétez votre main : {cards:cards}", "You complete your hand: {cards:cards}")


WORDS = Words(
    name=T("Bianco Mano", "Bianco Mano"),
    summary=T(
        "3 à 5 joueurs, 32 cartes en 4 familles de 8 personnages (Mamma > Parrain > Avocat > "
        "Évêque > Banquier > Commissaire > Garde du corps > Chauffeur). On prend la famille de "
        "la carte retournée ou, au second tour, on en choisit une autre : elle devient "
        "dominante et ses cartes comptent double. Le preneur (avec son camp) doit faire 45 "
        "points sur 75. À 3 et à 5 joueurs, le preneur écarte un espion de 2 cartes ; à 5, il "
        "appelle une carte pour trouver son partenaire secret ; à 4, les partenaires sont "
        "face à face.\nOn fournit à la famille demandée, sinon on joue la dominante en "
        "montant si l'on peut, sinon on se défausse. Contrat rempli : +2 au preneur, +1 à son "
        "partenaire, −1 à chaque adversaire ; chute : l'inverse ; capot (75 points) : −2 aux "
        "adversaires. Le plus de points après les manches (10 par défaut) gagne.",
        "3 to 5 players, 32 cards in 4 families of 8 characters (Mamma > Godfather > Lawyer > "
        "Bishop > Banker > Commissioner > Bodyguard > Driver). Take the family of the turned "
        "card or, in the second round, choose another: it becomes dominant and its cards count "
        "double. The taker's side must make 45 of 75 points. With 3 and 5 players the taker "
        "sets aside a 2-card espion; with 5 they call a card to find a secret partner; with 4 "
        "partners face each other.\nFollow the family led, else play the dominant family, "
        "higher if you can, else discard. Contract made: taker +2, partner +1, each defender "
        "−1; failed: the reverse; capo (all 75 points): defenders −2. Most points after the "
        "deals (10 by default) wins.",
    ),
    events={
        "dealer_draw": T(
            "Tirage du premier donneur (tour {round})",
            "Drawing for the first dealer (round {round})",
        ),
        "first_dealer": T("{seat:seat} donne en premier", "{seat:seat} deals first"),
        "shuffle": T("On bat les cartes", "The cards are shuffled"),
        "cut": T("{seat:seat} coupe", "{seat:seat} cuts"),
        "deal": T(
            "Manche {deal_number} : {dealer:seat} donne, carte retournée {turned:card}",
            "Deal {deal_number}: {dealer:seat} deals, turned card {turned:card}",
        ),
        "dealt": T("Vous recevez {cards:cards}", "You receive {cards:cards}"),
        "received": _received,
        "pass": T("{seat:seat} passe", "{seat:seat} passes"),
        "bid_round": T("Tout le monde a passé : second tour", "Everybody passed: second round"),
        "take": T("{seat:seat} prend en {family:family}", "{seat:seat} takes in {family:family}"),
        "choose": T("{seat:seat} choisit {family:family}", "{seat:seat} chooses {family:family}"),
        "all_passed": T(
            "Personne ne prend : on redonne", "Nobody takes: the cards are dealt again"
        ),
        "discard": T(
            "{seat:seat} écarte une carte ({count}/2)", "{seat:seat} sets a card aside ({count}/2)"
        ),
        "discarded": T("Vous écartez {card:card}", "You set aside {card:card}"),
        "call": T("{seat:seat} appelle {card:card}", "{seat:seat} calls {card:card}"),
        "partner": T(
            "Vous avez la carte appelée : vous êtes le partenaire {taker:seat:de}",
            "You hold the called card: you are {taker:seat}'s partner",
        ),
        "announce": T(
            "{seat:seat} annonce « Bianco Mano » !", "{seat:seat} announces “Bianco Mano”!"
        ),
        "play": T("{seat:seat} joue {card:card}", "{seat:seat} plays {card:card}"),
        "partner_revealed": T(
            "C'était la carte appelée : {seat:seat} est le partenaire",
            "That was the called card: {seat:seat} is the partner",
        ),
        "trick_won": T(
            "{seat:seat} remporte le pli ({points:count:point})",
            "{seat:seat} wins the trick ({points:count:point})",
        ),
        "deal_scored": T(
            "Manche {deal_number} : {taker:seat} {result:term:result} avec {total:count:point}",
            "Deal {deal_number}: {taker:seat} {result:term:result} with {total:count:point}",
        ),
        "match_over": T("Fin de la partie", "End of the match"),
    },
    refusals={
        "must_follow": T(
            "Vous devez fournir à la famille demandée.", "You must follow the family."
        ),
        "must_climb": T("Vous devez monter : jouez plus fort.", "You must play higher."),
        "must_play_dominant": T(
            "Vous devez jouer une dominante.", "You must play a dominant card."
        ),
        "wrong_round": T("Pas à ce tour d'enchères.", "Not in this bidding round."),
        "turned_family": T(
            "Choisissez une autre famille que celle de la carte retournée.",
            "Choose a family other than the turned card's.",
        ),
        "unknown_family": T("Famille inconnue.", "Unknown family."),
        "cannot_call_dominant": T(
            "On n'appelle pas une dominante.", "You cannot call a dominant card."
        ),
        "cannot_call_own_card": T(
            "Appelez une carte que vous n'avez pas.", "Call a card you do not hold."
        ),
        "cannot_announce": T("Annonce impossible.", "You cannot announce now."),
    },
    why={
        "must_follow": T(
            "vous devez fournir à la famille demandée ({led:family})",
            "you must follow the family led ({led:family})",
        ),
        "must_play_dominant": T(
            "vous n'avez pas la famille demandée ({led:family}), vous devez donc jouer une "
            "dominante ({dominant:family})",
            "you have none of the family led ({led:family}), so you must play a dominant "
            "card ({dominant:family})",
        ),
        "must_climb": T(
            "vous devez monter sur la plus forte dominante du tapis ({card:card} {seat:seat:de})",
            "you must beat the highest dominant card on the table ({seat:seat}'s {card:card})",
        ),
    },
    actions={
        "take": T("Prendre", "Take"),
        "pass": T("Passer", "Pass"),
        "choose": T("Choisir {arg:family}", "Choose {arg:family}"),
        "discard": T("Écarter {arg:card}", "Set aside {arg:card}"),
        "call": T("Appeler {arg:card}", "Call {arg:card}"),
        "announce": T("Annoncer « Bianco Mano »", "Announce “Bianco Mano”"),
        "play": T("{arg:cards}", "{arg:cards}"),
    },
    minor=frozenset({"pass"}),
    phases={
        "bid": T("enchères", "bidding"),
        "espion": T("espion", "espion"),
        "call": T("appel", "call"),
        "play": T("jeu de la carte", "card play"),
    },
    facts={
        "deal": T("Manche {value[0]} sur {value[1]}", "Deal {value[0]} of {value[1]}"),
        "bid_round": T("Enchères, tour {value}", "Bidding, round {value}"),
        "turned": T("Carte retournée", "Turned card"),
        "dominant": T("Famille dominante : {value}", "Dominant family: {value}"),
        "called": T("Carte appelée : {value}", "Called card: {value}"),
        "announced": T("« Bianco Mano » annoncé", "“Bianco Mano” announced"),
        "trick": T("Sur le tapis", "On the table"),
        "last_trick": T("Dernier pli", "Last trick"),
        "espion": T("Espion", "Espion"),
        "taker": T("preneur", "taker"),
        "partner_mark": T("partenaire", "partner"),
        "your_espion": T("Votre espion : {value}", "Your espion: {value}"),
        "partner_of": T("Vous êtes le partenaire {value:seat:de}", "You are {value}'s partner"),
        "your_partner": T("Votre partenaire : {value}", "Your partner: {value}"),
    },
    terms={
        "result": {
            "made": T("réussit son contrat", "makes the contract"),
            "failed": T("chute", "goes down"),
            "capo": T("fait capo", "makes capo"),
        }
    },
    units={
        "chance": Unit(
            fr=("point de chance de gagner", "points de chance de gagner"),
            en=("point of winning chance", "points of winning chance"),
        )
    },
    reasons={
        "take": T(
            "Prenez : avec la retournée, vous tenez {count:count:carte:cartes} de la famille "
            "{family:family}",
            "Take: with the turned card you hold {count:count:card:cards} of the "
            "{family:family} family",
        ),
        "choose": T(
            "Choisissez {family:family} : c'est votre famille la plus forte "
            "({count:count:carte:cartes})",
            "Choose {family:family}: your strongest family ({count:count:card:cards})",
        ),
        "pass_weak": T(
            "Passez : votre main a peu de dominantes ({count:count:carte:cartes} de la "
            "famille {family:family})",
            "Pass: your hand has few dominant cards ({count:count:card:cards} of the "
            "{family:family} family)",
        ),
        "discard": T(
            "Mettez {card:card} à l'espion : ses {points:count:point} sont à l'abri",
            "Put {card:card} in the espion: its {points:count:point} are safe there",
        ),
        "discard_void": T(
            "Mettez {card:card} à l'espion : une carte de moins dans une famille courte",
            "Put {card:card} in the espion: one card fewer in a short family",
        ),
        "call": T(
            "Appelez {card:card} : la plus forte carte qui vous manque",
            "Call {card:card}: the strongest card you lack",
        ),
        "announce": T(
            "Annoncez : cinq points de plus pour le contrat, sans rien risquer",
            "Announce: five more points towards the contract, at no risk",
        ),
        "draw_trumps": T(
            "Jouez {card:card} : vous êtes maître en dominante, faites tomber celles des autres",
            "Play {card:card}: you hold the master dominant card, draw the others' dominants",
        ),
        "master": T(
            "Jouez {card:card} : vous êtes maître dans la famille {suit:family}",
            "Play {card:card}: it is the master card of the {suit:family} family",
        ),
        "short_suit": T(
            "Jouez {card:card} : vous avez peu de cartes de la famille {suit:family}, vous "
            "pourrez bientôt couper",
            "Play {card:card}: you are short in the {suit:family} family and will soon be "
            "able to cut",
        ),
        "lead_low": T(
            "Jouez {card:card} : une petite carte pour ouvrir sans rien risquer",
            "Play {card:card}: a small card to lead without risking anything",
        ),
        "charge": T(
            "Jouez {card:card} : votre partenaire tient le pli, donnez-lui des points",
            "Play {card:card}: your partner holds the trick, give them points",
        ),
        "partner_holds": T(
            "Jouez {card:card} : votre partenaire tient le pli, gardez vos bonnes cartes",
            "Play {card:card}: your partner holds the trick, keep your good cards",
        ),
        "cut": T(
            "Coupez avec {card:card} : vous n'avez plus de cartes de la famille {led:family}",
            "Cut with {card:card}: you have no {led:family} cards left",
        ),
        "win_last": T(
            "Jouez {card:card} : vous jouez en dernier, elle prend le pli au moindre coût",
            "Play {card:card}: you play last, and it takes the trick at the least cost",
        ),
        "wins": T("Jouez {card:card} : elle prend le pli", "Play {card:card}: it takes the trick"),
        "keep_trumps": T(
            "Jouez {card:card} : vous ne pouvez pas prendre le pli, gardez vos dominantes",
            "Play {card:card}: you cannot take the trick, keep your dominant cards",
        ),
        "throw_cheap": T(
            "Jouez {card:card} : vous ne pouvez pas prendre le pli, donnez la carte qui vous "
            "coûte le moins",
            "Play {card:card}: you cannot take the trick, give the card you mind losing least",
        ),
    },
)
