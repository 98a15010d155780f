"""Card faces as application emojis: uploaded once per design, shown on buttons and in text,
and never needed: a refusal leaves the text faces and play goes on."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

import art
from bot.render.emojis import EMOJI_HEIGHT, TEXT_FACES, CardFaces, emoji_name
from emulator.drivers import Emulator
from games import Rng
from tests.bot.harness import click_random_action, ready_to_play, running_tapis, text_of

CREATE = ("POST", "/applications/{app_id}/emojis")
TEXT_EMOJI = re.compile(r"<:tapis_[A-Za-z0-9]+_[0-9a-f]+:(\d+)>")


def uploads(emulator: Emulator, since: int = 0) -> int:
    return sum(1 for verb, route, _ in emulator.requests[since:] if (verb, route) == CREATE)


async def test_the_faces_upload_once_and_show_on_buttons_and_in_text(
    emulator: Emulator, tmp_path: Path
) -> None:
    version = art.emoji_version(EMOJI_HEIGHT)
    emulator.add_emoji(emoji_name("AS", "000000"), art.face_png("AS", EMOJI_HEIGHT))  # old design
    emulator.add_emoji("logo", art.face_png("JK", EMOJI_HEIGHT))  # not Tapis': kept
    async with running_tapis(emulator, tmp_path / "first", card_emojis=True) as tapis:
        await tapis.bot.card_emojis.wait()
        names = {e.name for e in emulator.emojis()}
        english = {emoji_name(f"{c}en", version) for c in art.localised(EMOJI_HEIGHT)}
        assert len(english) == 12  # the court cards: J, Q, K where French reads V, D, R
        assert names == {emoji_name(c, version) for c in art.ALL_CARDS} | english | {"logo"}
        assert (tapis.bot.card_emojis.uploaded, tapis.bot.card_emojis.deleted) == (85 + 12, 1)

        _table, _where, _users, user, hand = await ready_to_play(tapis)
        ids = {e.id for e in emulator.emojis()}
        cards = [b for b in hand.buttons() if str(b.get("custom_id", "")).startswith("t:")]
        cards += [o for select in hand.selects() for o in select.get("options", [])]
        assert cards and all(int(c["emoji"]["id"]) in ids for c in cards)
        assert all(c["label"] for c in cards)  # the text face stays beside the picture
        shown = {int(i) for i in TEXT_EMOJI.findall(text_of(hand))}
        assert shown and shown <= ids
        await tapis.run(await click_random_action(emulator, user, hand, Rng(2)))

    since = len(emulator.requests)
    async with running_tapis(emulator, tmp_path / "second", card_emojis=True) as tapis:
        await tapis.bot.card_emojis.wait()
        assert tapis.bot.card_emojis.faces.emoji("AS") is not None
        assert (tapis.bot.card_emojis.uploaded, tapis.bot.card_emojis.deleted) == (0, 0)
    assert uploads(emulator, since) == 0  # an unchanged set uploads nothing


@pytest.mark.parametrize("status", [403, 400, 503])
async def test_a_refused_upload_leaves_text_faces_and_play_goes_on(
    status: int, emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    emulator.emoji_failure = status  # no permission, the 2,000 limit, an outage
    caplog.set_level(logging.INFO, logger="tapis.emojis")
    async with running_tapis(emulator, tmp_path, card_emojis=True) as tapis:
        await tapis.bot.card_emojis.wait()
        assert tapis.bot.card_emojis.faces is TEXT_FACES
        said = [r for r in caplog.records if r.name == "tapis.emojis"]
        assert len(said) == 1 and said[0].levelno == logging.WARNING
        assert "cards show as text" in said[0].getMessage()

        _table, _where, _users, user, hand = await ready_to_play(tapis)
        assert not any("emoji" in b and b["emoji"].get("id") for b in hand.buttons()[:-1])
        assert "<:tapis_" not in text_of(hand)
        answer = await tapis.run(await click_random_action(emulator, user, hand, Rng(1)))
        assert answer is not None


def test_a_court_card_shows_its_readers_letters() -> None:
    """The queen of spades reads D in French and Q in English: each reader gets the emoji
    of their own face, and a card whose face is the same in both has one emoji."""
    french, english, ace = object(), object(), object()
    faces = CardFaces({"QS": french, "QSen": english, "AS": ace})  # type: ignore[dict-item]
    assert faces.emoji("QS", "fr") is french and faces.emoji("QS", "en") is english
    assert faces.emoji("AS", "en") is ace
    assert faces.action_emoji("play:QS", "en") is english
    assert faces.text("en")("QS") == f"{english} Q♠" and faces.text("fr")("QS") == f"{french} D♠"
    png = art.face_png
    assert png("QS", EMOJI_HEIGHT, "en") != png("QS", EMOJI_HEIGHT, "fr")
    assert png("AS", EMOJI_HEIGHT, "en") == png("AS", EMOJI_HEIGHT, "fr")


def test_an_action_shows_the_card_it_plays() -> None:
    emoji = TEXT_FACES.emoji("AS")
    assert emoji is None and TEXT_FACES.text("fr")("QS") == "D♠"
    faces = CardFaces({"9H": object()})  # type: ignore[dict-item]
    assert faces.action_emoji("play:9H+9D") is faces.emojis["9H"]
    assert faces.action_emoji("pass") is None and faces.action_emoji("bid:3") is None
