"""What the pages say about a game: the game's own words, facts and faces, fr and en."""

from __future__ import annotations

import games
from games.facts import Fact, HandFacts, PublicFacts, SeatFacts, Zone
from games.words import T, Words
from tests.toygame import RULES as TOY
from web import cards, words

NAMES = ["Alice", "Basile", "Chloé"]


def plain(text: str) -> str:
    """A sentence without the isolates around its names (words.isolated)."""
    return text.replace("\u2068", "").replace("\u2069", "")


def test_a_card_the_art_draws_is_its_picture_with_the_text_face_as_alt() -> None:
    queen = words.face("QS", "fr")
    assert (queen.text, queen.css) == ("D♠", "card black")
    assert queen.src == f"/cards/QS.png?v={cards.version()}"
    assert words.face("10H", "en").css == "card red"
    assert words.face("KD", "en").text == "K♦"
    mamma = words.face("MAR", "fr")
    assert (mamma.text, mamma.css) == ("Mamma (rouge)", "card red")
    assert words.face("GCV", "en").text == "Bodyguard (green)"
    assert (words.face("JK", "fr").text, words.face("JK", "fr").css) == ("Joker", "card plain")


def test_an_english_page_shows_english_court_cards() -> None:
    """An English page links the English face where it differs (Q, not D), and the same
    picture as a French page for a card that reads the same in both."""
    assert words.face("QS", "en").src == f"/cards/QS.png?v={cards.version()}&lang=en"
    assert words.face("7S", "en").src == words.face("7S", "fr").src
    assert cards.png("QS", "en") != cards.png("QS", "fr")
    assert cards.png("7S", "en") == cards.png("7S", "fr")


def test_a_family_mark_is_drawn_as_its_shape_not_an_emoji() -> None:
    """Texts mark a family with an emoji for Discord; a page draws the card art's shape."""
    html = words.marked("Choisir 🟩 verte, carte retournée 🟥 Banquier <b>", "fr")
    assert "🟩" not in html and "🟥" not in html and "<b>" not in html  # escaped
    assert html.count("<svg") == 2
    assert 'class="family family-V"' in html and 'aria-label="verte"' in html
    assert 'class="family family-R"' in html and "<circle" in html
    assert words.marked("🃏 Joker", "en") == "Joker"


def test_a_card_the_art_does_not_draw_shows_its_text_face() -> None:
    unknown = words.face("ZZ", "fr")
    assert unknown.src is None and unknown.text == "ZZ"


def test_a_move_is_told_as_the_game_narrates_its_events() -> None:
    events = [
        {"type": "played", "seat": 1, "card": "QS"},
        {"type": "trick", "seat": 1, "tricks": 2},
    ]
    last, told = words.narration(TOY.words, events, (1, "play:QS"), NAMES, "fr")
    assert last == "\u2068Basile\u2069 pose D♠"
    assert [plain(t) for t in told] == ["Basile remporte le pli (2 plis en tout)"]
    last, told = words.narration(TOY.words, events[:1], (1, "play:QS"), NAMES, "en")
    assert (plain(last), told) == ("Basile plays Q♠", [])


def test_a_move_without_narrated_events_is_the_games_action_label() -> None:
    quiet = Words(
        name=T("Muet", "Mute"), summary=T("", ""), actions={"bid": T("Miser {arg}", "Bid {arg}")}
    )
    last, told = words.narration(quiet, [{"type": "x"}], (2, "bid:3"), NAMES, "fr")
    assert (plain(last), told) == ("Chloé : Miser 3", [])
    last, _ = words.narration(quiet, [], (0, "bid:3"), NAMES, "en")
    assert plain(last) == "Alice: Bid 3"


def test_the_table_is_the_public_facts_in_the_games_words() -> None:
    facts = PublicFacts(
        phase="play",
        seats=(),
        zones=(
            Zone("trick", cards=("10H", "QS"), seats=(0, 2)),
            Zone("empty"),
            Zone("pile", cards=("8H",), count=12),
            Zone("talon", count=30),
        ),
        boxes=(),
        facts=(Fact("deal", "number", (1, 3)),),
    )
    table = words.table(TOY.words, facts, NAMES, "fr")
    assert table.facts == ["Donne 1 sur 3"]
    assert [z.key for z in table.zones] == ["trick", "pile", "talon"]
    trick, pile, talon = table.zones
    assert trick.label == "Sur le tapis"
    assert [(who, f.card) for who, f in trick.cards] == [("Alice", "10H"), ("Chloé", "QS")]
    assert [(who, f.text) for who, f in pile.cards] == [(None, "8♥")]
    assert pile.count == "12 cartes" and talon.count == "30 cartes" and not talon.cards
    assert trick.count is None  # every card of the trick shows


