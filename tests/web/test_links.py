"""Signed links: what the bot hands out and the only way into a server's pages."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from web import links

SECRET = "s" * 40
NOW = 1_800_000_000
GUILD = 2**62 + 5


def test_signature_is_stable_and_bound_to_guild_expiry_and_secret() -> None:
    signature = links.sign(GUILD, NOW + 60, SECRET)
    assert signature == links.sign(GUILD, NOW + 60, SECRET)
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", signature)
    assert signature != links.sign(GUILD + 1, NOW + 60, SECRET)
    assert signature != links.sign(GUILD, NOW + 61, SECRET)
    assert signature != links.sign(GUILD, NOW + 60, SECRET + "x")


def test_verify_accepts_only_the_right_unexpired_signature() -> None:
    expires = NOW + 60
    good = links.sign(GUILD, expires, SECRET)
    assert links.verify(GUILD, expires, good, SECRET, now=NOW)
    assert not links.verify(GUILD, expires, good, SECRET, now=expires)  # expired at its second
    assert not links.verify(GUILD + 1, expires, good, SECRET, now=NOW)
    assert not links.verify(GUILD, expires + 1, good, SECRET, now=NOW)
    assert not links.verify(GUILD, expires, good, "other" * 8, now=NOW)
    assert not links.verify(
        GUILD, expires, good[:-1] + ("A" if good[-1] != "A" else "B"), SECRET, now=NOW
    )
    assert not links.verify(GUILD, expires, good[:-1], SECRET, now=NOW)
    assert not links.verify(GUILD, expires, good, "", now=NOW)


def test_an_empty_secret_signs_nothing() -> None:
    with pytest.raises(ValueError):
        links.sign(GUILD, NOW, "")


def test_link_carries_a_verifiable_signature_path_and_language() -> None:
    url = links.link(
        "https://tapis.example.org/", GUILD, SECRET, path="match/12", lang="en", now=NOW
    )
    parts = urlsplit(url)
    assert parts.scheme == "https" and parts.netloc == "tapis.example.org"
    _, g, guild, expires, signature, page, match = parts.path.split("/")
    assert g == "g" and (page, match) == ("match", "12")
    assert int(expires) == NOW + links.DEFAULT_TTL
    assert links.verify(int(guild), int(expires), signature, SECRET, now=NOW)
    assert int(guild) == GUILD
    assert parts.query == "lang=en"


def test_link_to_the_leaderboard_with_an_explicit_expiry() -> None:
    url = links.link("https://t.example", GUILD, SECRET, expires_at=NOW + 5)
    assert url == f"https://t.example/g/{GUILD}/{NOW + 5}/{links.sign(GUILD, NOW + 5, SECRET)}/"


def test_link_refuses_a_lifetime_that_is_already_over() -> None:
    with pytest.raises(ValueError):
        links.link("https://t.example", GUILD, SECRET, ttl=0, now=NOW)
