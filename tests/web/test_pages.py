"""The HTML pages against the database and the engine: same figures as the bot, real replays."""

from __future__ import annotations

import asyncio
import html
import re
from operator import attrgetter
from typing import Any

import pytest
from fastapi.testclient import TestClient

import art
import games
from db import Store
from games.cards import face as text_face
from web import cards, replay, words
from web.app import create_app

from .conftest import settings_for, signed
from .seed import GUILD, Seeded, uid

MIN_MATCHES = 2  # conftest.settings_for


def from_store(seeded: Seeded, call: str, *args: Any, **kwargs: Any) -> Any:
    """What the store's `call` (a dotted name: "history.match") answers."""

    async def run() -> Any:
        store = await Store.open(seeded.url, migrate=False)
        try:
            return await attrgetter(call)(store)(*args, **kwargs)
        finally:
            await store.close()

    return asyncio.run(run())


def board_rows(page: str) -> list[tuple[str, str, str]]:
    """(user id, shown rank, shown rating) per leaderboard row, in page order."""
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = []
    for row in re.findall(r"<tr.*?</tr>", body, re.S):
        cells = [
            html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<td.*?</td>", row, re.S)
        ]
        player = re.search(r'data-player="(\d+)"', row)
        assert player is not None
        rows.append((player[1], cells[0], cells[2]))
    return rows


def test_leaderboard_has_the_bot_order_and_figures(client: TestClient, seeded: Seeded) -> None:
    for game, season in ((None, None), ("manille", 1), (None, 1), ("nain-jaune", 2)):
        query = {k: v for k, v in (("game", game), ("season", season)) if v is not None}
        page = client.get(signed(), params=query)
        assert page.status_code == 200
        expected = from_store(
            seeded,
            "leaderboard.page",
            GUILD,
            game=game,
            season=season or 2,
            limit=25,
            min_matches=MIN_MATCHES,
        )
        shown = board_rows(page.text)
        assert [r[0] for r in shown] == [str(row.user_id) for row in expected.rows]
        for (_, rank, rating), row in zip(shown, expected.rows, strict=True):
            assert rank == (str(row.rank) if row.rank else "–")
            if row.matches >= MIN_MATCHES:
                assert rating == f"{row.rating:.1f}".replace(".", ",")
            else:
                assert rating == "non classé"


def test_the_pages_count_with_the_games_plural_rule(client: TestClient) -> None:
    """The ranking note counts matches as the bot does (games.words.amount)."""
    assert "Un joueur est classé à partir de 2 parties." in client.get(signed()).text
    english = client.get(signed(), params={"lang": "en"}).text
    assert "Players are ranked from 2 matches on." in english


def test_leaderboard_in_english_from_the_browser_or_the_switch(client: TestClient) -> None:
    english = client.get(signed(), headers={"Accept-Language": "en-GB,en;q=0.9"}).text
    assert '<html lang="en">' in english and "Leaderboard" in english and "unranked" in english
    french = client.get(signed()).text
    assert '<html lang="fr">' in french and "Classement" in french
    switched = client.get(signed(lang="en")).text
    assert '<html lang="en">' in switched
    # A chosen language is kept in the page's links; the switch offers the other one.
    assert re.search(r'href="[^"]*/player/\d+\?lang=en"', switched)
    assert re.search(r'id="lang-switch" href="[^"]*\?lang=fr"', switched)


def test_player_page_record_chart_and_matches(client: TestClient, seeded: Seeded) -> None:
    page = client.get(signed(f"player/{uid(1)}"), params={"season": 1})
    assert page.status_code == 200
    text = page.text
    stats = from_store(seeded, "leaderboard.stats", GUILD, uid(1))
    assert text.count("<tr") - 1 == len(stats)  # one row per season and game, plus the header
    assert "<svg" in text and text.count("<polyline") == len(
        {s.game for s in stats if s.season == 1}
    )
    assert 'aria-current="page">Saison 1<' in text
    mine = from_store(seeded, "history.recent", GUILD, user_id=uid(1), limit=50)
    assert [int(m) for m in re.findall(r'data-match="(\d+)"', text)] == [m.id for m in mine]


def test_unknown_player_or_season_is_not_found(client: TestClient) -> None:
    assert client.get(signed(f"player/{uid(99)}")).status_code == 404
    assert client.get(signed(f"player/{uid(5)}"), params={"season": 1}).status_code == 404


def shown_hands(page: str) -> list[list[str]]:
    hands = re.findall(r'data-hand="(\d+)"[^>]*>(.*?)</div>', page, re.S)
    return [re.findall(r'data-card="([^"]+)"', body) for _, body in hands]


