"""Plus fort's words, in French and English."""

from __future__ import annotations

from games.words import T, Words

WORDS = Words(
    name=T("Plus fort", "Highest card"),
    summary=T(
        "2 à 4 joueurs, les 16 figures et as. Chacun pose une carte, en fournissant à la "
        "couleur demandée ; la plus forte de cette couleur remporte le pli.",
        "2 to 4 players, the 16 court cards and aces. Everyone plays a card, following the "
        "suit led; the highest card of that suit wins the trick.",
    ),
    events={
        "deal": T("Donne n°{deal} : {dealer:seat} donne", "Deal {deal}: {dealer:seat} deals"),
        "played": T("{seat:seat} pose {card:card}", "{seat:seat} plays {card:card}"),
        "trick": T(
            "{seat:seat} remporte le pli ({tricks:count:trick} en tout)",
            "{seat:seat} wins the trick ({tricks:count:trick} in all)",
        ),
        "match_end": T(
            "{winners:seats} en tête : fin de la partie", "{winners:seats} ahead: game over"
        ),
    },
    refusals={"must_follow": T("Fournissez à la couleur demandée.", "Follow the suit led.")},
    why={"must_follow": T("vous devez fournir à {led:suit}", "you must follow {led:suit}")},
    actions={"play": T("{arg:cards}", "{arg:cards}")},
    phases={"play": T("jeu", "play")},
    facts={
        "deal": T("Donne {value[0]} sur {value[1]}", "Deal {value[0]} of {value[1]}"),
        "trick": T("Sur le tapis", "On the table"),
    },
)
