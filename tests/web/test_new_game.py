"""A game the web has never heard of shows like the others: web/ names no game.

The toy game `plus-fort` (tests/toygame) is seeded beside the built-in games
(tests/web/seed.py); its leaderboard, player lines and replay must come out of the game's
own words and facts. And web/ is scanned, as bot/ is (tests/bot/test_new_game.py), for
anything that would only work for the games it was written with.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from fastapi.testclient import TestClient

import games
from games.cards import face as text_face
from tests.bot.test_new_game import COMMON_VIEW_KEYS, game_specific_keys
from tests.toygame import RULES as TOY

from .conftest import signed
from .seed import GUILD, Seeded, uid
from .test_pages import MIN_MATCHES, board_rows, from_store

WEB = Path(__file__).resolve().parents[2] / "web"
# The event every game emits when it deals (web/replay.py steps deal by deal on it): a
# convention of the engines, which a game may also use as a view key (the deal's number).
CONTRACT_WORDS = {"deal"}


def web_files(*suffixes: str) -> dict[Path, str]:
    return {
        path: path.read_text(encoding="utf-8")
        for path in sorted(WEB.rglob("*"))
        if path.suffix in suffixes
    }


def test_the_web_names_no_game_and_reads_no_game_specific_key() -> None:
    """No slug anywhere in web/ (code, templates, styles, script), and no game's own view
    key or action verb as a string in its code (i18n.py holds the pages' own words)."""
    everything = web_files(".py", ".html", ".css", ".js")
    assert any(p.name == "words.py" for p in everything), "web/ not found"
    code = {p: text for p, text in everything.items() if p.suffix == ".py" and p.name != "i18n.py"}
    for slug in games.slugs():
        for path, text in everything.items():
            assert slug not in text, f"{path.name} names the game {slug!r}"
        for key in sorted(game_specific_keys(slug) - COMMON_VIEW_KEYS - CONTRACT_WORDS):
            quoted = re.compile(rf"""["']{re.escape(key)}["']""")
            for path, text in code.items():
                assert not quoted.search(text), f"{path.name} reads {slug}'s key {key!r}"


def test_the_toy_games_leaderboard_through_the_api_and_the_page(
    client: TestClient, seeded: Seeded
) -> None:
    expected = from_store(
        seeded,
        "leaderboard.page",
        GUILD,
        game=TOY.slug,
        season=1,
        limit=25,
        min_matches=MIN_MATCHES,
    )
    assert len(expected.rows) == 3
    body = client.get(
        signed("leaderboard", api=True), params={"game": TOY.slug, "season": 1}
    ).json()
    assert body["game"] == TOY.slug
    assert [r["user_id"] for r in body["rows"]] == [str(r.user_id) for r in expected.rows]
    listed = client.get(signed("matches", api=True), params={"game": TOY.slug}).json()
    assert [m["id"] for m in listed["matches"]] == [seeded.matches["toy"]]
    assert listed["matches"][0]["game"] == TOY.slug

    page = client.get(signed(), params={"game": TOY.slug, "season": 1, "lang": "en"})
    assert page.status_code == 200
    assert [r[0] for r in board_rows(page.text)] == [str(r.user_id) for r in expected.rows]
    tab = f'game={TOY.slug}&amp;season=1&amp;lang=en" aria-current="page">Highest card</a>'
    assert tab in page.text
    # Links made from the chosen game carry its slug, not the enumeration's name.
    assert "GameSlug" not in page.text
    assert "Highest card" in page.text.split('class="matches"', 1)[1]


def test_the_toy_game_in_a_players_record_and_chart(client: TestClient, seeded: Seeded) -> None:
    page = client.get(signed(f"player/{uid(2)}"), params={"season": 1}).text
    assert "<td>Plus fort</td>" in page
    legend = page.split('class="legend"', 1)[1].split("</ul>", 1)[0]
    assert "Plus fort" in legend
    records = client.get(signed(f"players/{uid(2)}", api=True), params={"season": 1}).json()
    assert TOY.slug in {r["game"] for r in records["records"]}


def test_the_toy_games_replay_in_its_own_words(client: TestClient, seeded: Seeded) -> None:
    match_id = seeded.matches["toy"]
    found = from_store(seeded, "history.match", GUILD, match_id)
    first = found.moves[0]
    name = "\u2068" + html.escape(found.summary.seats[first.seat].name) + "\u2069"
    page = client.get(signed(f"match/{match_id}"), params={"step": 1}).text
    assert "<h1>Plus fort <small>" in page
    card = first.action_id.split(":")[1]
    assert f'id="last-move">{name} pose {text_face(card, "fr")}</p>' in page
    assert re.search(r'data-zone="trick">\s*<span class="zone-label">Sur le tapis</span>', page)
    assert f'alt="{text_face(card, "fr")}"' in page
    assert "<li>Donne 1 sur 1</li>" in page
