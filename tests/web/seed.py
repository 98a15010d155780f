"""A small server history made the way the bot makes it: real engines, the Store's own API.

Each match is played to its end by seeded random legal moves, move by move through
`store.moves.append` with its snapshot, then recorded with `store.results.record`:
exactly the rows the bot writes. `build` returns what the tests need to find things again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import games
from db import SeatInfo, SeatResult, Store
from games import Rng
from tests.toygame import RULES as TOY

GUILD = 2**62 + 4_242  # Discord-sized, beyond 2**53
OTHER_GUILD = GUILD + 1
CHANNEL = 2**61 + 17
HOST = 2**60 + 3

XSS = "<script>alert(1)</script>"
RTL = "שלום \u202eevil"  # Hebrew, then a right-to-left override


def uid(n: int) -> int:
    return 2**58 + n


NAMES = {uid(1): "Alice", uid(2): XSS, uid(3): RTL, uid(4): "Dominique", uid(5): "Émile"}


@dataclass
class Seeded:
    url: str
    matches: dict[str, int] = field(default_factory=dict)  # label -> match id
    other_guild_match: int = 0
    unfinished_table: int = 0


async def play(
    store: Store,
    game: str,
    users: list[int | None],
    seed: int,
    *,
    guild: int = GUILD,
    finish: bool = True,
    practice: bool = False,
) -> int:
    """Play a match of `game` with seeded random moves; returns its table id."""
    rules = games.get(game)
    options = dict(rules.quick_options)
    table_id = await store.tables.create(
        guild_id=guild,
        channel_id=CHANNEL,
        game=game,
        # The bot keeps its own table settings beside the game options: replays drop them.
        options={**options, "__table__": {"lang": "fr", "timer": 90, "practice": practice}},
        seed=seed,
        host_id=HOST,
    )
    names = [NAMES.get(u, f"Robot {i}") if u else f"Robot {i}" for i, u in enumerate(users)]
    await store.tables.set_seats(
        table_id,
        [
            SeatInfo(i, u, u is None, "facile" if u is None else None, names[i])
            for i, u in enumerate(users)
        ],
    )
    state = rules.new(players=len(users), seed=seed, options=options)
    await store.tables.start(table_id, state.to_json())
    rng = Rng(seed * 7 + 1)
    seq = 0
    while not state.is_over() and (finish or seq < 6):
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat)).id
        state.apply(seat, action)
        seq += 1
        await store.moves.append(table_id, seq, seat, action, state.to_json())
    if not finish:
        return table_id
    out = state.outcome()
    await store.results.record(
        table_id,
        guild_id=guild,
        game=game,
        seats=[
            SeatResult(i, u, u is None, names[i], out.ranks[i], out.scores[i])
            for i, u in enumerate(users)
        ],
        teams=out.team_lists(),
        practice=practice,
    )
    return table_id


async def build(url: str) -> Seeded:
    seeded = Seeded(url)
    store = await Store.open(url)
    try:
        script: list[tuple[str, str, list[int | None], int]] = [
            ("manille", "manille", [uid(1), uid(2), uid(3), uid(4)], 11),
            ("bianco", "bianco-mano", [uid(1), uid(2), uid(3)], 12),
            ("blanche", "blanche-neige", [uid(1), uid(3), None], 13),
            ("nain", "nain-jaune", [uid(2), uid(1), uid(4)], 14),
            ("bonanza", "bonanza", [uid(3), uid(1), uid(2)], 15),
            ("manille2", "manille", [uid(4), uid(1), uid(2), uid(3)], 16),
            ("manille3", "manille", [uid(1), uid(3), uid(2), uid(4)], 17),
            # The tests' own game (tests/toygame): the web must show it without knowing it.
            ("toy", TOY.slug, [uid(2), uid(1), uid(4)], 19),
        ]
        for label, game, users, seed in script:
            await play(store, game, users, seed)
            seeded.matches[label] = (await store.history.recent(GUILD, limit=1))[0].id
        # A recorded match whose move log stops before the end (say, an engine changed its
        # rules since): its page must show the result but never a card.
        broken = await play(store, "manille", [uid(1), uid(2), uid(3), uid(4)], 18, finish=False)
        await store.results.record(
            broken,
            guild_id=GUILD,
            game="manille",
            seats=[
                SeatResult(i, uid(i + 1), False, NAMES[uid(i + 1)], 1 + i % 2) for i in range(4)
            ],
            teams=[[0, 2], [1, 3]],
        )
        seeded.matches["broken"] = (await store.history.recent(GUILD, limit=1))[0].id
        await store.seasons.new(GUILD)
        for label, game, users, seed in [
            ("s2-manille", "manille", [uid(2), uid(1), uid(4), uid(5)], 21),
            ("s2-nain", "nain-jaune", [uid(1), uid(5)], 22),
        ]:
            await play(store, game, users, seed)
            seeded.matches[label] = (await store.history.recent(GUILD, limit=1))[0].id
        # A practice match: kept for its replay, counted on no board.
        await play(store, "manille", [uid(5), None, None, None], 23, practice=True)
        seeded.matches["practice"] = (await store.history.recent(GUILD, limit=1))[0].id
        await play(store, "manille", [uid(1), uid(2), uid(3), uid(4)], 31, guild=OTHER_GUILD)
        seeded.other_guild_match = (await store.history.recent(OTHER_GUILD, limit=1))[0].id
        seeded.unfinished_table = await play(
            store, "manille", [uid(1), uid(2), uid(3), uid(4)], 41, finish=False
        )
    finally:
        await store.close()
    return seeded
