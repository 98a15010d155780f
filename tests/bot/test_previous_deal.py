"""A new deal shows nothing of the previous deal's play: the last trick goes with its deal.

Bianco Mano and Manille show the last trick beside the trick under way. From the deal that
starts the next deal until its first trick is complete, none of the places that show a
table (the table message's words, its picture, the web replay, the terminal player's lines)
shows a last trick; once the first trick of the new deal is taken, all of them show it.
"""

from __future__ import annotations

import pytest

import games
from bot.render import words
from bot.render.scenes import describe, table_scene
from bot.table.model import Seat, Table
from games import GameState, Rng
from games.testing import random_moves
from games.text import public_lines
from web import replay
from web import words as web_words

NAMES = ("Camille", "Bastien", "Inès", "Théo", "Lucie")
LAST = "last_trick"


def seeded_match(slug: str, seed: int) -> tuple[int, list[tuple[int, str]]]:
    rules = games.get(slug)
    players = rules.quick_players or rules.min_players
    state = rules.new(players=players, seed=seed, options=rules.quick_options)
    return players, [(m.seat, m.action) for m in random_moves(state, Rng(seed))]


def table_of(slug: str, state: GameState, lang: str) -> Table:
    table = Table(
        id=7, guild_id=1, channel_id=1, thread_id=None, game=slug, options={}, seed=0,
        host_id=1000, status="playing", lang=lang,
    )  # fmt: skip
    table.seats = [Seat(user_id=1000 + i, name=NAMES[i]) for i in range(state.players)]
    table.state = state
    return table


def shown_everywhere(
    slug: str, players: int, seed: int, moves: list[tuple[int, str]], step: int, lang: str
) -> dict[str, bool]:
    """Whether each display shows the last trick after `step` moves."""
    rules = games.get(slug)
    label = rules.words.label(LAST, lang)
    state = rules.replay(players, seed, rules.quick_options, moves[:step])
    table = table_of(slug, state, lang)
    text = words.table_text(table)
    scene = table_scene(table)
    assert scene is not None
    frame = replay.frame(slug, players, seed, rules.quick_options, moves, step)
    page = web_words.table(rules.words, frame.facts, NAMES[:players], lang)
    lines = public_lines(state.public_facts(), rules.words, lang, NAMES[:players])
    return {
        "message": label in text.body,
        "picture": any(z.label == label for z in scene.zones),
        "picture words": label in describe(scene, lang),
        "web replay": any(z.key == LAST for z in page.zones),
        "terminal": any(line.startswith(label) for line in lines),
    }


@pytest.mark.parametrize("slug", ["bianco-mano", "manille"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_last_trick_leaves_with_its_deal_everywhere(slug: str, lang: str) -> None:
    rules = games.get(slug)
    seed = 5
    players, moves = seeded_match(slug, seed)
    state = rules.new(players=players, seed=seed, options=rules.quick_options)
    new_deal = first_trick = None
    for step, (seat, action) in enumerate(moves, start=1):
        events = state.apply(seat, action)
        if new_deal is None and any(e["type"] == replay.DEAL_EVENT for e in events):
            new_deal = step
        elif new_deal is not None and any(e["type"] == "trick_won" for e in events):
            first_trick = step
            break
    assert new_deal is not None and first_trick is not None, "no second deal was played"
    # Every step of the new deal before its first trick is taken: bidding, the first trick.
    for step in range(new_deal, first_trick):
        shown = shown_everywhere(slug, players, seed, moves, step, lang)
        assert not any(shown.values()), (step, shown)
    shown = shown_everywhere(slug, players, seed, moves, first_trick, lang)
    assert all(shown.values()), shown
