"""The lobby's "Options" button: the host's modal, built from the game's options model,
its answers checked, stored, then shown in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import games
from bot.table.lobby import fields, pages
from bot.table.model import TABLE_KEY
from emulator.drivers import Emulator
from emulator.handles import InteractionHandle
from emulator.model import Message, User
from tests.bot.harness import Tapis, modals_kept, running_tapis, text_of

LABEL, RADIO, CHECKBOXES, CHECKBOX, TEXT = 18, 21, 22, 23, 4


async def open_options(
    tapis: Tapis, user: User, lobby: Message, table_id: int, page: int = 0
) -> InteractionHandle:
    handle = await tapis.emu.click(user, lobby, f"to:{table_id}:{page}")
    await handle.wait_response()
    return handle


def inputs(modal: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The modal's inputs by custom_id, with their label's text beside."""
    found = {}
    for comp in modal["components"]:
        assert comp["type"] == LABEL
        found[comp["component"]["custom_id"]] = comp["component"] | {"_label": comp["label"]}
    return found


async def test_the_host_sets_options_in_a_modal_and_the_lobby_says_them_in_words(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte", locale="fr")
        table_id, _where, lobby = await tapis.open_table(host, "manille")
        assert "Objectif : 100 points" in text_of(lobby)  # every option, defaults included
        handle = await open_options(tapis, host, lobby, table_id)
        modal = handle.modal
        assert modal is not None and modal["title"] == "Options — Manille"
        found = inputs(modal)
        assert found["target"]["type"] == RADIO and found["target"]["_label"] == "Objectif"
        assert [o["label"] for o in found["target"]["options"]] == ["100 points", "200 points"]
        flags = found["flags0"]
        assert flags["type"] == CHECKBOXES and flags["_label"] == "Règles en plus"
        assert {o["value"] for o in flags["options"]} == {"above_30", "shuffle_each_deal"}
        assert found["timer"]["type"] == TEXT and found["timer"]["value"] == "90"
        # No modal kept in memory: the submit is routed by its custom_id, restart or not.
        assert modals_kept(tapis.bot) == 0

        before = emulator.message(lobby.id)
        assert before is not None
        edits = before.edits
        submit = await emulator.submit_modal(
            handle, {"target": "200", "flags0": ["above_30"], "timer": "30"}
        )
        await submit.wait_response()
        shown = text_of(emulator.message(lobby.id))  # type: ignore[arg-type]
        assert emulator.message(lobby.id).edits == edits + 1  # type: ignore[union-attr]
        assert "Objectif : 200 points" in shown
        assert "Points au-delà de 30 : oui" in shown and "Battre à chaque donne : non" in shown
        assert "Minuteur : 30 s" in shown
        assert "target" not in shown and "above_30" not in shown and "=" not in shown

        record = await tapis.store.tables.get(table_id)
        assert record is not None
        assert record.options["target"] == 200 and record.options["above_30"] is True
        assert record.options[TABLE_KEY]["timer"] == 30
        table = tapis.bot.service.tables[table_id]
        assert table.options == {"target": 200, "above_30": True} and table.timer == 30

        # Opened again, the modal shows the table's options as they are now.
        again = inputs((await open_options(tapis, host, lobby, table_id)).modal or {})
        assert [o["value"] for o in again["target"]["options"] if o.get("default")] == ["200"]
        assert [o["value"] for o in again["flags0"]["options"] if o.get("default")] == ["above_30"]
        assert again["timer"]["value"] == "30"


async def test_only_the_host_opens_the_options_and_the_modal_speaks_their_language(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("host", locale="en-US")
        tapis.guild.locale = "en-US"
        await tapis.store.guilds.set_lang(tapis.guild.id, "fr")  # a French table
        table_id, _where, lobby = await tapis.open_table(host, "manille")
        guest = tapis.user("invité", locale="fr")
        refused = await emulator.click(guest, lobby, f"to:{table_id}:0")
        answer = await tapis.run(refused)
        assert refused.modal is None and refused.ephemeral
        assert answer is not None and "Seul l'hôte de la table" in text_of(answer)
        handle = await open_options(tapis, host, lobby, table_id)
        assert handle.modal is not None and inputs(handle.modal)["target"]["_label"] == "Target"


@pytest.mark.parametrize(
    ("values", "locale", "expected"),
    [
        ({"timer": "99999"}, "fr", "Minuteur : un nombre de 0 à 3\u202f600."),
        ({"timer": "vite"}, "en-US", "Timer: a number from 0 to 3,600."),
        ({"target": "150"}, "fr", "Objectif : 100 points ou 200 points."),
        ({"target": ["100", "200"]}, "en-US", "Target: 100 points or 200 points."),
        ({"flags0": ["above_30", "deck"]}, "fr", "Option inconnue."),
    ],
)
async def test_a_forged_submit_is_refused_in_the_clickers_words_and_changes_nothing(
    values: dict[str, Any], locale: str, expected: str, emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte", locale=locale)
        table_id, _where, lobby = await tapis.open_table(host, "manille")
        handle = await open_options(tapis, host, lobby, table_id)
        edits = emulator.message(lobby.id).edits  # type: ignore[union-attr]
        answer = await tapis.run(await emulator.submit_modal(handle, values, force=True))
        assert answer is not None and answer.ephemeral and expected in text_of(answer)
        assert emulator.message(lobby.id).edits == edits  # type: ignore[union-attr]
        table = tapis.bot.service.tables[table_id]
        assert table.options == {} and table.timer == 90
        record = await tapis.store.tables.get(table_id)
        assert record is not None and set(record.options) == {TABLE_KEY}


async def test_variant_characters_are_set_in_the_modal_and_the_rules_between_them_hold(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte", locale="fr")
        table_id, _where, lobby = await tapis.open_table(host, "blanche-neige")
        handle = await open_options(tapis, host, lobby, table_id)
        found = inputs(handle.modal or {})
        assert found["variant_roles"]["type"] == CHECKBOXES
        assert found["miroir_a_la_volee"]["type"] == CHECKBOX  # a lone yes/no option
        assert len(handle.modal["components"]) == 4  # type: ignore[index]

        lonely = {"variant_roles": ["prof"], "variant_mode": "replace"}
        answer = await tapis.run(await emulator.submit_modal(handle, lonely))
        assert answer is not None and "Il faut au moins deux identités" in text_of(answer)
        assert tapis.bot.service.tables[table_id].options == {}

        handle = await open_options(tapis, host, lobby, table_id)
        two = {"variant_roles": ["joyeux", "prof"], "variant_mode": "replace"}
        await (await emulator.submit_modal(handle, two)).wait_response()
        shown = text_of(emulator.message(lobby.id))  # type: ignore[arg-type]
        assert "Personnages en variante : Prof, Joyeux" in shown
        assert "Identités distribuées : les variantes seulement" in shown


async def test_a_game_with_more_inputs_than_a_modal_holds_gets_a_button_per_page(
    emulator: Emulator, tmp_path: Path
) -> None:
    assert len(fields("bonanza")) == 6 and [len(p) for p in pages("bonanza")] == [5, 1]
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte", locale="fr")
        table_id, _where, lobby = await tapis.open_table(host, "bonanza")
        labels = [c.get("label") for c in lobby.iter_components()]
        assert "Options 1/2" in labels and "Options 2/2" in labels
        handle = await open_options(tapis, host, lobby, table_id, page=1)
        assert handle.modal is not None and handle.modal["title"] == "Options — Bonanza (2/2)"
        assert list(inputs(handle.modal)) == ["timer"]
        await (await emulator.submit_modal(handle, {"timer": "0"})).wait_response()
        assert "Minuteur : aucun" in text_of(emulator.message(lobby.id))  # type: ignore[arg-type]


async def test_options_sent_after_the_start_change_nothing(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte", locale="fr")
        table_id, _where, lobby = await tapis.open_table(host, "nain-jaune")
        handle = await open_options(tapis, host, lobby, table_id)
        await tapis.run(await emulator.click(host, lobby, f"tl:{table_id}:ai_facile"))
        await tapis.run(await emulator.click(host, lobby, f"tl:{table_id}:start"))
        answer = await tapis.run(await emulator.submit_modal(handle, {"deals": "3"}))
        assert answer is not None and "La partie a déjà commencé" in text_of(answer)
        assert "deals" not in tapis.bot.service.tables[table_id].options


@pytest.mark.parametrize("slug", games.slugs())
def test_every_game_fits_its_options_in_modals(slug: str) -> None:
    for page in pages(slug):
        assert 1 <= len(page) <= 5
    names = [i.name for f in fields(slug) for i in f.infos]
    assert names[-1] == "timer" and len(names) == len(set(names))
