"""Manille's words, in French and English (the mechanism: games/words.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..words import Context, T, Words
from .rules import TEAMS


def _team(value: Any, args: Sequence[str], ctx: Context) -> str:
    """A team index -> its players' names."""
    return ctx.join([ctx.name(s) for s in TEAMS[int(value)]])


def _by_team(value: Any, args: Sequence[str], ctx: Context) -> str:
    """`[38, 22]` -> `Alice et Chloé 38 points, Basile et Dédé 22 points`."""
    parts = [
        f"{_team(t, args, ctx)} {ctx.words.amount(p, 'point', ctx.lang)}"
        for t, p in enumerate(value)
    ]
    return ", ".join(parts)


_FOLLOW = T("vous devez fournir à {led:suit}", "you must follow {led:suit}")
# The partner's exception: following is then the only duty, no need to beat the partner.
_FOLLOW_PARTNER = T(
    "vous devez fournir à {led:suit} ; votre partenaire est maître, inutile de monter",
    "you must follow {led:suit}; your partner is winning, no need to play higher",
)

WORDS = Words(
    name=T("Manille", "Manille"),
    summary=T(
        "4 joueurs en deux équipes (les partenaires face à face), 32 cartes. La dernière carte "
        "donnée (la retourne) fixe l'atout. Ordre : 10 (manille) > As (manillon) > R > D > V > "
        "9 > 8 > 7.\nIl faut fournir, monter sur un adversaire maître, couper et surcouper "
        "quand on ne peut pas fournir, sauf si son partenaire est maître. Points : 10 = 5, "
        "As = 4, R = 3, D = 2, V = 1. La première équipe à l'objectif (100 ou 200 points) "
        "gagne. On ne bat pas les cartes entre les donnes : on ramasse les plis et on coupe.",
        "4 players in two teams (partners face each other), 32 cards. The dealer's last card "
        "(the retourne) sets trump. Order: 10 (manille) > A (manillon) > K > Q > J > 9 > 8 > "
        "7.\nFollow suit, beat an opponent who is winning, trump and overtrump when you "
        "cannot follow, unless your partner is winning. Points: 10 = 5, A = 4, K = 3, Q = 2, "
        "J = 1. The first team to the target (100 or 200 points) wins. The cards are not "
        "shuffled between deals: the tricks are gathered and cut.",
    ),
    events={
        "deal": T(
            "Donne n°{deal_number} : {dealer:seat} donne, atout {trump:suit} "
            "(retourne {retourne:card})",
            "Deal {deal_number}: {dealer:seat} deals, trump {trump:suit} "
            "(turned up {retourne:card})",
        ),
        "card_played": T("{seat:seat} joue {card:card}", "{seat:seat} plays {card:card}"),
        "trick_won": T(
            "{seat:seat} remporte le pli ({points:count:point})",
            "{seat:seat} wins the trick ({points:count:point})",
        ),
        "deal_end": T(
            "Fin de la donne : {points:byteam} · au total {totals:byteam}",
            "End of the deal: {points:byteam} · in total {totals:byteam}",
        ),
        "target_tie": T(
            "Égalité à l'objectif ({totals:byteam}) : on joue une donne de plus",
            "Tied at the target ({totals:byteam}): one more deal",
        ),
        "match_end": T("{team:team} gagnent la partie !", "{team:team} win the match!"),
    },
    refusals={
        "must_follow": T("Vous devez fournir à la couleur demandée.", "You must follow suit."),
        "must_climb": T("Vous devez monter : jouez plus fort.", "You must play higher."),
        "must_trump": T("Vous devez couper.", "You must trump."),
        "must_overtrump": T("Vous devez surcouper.", "You must overtrump."),
    },
    why={
        "must_follow": lambda v: _FOLLOW_PARTNER if v["partner"] else _FOLLOW,
        "must_climb": T(
            "vous devez monter sur {card:card:le} {seat:seat:de} (un adversaire est maître)",
            "you must beat {seat:seat}'s {card:card} (an opponent is winning)",
        ),
        "must_trump": T(
            "vous devez couper, l'adversaire est maître ({card:card:le} {seat:seat:de}) "
            "et vous n'avez pas de {led:suit}",
            "you must trump: an opponent is winning ({seat:seat}'s {card:card}) and you "
            "have no {led:suit}",
        ),
        "must_overtrump": T(
            "vous devez surcouper {card:card:le} {seat:seat:de} (un adversaire est maître)",
            "you must overtrump {seat:seat}'s {card:card} (an opponent is winning)",
        ),
    },
    actions={"play": T("{arg:cards}", "{arg:cards}")},
    phases={"play": T("jeu de la carte", "card play")},
    facts={
        "deal": T("Donne n°{value}", "Deal {value}"),
        "trump": T("Atout : {value}", "Trump: {value}"),
        "retourne": T("Retourne", "Turned-up card"),
        "target": T("Objectif : {value:count:point}", "Target: {value:count:point}"),
        "trick": T("Sur le tapis", "On the table"),
        "last_trick": T("Dernier pli", "Last trick"),
        "partner": T("Votre partenaire : {value}", "Your partner: {value}"),
    },
    types={"team": _team, "byteam": _by_team},
    reasons={
        "draw_trumps": T(
            "Jouez {card:card} : vous êtes maître à l'atout, faites tomber ceux des autres",
            "Play {card:card}: you hold the master trump, draw the others' trumps",
        ),
        "master": T(
            "Jouez {card:card} : vous êtes maître à {suit:suit}",
            "Play {card:card}: it is the master card in {suit:suit}",
        ),
        "short_suit": T(
            "Jouez {card:card} : vous avez peu de {suit:suit}, vous pourrez bientôt couper",
            "Play {card:card}: you are short in {suit:suit} and will soon be able to trump",
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
            "Coupez avec {card:card} : vous n'avez plus de {led:suit}",
            "Trump with {card:card}: you have no {led:suit} left",
        ),
        "win_last": T(
            "Jouez {card:card} : vous jouez en dernier, elle prend le pli au moindre coût",
            "Play {card:card}: you play last, and it takes the trick at the least cost",
        ),
        "wins": T("Jouez {card:card} : elle prend le pli", "Play {card:card}: it takes the trick"),
        "keep_trumps": T(
            "Jouez {card:card} : vous ne pouvez pas prendre le pli, gardez vos atouts",
            "Play {card:card}: you cannot take the trick, keep your trumps",
        ),
        "throw_cheap": T(
            "Jouez {card:card} : vous ne pouvez pas prendre le pli, donnez la carte qui vous "
            "coûte le moins",
            "Play {card:card}: you cannot take the trick, give the card you mind losing least",
        ),
    },
)
