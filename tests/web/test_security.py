"""Access and hardening: signed links only, one plain 404, strict headers, hostile names."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi import Request
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

import art
from games.cards import face as text_face
from web import api, cards, links, pages, security
from web.app import create_app
from web.data import NotFound

from .conftest import SECRET, settings_for, signed
from .seed import GUILD, OTHER_GUILD, RTL, XSS, Seeded, uid

NOW = 1_900_000_000


def flip(url: str) -> str:
    """The same URL with one character of its signature changed."""
    parts = url.split("/")
    at = parts.index("g") + 3
    parts[at] = ("B" if parts[at][0] == "A" else "A") + parts[at][1:]
    return "/".join(parts)


def test_flip_changes_only_the_signature() -> None:
    url = signed("player/5")
    assert flip(url) != url and flip(url).split("/")[:4] == url.split("/")[:4]


def forged(url: str, *, api: bool = False) -> list[str]:
    """Ways to reach `url` (a signed path) without its server's valid signature."""
    root = "/api/g" if api else "/g"
    return [
        flip(url),
        url.replace(str(GUILD), str(OTHER_GUILD)),  # another server, same signature
        f"{root}/{GUILD}/{NOW}/{'A' * 43}/",
        f"{root}/{GUILD}/",
        f"{root}/abc/1/2/",
        links.link("", GUILD, SECRET, expires_at=1_000_000_000).replace("/g/", f"{root}/", 1),
        links.link("", GUILD, "another-secret-that-is-also-long-enough-42").replace(
            "/g/", f"{root}/", 1
        ),
    ]


def test_pages_need_a_valid_signature(client: TestClient, seeded: Seeded) -> None:
    assert client.get(signed()).status_code == 200
    not_found = client.get(signed("match/999999"))
    assert not_found.status_code == 404
    for url in (*forged(signed()), *forged(signed(f"match/{seeded.matches['manille']}"))):
        response = client.get(url)
        assert response.status_code == 404, url
        assert response.text == not_found.text  # reveals nothing: the very same page


def test_api_needs_a_valid_signature(client: TestClient, seeded: Seeded) -> None:
    for path in ("leaderboard", f"matches/{seeded.matches['manille']}"):
        good = signed(path, api=True)
        assert client.get(good).status_code == 200, good
        for url in forged(good, api=True):
            response = client.get(url)
            assert response.status_code == 404, url
            assert response.json() == {"detail": "Not Found"}, url


def test_every_server_route_takes_its_server_from_the_one_signature_check() -> None:
    """The pages and the API read their guild through `security.Guild` alone: a route
    under a signed root without it would serve whatever path it was given."""

    def checks(dependant: Dependant) -> list[Any]:
        return [dependant.call, *(c for d in dependant.dependencies for c in checks(d))]

    routes = [r for r in (*api.router.routes, *pages.router.routes) if isinstance(r, APIRoute)]
    assert {r.path.split("/")[1] for r in routes} == {"g", "api"}
    for route in routes:
        assert security.signed_guild in checks(route.dependant), route.path


@pytest.mark.parametrize("verified", [None, OTHER_GUILD])
def test_the_check_refuses_a_path_the_gate_did_not_verify(verified: int | None) -> None:
    """Behind the gate, a handler still sees only the server whose signature was checked."""
    scope: dict[str, Any] = {"type": "http", "state": {}}
    if verified is not None:
        scope["state"]["guild_id"] = verified
    with pytest.raises(NotFound):
        security.signed_guild(Request(scope), str(GUILD), str(NOW), "A" * 43)
    scope["state"]["guild_id"] = GUILD
    assert security.signed_guild(Request(scope), str(GUILD), str(NOW), "A" * 43) == GUILD


def test_links_expire_by_the_clock(seeded: Seeded) -> None:
    url = links.link("", GUILD, SECRET, expires_at=NOW + 10)
    for now, status in ((NOW, 200), (NOW + 10, 404)):
        app = create_app(settings_for(seeded), clock=lambda now=now: float(now))
        with TestClient(app) as c:
            assert c.get(url).status_code == status


def test_a_server_sees_only_its_own_matches_and_players(client: TestClient, seeded: Seeded) -> None:
    other = seeded.other_guild_match
    assert client.get(signed(f"match/{other}")).status_code == 404
    assert client.get(signed(f"matches/{other}", api=True)).status_code == 404
    assert client.get(signed(f"match/{other}", guild=OTHER_GUILD)).status_code == 200
    assert client.get(signed(f"player/{uid(5)}", guild=OTHER_GUILD)).status_code == 404


def test_unfinished_tables_are_never_shown(client: TestClient, seeded: Seeded) -> None:
    listed = client.get(signed("matches", api=True), params={"page": 1}).json()["matches"]
    assert seeded.unfinished_table not in {m["id"] for m in listed}
    highest = max(seeded.matches.values())
    assert client.get(signed(f"match/{highest + 100}")).status_code == 404


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("", {"page": 10**9}),
        ("", {"page": 1001}),
        ("", {"page": 0}),
        ("", {"page": -1}),
        ("", {"page": "abc"}),
        ("", {"season": 10**12}),
        ("", {"game": "poker"}),
        ("match/1", {"step": 10**9}),
        ("match/99999999999999999999", {}),
        ("player/99999999999999999999999", {}),
    ],
)
def test_impossible_values_are_refused_without_error(
    client: TestClient, path: str, query: dict[str, object]
) -> None:
    page = client.get(signed(path), params=query)
    assert 400 <= page.status_code < 500
    api_path = {"": "leaderboard", "match/1": "matches/1/steps/99"}.get(path, path)
    api_path = api_path.replace("match/", "matches/").replace("player/", "players/")
    answer = client.get(signed(api_path, api=True), params=query)
    assert 400 <= answer.status_code < 500


