"""Blanche-Neige's words, in French and English (the mechanism: games/words.py)."""

from __future__ import annotations

from ..words import Event, T, Words


def _played(event: Event) -> T:
    if len(event["cards"]) == 2:
        return T(
            "{seat:seat} pose le miroir {cards:cards}", "{seat:seat} plays the mirror {cards:cards}"
        )
    if event.get("after_draw"):
        return T(
            "{seat:seat} pose la carte piochée {cards:cards}",
            "{seat:seat} plays the drawn card {cards:cards}",
        )
    return T("{seat:seat} pose {cards:cards}", "{seat:seat} plays {cards:cards}")


def _drew(event: Event) -> T:
    reason = event.get("reason")
    if reason == "forced":
        return T("{seat:seat} ne peut rien poser et pioche", "{seat:seat} cannot play and draws")
    if reason == "penalty":
        return T("{seat:seat} pioche une carte de pénalité", "{seat:seat} draws a penalty card")
    return T("{seat:seat} pioche", "{seat:seat} draws")


def _kept(event: Event) -> T:
    if event.get("forced"):
        return T(
            "{seat:seat} ne peut pas poser la carte piochée et la garde",
            "{seat:seat} cannot play the drawn card and keeps it",
        )
    return T("{seat:seat} garde la carte piochée", "{seat:seat} keeps the drawn card")


def _passed(event: Event) -> T:
    if event.get("forced"):
        return T(
            "{seat:seat} ne peut ni poser ni piocher et passe son tour",
            "{seat:seat} can neither play nor draw: passes",
        )
    return T("{seat:seat} passe", "{seat:seat} passes")


def _game_over(event: Event) -> T:
    if event.get("reason") == "empty_hand":
        return T(
            "{winner:seat} n'a plus de cartes et gagne la partie !",
            "{winner:seat} is out of cards and wins the game!",
        )
    return T(
        "Plus personne ne peut jouer : fin de la partie", "Nobody can play any more: game over"
    )


