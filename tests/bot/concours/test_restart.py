"""`python -m bot` as a real process runs an 8-pair Swiss Manille concours of 3 rounds with
duplicate deals to its podium, through a SIGKILL in the middle of round 2.

Sixteen players register as pairs through the buttons (invitation, acceptance), the
organiser starts; the players then let the turn timer hand their seats to the AI
(autopilot), which plays every table to its end. During round 2, once moves are stored, the
bot is killed with SIGKILL and started again. Afterwards, from storage: every round is the
Swiss pairing of the stored results before it, the standings are those results' standings
and each entrant's total is what the game tables themselves say, no two pairs met twice,
no table was opened twice, and every table of a round was dealt the same cards.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import ConcoursStatus, Store
from emulator.drivers import Emulator
from emulator.model import Channel, Message, User
from tests.bot.test_restart import all_messages, bot_processes

from .helpers import meetings, oracle
from .test_runner import first_hands, side_scores

PAIRS = 8
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


def concours_message(emulator: Emulator, channel: Channel) -> Message | None:
    for msg in emulator.public_messages(channel):
        if msg.text_displays() and "Concours de" in msg.text_displays()[0]:
            return msg
    return None


async def register_pair(
    emulator: Emulator, channel: Channel, cid: int, who: User, partner: User
) -> None:
    msg = concours_message(emulator, channel)
    assert msg is not None
    picker = await (await emulator.click(who, msg, f"cc:{cid}:invite")).wait_final(10.0)
    assert picker is not None
    picked = await emulator.select(who, picker, f"cs:{cid}:mate", [str(partner.id)])
    await picked.wait_final(10.0)
    invitation: Message = await emulator.wait_for(
        lambda: next(
            (m for m in emulator.public_messages(channel) if f"<@{partner.id}>" in m.content),
            None,
        ),
        timeout=10.0,
    )
    accept = next(
        str(c["custom_id"])
        for c in invitation.iter_components()
        if str(c.get("custom_id", "")).startswith(f"cc:{cid}:accept:")
    )
    await (await emulator.click(partner, invitation, accept)).wait_final(10.0)


def concours_row(db: Path) -> tuple[str, int] | None:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT status, round FROM concours").fetchone()


def moves_in_round(db: Path, round_: int) -> int:
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT count(*) FROM moves JOIN concours_tables ct ON ct.table_id = moves.table_id"
            " WHERE ct.round = ?",
            (round_,),
        ).fetchone()
    return int(row[0])


async def test_a_swiss_concours_survives_sigkill_in_round_two(
    emulator: Emulator, tmp_path: Path
) -> None:
    guild = emulator.create_guild("Le Tapis Vert")
    channel = emulator.create_channel(guild, "tables")
    organiser = emulator.create_user("orga", guild=guild, manage_guild=True)
    players = [emulator.create_user(f"joueur{i}", guild=guild) for i in range(2 * PAIRS)]
    db = tmp_path / "t.db"
    async with bot_processes(emulator, tmp_path) as bots:
        bots.env.update(AI_DELAY="0", CARD_EMOJIS="false", PICTURE_WORKERS="0", AI_WORKERS="1")
        await bots.start()
        await bots.wait_connected(emulator, identifies=1)
        await emulator.wait_commands("concours")
        options = {"game": "manille", "nom": "Saint-Jean", "parties": 3, "minuteur": 1}
        options["donnes_identiques"] = True
        created = await (
            await emulator.slash(organiser, channel, "concours creer", options)
        ).wait_final(10.0)
        assert created is not None and "Concours ouvert" in created.content
        msg = await emulator.wait_for(lambda: concours_message(emulator, channel))
        cid = int(
            next(c for c in msg.iter_components() if c.get("custom_id"))["custom_id"].split(":")[1]
        )
        for n in range(PAIRS):
            await register_pair(emulator, channel, cid, players[2 * n], players[2 * n + 1])
        msg = concours_message(emulator, channel)
        assert msg is not None
        await (await emulator.click(organiser, msg, f"cc:{cid}:start")).wait_final(10.0)

        await emulator.wait_for(
            lambda: concours_row(db) == ("running", 2) and moves_in_round(db, 2) >= 8,
            timeout=240.0,
        )
        await bots.kill()
        await bots.start()
        await bots.wait_connected(emulator, identifies=2)
        await emulator.wait_for(lambda: concours_row(db) == ("finished", 3), timeout=240.0)
        assert "resumed 1 running concours" in bots.logs[1].read_text()
        await emulator.wait_for(
            lambda: any(
                "remporte le concours" in m.text() for m in all_messages(emulator, channel)
            ),
            timeout=30.0,
        )

    async with await Store.open(f"sqlite+aiosqlite:///{db}", migrate=False) as store:
        concours = await store.concours.get(cid)
        assert concours is not None and concours.status is ConcoursStatus.FINISHED
        assert len(concours.entrants) == PAIRS and all(e.active for e in concours.entrants)
        assert [len([t for t in concours.tables if t.round == r]) for r in (1, 2, 3)] == [4] * 3
        ids = [t.table_id for t in concours.tables]
        assert None not in ids and len(set(ids)) == 12
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT count(*) FROM game_tables").fetchone()[0] == 12
            assert conn.execute("SELECT count(*) FROM matches").fetchone()[0] == 12
        assert max(meetings(concours).values()) == 1
        lines = oracle(concours)  # each round is the Swiss pairing of the results before it
        scored = await side_scores(store, concours)
        assert {line.entrant: line.points for line in lines} == scored
        for r in (1, 2, 3):
            hands = [
                await first_hands(store, t.table_id)
                for t in concours.tables
                if t.round == r and t.table_id is not None
            ]
            assert all(h == hands[0] for h in hands), f"round {r}: deals differ"
    threads = emulator.threads(channel)
    assert len(threads) == 12  # each table posted once, the restart reposted none
