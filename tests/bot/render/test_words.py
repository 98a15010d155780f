"""The public lines are said alike under the table message and every hand: built once per
state of the table, language, names and card faces, and never older than the table."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import games
from bot.render import words
from bot.render.emojis import TEXT_FACES, CardFaces
from bot.table.model import Table
from games import Rng
from games.text import public_lines
from tests.bot.tables import mid_deal


def fresh_lines(table: Table, lang: str, faces: CardFaces = TEXT_FACES) -> list[str]:
    """The public lines worked out from scratch, on a copy of the state."""
    assert table.state is not None
    facts = table.state.copy().public_facts()
    names = words.names_of(table)
    return public_lines(facts, table.rules.words, lang, names, words.face_for(lang, faces))


def contains(body: str, lines: Sequence[str]) -> bool:
    return "\n".join(lines) in body


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The language of each building of the public lines."""
    calls: list[str] = []

    def counted(*args: object, **kwargs: object) -> list[str]:
        calls.append(str(args[2]))
        return public_lines(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(words, "public_lines", counted)
    return calls


@pytest.mark.parametrize("slug", ["manille", "bianco-mano", "nain-jaune", "bonanza"])
def test_the_table_message_and_every_hand_share_one_building_per_state(
    slug: str, built: list[str]
) -> None:
    table = mid_deal(slug)
    assert table.state is not None
    lines = fresh_lines(table, "fr")
    assert lines, "a table in play shows public facts"
    assert contains(words.table_text(table).body, lines)
    for seat in range(len(table.seats)):
        assert contains(words.hand_text(table, seat, "fr").body, lines)
    assert built == ["fr"]
    assert contains(words.hand_text(table, 0, "en").body, fresh_lines(table, "en"))
    assert built == ["fr", "en"]

    state = table.state.copy()  # the table moves on: a new state, as a move makes one
    seat = state.to_move()[0]
    state.apply(seat, Rng(1).choice(state.legal_actions(seat)).id)
    table.state = state
    assert contains(words.table_text(table).body, fresh_lines(table, "fr"))
    assert built == ["fr", "en", "fr"]


def test_a_move_on_the_same_state_object_is_said_at_once(built: list[str]) -> None:
    table = mid_deal("nain-jaune")
    state = table.state
    assert state is not None
    for _ in range(4):  # a state moved in place (a replay steps one) says each position
        assert contains(words.table_text(table).body, fresh_lines(table, "fr"))
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0].id)
    assert len(built) == 4


def test_new_names_or_new_faces_are_said_at_once(built: list[str]) -> None:
    table = mid_deal("manille")
    words.table_text(table)
    table.seats[1].name = "Zoé"  # a seat taken over by another player, same position
    assert contains(words.table_text(table).body, fresh_lines(table, "fr"))
    emojis = CardFaces({})  # another faces object: the emojis were synced meanwhile
    assert contains(words.table_text(table, emojis).body, fresh_lines(table, "fr", emojis))
    assert len(built) == 3


def test_every_game_is_said_alike_in_the_hand_and_the_table_message() -> None:
    for slug in games.slugs():
        table = mid_deal(slug)
        for lang in ("fr", "en"):
            table.lang = lang
            lines = fresh_lines(table, lang)
            assert contains(words.table_text(table).body, lines), slug
            assert contains(words.hand_text(table, 0, lang).body, lines), slug
