"""Seeded tables in mid-deal, without Discord: what the picture tests and the screens draw."""

from __future__ import annotations

import games
from bot.table.model import Seat, Table
from games import Rng

NAMES = ("Camille", "Bastien", "Inès", "Théo", "Lucie", "Marco", "Nour", "Paul", "Zoé")
# Moves played from the deal for a picture with something on the felt: a trick under
# way, a discard pile, a run and full boxes, an auction of the dead hand. Chosen by looking.
MOVES = {"manille": 11, "bianco-mano": 9, "blanche-neige": 25, "nain-jaune": 4, "bonanza": 17}


def mid_deal(slug: str, seed: int = 3, moves: int | None = None, *, lang: str = "fr") -> Table:
    """A table of `slug` (its quick size and options) after `moves` seeded random moves."""
    rules = games.get(slug)
    players = rules.quick_players or rules.min_players
    state = rules.new(players=players, seed=seed, options=rules.quick_options)
    pick = Rng(seed)
    for _ in range(MOVES.get(slug, 8) if moves is None else moves):
        if state.is_over():
            break
        seat = pick.choice(state.to_move())
        state.apply(seat, pick.choice(state.legal_actions(seat)).id)
    table = Table(
        id=100 + games.slugs().index(slug) if slug in games.slugs() else 99,
        guild_id=1,
        channel_id=1,
        thread_id=None,
        game=slug,
        options={},
        seed=seed,
        host_id=1000,
        status="playing",
        lang=lang,
    )
    table.seats = [Seat(user_id=1000 + i, name=NAMES[i]) for i in range(players)]
    table.state = state
    return table