def test_pages_past_the_last_are_not_found(client: TestClient, seeded: Seeded) -> None:
    assert client.get(signed(), params={"page": 2}).status_code == 404
    assert client.get(signed(), params={"season": 7}).status_code == 404
    match = seeded.matches["manille"]
    total = len(client.get(signed(f"matches/{match}", api=True)).json()["moves"])
    assert client.get(signed(f"match/{match}"), params={"step": total}).status_code == 200
    assert client.get(signed(f"match/{match}"), params={"step": total + 1}).status_code == 404


def test_security_headers_everywhere(client: TestClient, seeded: Seeded) -> None:
    for url in (
        signed(),
        signed(f"match/{seeded.matches['bonanza']}"),
        signed("leaderboard", api=True),
        flip(signed()),
        "/",
        "/static/tapis.css",
        "/api/openapi.json",
        "/nowhere",
    ):
        headers = client.get(url).headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "default-src 'none'" in csp and "unsafe-inline" not in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
    assert client.get(signed()).headers["cache-control"] == "private, no-store"


def test_pages_hold_no_inline_script_style_or_handler(client: TestClient, seeded: Seeded) -> None:
    for url in (
        signed(),
        signed(f"player/{uid(2)}"),
        signed(f"match/{seeded.matches['nain']}", lang="en"),
        flip(signed()),
        "/",
    ):
        html = client.get(url).text
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert all(re.search(r'src="/static/[a-z]+\.js"', tag) for tag in scripts), scripts
        assert not re.search(r"<script\b[^>]*>[^<]", html)
        assert not re.search(r"\sstyle=", html)
        assert not re.search(r"\son[a-z]+=", html)


def test_hostile_names_are_shown_as_text(client: TestClient, seeded: Seeded) -> None:
    html = client.get(signed(f"match/{seeded.matches['manille']}")).text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert XSS not in html
    assert f'<bdi dir="auto" class="seat-name">{RTL}</bdi>' in html
    board = client.get(signed()).text
    assert XSS not in board and "&lt;script&gt;" in board


def test_a_name_inside_the_games_sentences_cannot_turn_them_around(
    client: TestClient, seeded: Seeded
) -> None:
    """The game's words put names in sentences: each is a Unicode isolate there (FSI, PDI),
    so the override in the right-to-left name ends with the name."""
    match_id = seeded.matches["manille"]
    total = len(client.get(signed(f"matches/{match_id}", api=True)).json()["moves"])
    told = 0
    for step in range(1, total + 1):
        page = html.unescape(client.get(signed(f"match/{match_id}"), params={"step": step}).text)
        story = page.split('class="story"', 1)[1].split("</div>", 1)[0]
        assert RTL not in story.replace(f"\u2068{RTL}\u2069", "")
        told += story.count(f"\u2068{RTL}\u2069")
        if told >= 2:
            break
    assert told >= 2


def test_no_interactive_docs(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    home = client.get("/")
    assert home.status_code == 200 and "Alice" not in home.text


def test_card_pictures_are_the_arts_faces_cached_by_version(client: TestClient) -> None:
    version = cards.version()
    picture = client.get(f"/cards/QS.png?v={version}")
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
    assert picture.content == art.face_png("QS", cards.HEIGHT)
    assert picture.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert picture.headers["etag"] == f'"{version}"'
    assert picture.headers["x-content-type-options"] == "nosniff"
    # Without the current version the address may hold another drawing later: revalidated.
    stale = client.get("/cards/MAR.png?v=000000")
    assert stale.status_code == 200 and "immutable" not in stale.headers["cache-control"]
    assert stale.content == art.face_png("MAR", cards.HEIGHT)
    again = client.get("/cards/QS.png", headers={"If-None-Match": f'"{version}"'})
    assert again.status_code == 304 and again.content == b""


@pytest.mark.parametrize("card", ["ZZ", "1H", "BACK", "MAX", "..%2f..%2fetc", "qs", "10H.png"])
def test_only_cards_the_art_draws_are_served(client: TestClient, card: str) -> None:
    response = client.get(f"/cards/{card}.png")
    assert response.status_code == 404
    assert "image" not in response.headers["content-type"]


@pytest.mark.slow
def test_the_replay_shows_the_pictures_with_their_text_face(
    client: TestClient, seeded: Seeded
) -> None:
    page = client.get(signed(f"match/{seeded.matches['manille']}")).text
    pictures = re.findall(
        r'<img class="card [a-z]+ picture" data-card="(\w+)" src="([^"]+)" alt="([^"]+)"', page
    )
    assert len(pictures) >= 32  # every card of the deal in the hands, and the turned card
    for card, src, alt in pictures:
        assert src == f"/cards/{card}.png?v={cards.version()}"
        assert html.unescape(alt) == text_face(card, "fr")
        assert client.get(html.unescape(src)).status_code == 200
