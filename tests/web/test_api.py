"""The JSON API: the pages' data, described by the generated OpenAPI schema."""

from __future__ import annotations

from fastapi.testclient import TestClient

import games
from web import replay

from .conftest import signed
from .seed import GUILD, Seeded, uid
from .test_pages import MIN_MATCHES, from_store


def test_leaderboard_json_matches_the_store(client: TestClient, seeded: Seeded) -> None:
    body = client.get(signed("leaderboard", api=True), params={"season": 1}).json()
    expected = from_store(
        seeded, "leaderboard.page", GUILD, season=1, limit=25, min_matches=MIN_MATCHES
    )
    assert body["season"] == 1 and [s["number"] for s in body["seasons"]] == [1, 2]
    assert [r["user_id"] for r in body["rows"]] == [str(r.user_id) for r in expected.rows]
    for got, row in zip(body["rows"], expected.rows, strict=True):
        assert got["rank"] == row.rank
        assert got["rating"] == (row.rating if row.matches >= MIN_MATCHES else None)
        assert (got["matches"], got["wins"], got["points"]) == (row.matches, row.wins, row.points)
    assert body["total"] == expected.total and body["min_matches"] == MIN_MATCHES


def test_match_list_pages(client: TestClient, seeded: Seeded) -> None:
    first = client.get(signed("matches", api=True)).json()
    assert first["page"] == 1 and first["has_next"] is False
    ids = [m["id"] for m in first["matches"]]
    assert ids == sorted(ids, reverse=True)
    assert set(ids) == set(seeded.matches.values())
    manille = client.get(signed("matches", api=True), params={"game": "manille"}).json()
    assert {m["game"] for m in manille["matches"]} == {"manille"}
    assert client.get(signed("matches", api=True), params={"page": 2}).status_code == 404


def test_player_json_history_ends_at_the_record(client: TestClient, seeded: Seeded) -> None:
    body = client.get(signed(f"players/{uid(1)}", api=True), params={"season": 1}).json()
    assert body["name"] == "Alice" and body["user_id"] == str(uid(1))
    for record in body["records"]:
        if record["season"] != 1:
            continue
        points = [h for h in body["history"] if h["game"] == record["game"]]
        assert len(points) == record["matches"]
        assert points[-1]["rating"] == record["rating"]


def test_match_detail_and_steps(client: TestClient, seeded: Seeded) -> None:
    match_id = seeded.matches["nain"]
    detail = client.get(signed(f"matches/{match_id}", api=True)).json()
    assert detail["replayable"] is True and detail["match"]["game"] == "nain-jaune"
    moves = [(m["seat"], m["action"]) for m in detail["moves"]]
    assert [m["seq"] for m in detail["moves"]] == list(range(1, len(moves) + 1))
    assert detail["deal_starts"][0] == 0
    found = from_store(seeded, "history.match", GUILD, match_id)
    options = replay.game_options(found.options)
    state = games.get("nain-jaune").replay(len(found.summary.seats), found.seed, options, moves[:3])
    step = client.get(signed(f"matches/{match_id}/steps/3", api=True)).json()
    seats = range(len(found.summary.seats))
    assert step["hands"] == [list(state.hand_facts(s).cards) for s in seats]  # as players sort
    assert step["public"] == state.view(None)
    assert step["last_move"] == {"seq": 3, "seat": moves[2][0], "action": moves[2][1]}
    assert step["total"] == len(moves)


def test_the_schema_describes_every_route_and_its_404(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    paths = schema["paths"]
    assert set(paths) == {
        "/api/g/{guild_id}/{expires}/{signature}/leaderboard",
        "/api/g/{guild_id}/{expires}/{signature}/matches",
        "/api/g/{guild_id}/{expires}/{signature}/players/{user_id}",
        "/api/g/{guild_id}/{expires}/{signature}/matches/{match_id}",
        "/api/g/{guild_id}/{expires}/{signature}/matches/{match_id}/steps/{step}",
    }
    for operations in paths.values():
        assert "404" in operations["get"]["responses"]
