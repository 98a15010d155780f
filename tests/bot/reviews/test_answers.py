"""What « Analyse » answers a seat: the costliest decisions in its language, each with
the replay button of its move, words the scan accepts, and cards the seat could see."""

from __future__ import annotations

import json

import pytest

from bot.replays.book import Replay
from bot.reviews import jobs
from bot.reviews.answers import review_message
from db import ReviewRecord, ReviewStatus
from db.store.reviews import row_line
from tests.bot.replays.test_book import GUILD, random_match
from tests.bot.test_words_scan import LOCALES, problems


def reviewed(slug: str, seed: int) -> tuple[Replay, ReviewRecord]:
    """A random match of `slug` and seat 0's review of it, computed as the worker does."""
    found = random_match(slug, seed)
    replay = Replay.build(GUILD, found)
    match = (slug, len(replay.seats), replay.seed, dict(replay.options), list(replay.moves), 0)
    indices, _ = jobs.plan(*match)
    lines = jobs.keep(jobs.judge(*match, indices, 24))
    record = ReviewRecord(replay.table_id, 0, ReviewStatus.DONE, tuple(map(row_line, lines)))
    return replay, record


@pytest.mark.parametrize(
    "slug", ["manille", "bianco-mano", "blanche-neige", "nain-jaune", "bonanza"]
)
def test_a_review_reads_right_and_names_only_cards_its_seat_saw(slug: str) -> None:
    # The first seeded random match where seat 0 made a costly mistake.
    replay, record = next(r for seed in range(1, 9) if (r := reviewed(slug, seed))[1].lines)
    for lang in LOCALES:
        text, view = review_message(replay, record, lang)
        assert view is not None
        ids = [getattr(item, "custom_id", None) for item in view.children]
        assert ids == [f"rp:{replay.table_id}:{x.move}:o" for x in record.lines]
        labels = [getattr(item, "label", "") for item in view.children]
        for string in [text, *labels]:
            assert not problems(string, lang), (problems(string, lang), string)
    for x in record.lines:  # the advised card was in the seat's view when it decided
        before = replay.state_at(x.move - 1)
        assert replay.moves[x.move - 1] == (0, x.played)
        assert x.best in {a.id for a in before.legal_actions(0)}
        seen = json.dumps(before.view(0))
        for card in (x.reason[1].get("card"),) if x.reason else ():
            assert card is None or card in seen, (card, x)


def test_a_review_without_costly_decision_says_so_in_each_language() -> None:
    replay = Replay.build(GUILD, random_match("manille", 3))
    record = ReviewRecord(replay.table_id, 0, ReviewStatus.DONE, ())
    for lang, expected in (("fr", "Aucune décision coûteuse"), ("en", "No costly decision")):
        text, view = review_message(replay, record, lang)
        assert expected in text and view is None and not problems(text, lang)
