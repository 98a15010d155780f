"""Bonanza's words, in French and English (the mechanism: games/words.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..words import Context, Event, T, Words

_BOXES = {
    "joker": T("Joker", "Joker"),
    "dame-valet": T("Dame-Valet", "Queen-Jack"),
    "sequence": T("Séquence", "Sequence"),
    "dix-deux": T("Dix-Deux", "Ten-Two"),
    "poker": T("Poker", "Poker"),
    "AS": T("A♠", "A♠"),
    "KH": T("R♥", "K♥"),
    "QD": T("D♦", "Q♦"),
    "JC": T("V♣", "J♣"),
    "pot": T("Pot", "Pot"),
}
_CATEGORIES = {
    "high-card": T("carte haute", "high card"),
    "pair": T("paire", "pair"),
    "two-pair": T("double paire", "two pair"),
    "three-of-a-kind": T("brelan", "three of a kind"),
    "straight": T("quinte", "straight"),
    "flush": T("couleur", "flush"),
    "full-house": T("full", "full house"),
    "four-of-a-kind": T("carré", "four of a kind"),
    "straight-flush": T("quinte flush", "straight flush"),
}


def _hands(value: Any, args: Sequence[str], ctx: Context) -> str:
    """A showdown's hands: `Alice 9♠ 9♥ … (paire), Basile … (couleur)`."""
    parts = []
    for h in value:
        cards = " ".join(ctx.face(c) for c in h["cards"])
        category = ctx.words.term("category", h["category"], ctx.lang)
        parts.append(f"{ctx.name(h['seat'])} {cards} ({category})")
    return ", ".join(parts)


def _pass(event: Event) -> T:
    if event.get("auto"):
        return T(
            "{seat:seat} ne peut pas surenchérir et passe", "{seat:seat} cannot top the bid: passes"
        )
    return T("{seat:seat} passe", "{seat:seat} passes")


def _pay(event: Event) -> T:
    if event["amount"] >= event["due"]:
        return T(
            "{seat:seat} paie {amount:count:token} à {winner:seat}",
            "{seat:seat} pays {amount:count:token} to {winner:seat}",
        )
    if event["amount"] == 0:
        return T(
            "{seat:seat} n'a plus de jetons pour payer {winner:seat} "
            "({due:count:jeton dû:jetons dus})",
            "{seat:seat} has no tokens left to pay {winner:seat} ({due:count:token} owed)",
        )
    return T(
        "{seat:seat} paie {amount:count:token} à {winner:seat}, tout ce qui lui reste "
        "({due:count:jeton dû:jetons dus})",
        "{seat:seat} pays {amount:count:token} to {winner:seat}, all they have left "
        "({due:count:token} owed)",
    )


def _sold(event: Event) -> T:
    if event.get("paid_to") == "dealer":
        return T(
            "{seat:seat} achète le mort pour {price:count:token}, payés au donneur",
            "{seat:seat} buys the dead hand for {price:count:token}, paid to the dealer",
        )
    return T(
        "{seat:seat} achète le mort pour {price:count:token}, versés au Pot",
        "{seat:seat} buys the dead hand for {price:count:token}, paid into the Pot",
    )


def _claim(event: Event) -> T:
    if event.get("joker"):
        return T(
            "{seat:seat} gagne {call:term:calls} avec {cards:cards} grâce au joker "
            "({won:count:token})",
            "{seat:seat} wins {call:term:calls} with {cards:cards} thanks to the joker "
            "({won:count:token})",
        )
    return T(
        "{seat:seat} gagne {call:term:calls} avec {cards:cards} ({won:count:token})",
        "{seat:seat} wins {call:term:calls} with {cards:cards} ({won:count:token})",
    )


def _poker_win(event: Event) -> T:
    if len(event["seats"]) > 1:
        return T(
            "{seats:seats} se partagent la case Poker ({share:count:token} chacun)",
            "{seats:seats} share the Poker box ({share:count:token} each)",
        )
    return T(
        "{seats:seats} remporte la case Poker ({share:count:token})",
        "{seats:seats} takes the Poker box ({share:count:token})",
    )


