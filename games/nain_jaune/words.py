"""Nain Jaune's words, in French and English (the mechanism: games/words.py)."""

from __future__ import annotations

from ..words import Event, T, Words
from .rules import JACK_OF_CLUBS, KING_OF_HEARTS, NAIN_JAUNE, QUEEN_OF_SPADES, TEN_OF_DIAMONDS


def _sans(event: Event) -> T:
    if event.get("stopped"):
        return T(
            "{seat:seat} s'arrête : « sans {rank:rank:name} »",
            "{seat:seat} stops: “without {rank:rank:name}”",
        )
    return T("{seat:seat} : « sans {rank:rank:name} »", "{seat:seat}: “without {rank:rank:name}”")


def _pass(event: Event) -> T:
    if event.get("stopped"):
        return T(
            "{seat:seat} garde son {rank:rank:name} et passe",
            "{seat:seat} keeps their {rank:rank:name} and passes",
        )
    return T("{seat:seat} : pas {rank:rank:name:de}", "{seat:seat}: no {rank:rank:name}")


def _missing(event: Event) -> T:
    if event.get("next") is None:
        return T(
            "Personne n'a {rank:rank:name:de} : {seat:seat} commence une nouvelle suite",
            "Nobody has a {rank:rank:name}: {seat:seat} starts a new run",
        )
    return T(
        "Personne n'a {rank:rank:name:de} : {seat:seat} continue avec les {next:rank:name:plural}",
        "Nobody has a {rank:rank:name}: {seat:seat} goes on with the {next:rank:name:plural}",
    )


def _out(event: Event) -> T:
    if event.get("grand_opera"):
        return T(
            "{seat:seat} pose toute sa main d'un coup !",
            "{seat:seat} plays their whole hand in one go!",
        )
    return T("{seat:seat} n'a plus de cartes !", "{seat:seat} is out of cards!")


WORDS = Words(
    name=T("Nain Jaune", "Yellow Dwarf"),
    summary=T(
        "2 à 8 joueurs, 52 cartes et un plateau de 5 cases : le 10♦, le V♣, la D♠, le R♥ et le "
        "7♦, le Nain jaune. Chacun mise sur les cases, puis on pose des suites de rangs (as, 2, "
        "3… roi) sans tenir compte des couleurs ; qui n'a pas le rang suivant dit « sans ». "
        "Poser une carte du plateau rafle sa case. Le premier qui vide sa main se fait payer "
        "les cartes des autres ; qui garde une carte du plateau paie une pénalité.",
        "2 to 8 players, 52 cards and a board of 5 boxes: 10♦, J♣, Q♠, K♥ and 7♦, the Yellow "
        "Dwarf. Everyone stakes on the boxes, then runs of ranks are played (ace, 2, 3… king) "
        "whatever the suit; a player without the next rank says “without”. Playing a board "
        "card takes its box. The first to empty their hand is paid for the others' cards; "
        "keeping a board card costs a penalty.",
    ),
    events={
        "stakes": T("Les mises vont sur le plateau", "The stakes go on the board"),
        "deal": T(
            "Donne n°{deal} : {dealer:seat} donne, talon de {talon:count:card}",
            "Deal {deal}: {dealer:seat} deals, {talon:count:card} in the talon",
        ),
        "play": T("{seat:seat} pose {card:card}", "{seat:seat} plays {card:card}"),
        "collect": T(
            "{seat:seat} rafle la case {card:box} : {amount:count:token}",
            "{seat:seat} takes the {card:box} box: {amount:count:token}",
        ),
        "sans": _sans,
        "pass": _pass,
        "missing": _missing,
        "out": _out,
        "pay": T(
            "{seat:seat} paie {amount:count:token} à {winner:seat}",
            "{seat:seat} pays {amount:count:token} to {winner:seat}",
        ),
        "grand_opera": T(
            "Grand opéra ! {seat:seat} rafle tout le plateau : {amount:count:token}",
            "Grand opéra! {seat:seat} sweeps the whole board: {amount:count:token}",
        ),
        "penalty": T(
            "{seat:seat} a gardé {card:card} : {amount:count:token} pour sa case",
            "{seat:seat} kept {card:card}: {amount:count:token} into its box",
        ),
        "match_end": T("Fin de la partie", "End of the match"),
    },
    refusals={
        "wrong_rank": T("Ce n'est pas le rang attendu.", "That is not the rank needed."),
        "stop_disabled": T(
            "On ne peut pas dire « sans » à cette table.",
            "Saying “without” is not allowed at this table.",
        ),
        "must_play": T("Vous devez poser une carte.", "You must play a card."),
    },
    why={
        "wrong_rank": T(
            "après {last:card:le}, la suite demande le rang suivant ({needed:rank:name})",
            "after {last:card:le}, the run asks for the next rank ({needed:rank:name})",
        ),
        "must_play": T(
            "plus de « sans » : personne d'autre n'a le rang attendu ({needed:rank:name}), "
            "vous devez poser une carte",
            "no more “without”: nobody else has the rank needed ({needed:rank:name}), you "
            "must play a card",
        ),
    },
    actions={
        "play": T("{arg:cards}", "{arg:cards}"),
        "stop": T("Dire « sans »", "Say “without”"),
    },
    minor=frozenset({"stop"}),
    phases={"play": T("jeu", "play")},
    boxes={
        TEN_OF_DIAMONDS: T("10♦", "10♦"),
        JACK_OF_CLUBS: T("V♣", "J♣"),
        QUEEN_OF_SPADES: T("D♠", "Q♠"),
        KING_OF_HEARTS: T("R♥", "K♥"),
        NAIN_JAUNE: T("Nain jaune 7♦", "Yellow Dwarf 7♦"),
    },
    facts={
        "deal": T("Donne n°{value}", "Deal {value}"),
        "run": T("Suite en cours", "Current run"),
        "talon": T("Talon", "Talon"),
        "needed": T("Rang attendu : {value:rank:name}", "Rank needed: {value:rank:name}"),
        "asking": T(
            "« Sans {value:rank:name} » : qui a ce rang ?",
            "“Without {value:rank:name}”: who has that rank?",
        ),
        "new_run": T("Nouvelle suite : n'importe quelle carte", "New run: any card"),
    },
    reasons={
        "box": T(
            "Jouez {card:card} : elle ramasse {tokens:count:token} sur le tableau",
            "Play {card:card}: it collects {tokens:count:token} from the board",
        ),
        "start_low": T(
            "Commencez par {card:card} : votre plus petite carte, qu'aucune suite ne "
            "reprendra plus tard",
            "Start with {card:card}: your lowest card, which no later run will pick up",
        ),
        "run": T(
            "Commencez par {card:card} : la suite écoule {n:count:carte:cartes} de votre main",
            "Start with {card:card}: the run sheds {n:count:card:cards} from your hand",
        ),
    },
)