def test_a_zone_whose_cards_are_some_of_its_count_says_so_in_the_games_words() -> None:
    bonanza = games.get("bonanza").words
    dead = Zone("dead", cards=("3D", "QC"), count=13)
    fr = words.zone_view(bonanza, dead, NAMES, "fr")
    en = words.zone_view(bonanza, dead, NAMES, "en")
    assert fr is not None and en is not None
    assert (fr.count, en.count) == ("2 connues sur 13", "2 known of 13")
    unknown = words.zone_view(bonanza, Zone("dead", count=13), NAMES, "fr")
    assert unknown is not None and unknown.count == "13 cartes"


def test_boxes_are_named_by_the_game_or_by_their_card() -> None:
    rules = games.get("nain-jaune")
    state = rules.new(players=3, seed=4, options=rules.quick_options)
    facts = state.public_facts()
    table = words.table(rules.words, facts, NAMES, "fr")
    assert facts.boxes and table.boxes == [
        (rules.words.box(b.key, "fr"), f"{b.tokens} jeton{'s' if b.tokens > 1 else ''}")
        for b in facts.boxes
    ]  # every number with its unit: a bare number reads as points
    assert (
        table.boxes_label == "Cases"
        and words.table(rules.words, facts, NAMES, "en").boxes_label == "Boxes"
    )


def test_seats_show_score_role_marks_and_the_hand_as_its_player_sorts_it() -> None:
    game = Words(
        name=T("Jeu", "Game"),
        summary=T("", ""),
        roles={"guard": T("Garde", "Guard")},
        facts={"taker": T("preneur", "taker")},
    )
    facts = PublicFacts(
        phase="play",
        seats=(
            SeatFacts(0, 3, score=12, unit="token", dealer=True, role="guard"),
            SeatFacts(1, 2, score=None, to_move=True, marks=(Fact("taker", "flag"),)),
        ),
    )
    hands = [HandFacts(1, (("AH", "QH"), ("7S",))), HandFacts(0, (("KD",),))]
    first, second = words.seats(game, facts, hands, NAMES, "fr")
    assert (first.score, first.role, first.dealer, first.to_move) == (
        "12 jetons",
        "Garde",
        True,
        False,
    )
    assert [[f.card for f in g] for g in second.hand] == [["AH", "QH"], ["7S"]]
    assert second.cards == 3 and second.score is None and second.to_move
    assert second.marks == ["preneur"]
    english = words.seats(game, facts, hands, NAMES, "en")
    assert (english[0].score, english[0].role, english[1].marks) == (
        "12 tokens",
        "Guard",
        ["taker"],
    )


def test_every_game_on_the_table_in_both_languages() -> None:
    """Random positions of every registered game: all facts read, nothing left raw."""
    for rules in games.all():
        players = rules.quick_players or rules.min_players
        state = rules.new(players=players, seed=9, options=rules.quick_options)
        rng = games.Rng(9)
        for _ in range(40):
            if state.is_over():
                break
            facts = state.public_facts()
            hands = [state.hand_facts(s) for s in range(players)]
            for lang in ("fr", "en"):
                table = words.table(rules.words, facts, NAMES * 3, lang)
                shown = words.seats(rules.words, facts, hands, NAMES * 3, lang)
                lines = [*table.facts, *(z.label for z in table.zones)]
                lines += [name for name, _ in table.boxes]
                lines += [m for s in shown for m in s.marks]
                assert all(line and "{" not in line for line in lines), (rules.slug, lines)
                for seat_words, hand in zip(shown, hands, strict=True):
                    faces = [f for group in seat_words.hand for f in group]
                    assert [f.card for f in faces] == list(hand.cards)
                    assert all(f.text == words.plain_face(f.card, lang) for f in faces)
            mover = rng.choice(state.to_move())
            state.apply(mover, rng.choice(state.legal_actions(mover)).id)
