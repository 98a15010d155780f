"""`make demo` must keep working: one short match, printed down to its final ranking."""

from __future__ import annotations

import io

import pytest

from emulator.drivers import Emulator
from tests.bot.demo import PublicPrinter, main


@pytest.mark.slow
async def test_demo_plays_a_match_to_its_final_ranking() -> None:
    out = io.StringIO()
    code = await main(["manille"], out=out, colour=False, pace=0)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "═══ Manille" in text
    assert "[Rejoindre]" in text  # the lobby was shown before the match
    assert "Partie terminée" in text and "Classement final" in text
    assert "<@" not in text  # mentions read as names, as a Discord client shows them
    assert "Démo terminée" in text and "1/1 parties" in text


def test_markdown_and_mentions_read_as_plain_text() -> None:
    emu = Emulator()  # not started: only its world is read
    alice = emu.create_user("alice", global_name="Alice")
    printer = PublicPrinter(emu, io.StringIO(), colour=False)
    assert printer.inline(f"**Partie terminée !** __Classement__ *vite* <@{alice.id}>") == (
        "Partie terminée ! Classement vite @Alice"
    )
