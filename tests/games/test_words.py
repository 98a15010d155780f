"""The words mechanism: typed placeholders, plurals, elision, the game's lookups."""

from __future__ import annotations

import pytest

import games
from games import Rng
from games.facts import Fact
from games.lang import COMMON_UNITS, Unit, amount
from games.words import T, Words, WordsError

WORDS = Words(
    name=T("Essai", "Trial"),
    summary=T("Un jeu d'essai.", "A trial game."),
    events={
        "won": T(
            "{seat:seat} gagne {n:count:token} contre {other:seat:de}",
            "{seat:seat} wins {n:count:token} against {other:seat}",
        ),
        "trick": T("{seat:seat} prend {n:count:pli:plis}", "{seat:seat} takes {n:count:trick}"),
        "sans": T("Personne n'a {rank:rank:name:de}", "Nobody has a {rank:rank:name}"),
        "next": T("Au tour des {rank:rank:name:plural}", "Now the {rank:rank:name:plural}"),
        "pair": T("{seats:seats} posent {cards:cards}", "{seats:seats} play {cards:cards}"),
        "points": T("{points[1]} et {points[0]}", "{points[1]} and {points[0]}"),
        "silent": None,
        "choice": lambda e: T("oui", "yes") if e["flag"] else None,
    },
    refusals={"must_climb": T("Montez.", "Play higher.")},
    actions={"bid": T("Miser {arg}", "Bid {arg}"), "play": T("{arg:cards}", "{arg:cards}")},
    facts={"trump": T("Atout : {value}", "Trump: {value}"), "taker": T("preneur", "taker")},
)
NAMES = ["Alice", "Basile", "Éric"]


def say(event: dict[str, object], lang: str = "fr") -> str | None:
    return WORDS.narrate(event, lang, NAMES, strict=True)


def test_plurals_follow_each_language() -> None:
    assert WORDS.amount(0, "card", "fr") == "0 carte"
    assert WORDS.amount(1, "card", "fr") == "1 carte"
    assert WORDS.amount(2, "card", "fr") == "2 cartes"
    assert WORDS.amount(0, "card", "en") == "0 cards"
    assert WORDS.amount(1, "token", "en") == "1 token"
    assert say({"type": "trick", "seat": 0, "n": 1}) == "Alice prend 1 pli"
    assert say({"type": "trick", "seat": 0, "n": 3}, "en") == "Alice takes 3 tricks"


@pytest.mark.parametrize(
    ("unit", "lang", "expected"),
    [
        ("point", "fr", ["0 point", "1 point", "2 points"]),
        ("point", "en", ["0 points", "1 point", "2 points"]),
        ("match", "fr", ["0 partie", "1 partie", "2 parties"]),
        ("match", "en", ["0 matches", "1 match", "2 matches"]),
        ("player", "fr", ["0 joueur", "1 joueur", "2 joueurs"]),
        ("card", "en", ["0 cards", "1 card", "2 cards"]),
    ],
)
def test_the_shared_plural_rule_keeps_zero_singular_in_french_only(
    unit: str, lang: str, expected: list[str]
) -> None:
    """The one rule the games, the bot and the pages count with."""
    assert [amount(n, unit, lang) for n in (0, 1, 2)] == expected
    assert [COMMON_UNITS[unit].amount(n, lang) for n in (0, 1, 2)] == expected


def test_a_negative_count_takes_the_number_of_its_size() -> None:
    tokens = Unit(fr=("jeton", "jetons"), en=("token", "tokens"))
    assert [tokens.amount(n, "fr") for n in (-1, -2)] == ["-1 jeton", "-2 jetons"]
    assert [tokens.amount(n, "en") for n in (-1, -2)] == ["-1 token", "-2 tokens"]


def test_a_game_counts_with_its_own_units_before_the_shared_ones() -> None:
    deals = Words(
        name=T("Essai", "Trial"),
        summary=T("Un jeu d'essai.", "A trial game."),
        units={"point": Unit(fr=("donne", "donnes"), en=("deal", "deals"))},
    )
    assert deals.amount(0, "point", "fr") == "0 donne"
    assert deals.amount(3, "point", "en") == "3 deals"
    assert deals.amount(1, "match", "en") == "1 match"