def _play(event: Event) -> T:
    lead, stop = event.get("lead"), event.get("stop")
    if lead and stop:
        return T(
            "{seat:seat} entame avec {card:card} : arrêt", "{seat:seat} leads {card:card}: a stop"
        )
    if lead:
        return T("{seat:seat} entame avec {card:card}", "{seat:seat} leads {card:card}")
    if stop:
        return T("{seat:seat} pose {card:card} : arrêt", "{seat:seat} plays {card:card}: a stop")
    return T("{seat:seat} pose {card:card}", "{seat:seat} plays {card:card}")


def _cannot_stake(event: Event) -> T:
    if len(event["seats"]) > 1:
        return T("{seats:seats} ne peuvent plus miser", "{seats:seats} cannot stake any more")
    return T("{seats:seats} ne peut plus miser", "{seats:seats} cannot stake any more")


WORDS = Words(
    name=T("Bonanza", "Bonanza"),
    summary=T(
        "2 à 9 joueurs, 53 cartes avec le joker, une roue de 10 cases où chacun mise à chaque "
        "donne. Le donneur échange sa main contre le mort ou le vend aux enchères ; puis "
        "viennent les annonces (Joker, Dame-Valet, Séquence, Dix-Deux), un coup de poker, et "
        "enfin le jeu par suites où l'A♠, le R♥, la D♦ et le V♣ raflent leur case et où "
        "le premier qui se vide rafle le Pot.",
        "2 to 9 players, 53 cards with the joker, a wheel of 10 boxes everyone stakes on each "
        "deal. The dealer swaps hands with the dead hand or auctions it; then come the calls "
        "(Joker, Queen-Jack, Sequence, Ten-Two), a round of poker, and finally the play in "
        "suits where A♠, K♥, Q♦ and J♣ take their box and the first player out takes the Pot.",
    ),
    events={
        "deal": T(
            "Donne n°{deal} : {dealer:seat} donne, chacun mise {stake:count:token}",
            "Deal {deal}: {dealer:seat} deals, everyone stakes {stake:count:token}",
        ),
        "exchange": T(
            "{seat:seat} échange sa main contre le mort",
            "{seat:seat} swaps hands with the dead hand",
        ),
        "sale": T("{seat:seat} met le mort aux enchères", "{seat:seat} auctions the dead hand"),
        "bid": T(
            "{seat:seat} enchérit à {amount:count:token}", "{seat:seat} bids {amount:count:token}"
        ),
        "pass": _pass,
        "sold": _sold,
        "unsold": T(
            "Personne n'achète le mort : il ne sert pas cette donne",
            "Nobody buys the dead hand: it stays out this deal",
        ),
        "announce": T("Annonce : {call:term:calls}", "Call: {call:term:calls}"),
        "joker_shown": T(
            "{seat:seat} montre le joker et rafle la case Joker ({won:count:token})",
            "{seat:seat} shows the joker and takes the Joker box ({won:count:token})",
        ),
        "joker_kept": T("Vous gardez le joker pour plus tard", "You keep the joker for later"),
        "sequence_shown": T(
            "{seat:seat} montre la séquence {cards:cards}",
            "{seat:seat} shows the sequence {cards:cards}",
        ),
        "claim": _claim,
        "no_claim": T(
            "Personne pour {call:term:calls} : la case garde {box:count:token}",
            "Nobody for {call:term:calls}: the box keeps {box:count:token}",
        ),
        "check": T("{seat:seat} : parole", "{seat:seat} checks"),
        "bet": T("{seat:seat} mise {amount:count:token}", "{seat:seat} bets {amount:count:token}"),
        "raise": T(
            "{seat:seat} relance de {amount:count:token}",
            "{seat:seat} raises by {amount:count:token}",
        ),
        "call": T(
            "{seat:seat} suit ({amount:count:token})", "{seat:seat} calls ({amount:count:token})"
        ),
        "fold": T("{seat:seat} se couche", "{seat:seat} folds"),
        "showdown": T("Abattage : {hands:hands}", "Showdown: {hands:hands}"),
        "poker_win": _poker_win,
        "joker_out": T(
            "Le joker {seat:seat:de} quitte le jeu", "{seat:seat}'s joker leaves the game"
        ),
        "play": _play,
        "box_won": T(
            "{seat:seat} rafle la case {box:box} ({won:count:token})",
            "{seat:seat} takes the {box:box} box ({won:count:token})",
        ),
        "colour_passes": T("La main passe à {leader:seat}", "The lead passes to {leader:seat}"),
        "bonanza": T(
            "Bonanza ! {seat:seat} n'a plus de cartes et rafle le Pot ({pot:count:token})",
            "Bonanza! {seat:seat} is out of cards and takes the Pot ({pot:count:token})",
        ),
        "pay": _pay,
        "deal_end": T("Fin de la donne n°{deal}", "End of deal {deal}"),
        "cannot_stake": _cannot_stake,
        "match_end": T(
            "Fin de la partie : la roue est partagée ({share:count:token} chacun)",
            "End of the match: the wheel is shared out ({share:count:token} each)",
        ),
    },
    refusals={
        "wrong_call": T("Ce n'est pas l'annonce en cours.", "Not the current call."),
        "bid_too_low": T("Enchère trop basse.", "Bid too low."),
        "overbid_too_large": T("Surenchère trop forte.", "Overbid too large."),
        "not_enough_tokens": T("Pas assez de jetons.", "Not enough tokens."),
        "cannot_check": T(
            "Il y a une mise : suivez, relancez ou couchez-vous.",
            "There is a bet: call, raise or fold.",
        ),
        "nothing_to_call": T("Rien à suivre.", "Nothing to call."),
        "cannot_fold": T("Pas de mise : rien à abandonner.", "No bet: nothing to fold against."),
        "already_bet": T("Il y a déjà une mise : relancez.", "There is already a bet: raise."),
        "nothing_to_raise": T("Pas de mise à relancer : misez.", "No bet to raise: bet."),
        "amount_out_of_range": T("Montant hors limites.", "Amount out of range."),
        "over_table_limit": T("Au-delà de la limite de la table.", "Above the table limit."),
        "suit_not_held": T("Vous n'avez pas cette couleur.", "You do not hold that suit."),
        "wrong_colour": T(
            "Il faut changer de couleur (rouge ou noire).", "You must switch colour (red or black)."
        ),
    },
    why={
        "wrong_colour": T(
            "après la carte d'arrêt ({stop:card}), on entame dans l'autre couleur "
            "({suits[0]:suit} ou {suits[1]:suit})",
            "after the stop card ({stop:card}), the lead switches colour ({suits[0]:suit} or "
            "{suits[1]:suit})",
        ),
        "lowest_first": T(
            "on entame par sa plus petite carte de la couleur ({lowest:card})",
            "a lead is your lowest card of the suit ({lowest:card})",
        ),
        "over_table_limit": T(
            "pas plus de {cap:count:token} de mise en tout : personne ne mise plus que le "
            "plus petit tapis encore en jeu",
            "no more than {cap:count:token} in all: nobody bets more than the smallest stack "
            "still in",
        ),
        "overbid_too_large": T(
            "au plus {most:count:token} : une enchère dépasse la plus haute d'au plus "
            "{overbid:count:token}",
            "at most {most:count:token}: a bid tops the highest by {overbid:count:token} at most",
        ),
        "not_enough_tokens": T(
            "au plus {most:count:token} : vous avez {tokens:count:token}",
            "at most {most:count:token}: you have {tokens:count:token}",
        ),
    },
    actions={
        "exchange": T("Échanger avec le mort", "Swap with the dead hand"),
        "sell": T("Vendre le mort", "Sell the dead hand"),
        "bid": T("Enchérir à {arg}", "Bid {arg}"),
        "pass": T("Passer", "Pass"),
        "show": T("Montrer le joker", "Show the joker"),
        "keep": T("Garder le joker", "Keep the joker"),
        "joker": T("Jouer le joker", "Use the joker"),
        "check": T("Parole", "Check"),
        "bet": T("Miser {arg}", "Bet {arg}"),
        "call": T("Suivre", "Call"),
        "raise": T("Relancer de {arg}", "Raise by {arg}"),
        "fold": T("Se coucher", "Fold"),
        "suit": T("Entamer à {arg:suit}", "Lead {arg:suit}"),
    },
    minor=frozenset({"pass", "fold", "keep"}),
    phases={
        "mort": T("le mort", "the dead hand"),
        "auction": T("enchères sur le mort", "auction of the dead hand"),
        "calls": T("annonces", "calls"),
        "poker": T("poker", "poker"),
        "play": T("jeu", "play"),  # the rule book's third phase is its « JEU »
    },
    boxes=_BOXES,
    facts={
        "deal": T("Donne {value[0]} sur {value[1]}", "Deal {value[0]} of {value[1]}"),
        "call": T("Annonce en cours : {value:term:calls}", "Current call: {value:term:calls}"),
        "pair": T("Cartes demandées : {value}", "Cards called for: {value}"),
        "high_bid": T(
            "Plus haute enchère : {value:count:token}", "Highest bid: {value:count:token}"
        ),
        "high_bidder": T("Meilleur enchérisseur : {value}", "Highest bidder: {value}"),
        "stopped_on": T("Arrêt sur {value}", "Stopped on {value}"),
        "table": T("Sur le tapis", "On the table"),
        "mort": T("Le mort", "The dead hand"),
        "dead": T("Cartes mortes", "Dead cards"),
        "dead.count": T("{shown:count:connue:connues} sur {count}", "{shown} known of {count}"),
        "bet": T("mise {value:count:token}", "bet {value:count:token}"),
        "folded": T("couché", "folded"),
        "out_of_auction": T("hors enchères", "out of the auction"),
        "holds_joker": T("a le joker", "holds the joker"),
        "known_dead": T(
            "Cartes mortes que vous connaissez : {value}", "Dead cards you know: {value}"
        ),
    },
    terms={"calls": _BOXES, "category": _CATEGORIES},
    types={"hands": _hands},
    reasons={
        "exchange_weak": T(
            "Échangez avec le mort : votre main vaut moins qu'une main moyenne",
            "Swap with the dead hand: your hand is worth less than an average one",
        ),
        "sell_strong": T(
            "Vendez le mort : votre main vaut bien une main moyenne",
            "Sell the dead hand: your hand is worth an average one or more",
        ),
        "bid_mort": T(
            "Enchérissez à {n} : le mort vaut plus que ce prix pour votre main",
            "Bid {n}: the dead hand is worth more than that price to you",
        ),
        "pass_price": T(
            "Passez : le mort ne vaut pas ce prix pour votre main",
            "Pass: the dead hand is not worth that price to you",
        ),
        "show_joker": T(
            "Montrez le joker : c'est une case gagnée à coup sûr",
            "Show the joker: a box won for sure",
        ),
        "use_joker": T(
            "Jouez le joker : il vous donne cette case à coup sûr",
            "Use the joker: it wins this box for sure",
        ),
        "bet_strong": T(
            "Misez : votre main bat environ {pct} % des mains",
            "Bet: your hand beats about {pct}% of hands",
        ),
        "call_odds": T(
            "Suivez : votre main bat environ {pct} % des mains, assez pour le prix au vu du pot",
            "Call: your hand beats about {pct}% of hands, enough for the price given the pot",
        ),
        "fold_odds": T(
            "Couchez-vous : votre main ne bat qu'environ {pct} % des mains",
            "Fold: your hand beats only about {pct}% of hands",
        ),
        "check_weak": T(
            "Parole : votre main bat environ {pct} % des mains, inutile de miser",
            "Check: your hand beats about {pct}% of hands, no need to bet",
        ),
        "run": T(
            "Entamez à {suit:suit} : vous enchaînez {n:count:carte:cartes} de votre main",
            "Lead {suit:suit}: you run {n:count:card:cards} from your own hand",
        ),
    },
)