def test_match_page_shows_the_engine_state_at_each_step(client: TestClient, seeded: Seeded) -> None:
    """Every hand as its player sorts it (the game's hand facts), at any step."""
    match_id = seeded.matches["bonanza"]
    found = from_store(seeded, "history.match", GUILD, match_id)
    moves = [(m.seat, m.action_id) for m in found.moves]
    players = len(found.summary.seats)
    rules = games.get("bonanza")
    options = replay.game_options(found.options)
    for step in (0, 1, len(moves) // 2, len(moves)):
        page = client.get(signed(f"match/{match_id}"), params={"step": step})
        assert page.status_code == 200
        state = rules.replay(players, found.seed, options, moves[:step])
        hands = [state.hand_facts(seat) for seat in range(players)]
        assert shown_hands(page.text) == [list(h.cards) for h in hands]
        assert shown_groups(page.text) == [[list(g) for g in h.groups] for h in hands]
        assert f'data-step="{step}"' in page.text


def shown_groups(page: str) -> list[list[list[str]]]:
    hands = re.findall(r'data-hand="(\d+)"[^>]*>(.*?)</div>', page, re.S)
    return [
        [
            re.findall(r'data-card="([^"]+)"', g)
            for g in re.findall(r'class="group">(.*?)</span>', body)
        ]
        for _, body in hands
    ]


def test_match_page_tells_the_last_move_and_links_the_deals(
    client: TestClient, seeded: Seeded
) -> None:
    match_id = seeded.matches["manille"]
    found = from_store(seeded, "history.match", GUILD, match_id)
    seat, action = found.moves[4].seat, found.moves[4].action_id
    name = words.isolated([html.escape(found.summary.seats[seat].name)])[0]
    page = client.get(signed(f"match/{match_id}"), params={"step": 5}).text
    label = text_face(action.split(":")[1], "fr")
    assert f'id="last-move">{name} joue {label}</p>' in page
    english = client.get(signed(f"match/{match_id}"), params={"step": 5, "lang": "en"}).text
    assert f'id="last-move">{name} plays {text_face(action[5:], "en")}</p>' in english
    moves = [(m.seat, m.action_id) for m in found.moves]
    starts = replay.deal_starts("manille", 4, found.seed, found.options, moves)
    assert len(starts) > 1
    next_deal = re.search(r'data-nav="next-deal" href="[^"]*\?step=(\d+)"', page)
    assert next_deal is not None and int(next_deal[1]) == starts[1]
    start = client.get(signed(f"match/{match_id}")).text
    assert 'data-nav="prev-move" aria-disabled="true"' in start


@pytest.mark.slow
def test_match_page_shows_the_table_in_the_games_words(client: TestClient, seeded: Seeded) -> None:
    """Facts, zones, boxes, roles, scores and marks: what the game's facts say, in its words."""
    for label in ("manille", "bianco", "blanche", "nain", "bonanza", "toy"):
        match_id = seeded.matches[label]
        found = from_store(seeded, "history.match", GUILD, match_id)
        rules = games.get(found.summary.game)
        moves = [(m.seat, m.action_id) for m in found.moves]
        names = [s.name for s in sorted(found.summary.seats, key=lambda s: s.seat)]
        isolated = words.isolated(names)  # how names sit in the game's sentences
        options = replay.game_options(found.options)
        for step in (0, 7):
            state = rules.replay(len(names), found.seed, options, moves[:step])
            facts = state.public_facts()
            for lang in ("fr", "en"):
                url = signed(f"match/{match_id}")
                page = html.unescape(client.get(url, params={"step": step, "lang": lang}).text)

                def shown(text: str, lang: str = lang) -> str:
                    """A text as the page draws it: family marks as their shapes."""
                    return html.unescape(words.marked(text, lang))

                assert f"<h1>{rules.words.name.get(lang)} <small>" in page
                for fact in facts.facts:
                    assert f"<li>{shown(rules.words.fact(fact, lang, isolated))}</li>" in page
                for zone in facts.zones:
                    if zone.cards:
                        assert shown(rules.words.label(zone.key, lang)) in page
                for box in facts.boxes:
                    assert shown(rules.words.box(box.key, lang)) in page
                for seat in facts.seats:
                    if seat.score is not None:
                        assert shown(rules.words.amount(seat.score, seat.unit, lang)) in page
                    if seat.role is not None:
                        assert f'"tag role">{shown(rules.words.role(seat.role, lang))}<' in page
                    for mark in seat.marks:
                        told = shown(rules.words.fact(mark, lang, isolated))
                        assert f'"tag mark">{told}<' in page
                assert "{" not in page.split("<main>")[1]  # no placeholder left unfilled


@pytest.mark.slow
def test_every_step_of_every_game_is_narrated_in_its_words(
    client: TestClient, seeded: Seeded
) -> None:
    """Each move reads as the game tells it, never as a raw action id."""
    for label in ("bianco", "blanche", "nain", "bonanza", "toy"):
        match_id = seeded.matches[label]
        found = from_store(seeded, "history.match", GUILD, match_id)
        rules = games.get(found.summary.game)
        names = words.isolated([s.name for s in sorted(found.summary.seats, key=lambda s: s.seat)])
        state = rules.new(
            players=len(names), seed=found.seed, options=replay.game_options(found.options)
        )
        for step, move in enumerate(found.moves[:25], start=1):
            events = state.apply(move.seat, move.action_id)
            told = [
                t for e in events if "to" not in e and (t := rules.words.narrate(e, "en", names))
            ]
            query: dict[str, str | int] = {"step": step, "lang": "en"}
            page = client.get(signed(f"match/{match_id}"), params=query).text
            last = re.search(r'id="last-move">(.*?)</p>', page, re.S)
            assert last is not None and last[1] == words.marked(told[0], "en"), (label, step)
            assert not re.search(r"[a-z]:\w", html.unescape(last[1]))  # no `play:10H` left raw
            for line in told[1:]:
                assert f"<li>{words.marked(line, 'en')}</li>" in page


def test_a_replay_step_says_who_asked_for_a_hint_before_that_move(
    client: TestClient, seeded: Seeded
) -> None:
    match_id = seeded.matches["practice"]
    found = from_store(seeded, "history.match", GUILD, match_id)
    seat = found.moves[1].seat
    from_store(seeded, "hints.record", found.summary.table_id, 2, seat, uid(1))
    name = next(s.name for s in found.summary.seats if s.seat == seat)
    for step, lang, said in [(2, "fr", "a demandé un conseil"), (2, "en", "asked for a hint")]:
        page = client.get(signed(f"match/{match_id}"), params={"step": step, "lang": lang})
        assert f"💡 {html.escape(name)} {said} " in page.text
    other = client.get(signed(f"match/{match_id}"), params={"step": 3, "lang": "fr"})
    assert "demandé un conseil" not in other.text


def test_a_match_that_no_longer_replays_shows_no_card(client: TestClient, seeded: Seeded) -> None:
    page = client.get(signed(f"match/{seeded.matches['broken']}"))
    assert page.status_code == 200
    assert "ne peut pas être rejouée" in page.text
    assert "data-card" not in page.text and 'id="replay"' not in page.text
    detail = client.get(signed(f"matches/{seeded.matches['broken']}", api=True)).json()
    assert detail["replayable"] is False
    step = client.get(signed(f"matches/{seeded.matches['broken']}/steps/0", api=True))
    assert step.status_code == 404


@pytest.mark.slow
def test_every_card_picture_is_drawn_before_the_first_page(seeded: Seeded) -> None:
    """A cold server draws and encodes every face (both languages) while it starts: the
    first replay's pictures are ready, not drawn one by one as the browser asks."""
    art.cards.forget_face_pngs()
    with TestClient(create_app(settings_for(seeded))) as fresh:
        ready = art.cards.face_pngs_kept()
        assert ready == len(art.ALL_CARDS) + len(art.localised(cards.HEIGHT))
        page = fresh.get(signed(f"match/{seeded.matches['bonanza']}"), params={"lang": "en"})
        for src in set(re.findall(r'src="(/cards/[^"]+)"', page.text)):
            assert fresh.get(html.unescape(src)).status_code == 200
        assert art.cards.face_pngs_kept() == ready  # nothing drawn since


def test_the_result_says_what_each_score_counts(client: TestClient, seeded: Seeded) -> None:
    """A bare number reads as points: Blanche-Neige's final scores are the cards left."""
    found = from_store(seeded, "history.match", GUILD, seeded.matches["blanche"])
    for lang, unit in (("fr", r"cartes?"), ("en", r"cards?")):
        page = client.get(signed(f"match/{seeded.matches['blanche']}"), params={"lang": lang})
        scores = re.findall(r'<span class="score">([^<]*)</span>', page.text)
        assert len(scores) == len(found.summary.seats)
        assert all(re.fullmatch(rf"\d+ {unit}", s) for s in scores), scores
    page = client.get(signed(f"match/{seeded.matches['manille']}"), params={"lang": "fr"})
    scores = re.findall(r'class="score">([^<]*)<', page.text)
    assert scores and all(re.fullmatch(r"\d+ points?", s) for s in scores)


def test_a_practice_match_is_marked_and_counted_on_no_board(
    client: TestClient, seeded: Seeded
) -> None:
    practice = seeded.matches["practice"]
    board = client.get(signed(""), params={"season": 2, "game": "manille"}).text
    shown = {player: rating for player, _rank, rating in board_rows(board)}
    assert str(uid(5)) in shown  # Émile's rated Manille of season 2 only
    stats = from_store(seeded, "leaderboard.stats", GUILD, uid(5))
    assert sum(s.matches for s in stats if s.game == "manille") == 1
    page = client.get(signed(f"player/{uid(5)}"), params={"season": 2}).text
    line = page.split(f'data-match="{practice}"', 1)[1].split("</li>", 1)[0]
    assert "Entraînement" in line
    match = client.get(signed(f"match/{practice}")).text
    assert "Entraînement" in match and "hors classement" in match
    rated = client.get(signed(f"match/{seeded.matches['s2-manille']}")).text
    assert "Entraînement" not in rated and "Saison 2" in rated