WORDS = Words(
    name=T("Blanche-Neige", "Snow White"),
    summary=T(
        "2 à 5 joueurs, les 40 cartes de l'as au 10. Chacun reçoit un personnage (Blanche-Neige, "
        "Prince charmant, Chasseur, Reine, Sorcière) qui dit quelles cartes il peut poser sur la "
        "défausse. À son tour, on pose une carte ou un miroir (deux cartes de même valeur et de "
        "même couleur) en criant « Miroir magique ! », ou l'on pioche. Le premier qui vide sa "
        "main gagne ; les autres sont classés par cartes restantes.",
        "2 to 5 players, the 40 cards from ace to 10. Each player gets a character (Snow White, "
        "Prince Charming, Huntsman, Queen, Witch) that says which cards they may put on the "
        "discard pile. On your turn, play a card or a mirror pair (two cards of the same value "
        "and colour) shouting “Magic mirror!”, or draw. The first to empty their hand wins; the "
        "others rank by the cards they still hold.",
    ),
    events={
        "dealt": T(
            "{dealer:seat} donne · {first:seat} commence · défausse {top:card}",
            "{dealer:seat} deals · {first:seat} starts · discard {top:card}",
        ),
        "played": _played,
        "shout": T("{seat:seat} : « Miroir magique ! »", "{seat:seat}: “Magic mirror!”"),
        "drew": _drew,
        "drawn_card": T("Vous piochez {card:card}", "You draw {card:card}"),
        "kept": _kept,
        "passed": _passed,
        "reshuffled": T(
            "La défausse est battue et devient la pioche ({cards:count:card})",
            "The discard pile is shuffled into a new draw pile ({cards:count:card})",
        ),
        "challenged": T(
            "{seat:seat} conteste le miroir {target:seat:de}, qui reprend {cards:cards}",
            "{seat:seat} challenges {target:seat}'s mirror: {cards:cards} go back to their hand",
        ),
        "pair_stands": T("Le miroir {seat:seat:de} tient", "{seat:seat}'s mirror stands"),
        "game_over": _game_over,
    },
    refusals={
        "not_a_pair": T(
            "Ces deux cartes ne font pas un miroir.", "Those two cards are not a mirror pair."
        ),
        "pair_order": T("Miroir mal formé.", "Malformed mirror pair."),
        "must_play_drawn": T(
            "Après avoir pioché, posez la carte piochée ou gardez-la.",
            "After drawing, play the drawn card or keep it.",
        ),
        "role_forbids": T(
            "Votre personnage ne peut pas poser cette carte.",
            "Your character cannot play that card.",
        ),
        "already_drew": T("Vous avez déjà pioché.", "You already drew."),
        "cannot_draw": T("La pioche est épuisée.", "Nothing left to draw."),
        "can_still_draw": T("Vous pouvez encore piocher.", "You can still draw."),
        "nothing_drawn": T("Vous n'avez rien pioché.", "You have not drawn."),
        "no_pending_pair": T("Aucun miroir en jeu.", "No mirror pair in play."),
        "not_your_pair": T("Ce miroir n'est pas le vôtre.", "That mirror is not yours."),
        "own_pair": T(
            "On ne conteste pas son propre miroir.", "You cannot challenge your own mirror."
        ),
        "nothing_to_accept": T("Rien à accepter.", "Nothing to accept."),
        "pair_pending": T(
            "Un miroir attend d'être accepté ou contesté.",
            "A mirror pair awaits acceptance or a challenge.",
        ),
    },
    why={
        "role_forbids": T(
            "votre personnage ({role:role}) ne pose pas cette carte sur {top:card:le} ; sa "
            "règle : {role:term:your_rule}",
            "your character ({role:role}) cannot play this card on {top:card:le}; its rule: "
            "{role:term:your_rule}",
        ),
        "must_play_drawn": T(
            "vous venez de piocher, posez la carte piochée ({drawn:card}) ou gardez-la",
            "you have just drawn, so play the card drawn ({drawn:card}) or keep it",
        ),
    },
    actions={
        "play": T("{arg:cards}", "{arg:cards}"),
        "draw": T("Piocher", "Draw"),
        "keep": T("Garder", "Keep"),
        "pass": T("Passer", "Pass"),
        "shout": T("Miroir magique !", "Magic mirror!"),
        "challenge": T("Contester", "Challenge"),
        "accept": T("Accepter le miroir", "Accept the mirror"),
    },
    minor=frozenset({"pass", "keep"}),
    phases={"play": T("jeu", "play"), "drawn": T("carte piochée", "card drawn")},
    roles={
        "blanche-neige": T("Blanche-Neige", "Snow White"),
        "prince": T("Prince charmant", "Prince Charming"),
        "chasseur": T("Chasseur", "Huntsman"),
        "reine": T("Reine", "Queen"),
        "sorciere": T("Sorcière", "Witch"),
        "prof": T("Prof", "Doc"),
        "joyeux": T("Joyeux", "Happy"),
        "simplet": T("Simplet", "Dopey"),
        "timide": T("Timide", "Bashful"),
        "grincheux": T("Grincheux", "Grumpy"),
        "dormeur": T("Dormeur", "Sleepy"),
    },
    facts={
        "discard": T("Défausse", "Discard pile"),
        "draw": T("Pioche", "Draw pile"),
        "pending": T(
            "Miroir {value:seat:de} : il peut crier, les autres peuvent contester",
            "{value}'s mirror: they may shout, the others may challenge",
        ),
        "pair_owner": T("miroir en jeu", "mirror in play"),
        "your_role": T("Votre personnage : {value}", "Your character: {value}"),
        "your_rule": T("Vous posez {value}", "You play {value}"),
        "drawn": T("Carte piochée : {value}", "Card drawn: {value}"),
    },
    terms={
        "your_rule": {
            "blanche-neige": T(
                "une carte impaire sur une paire, paire sur impaire",
                "an odd card on an even one, even on odd",
            ),
            "prince": T(
                "une carte de 6 à 10 sur une de l'as à 5, et inversement",
                "a card from 6 to 10 on one from ace to 5, and the other way round",
            ),
            "chasseur": T(
                "une carte de l'as à 5 sur une de l'as à 5, de 6 à 10 sur une de 6 à 10",
                "ace to 5 on ace to 5, 6 to 10 on 6 to 10",
            ),
            "reine": T("rouge sur rouge, noir sur noir", "red on red, black on black"),
            "sorciere": T("noir sur rouge, rouge sur noir", "black on red, red on black"),
            "prof": T(
                "une carte paire sur une paire, impaire sur impaire",
                "an even card on an even one, odd on odd",
            ),
            "joyeux": T(
                "une carte rouge sur une paire, noire sur une impaire",
                "a red card on an even one, a black card on an odd one",
            ),
            "simplet": T(
                "une carte de 6 à 10 sur une paire, de l'as à 5 sur une impaire",
                "6 to 10 on an even card, ace to 5 on an odd one",
            ),
            "timide": T(
                "une carte impaire sur une rouge, paire sur une noire",
                "an odd card on a red one, an even card on a black one",
            ),
            "grincheux": T(
                "sur une rouge, une carte plus petite ou égale ; sur une noire, plus forte",
                "on a red card, one lower or equal; on a black card, one higher",
            ),
            "dormeur": T(
                "une carte paire sur une de 6 à 10, impaire sur une de l'as à 5",
                "an even card on 6 to 10, an odd card on ace to 5",
            ),
        }
    },
    reasons={
        "shout": T(
            "Criez « Miroir magique ! » : votre paire reste posée si vous criez le premier",
            "Shout “Magic mirror!”: your pair stands if you shout first",
        ),
        "challenge": T(
            "Contestez : sans cri, la paire revient à son joueur avec une carte de pénalité",
            "Challenge: without a shout, the pair goes back to its player with a penalty card",
        ),
        "draw_forced": T(
            "Piochez : en {role:role}, vous ne pouvez rien jouer sur cette carte",
            "Draw: as {role:role} you cannot play anything on this card",
        ),
        "keep_forced": T(
            "Gardez la carte piochée : en {role:role}, vous ne pouvez pas la jouer",
            "Keep the drawn card: as {role:role} you cannot play it",
        ),
        "pass_forced": T(
            "Passez : en {role:role}, vous ne pouvez rien jouer sur cette carte",
            "Pass: as {role:role} you cannot play anything on this card",
        ),
        "go_out": T(
            "Jouez {cards:cards} : votre main sera vide",
            "Play {cards:cards}: your hand will be empty",
        ),
        "pair": T(
            "Posez la paire {cards:cards} : deux cartes de moins d'un coup",
            "Lay the pair {cards:cards}: two cards fewer at once",
        ),
        "block": T(
            "Jouez {card:card} : {seat:seat} ({role:role}) aura du mal à jouer dessus",
            "Play {card:card}: {seat:seat} ({role:role}) will find it hard to play on it",
        ),
        "shed": T(
            "Jouez {card:card} : une carte de moins, en gardant de quoi répondre ensuite",
            "Play {card:card}: one card fewer, keeping cards to answer later",
        ),
    },
)

