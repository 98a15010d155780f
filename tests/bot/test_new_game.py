"""A game the bot has never heard of plays like the others: the proof that adding a game
touches only its own package.

The toy game `plus-fort` (tests/toygame) registers itself; nothing in bot/ or db/ names it.
It is played here from the lobby to the leaderboard through the Discord emulator, and bot/
is scanned for anything that would only work for the games it was written with.
"""

from __future__ import annotations

import re
from pathlib import Path

import games
from emulator.drivers import Emulator
from emulator.model import Channel
from games import Rng
from tests.bot.harness import is_my_turn, play_until_over, running_tapis, text_of
from tests.toygame import RULES as TOY

BOT = Path(__file__).resolve().parents[2] / "bot"
# Keys every view has (the engine contract): the bot may read those.
COMMON_VIEW_KEYS = {"phase", "dealer", "hand", "hand_sizes", "scores", "events", "to_move"}
# The bot's own words that a game also happens to use as a view key: a table id (the
# custom_id field `table`) is not Bonanza's `table` of played cards; the kinds of option
# every game's model declares (games/options.py) are not Bonanza's `choice` verb.
BOT_WORDS = {"table", "bool", "int", "choice", "multi"}


async def test_the_toy_game_plays_from_the_lobby_to_the_leaderboard(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        lobbies: list[str] = []

        async def watch(where: Channel) -> None:
            lobbies.extend(
                text_of(m) for m in emulator.public_messages(where) if "Hôte" in text_of(m)
            )

        table_id, where, users = await tapis.seat_and_start(
            "plus-fort", 3, "deals=1 aces_low=oui", locales=["fr", "fr", "en-US"], on_step=watch
        )
        lobby = lobbies[-1]
        assert "Plus fort" in lobby and "De 2 à 4 joueurs" in lobby
        assert "As petits : oui" in lobby and "Donnes : 1" in lobby  # options in words
        assert "aces_low" not in lobby

        # Hands: the game's words in each reader's language, cards as faces on the buttons.
        public = tapis.public_message(table_id, where)
        for user in users:
            await tapis.run(await emulator.click(user, public, f"th:{table_id}"))
        french = tapis.hand_of(users[0], where, table_id)
        english = tapis.hand_of(users[2], where, table_id)
        assert french is not None and english is not None
        assert "Votre main" in text_of(french) and "Donne 1 sur 1" in text_of(french)
        assert "Your hand" in text_of(english) and "Deal 1 of 1" in text_of(english)
        table = tapis.bot.service.tables[table_id]
        assert table.state is not None
        mover = tapis.hand_of(users[table.state.to_move()[0]], where, table_id)
        assert mover is not None and is_my_turn(mover)
        labels = [
            c.get("label", "")
            for c in mover.iter_components()
            if str(c.get("custom_id", "")).startswith("t:")
        ]
        assert labels and all(re.fullmatch(r"[VDRA][♠♥♦♣]", label) for label in labels), labels

        actions = await play_until_over(tapis, table_id, where, users, Rng(5))
        assert actions == 12  # one deal of four tricks at three players
        final = await emulator.wait_for_message(
            where, lambda m: "Classement final" in text_of(m), timeout=5.0
        )
        text = text_of(final)
        assert re.search(r"1\. .+ — \d+ plis?", text), text
        assert "remporte le pli" in text and "{" not in text

        page = await tapis.store.leaderboard(tapis.guild.id, game="plus-fort")
        assert page.total == 3
        handle = await emulator.slash(users[0], tapis.channel, "rules", {"game": "plus-fort"})
        rules = await tapis.run(handle)
        assert rules is not None and "Plus fort" in text_of(rules)
        assert TOY.words.summary.fr[:40] in text_of(rules)


def bot_sources() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in sorted(BOT.rglob("*.py"))}


def game_specific_keys(slug: str) -> set[str]:
    """The view keys and action verbs a game has beyond the shared contract."""
    rules = games.get(slug)
    players = rules.quick_players or rules.min_players
    state = rules.new(players=players, seed=11, options=rules.quick_options)
    pick = Rng(11)
    keys: set[str] = set()
    for _ in range(60):
        if state.is_over():
            break
        for seat in [None, *range(players)]:
            keys |= set(state.view(seat))
        seat = pick.choice(state.to_move())
        legal = state.legal_actions(seat)
        keys |= {a.verb for a in legal}
        state.apply(seat, pick.choice(legal).id)
    return keys - COMMON_VIEW_KEYS


def test_the_bot_names_no_game_and_reads_no_game_specific_key() -> None:
    """No slug anywhere in bot/, and no game's own view key or action verb as a string in
    its code (the catalog holds the bot's sentences and command names, not code)."""
    sources = bot_sources()
    assert sources, "bot/ not found"
    code = {path: text for path, text in sources.items() if path.name != "catalog.py"}
    for slug in games.slugs():
        for path, text in sources.items():
            assert slug not in text, f"{path.name} names the game {slug!r}"
        for key in sorted(game_specific_keys(slug) - BOT_WORDS):
            quoted = re.compile(rf"""["']{re.escape(key)}["']""")
            for path, text in code.items():
                assert not quoted.search(text), f"{path.name} reads {slug}'s key {key!r}"
