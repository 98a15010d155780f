"""The tables of the next round of a concours.

Two formats:
- **Swiss** (Monrad, as village concours play it): the entrants in standings order, each
  side paired with the best-ranked side below it that it has not met yet, backtracking
  when the last ones would be left facing old opponents. When no round without a repeat
  exists (few entrants, many rounds), the round with the fewest repeated meetings is
  taken: first pairings where sides met at most once, then at most twice, and so on.
- **Round robin**: for two sides a table, the circle method (everyone meets everyone
  once in n - 1 rounds, n rounds when n is odd); for games of three or more players a
  table, a rotation of the registration order grouped so that each table gathers the
  entrants who have met least.

Tables of more than two sides (individual games such as Nain Jaune) are filled in the
same order, each next seat going to the entrant who has met those already seated the
fewest times. When the entrants do not fill whole tables, the ones left over sit out the
round (a bye: see `standings`), chosen among those with the fewest byes so far, lowest
in the standings (Swiss) or in the rotation (round robin) first.

The first side of each table is the better ranked: with duplicate deals, the n-th side of
every table of a round holds the same cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .standings import Bye, Game, standings

SEARCH_LIMIT = 20_000  # pairing attempts per allowed number of repeats before allowing more


@dataclass(frozen=True)
class Table:
    """The sides (entrant ids) of one table, in seat order."""

    sides: tuple[int, ...]


@dataclass(frozen=True)
class Round:
    tables: tuple[Table, ...]
    byes: tuple[int, ...]


def table_sizes(entrants: int, smallest: int, largest: int, best: int) -> list[int]:
    """How many sides each table seats: every table between `smallest` and `largest`,
    as few byes as possible, then sizes as near `best` as possible (then more tables),
    larger tables first. An empty list when the entrants cannot fill one table."""
    for byes in range(entrants + 1):
        seated = entrants - byes
        choices = [
            tables
            for tables in range(1, seated // smallest + 1)
            if smallest <= seated // tables and -(-seated // tables) <= largest
        ]
        if choices:
            tables = min(choices, key=lambda t: (abs(Fraction(seated, t) - best), -t))
            small, extra = divmod(seated, tables)
            return [small + 1] * extra + [small] * (tables - extra)
    return []


class Meetings:
    """How many times each two entrants sat at the same table."""

    def __init__(self, games: Sequence[Game]) -> None:
        self._count: Counter[frozenset[int]] = Counter()
        for game in games:
            sides = list(game.points)
            for i, a in enumerate(sides):
                for b in sides[i + 1 :]:
                    self._count[frozenset((a, b))] += 1

    def __call__(self, a: int, b: int) -> int:
        return self._count[frozenset((a, b))]

    def with_all(self, entrant: int, seated: Sequence[int]) -> int:
        return sum(self(entrant, other) for other in seated)


def swiss(
    entrants: Sequence[int],
    games: Sequence[Game],
    byes: Sequence[Bye] = (),
    *,
    sizes: tuple[int, int, int] = (2, 2, 2),
    sat_out: Sequence[Bye] = (),
) -> Round:
    """The next Swiss round. `sizes` = (smallest, largest, best) table, in sides.
    `sat_out`: rounds an entrant was left over in but played anyway (against the AI, its
    game among `games`): they count as byes when choosing who is left over next, and
    score only that game."""
    order = [line.entrant for line in standings(entrants, games, byes)]
    return _round(order, games, [*byes, *sat_out], sizes)


def round_robin(
    entrants: Sequence[int],
    number: int,
    games: Sequence[Game] = (),
    byes: Sequence[Bye] = (),
    *,
    sizes: tuple[int, int, int] = (2, 2, 2),
    sat_out: Sequence[Bye] = (),
) -> Round:
    """Round `number` (from 1) of a round robin between `entrants`, in registration order
    (`sat_out` as in `swiss`)."""
    if sizes == (2, 2, 2):
        return _circle(list(entrants), number)
    shift = (number - 1) % max(1, len(entrants))
    order = [*entrants[shift:], *entrants[:shift]]
    return _round(order, games, [*byes, *sat_out], sizes)


def rounds_of_round_robin(entrants: int) -> int:
    """How many rounds a two-sided round robin takes for everyone to meet once."""
    return entrants - 1 if entrants % 2 == 0 else entrants


def _circle(entrants: list[int | None], number: int) -> Round:
    """The circle method: the first entrant stays, the others turn one step a round."""
    if len(entrants) % 2:
        entrants.append(None)  # whoever meets nobody has the bye
    n = len(entrants)
    step = (number - 1) % max(1, n - 1)
    turning = entrants[1:]
    turning = turning[-step:] + turning[:-step] if step else turning
    circle = [entrants[0], *turning]
    tables: list[Table] = []
    byes: list[int] = []
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if a is None or b is None:
            byes += [x for x in (a, b) if x is not None]
        else:
            tables.append(Table((a, b)))
    return Round(tuple(tables), tuple(byes))


def _round(
    order: list[int], games: Sequence[Game], byes: Sequence[Bye], sizes: tuple[int, int, int]
) -> Round:
    plan = table_sizes(len(order), *sizes)
    sitting_out = len(order) - sum(plan)
    met = Meetings(games)
    had = Counter(b.entrant for b in byes)
    # Bye candidates: fewest byes first, then from the bottom of the order.
    candidates = sorted(reversed(order), key=lambda e: had[e])
    if plan and all(size == 2 for size in plan):
        return _pairs(order, candidates, sitting_out, met)
    out = candidates[:sitting_out]
    seated = [e for e in order if e not in out]
    return Round(_groups(seated, plan, met), tuple(out))


def _pairs(order: list[int], candidates: list[int], sitting_out: int, met: Meetings) -> Round:
    """Pairs in `order`, as few repeated meetings as possible; with an odd count, the first
    of `candidates` for whom the others can still be paired sits out."""
    repeats = 0
    while True:
        outs: list[list[int]] = [[]] if not sitting_out else [[c] for c in candidates]
        for out in outs:
            rest = [e for e in order if e not in out]
            found = _pair(rest, met, repeats, [SEARCH_LIMIT])
            if found is not None:
                tables = tuple(Table(p) for p in found)
                return Round(tables, tuple(out))
        repeats += 1


def _pair(
    rest: list[int], met: Meetings, repeats: int, budget: list[int]
) -> list[tuple[int, int]] | None:
    """`rest` paired top down, each pair having met at most `repeats` times; None when no
    such pairing exists or the search budget ran out."""
    if not rest:
        return []
    first, others = rest[0], rest[1:]
    for i, other in enumerate(others):
        if met(first, other) > repeats:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        below = _pair(others[:i] + others[i + 1 :], met, repeats, budget)
        if below is not None:
            return [(first, other), *below]
    return None


def _groups(order: list[int], plan: list[int], met: Meetings) -> tuple[Table, ...]:
    """Tables of the sizes of `plan` filled in `order`: each table starts with the first
    entrant not yet seated, and each next seat goes to the one who met those already at
    the table least (the earlier in `order` on a tie)."""
    left = list(order)
    tables: list[Table] = []
    for size in plan:
        seated = [left.pop(0)]
        while len(seated) < size:
            pick = min(left, key=lambda e: (met.with_all(e, seated), left.index(e)))
            left.remove(pick)
            seated.append(pick)
        tables.append(Table(tuple(seated)))
    return tuple(tables)