# Each role's rule as its identity card prints it: two short lines, what may go on the top
# discard ("1–5" and "6–10" are card values).
CARD_RULES: dict[str, tuple[T, T]] = {
    "blanche-neige": (
        T("Sur pair : impair", "On even: odd"),
        T("Sur impair : pair", "On odd: even"),
    ),
    "prince": (
        T("Sur 1–5 : de 6 à 10", "On 1–5: 6 to 10"),
        T("Sur 6–10 : de 1 à 5", "On 6–10: 1 to 5"),
    ),
    "chasseur": (
        T("Sur 1–5 : de 1 à 5", "On 1–5: 1 to 5"),
        T("Sur 6–10 : de 6 à 10", "On 6–10: 6 to 10"),
    ),
    "reine": (
        T("Rouge sur rouge", "Red on red"),
        T("Noir sur noir", "Black on black"),
    ),
    "sorciere": (
        T("Noir sur rouge", "Black on red"),
        T("Rouge sur noir", "Red on black"),
    ),
    "prof": (
        T("Pair sur pair", "Even on even"),
        T("Impair sur impair", "Odd on odd"),
    ),
    "joyeux": (
        T("Sur pair : rouge", "On even: red"),
        T("Sur impair : noir", "On odd: black"),
    ),
    "simplet": (
        T("Sur pair : de 6 à 10", "On even: 6 to 10"),
        T("Sur impair : de 1 à 5", "On odd: 1 to 5"),
    ),
    "timide": (
        T("Sur rouge : impair", "On red: odd"),
        T("Sur noir : pair", "On black: even"),
    ),
    "grincheux": (
        T("Sur rouge : pas plus", "On red: not higher"),
        T("Sur noir : plus fort", "On black: higher"),
    ),
    "dormeur": (
        T("Sur 6–10 : pair", "On 6–10: even"),
        T("Sur 1–5 : impair", "On 1–5: odd"),
    ),
}
