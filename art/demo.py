"""Sample scenes, one per kind of table Tapis shows, for `python -m art demo` and the bench.

They are hand-written public pictures (what a spectator sees), not games: art/ knows none.
"""

from __future__ import annotations

from pathlib import Path

from .hand import draw_hand
from .scene import Box, Fact, Played, Seat, TableScene, Zone
from .table import draw_table


def sample_scenes() -> dict[str, TableScene]:
    trick4 = TableScene(
        title="Manille · donne 3",
        seats=(
            Seat("Camille", cards=5, score="34 pts", team=0, turn=True),
            Seat("Bastien", cards=4, score="21 pts", team=1),
            Seat("Inès", cards=4, score="34 pts", team=0, dealer=True),
            Seat("Théo", cards=4, score="21 pts", team=1),
        ),
        zones=(
            Zone("Pli en cours", (Played("10H", 1), Played("AH", 2), Played("7H", 3)), around=True),
        ),
        facts=(Fact("Atout", "cœur", suit="H"), Fact("Plis", "3 / 8")),
    )
    bianco = TableScene(
        title="Bianco Mano · manche 2 sur 10",
        seats=(
            Seat("Lucie", cards=6, score="+2", marks=("preneur",)),
            Seat("Marco", cards=6, score="−1", dealer=True),
            Seat("Nour", cards=5, score="+1", turn=True),
            Seat("Paul", cards=5, score="−1"),
            Seat("Zoé-Anne Marchand", cards=5, score="0"),
        ),
        zones=(
            Zone(
                "Pli en cours",
                (Played("MAR", 2), Played("AVR", 3), Played("CHB", 4), Played("PAV", 0)),
                around=True,
            ),
        ),
        facts=(Fact("Dominante", "rouge", suit="R"), Fact("Appel", "", card="PAJ")),
    )
    snow = TableScene(
        title="Blanche-Neige",
        seats=(
            Seat("Alice", cards=4, identity="reine", turn=True),
            Seat("Benoît", cards=6, identity="blanche-neige", dealer=True),
            Seat("Chloé", cards=2, identity="sorciere"),
            Seat("David", cards=5, identity="grincheux"),
        ),
        zones=(Zone("Défausse", (Played("7D"), Played("9S")), face_down=23),),
        facts=(Fact("Miroir magique", "actif"),),
    )
    nain = TableScene(
        title="Nain Jaune · tour 4",
        seats=tuple(
            Seat(n, cards=c, score=f"{t} jetons", turn=i == 2, dealer=i == 0)
            for i, (n, c, t) in enumerate(
                (
                    ("Jeanne", 7, 28),
                    ("Hugo", 9, 41),
                    ("Sofia", 5, 33),
                    ("Malik", 8, 47),
                    ("Rose", 6, 26),
                    ("Yanis", 9, 39),
                )
            )
        ),
        boxes=(
            Box("Dix", 12, "10D"),
            Box("Valet", 8, "JC"),
            Box("Dame", 15, "QS"),
            Box("Roi", 20, "KH"),
            Box("Nain jaune", 31, "7D"),
        ),
        zones=(
            Zone("Suite", tuple(Played(c) for c in ("3C", "4C", "5C", "6C", "7C", "8C", "9C"))),
        ),
    )
    bonanza = TableScene(
        title="Bonanza · phase 3",
        seats=tuple(
            Seat(n, cards=c, score=f"{t} jetons", turn=i == 1)
            for i, (n, c, t) in enumerate(
                (
                    ("Anaïs", 8, 52),
                    ("Bruno", 8, 37),
                    ("Céline", 7, 44),
                    ("Dimitri", 8, 61),
                    ("Emma", 6, 18),
                    ("Farid", 8, 40),
                )
            )
        ),
        boxes=tuple(
            Box(label, tokens)
            for label, tokens in (
                ("As", 4),
                ("Roi", 6),
                ("Dame", 2),
                ("Valet", 0),
                ("Paire", 8),
                ("Brelan", 3),
                ("Suite", 5),
                ("Couleur", 9),
                ("Full", 12),
                ("Carré", 1),
            )
        ),
        zones=(
            Zone("Table", tuple(Played(c, i % 6) for i, c in enumerate(("2S", "3S", "4S", "JK")))),
        ),
        facts=(Fact("Pot", "14 jetons"), Fact("Dernière", "", card="4S")),
    )
    return {
        "manille": trick4,
        "bianco-mano": bianco,
        "blanche-neige": snow,
        "nain-jaune": nain,
        "bonanza": bonanza,
    }


SAMPLE_HANDS: dict[str, tuple[list[str], set[str]]] = {
    "manille": (["10H", "AH", "KH", "7S", "9S", "QD", "8D", "JC"], {"10H", "AH", "KH"}),
    "bianco-mano": (
        ["MAR", "EVR", "GCR", "PAB", "BAB", "AVJ", "COJ", "CHV"],
        {"MAR", "EVR", "GCR"},
    ),
    "nain-jaune": (
        [r + s for s in "SHDC" for r in ("A", "4", "7", "9", "J", "K")][:22],
        {"7S", "7H", "7D", "7C"},
    ),
}


def write_demo(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, scene in sample_scenes().items():
        path = out / f"{name}-table.png"
        path.write_bytes(draw_table(scene))
        written.append(path)
    for name, (hand, playable) in SAMPLE_HANDS.items():
        path = out / f"{name}-hand.png"
        path.write_bytes(draw_hand(hand, playable))
        written.append(path)
    return written
