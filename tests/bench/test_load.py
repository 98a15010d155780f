"""`bench/load.py` counts the pictures the bot uploads from what the emulator receives: per
move, per picture and by kind, and the uploads that repeat the picture a message carried."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import aiohttp
import pytest

from emulator.drivers import Emulator
from tests.emulator.client import PNG, STOCK_DISCORD_PY, USER_AGENT, V2, Api

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """bench/ is a folder of scripts, not a package: load.py as a module, its neighbours
    importable as it imports them."""
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("tapis_load_bench", BENCH / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # dataclasses look it up by name
    spec.loader.exec_module(module)
    return module


def gallery(name: str, uploaded: bool = True) -> dict[str, object]:
    """A message showing the picture `name`: its upload in place of whatever it carried,
    as the bot writes one (unless not `uploaded`: the caller lists what it keeps)."""
    item = {"media": {"url": f"attachment://{name}"}, "description": "a picture"}
    layout = {"type": 17, "components": [{"type": 12, "items": [item]}]}
    listed = [{"id": "0", "filename": name}] if uploaded else []
    return {"flags": V2, "components": [layout], "attachments": listed}


async def test_uploads_are_counted_per_move_by_kind_and_repeats_told_apart(
    emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_bench(monkeypatch)  # load.py's neighbours are importable as it imports them
    players, report = (importlib.import_module(m) for m in ("load_players", "load_report"))
    emulator.expect_violations(*STOCK_DISCORD_PY)
    guild = emulator.create_guild("Club")
    chan = emulator.create_channel(guild, "tables")
    alice = emulator.create_user("alice", guild=guild)
    uploads = players.Uploads(emulator)
    other = PNG + b"another drawing"
    async with aiohttp.ClientSession(headers={"User-Agent": USER_AGENT}) as http:
        api = Api(emulator, http, guild, chan, alice)
        first = await api.post(gallery("table.png"), [("table.png", PNG)])
        assert first.status == 200, first.body
        table = int(first.body["id"])
        uploads.counting = True
        # Uploaded again with the same bytes: a repeat; kept by id: no upload at all.
        assert (await api.patch(table, gallery("table.png"), [("table.png", PNG)])).status == 200
        (att,) = emulator.message(table).attachments  # type: ignore[union-attr]
        kept = {**gallery("table.png", uploaded=False), "attachments": [{"id": str(att.id)}]}
        assert (await api.patch(table, kept)).status == 200
        assert (await api.patch(table, gallery("table.png"), [("table.png", other)])).status == 200
        hand = await api.post(gallery("hand.png"), [("hand.png", PNG)])
        assert hand.status == 200, hand.body

    assert (uploads.files, uploads.repeats) == (3, 1)
    assert uploads.bytes == 2 * len(PNG) + len(other)
    assert uploads.by_kind == {"table": [2, len(PNG) + len(other)], "hand": [1, len(PNG)]}
    lines = report.upload_lines(uploads, moves=2, elapsed=1.0).splitlines()
    assert "per move (2 moves): 1.50 pictures" in lines[0]
    assert "1 the same as the picture their message carried" in lines[0]
    assert lines[1].split()[:4] == ["hand", "0.50", "per", "move,"]
    assert lines[2].split()[:4] == ["table", "1.00", "per", "move,"]
