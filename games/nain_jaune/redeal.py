"""Random redeal of hidden cards under what the table knows about each hand.

A determinized state must stay a state the engine could really be in: a seat known to lack
a rank (it passed on it) must not be dealt one, and a seat known to hold some rank (it was
asked to choose among several, or stopped while holding it) must get it. The problem is
solved on rank counts: a random greedy deal, then augmenting paths (a tiny max-flow) for the
cards greedy could not place, then the actual suits are shuffled into the counts.
"""

from __future__ import annotations

from collections import deque

from ..rng import Rng
from .options import RANK_IX

N_RANKS = 13


def redeal(
    pool: list[str],
    sizes: list[int],
    allowed: list[int],
    mins: list[list[int]],
    rng: Rng,
) -> list[list[str]]:
    """Split `pool` into parts of `sizes`: part j only holds ranks in the bit mask
    `allowed[j]` and at least `mins[j][r]` cards of rank r. Raises ValueError if impossible."""
    n = len(sizes)
    by_rank: list[list[str]] = [[] for _ in range(N_RANKS)]
    for c in pool:
        by_rank[RANK_IX[c]].append(c)
    supply = [len(cs) for cs in by_rank]
    count = [[0] * N_RANKS for _ in range(n)]
    cap = list(sizes)
    for j in range(n):
        for r, m in enumerate(mins[j]):
            if m:
                count[j][r] += m
                supply[r] -= m
                cap[j] -= m
    if min(supply) < 0 or min(cap) < 0 or sum(cap) != sum(supply):
        raise ValueError("inconsistent redeal constraints")

    order = [r for r in range(N_RANKS) for _ in range(supply[r])]
    rng.shuffle(order)
    left: list[int] = []
    for r in order:
        bit = 1 << r
        total = 0
        for j in range(n):
            if cap[j] and allowed[j] & bit:
                total += cap[j]
        if not total:
            left.append(r)
            continue
        pick = rng.below(total)
        for j in range(n):
            if cap[j] and allowed[j] & bit:
                if pick < cap[j]:
                    break
                pick -= cap[j]
        count[j][r] += 1
        cap[j] -= 1
    for r in left:
        _augment(r, count, cap, allowed, mins)

    parts: list[list[str]] = [[] for _ in range(n)]
    for r, cards in enumerate(by_rank):
        rng.shuffle(cards)
        pos = 0
        for j in range(n):
            k = count[j][r]
            parts[j].extend(cards[pos : pos + k])
            pos += k
    return parts


def _augment(
    r: int, count: list[list[int]], cap: list[int], allowed: list[int], mins: list[list[int]]
) -> None:
    """Place one card of rank r, moving other cards from part to part if needed (BFS).

    A card a part must hold (its minimum) never moves out of it."""
    n = len(cap)
    carried: list[int | None] = [None] * n  # rank that would move into part j
    prev: list[int | None] = [None] * n
    queue: deque[int] = deque()
    for j in range(n):
        if allowed[j] >> r & 1:
            carried[j] = r
            queue.append(j)
    while queue:
        j = queue.popleft()
        if cap[j]:
            rank = carried[j]
            assert rank is not None
            count[j][rank] += 1
            cap[j] -= 1
            p = prev[j]
            while p is not None:
                moved = carried[j]
                assert moved is not None
                count[p][moved] -= 1
                count[p][carried[p]] += 1  # type: ignore[index]
                j, p = p, prev[p]
            return
        for q in range(N_RANKS):
            if count[j][q] > mins[j][q]:
                for k in range(n):
                    if carried[k] is None and allowed[k] >> q & 1:
                        carried[k] = q
                        prev[k] = j
                        queue.append(k)
    raise ValueError("no redeal satisfies the constraints")
