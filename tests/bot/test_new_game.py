"""A game the bot has never heard of plays like the others: the proof that adding a game
touches only its own package.

The toy game `plus-fort` (tests/toygame) registers itself; nothing in bot/ or db/ names it.
It is played here from the lobby to the leaderboard through the Discord emulator, and bot/
and art/ are scanned for anything that would only work for the games they were written with:
they draw and say what each game declares (its words, facts and `Rules.faces`).
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
ART = BOT.parent / "art"
# Data, not code paths: the bot's sentences and command names; art's sample pictures, named
# after the games they imitate.
DATA_FILES = {"catalog.py", "demo.py"}
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

        page = await tapis.store.leaderboard.page(tapis.guild.id, game="plus-fort")
        assert page.total == 3
        handle = await emulator.slash(users[0], tapis.channel, "rules", {"game": "plus-fort"})
        rules = await tapis.run(handle)
        assert rules is not None and "Plus fort" in text_of(rules)
        assert TOY.words.summary.fr[:40] in text_of(rules)


def sources(root: Path) -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in sorted(root.rglob("*.py"))}


def bot_sources() -> dict[Path, str]:
    return sources(BOT)


def game_specific_names(rules: games.Rules) -> list[re.Pattern[str]]:
    """What only code written for this game would contain: an import from its package, a
    name made of its slug (`bianco_mano`, `BIANCO_MANO_CARDS`) or of its initials
    (`BM_FAMILIES`)."""
    package = type(rules).__module__
    head, _, last = package.rpartition(".")
    words = rules.slug.split("-")
    name = "_".join(words)
    patterns = [
        re.compile(rf"^\s*(from|import)\s+{re.escape(package)}\b", re.M),
        re.compile(rf"^\s*from\s+{re.escape(head)}\s+import\s+[^\n]*\b{last}\b", re.M),
        re.compile(rf"\w*({name}|{name.upper()})\w*"),
    ]
    if len(words) > 1:
        initials = "".join(w[0] for w in words).upper()
        patterns.append(re.compile(rf"\b_?{initials}_\w+"))
    return patterns


def test_the_scan_sees_a_game_specific_import_or_name() -> None:
    """The scan below would catch what it is for (else it proves nothing)."""
    caught = [
        "from art.cards import BM_FAMILIES, SUITS",
        "from games.blanche_neige.rules import ALL_ROLES",
        "    import games.bianco_mano",
        "from games import manille",
        "if is_bianco_mano(card):",
        "from tests.toygame import RULES",
    ]
    patterns = [p for rules in games.all() for p in game_specific_names(rules)]
    for line in caught:
        assert any(p.search(line) for p in patterns), line
    for line in ("from games.faces import Deck", "FAMILY_MARKS", 'title="Manille · donne 3"'):
        assert not any(p.search(line) for p in patterns), line


def test_bot_and_art_import_and_name_nothing_of_one_game() -> None:
    """No import from a game's package and no name made for one game in bot/ or art/; no
    slug in art/ either, but as the id of an identity card a game declares (art keys its
    colours and emblems by those)."""
    code = {
        path: text
        for root in (BOT, ART)
        for path, text in sources(root).items()
        if path.name not in DATA_FILES
    }
    assert any(path.parent == ART for path in code), "art/ not found"
    declared = {i.slug for rules in games.all() for i in rules.faces.identities}
    for rules in games.all():
        for pattern in game_specific_names(rules):
            for path, text in code.items():
                found = pattern.search(text)
                assert not found, f"{path.name} names {rules.slug}'s {found.group(0)!r}"
        for path, text in code.items():
            if path.parent == ART:
                for slug in declared:
                    text = text.replace(f'"{slug}"', "")
                assert rules.slug not in text, f"{path.name} names the game {rules.slug!r}"


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
