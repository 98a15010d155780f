"""/leaderboard, /stats and /season new through the emulator."""

from __future__ import annotations

from pathlib import Path

from db import SeatResult
from emulator.drivers import Emulator
from tests.bot.harness import Tapis, running_tapis, text_of
from tests.db.util import seasons_of


async def seed_results(tapis: Tapis, players: int, game: str = "nain-jaune") -> list[int]:
    """Record three-player free-for-all results so `players` users have 3 matches each."""
    users = [10_000 + i for i in range(players)]
    table = 1000
    for round_ in range(3):
        for k in range(0, players, 3):
            group = [users[(k + j + round_) % players] for j in range(3)]
            table_id = await tapis.store.tables.create(
                guild_id=tapis.guild.id,
                channel_id=1,
                game=game,
                options={},
                seed=table,
                host_id=group[0],
            )
            table += 1
            seats = [
                SeatResult(
                    seat=j, user_id=u, is_ai=False, name=f"joueur{u}", rank=j + 1, score=30 - 10 * j
                )
                for j, u in enumerate(group)
            ]
            await tapis.store.results.record(
                table_id, guild_id=tapis.guild.id, game=game, seats=seats, teams=None
            )
    return users


async def test_leaderboard_pages_through_many_players(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        await seed_results(tapis, 57)
        reader = tapis.user("lecteur")
        handle = await emulator.slash(reader, tapis.channel, "leaderboard", {"game": "nain-jaune"})
        board = await tapis.run(handle)
        assert board is not None and not handle.ephemeral
        first = text_of(board)
        assert "Page 1/6" in first and "**1.**" in first and "**10.**" in first
        page2 = await tapis.run(await emulator.click(reader, board, "lb:nain-jaune:1:1:n"))
        assert page2 is not None
        second = text_of(emulator.message(board.id))
        assert "Page 2/6" in second and "**11.**" in second and "**1.**" not in second
        back = await emulator.click(reader, board, "lb:nain-jaune:1:0:p")
        await tapis.run(back)
        assert "Page 1/6" in text_of(emulator.message(board.id))


async def test_stats_show_a_players_record(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        player = tapis.user("joueuse")
        table_id = await tapis.store.tables.create(
            guild_id=tapis.guild.id,
            channel_id=1,
            game="manille",
            options={},
            seed=1,
            host_id=player.id,
        )
        seats = [
            SeatResult(
                seat=i,
                user_id=player.id if i == 0 else 50 + i,
                is_ai=False,
                name="x",
                rank=1 if i % 2 == 0 else 2,
                score=100 if i % 2 == 0 else 60,
            )
            for i in range(4)
        ]
        await tapis.store.results.record(
            table_id, guild_id=tapis.guild.id, game="manille", seats=seats, teams=[[0, 2], [1, 3]]
        )
        text = text_of(await tapis.run(await emulator.slash(player, tapis.channel, "stats")))
        assert "Manille (saison 1) : 1 partie, 1 victoire, 1 point, cote" in text


async def test_only_server_managers_open_a_new_season(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        member = tapis.user("membre")
        admin = tapis.user("admin", manage_guild=True)
        before = await tapis.store.seasons.current(tapis.guild.id)
        # A server override may show the command to anyone: the bot checks again itself.
        handle = await emulator.slash(member, tapis.channel, "season new", bypass_permissions=True)
        text = text_of(await tapis.run(handle))
        assert "Gérer le serveur" in text and handle.ephemeral
        assert (await tapis.store.seasons.current(tapis.guild.id)).number == before.number
        text = text_of(await tapis.run(await emulator.slash(admin, tapis.channel, "season new")))
        assert f"Saison {before.number} close" in text
        assert (await tapis.store.seasons.current(tapis.guild.id)).number == before.number + 1
        seasons = await seasons_of(tapis.store, tapis.guild.id)
        assert [s.number for s in seasons][-2:] == [before.number, before.number + 1]


async def test_unranked_players_come_after_the_ranked_without_a_place(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        await seed_results(tapis, 6)  # six players with three matches each: all ranked
        newcomer_table = await tapis.store.tables.create(
            guild_id=tapis.guild.id,
            channel_id=1,
            game="nain-jaune",
            options={},
            seed=9,
            host_id=1,
        )
        seats = [
            SeatResult(seat=j, user_id=u, is_ai=False, name=n, rank=j + 1, score=5 - j)
            for j, (u, n) in enumerate([(77, "Frank"), (78, "Gaby"), (10_000, "joueur10000")])
        ]
        await tapis.store.results.record(
            newcomer_table, guild_id=tapis.guild.id, game="nain-jaune", seats=seats, teams=None
        )
        reader = tapis.user("lecteur")
        board = await tapis.run(
            await emulator.slash(reader, tapis.channel, "leaderboard", {"game": "nain-jaune"})
        )
        assert board is not None
        lines = [line for line in text_of(board).splitlines() if "—" in line]
        frank = next(i for i, line in enumerate(lines) if "Frank" in line)
        assert lines[frank].startswith("Frank — non classé · 1 partie · 1 victoire · ")
        assert "None" not in text_of(board)
        ranked = [i for i, line in enumerate(lines) if line.startswith("**")]
        assert len(ranked) == 6 and max(ranked) < frank
