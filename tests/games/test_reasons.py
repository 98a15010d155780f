"""« Pourquoi ? » in every game: a reason for exactly the cards no legal move plays, only
cards the seat may see in it, and words for each in both languages (games/reasons.py)."""

from __future__ import annotations

from collections import Counter

import pytest

import games
from games import Rng
from games.lang import LANGS
from games.reasons import Reason
from games.testing import random_moves
from games.text import why_lines
from games.words import COMMON_REFUSALS, T, Words

from .test_contract import NAMES, all_cards, assert_clean, card_ids

SLUGS = games.slugs()


def check_reasons(state: games.GameState, salt: int) -> Counter[str]:
    """Every property of `why_not` at this position, for every seat; the codes seen."""
    words = state.rules.words
    deck = set(all_cards(state))
    seen: Counter[str] = Counter()
    for seat in range(state.players):
        reasons = state.why_not(seat)
        playable = state.playable_cards(seat)
        if seat not in state.to_move():
            assert reasons == () and playable == frozenset()
            continue
        held = set(state.hand(seat))
        named = [r.card for r in reasons if r.card is not None]
        assert len(named) == len(set(named)), "a card has two reasons"
        assert playable <= held
        assert set(named) <= held - playable, "a reason for a card it may play, or lacks"
        if playable:  # cards are being played: every other card says why not
            assert set(named) == held - playable
        # Nothing the seat cannot see: its own view shows every card named, and a redeal
        # of everything hidden from it gives the same reasons.
        mine = set(card_ids(state.view(seat))) & deck
        assert set(card_ids([dict(r.values) for r in reasons])) & deck <= mine
        assert state.determinize(seat, Rng(salt)).why_not(seat) == reasons
        for reason in reasons:
            code = reason.code
            assert code in words.why or code in words.refusals or code in COMMON_REFUSALS, code
            seen[code] += 1
        for lang in LANGS:
            for line in why_lines(reasons, words, lang, NAMES):
                assert_clean(line, lang)
                assert not any(r.code in line for r in reasons), line
    return seen


@pytest.mark.parametrize("slug", SLUGS)
def test_every_card_no_move_plays_has_a_reason_and_no_other(slug: str) -> None:
    rules = games.get(slug)
    seen: Counter[str] = Counter()
    for players in sorted({rules.min_players, min(rules.max_players, 4)}):
        state = rules.new(players=players, seed=players, options=rules.quick_options)
        seen += check_reasons(state, 0)
        for step, _ in enumerate(random_moves(state, Rng(players))):
            if step % 3 == 0:
                seen += check_reasons(state, step)
    assert seen, f"{slug}: no position with a card that cannot be played"


def test_a_reason_reads_the_game_sentence_or_else_its_refusal() -> None:
    words = Words(
        name=T("Jeu", "Game"),
        summary=T("", ""),
        refusals={"must_wait": T("Attendez votre tour.", "Wait for your turn.")},
        why={"must_follow": T("vous devez fournir à {led:suit}", "you must follow {led:suit}")},
    )
    reasons = [
        Reason("7S", "must_follow", {"led": "H"}),
        Reason("8S", "must_follow", {"led": "H"}),
        Reason("9C", "must_wait"),
        Reason(None, "must_wait"),
    ]
    assert why_lines(reasons, words, "fr", NAMES) == [
        "7♠ 8♠ : vous devez fournir à ♥ cœur",
        "9♣ : attendez votre tour",
    ]
    assert why_lines(reasons[2:], words, "en", NAMES) == ["9♣: wait for your turn"]
    assert why_lines(reasons[3:], words, "fr", NAMES) == ["Attendez votre tour"]


def test_a_card_with_its_article_elides_before_an_ace() -> None:
    words = Words(name=T("Jeu", "Game"), summary=T("", ""))
    ctx_fr, ctx_en = words.context("fr", NAMES, None), words.context("en", NAMES, None)
    sentence = "sur {card:card:le} {seat:seat:de}"
    assert words.fill(sentence, {"card": "JC", "seat": 3}, ctx_fr) == "sur le V♣ de Dédé"
    assert words.fill(sentence, {"card": "AS", "seat": 0}, ctx_fr) == "sur l'A♠ d'Alice"
    assert words.fill("on {card:card:le}", {"card": "QD"}, ctx_en) == "on the Q♦"
