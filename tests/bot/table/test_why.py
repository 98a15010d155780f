"""« Pourquoi ? » through the emulator: the button is on the hand of the seat to move when a
card is forbidden, answers privately in the player's language with the engine's reasons,
and a forged or misplaced id is refused and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.render.emojis import TEXT_FACES
from bot.table.why import Explainer, answer
from emulator.drivers import Emulator
from emulator.model import Channel, Message, User
from games import Rng
from games.text import why_lines
from tests.bot.harness import (
    Tapis,
    click_random_action,
    custom_id_of,
    is_my_turn,
    running_tapis,
    text_of,
)
from tests.bot.tables import mid_deal


def why_id(hand: Message) -> str | None:
    return custom_id_of(hand, "tw:")


async def hand_with_why(
    tapis: Tapis, table_id: int, where: Channel, users: list[User]
) -> tuple[User, Message]:
    """Play random moves until the hand of the seat to move shows the button."""
    public = tapis.public_message(table_id, where)
    for u in users:
        await tapis.run(await tapis.emu.click(u, public, f"th:{table_id}"))
    pick = Rng(11)
    for _ in range(40):

        def mover() -> tuple[User, Message] | None:
            for u in users:
                hand = tapis.hand_of(u, where, table_id)
                if hand is not None and is_my_turn(hand):
                    return u, hand
            return None

        user, hand = await tapis.emu.wait_for(mover, timeout=5.0)
        if why_id(hand) is not None:
            return user, hand
        await tapis.run(await click_random_action(tapis.emu, user, hand, pick))
    raise AssertionError("no hand with a forbidden card in 40 moves")


@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_why_not_answers_privately_with_the_engines_reasons(
    locale: str, emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await tapis.seat_and_start("manille", 4, locales=[locale] * 4)
        table = tapis.bot.service.tables[table_id]
        user, hand = await hand_with_why(tapis, table_id, where, users)
        seat = table.seat_of(user.id)
        assert seat is not None and table.state is not None
        reasons = table.state.why_not(seat)
        assert reasons and why_id(hand) == f"tw:{table_id}:{table.state.version}"
        before = table.state.to_json()
        handle = await emulator.click(user, hand, why_id(hand) or "")
        answer = await tapis.run(handle)
        assert answer is not None and handle.ephemeral
        lang = "en" if locale.startswith("en") else "fr"
        text = text_of(answer)
        assert text.startswith("**Why not?**" if lang == "en" else "**Pourquoi pas ?**")
        names = [s.name for s in table.seats]
        for line in why_lines(reasons, table.rules.words, lang, names):
            assert f"- {line}" in text
        assert table.state.to_json() == before
        # The other players' hands show no such button: it is not their turn.
        for other in users:
            if other is not user:
                theirs = tapis.hand_of(other, where, table_id)
                assert theirs is None or why_id(theirs) is None


@pytest.mark.parametrize(
    "custom_id",
    [
        "tw:{table}:{version}",  # a real id, but on the public message, where it is not
        "tw:{table}:x",  # not a version
        "tw:999999:0",  # a table that does not exist
    ],
)
async def test_a_forged_why_not_is_refused_and_changes_nothing(
    custom_id: str, emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await tapis.seat_and_start("manille", 4)
        table = tapis.bot.service.tables[table_id]
        assert table.state is not None
        before = table.state.to_json()
        public = tapis.public_message(table_id, where)
        body, edits = text_of(public), public.edits
        cid = custom_id.format(table=table_id, version=table.state.version)
        handle = await emulator.click(users[1], public, cid, force=True)
        answer = await tapis.run(handle)
        assert answer is not None and handle.ephemeral
        assert "pas valide" in text_of(answer)
        assert table.state.to_json() == before
        assert (text_of(public), public.edits) == (body, edits)


class Response:
    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, *, ephemeral: bool = False) -> None:
        self.sent.append((text, ephemeral))


class Click:
    """Just what the explainer reads of an interaction: who clicked, in which language."""

    def __init__(self, user_id: int, locale: str = "fr") -> None:
        self.user = type("Clicker", (), {"id": user_id})()
        self.locale = locale
        self.response = Response()


async def test_a_stale_version_or_a_stranger_gets_a_refusal_and_no_card() -> None:
    for seed in range(30):
        table = mid_deal("manille", seed)
        state = table.state
        assert state is not None
        seat = state.to_move()[0]
        if state.why_not(seat):
            break
    else:
        raise AssertionError("no trick with a forbidden card")
    user_id = table.seats[seat].user_id
    explainer = Explainer({table.id: table}, lambda: TEXT_FACES)
    answers = {}
    for name, click, version in [
        ("stale", Click(user_id), state.version - 1),
        ("stranger", Click(987654321), state.version),
        ("seated", Click(user_id, "en-US"), state.version),
    ]:
        await explainer.why(click, table.id, version)  # type: ignore[arg-type]
        [(text, ephemeral)] = click.response.sent
        assert ephemeral
        answers[name] = text
    assert answers["stale"] == "Ce bouton n'est plus à jour : actualisez votre jeu."
    assert answers["stranger"] == "Vous n'êtes pas assis à cette table."
    assert answers["seated"].startswith("**Why not?**\n- ")
    assert answers["seated"] == answer(table, seat, "en", TEXT_FACES)