def test_seats_read_as_names_with_french_elision() -> None:
    assert (
        say({"type": "won", "seat": 1, "n": 5, "other": 2}) == "Basile gagne 5 jetons contre d'Éric"
    )
    assert (
        say({"type": "won", "seat": 2, "n": 1, "other": 1}) == "Éric gagne 1 jeton contre de Basile"
    )
    assert say({"type": "won", "seat": 0, "n": 2, "other": 1}, "en") == (
        "Alice wins 2 tokens against Basile"
    )
    assert (
        WORDS.narrate({"type": "trick", "seat": 7, "n": 1}, "fr", NAMES) == "joueur 8 prend 1 pli"
    )


def test_ranks_cards_and_lists_read_as_words() -> None:
    assert say({"type": "sans", "rank": "A"}) == "Personne n'a d'as"
    assert say({"type": "sans", "rank": "Q"}) == "Personne n'a de dame"
    assert say({"type": "sans", "rank": "Q"}, "en") == "Nobody has a queen"
    assert say({"type": "next", "rank": "K"}) == "Au tour des rois"
    assert say({"type": "next", "rank": "7"}) == "Au tour des 7"
    assert say({"type": "next", "rank": "7"}, "en") == "Now the 7s"
    pair = {"type": "pair", "seats": [0, 1, 2], "cards": "9H+9D"}
    assert say(pair) == "Alice, Basile et Éric posent 9♥ 9♦"
    assert say(pair, "en") == "Alice, Basile and Éric play 9♥ 9♦"
    assert say({"type": "points", "points": [38, 22]}) == "22 et 38"


def test_a_card_face_given_by_the_caller_is_used() -> None:
    text = WORDS.narrate({"type": "pair", "seats": [0], "cards": ["QS"]}, "fr", NAMES, str.lower)
    assert text == "Alice posent qs"
    assert WORDS.action_label("play:QS", "fr") == "D♠"
    assert WORDS.action_label("play:QS", "en") == "Q♠"


def test_events_without_words_say_nothing_and_a_missing_value_is_caught() -> None:
    assert say({"type": "silent"}) is None
    assert say({"type": "unheard_of"}) is None
    assert say({"type": "choice", "flag": False}) is None
    assert say({"type": "choice", "flag": True}) == "oui"
    with pytest.raises(WordsError):
        say({"type": "won", "seat": 0})  # no `n`, no `other`
    assert WORDS.narrate({"type": "won", "seat": 0}, "fr", NAMES) is None  # the live bot


def test_actions_refusals_and_facts_have_their_words() -> None:
    assert WORDS.action_label("bid:5", "fr") == "Miser 5"
    assert WORDS.action_label("mystery", "fr") == "mystery"
    assert WORDS.refusal("must_climb", "en") == "Play higher."
    assert WORDS.refusal("not_your_turn", "fr") == "Ce n'est pas votre tour."
    assert WORDS.refusal("never_heard", "fr") == "Ce coup n'est pas permis."
    assert WORDS.fact(Fact("trump", "suit", "H"), "fr") == "Atout : ♥ cœur"
    assert WORDS.fact(Fact("trump", "suit", "S"), "en") == "Trump: ♠ spades"
    assert WORDS.fact(Fact("taker", "flag"), "fr") == "preneur"


def test_every_term_fact_reads_as_its_games_word() -> None:
    """A fact whose value is a term (Bonanza's current call) reads as the game's word for
    it (`Poker`, `Dame-Valet`, as its box says), never as the raw key (`poker`,
    `dame-valet`)."""
    seen = 0
    for rules in games.all():
        for seed in range(4):
            players = min(rules.max_players, rules.min_players + seed % 2)
            state = rules.new(players=players, seed=seed, options={})
            rng = Rng(seed)
            for _ in range(400):
                facts = state.public_facts()
                marks = [m for s in facts.seats for m in s.marks]
                for fact in (*facts.facts, *marks):
                    if fact.kind != "term":
                        continue
                    seen += 1
                    groups = [g for g, table in rules.words.terms.items() if fact.value in table]
                    assert groups, (rules.slug, fact)
                    for lang in ("fr", "en"):
                        shown = rules.words.fact(fact, lang)
                        words = [rules.words.term(g, str(fact.value), lang) for g in groups]
                        assert any(w in shown for w in words), (rules.slug, shown)
                if state.is_over():
                    break
                seat = state.to_move()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    assert seen
