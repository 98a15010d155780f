"""Every word a player sees in a whole match of each game, in French and in English.

One host per table (the other seats are easy AIs, quick options) opens the table, opens the
lobby's options and keeps them, starts, plays to the end (asking « Pourquoi ? » once when
its hand offers it), asks for the rules in the table's thread and lists the tables; a guest
is refused the options and a hand. Every message state the emulator saw (public and
ephemeral, every edit), every button, select option and modal input, and every thread name
is then read for what a player must never see. The review (« Analyse ») is read from
its answer as the seat gets it (tests/bot/reviews/test_answers.py).
"""

from __future__ import annotations

import asyncio
import math
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import games
from bot.i18n.catalog import MESSAGES
from bot.i18n.translate import tr
from bot.table.hint import hint_answer
from bot.table.welcome import summary_text
from emulator.drivers import Emulator
from emulator.model import Message
from games import Rng
from games.ai.advice import decision_text, hint, review
from games.testing import random_match
from games.text import (
    hand_line,
    private_lines,
    public_lines,
    ranking_lines,
    seat_parts,
    why_lines,
)
from tests.bot.harness import (
    Tapis,
    match_players,
    play_until_over,
    quick_options_text,
    running_tapis,
    settled,
)

LOCALES = {"fr": "fr", "en": "en-US"}

# Words of one language that have no business in the other's text.
ENGLISH = {
    "the", "and", "with", "your", "you", "player", "players", "turn", "trick", "tricks",
    "deal", "deals", "wins", "win", "plays", "play", "takes", "draws", "hand", "game",
    "nobody", "yes", "not", "from", "for", "bid", "fold", "call", "calls", "raise", "pass",
    "stake", "token", "tokens", "card", "cards", "team", "dealer", "trump", "easy", "strong",
    "without", "round", "left", "back", "none", "over",
}  # fmt: skip
FRENCH = {
    "le", "la", "les", "des", "du", "est", "avec", "pour", "une", "et", "joue", "jouer", "pli",
    "plis", "donne", "carte", "cartes", "jeton", "jetons", "oui", "non", "sans", "au", "aux",
    "qui", "pas", "manche", "joueur", "joueurs", "partie", "équipe", "atout", "preneur",
    "donneur", "mise", "passe", "vous", "votre", "facile", "forte", "ou", "sur", "dans", "à",
}  # fmt: skip
COUNTED = {
    "fr": ("point", "carte", "jeton", "pli", "joueur", "partie", "victoire", "manche", "donne"),
    "en": ("point", "card", "token", "trick", "player", "match", "win", "deal", "round"),
}
DECORATION = re.compile(r"<a?:\w+:\d+>|<[@#][!&]?\d+>|https?://\S+")  # emojis, mentions, links
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
ACTION_ID = re.compile(r"\b[a-z_]{2,16}:[A-Za-z0-9+_\-]+")
CARD_ID = re.compile(
    r"(?<![\w])(?:(?:[2-9]|10|[AJQK])[SHDC]|JK|(?:MA|PA|AV|EV|BA|CO|GC|CH)[RBJV])(?![\w])"
)
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
PYTHON = re.compile(r"\b(?:True|False|None)\b")
SAME_RANGE = re.compile(r"\b(\d+) (?:à|to) \1\b")
ENGLISH_RANK = re.compile(r"(?<![\w'])[KQJ](?=[♠♥♦♣]|\b)")
WORD = re.compile(r"[\w'’]+|n°")


def problems(text: str, lang: str) -> list[str]:
    """What is wrong with one string a player sees in `lang`."""
    text = DECORATION.sub(" ", text)
    found: list[str] = []
    checks = [
        (PLACEHOLDER, "placeholder"),
        (ACTION_ID, "action id"),
        (CARD_ID, "card id"),
        (SNAKE, "internal key"),
        (PYTHON, "raw value"),
        (SAME_RANGE, "a range from n to n"),
        (re.compile(r"\w\(s\)"), "(s) plural"),
        (re.compile(r"\bpts\b"), "abbreviated points"),
    ]
    for slug in games.slugs():
        if "-" in slug:  # a one-word slug (`manille`) is also a word of the game
            checks.append((re.compile(rf"\b{re.escape(slug)}\b"), "game slug"))
    if lang == "fr":
        checks.append((ENGLISH_RANK, "English rank"))
    for pattern, what in checks:
        for match in pattern.finditer(text):
            found.append(f"{what} {match.group(0)!r}")
    words = [w.lower() for w in WORD.findall(text)]
    foreign = FRENCH if lang == "en" else ENGLISH
    found += [
        f"{'French' if lang == 'en' else 'English'} word {w!r}" for w in words if w in foreign
    ]
    if lang == "en" and "n°" in text:
        found.append("n° in English")
    singular, plural = (r"[01]", r"[2-9]|\d{2,}") if lang == "fr" else (r"1", r"0|[2-9]|\d{2,}")
    for noun in COUNTED[lang]:
        for match in re.finditer(rf"(?<![\d.,]){'(?:' + singular + ')'} {noun}s\b", text):
            found.append(f"plural after one {match.group(0)!r}")
        for match in re.finditer(rf"(?<![\d.,])(?:{plural}) {noun}\b(?!s)", text):
            found.append(f"singular after many {match.group(0)!r}")
    return found


def message_strings(msg: Message) -> Iterator[str]:
    yield msg.text()
    for comp in msg.iter_components():
        for key in ("label", "placeholder"):
            if comp.get(key):
                yield str(comp[key])
        for opt in comp.get("options") or []:
            yield str(opt.get("label") or "")
            yield str(opt.get("description") or "")
    for media in msg.media_items():
        yield media.description or ""


def modal_strings(modal: dict[str, Any]) -> Iterator[str]:
    yield str(modal.get("title") or "")
    for comp in modal.get("components") or []:
        yield str(comp.get("label") or "")
        yield str(comp.get("description") or "")
        inner = comp.get("component") or {}
        yield str(inner.get("placeholder") or "")
        for opt in inner.get("options") or []:
            yield str(opt.get("label") or "")
            yield str(opt.get("description") or "")


@dataclass
class Seen:
    """Every string shown, with the language of whoever sees it."""

    lang_of_channel: dict[int, str] = field(default_factory=dict)
    lang_of_user: dict[int, str] = field(default_factory=dict)
    strings: list[tuple[str, str, str]] = field(default_factory=list)  # lang, where, text

    def wrote(self, msg: Message) -> None:
        if msg.visible_to is not None:
            lang = self.lang_of_user.get(msg.visible_to)
        else:
            lang = self.lang_of_channel.get(msg.channel_id)
        if lang is not None:
            for text in message_strings(msg):
                self.strings.append((lang, f"message {msg.id}", text))

    def add(self, lang: str, where: str, texts: Iterator[str]) -> None:
        self.strings += [(lang, where, t) for t in texts]


async def play_one(tapis: Tapis, seen: Seen, slug: str, lang: str, n: int) -> None:
    emu = tapis.emu
    host = tapis.user(f"host{n}", locale=LOCALES[lang], global_name="Ada")
    guest = tapis.user(f"guest{n}", locale=LOCALES[lang], global_name="Bob")
    seen.lang_of_user.update({host.id: lang, guest.id: lang})
    table_id, where, lobby = await tapis.open_table(host, slug, quick_options_text(slug))
    seen.lang_of_channel[where.id] = lang
    seen.wrote(lobby)
    for page, _ in enumerate(b for b in lobby.buttons() if str(b["custom_id"]).startswith("to:")):
        handle = await emu.click(host, lobby, f"to:{table_id}:{page}")
        await handle.wait_response()
        assert handle.modal is not None
        seen.add(lang, f"{slug} options modal", modal_strings(handle.modal))
        await (await emu.submit_modal(handle, {})).wait_response()
    await tapis.run(await emu.click(guest, lobby, f"to:{table_id}:0"))  # refused: not the host
    for _ in range(match_players(slug) - 1):
        await tapis.run(await emu.click(host, lobby, f"tl:{table_id}:ai_facile"))
    await tapis.run(await emu.click(host, lobby, f"tl:{table_id}:start"))
    await tapis.run(await emu.click(guest, lobby, f"th:{table_id}"))  # refused: a spectator
    await tapis.run(await emu.slash(host, where, "rules", {}))
    asked: list[str] = []

    async def ask_why(_step: int) -> None:
        """Once per table, « Pourquoi ? » on the host's hand when it offers it."""
        hand = tapis.hand_of(host, where, table_id)
        ids = [str(c.get("custom_id", "")) for c in hand.iter_components()] if hand else []
        why = next((cid for cid in ids if cid.startswith("tw:")), None)
        if hand is not None and why is not None and not asked:
            asked.append(why)
            await tapis.run(await emu.click(host, hand, why))

    await play_until_over(tapis, table_id, where, [host], Rng(n), on_step=ask_why)
    await tapis.run(await emu.slash(host, tapis.channel, "tables", {}))
    runtime = tapis.bot.runtimes.get(table_id)
    if runtime is not None:
        await settled(tapis, table_id)
    final = tapis.public_message(table_id, where)
    replay = next((b for b in final.buttons() if str(b["custom_id"]).startswith("rp:")), None)
    if replay is not None:  # the finished table offers its replay: watch its first moves
        shown = await tapis.run(await emu.click(host, final, replay["custom_id"]))
        for _ in range(3):
            buttons = shown.buttons() if shown is not None else []
            step = next((b for b in buttons if str(b["custom_id"]).endswith(":n")), None)
            if shown is None or step is None or step.get("disabled"):
                break
            shown = await tapis.run(await emu.click(host, shown, step["custom_id"]))
    analyse = next((b for b in final.buttons() if str(b["custom_id"]).startswith("ra:")), None)
    if analyse is not None:  # « Analyse »: pending here (no review worker in these tests)
        await tapis.run(await emu.click(host, final, analyse["custom_id"]))
    rematch = f"tv:{table_id}"
    if any(b.get("custom_id") == rematch for b in final.buttons()):  # refused, then opened
        await tapis.run(await emu.click(guest, final, rematch))
        await tapis.run(await emu.click(host, final, rematch))


@pytest.mark.alone  # ten tables at once, each click within Discord's 3 s
async def test_every_word_of_a_whole_match_reads_right_in_french_and_in_english(
    emulator: Emulator, tmp_path: Path
) -> None:
    seen = Seen()
    emulator.world.write_listeners.append(seen.wrote)
    async with running_tapis(emulator, tmp_path) as tapis:
        seen.lang_of_channel[tapis.channel.id] = "fr"
        tables = [(slug, lang) for slug in games.slugs() for lang in LOCALES]
        # All at once: each table's last redraw waits out its pace, so they overlap.
        await asyncio.gather(
            *(play_one(tapis, seen, slug, lang, n) for n, (slug, lang) in enumerate(tables))
        )
        for thread in emulator.threads(tapis.channel):
            lang = seen.lang_of_channel[thread.id]
            seen.add(lang, "thread name", iter([thread.name]))
    assert len(seen.strings) > 500
    if os.environ.get("TAPIS_WORDS_DUMP"):  # every distinct string, to read them by eye
        lines = sorted({f"[{lang}] {text}" for lang, _where, text in seen.strings})
        Path(os.environ["TAPIS_WORDS_DUMP"]).write_text("\n\n".join(lines), encoding="utf-8")
    found: dict[str, str] = {}  # each problem once, with the first text it was seen in
    for lang, where, text in seen.strings:
        for what in problems(text, lang):
            found.setdefault(f"[{lang}] {what}", f"{where}: {text[:300]!r}")
    report = "\n".join(f"{what}\n    in {text}" for what, text in sorted(found.items()))
    assert not found, f"{len(found)} problems:\n{report}"


NAMES = ("Ada", "Bob", "Chloé", "Dédé", "Émile", "Fanny", "Gus", "Hugo", "Iris")


def engine_strings(slug: str, seed: int, lang: str) -> Iterator[str]:
    """What every seat would read in a random match, straight from the game's words: every
    legal action's label, every event said to anyone, the facts of every hand and of the
    table, why a card cannot be played (« Pourquoi ? »), the final ranking."""
    rules = games.get(slug)
    words = rules.words
    players = rules.quick_players or rules.min_players
    names = NAMES[:players]
    state = rules.new(players=players, seed=seed, options=rules.quick_options)
    pick = Rng(seed)
    for _step in range(3000):
        for seat in [None, *range(players)]:
            for event in state.events_for(seat):
                yield words.narrate(event, lang, names, strict=True) or ""
        public = state.public_facts()
        yield from public_lines(public, words, lang, names)
        for facts in public.seats:
            yield from seat_parts(facts, words, lang, names)
        for seat in range(players):
            hand = state.hand_facts(seat)
            yield hand_line(hand, lang, None, words)
            yield from private_lines(hand, words, lang, names)
            for action in state.legal_actions(seat):
                yield words.action_label(action.id, lang)
            yield from why_lines(state.why_not(seat), words, lang, names)
        if state.is_over():
            yield from ranking_lines(state.outcome(), words, lang, names)
            return
        seat = pick.choice(state.to_move())
        state.apply(seat, pick.choice(state.legal_actions(seat)).id)
    raise AssertionError(f"{slug}: no end after 3000 moves")


@pytest.mark.slow
@pytest.mark.parametrize("slug", games.slugs())
def test_every_line_a_seat_may_read_in_random_matches_reads_right(slug: str) -> None:
    """Beyond what one host saw: every seat's actions and news, in both languages."""
    found: dict[str, str] = {}
    for lang in LOCALES:
        for seed in (1, 2):
            for text in engine_strings(slug, seed, lang):
                for what in problems(text, lang):
                    found.setdefault(f"[{lang}] {what}", text[:300])
    report = "\n".join(f"{what}\n    in {text!r}" for what, text in sorted(found.items()))
    assert not found, f"{len(found)} problems:\n{report}"


def advice_strings(slug: str, seed: int, lang: str) -> Iterator[str]:
    """What the strong AI's advice says in a random match: a hint at every few decisions
    (cheap searches), and the review of every decision of a seat where the AI differs,
    costly or not."""
    rules = games.get(slug)
    words = rules.words
    players = rules.quick_players or rules.min_players
    names = NAMES[:players]
    _, played = random_match(slug, seed)
    replay = rules.new(players=players, seed=seed, options=rules.quick_options)
    for step, move in enumerate(played):
        if step % 3 == 0:
            found = hint(replay, move.seat, Rng(step), iterations=4, budget_s=math.inf)
            yield hint_answer(found, words, lang, names)  # what the bot answers
        replay.apply(move.seat, move.action)
    moves = [(m.seat, m.action) for m in played]
    for d in review(rules, players, seed, rules.quick_options, moves, 0, iterations=4):
        if d.best != d.played:
            yield decision_text(d, words, lang, names)


@pytest.mark.slow
@pytest.mark.parametrize("slug", games.slugs())
def test_every_hint_and_review_line_reads_right(slug: str) -> None:
    """The advice's sentences, in both languages: the reasons of each game and the shared
    ones, with cards, suits, roles and estimates filled in."""
    found: dict[str, str] = {}
    for lang in LOCALES:
        for text in advice_strings(slug, 4, lang):
            for what in problems(text, lang):
                found.setdefault(f"[{lang}] {what}", text[:300])
    report = "\n".join(f"{what}\n    in {text!r}" for what, text in sorted(found.items()))
    assert not found, f"{len(found)} problems:\n{report}"


REMATCH_KEYS = ("btn.rematch", "lobby.rematch", "lobby.confirm", "lobby.lapsed", "lobby.kept")


@pytest.mark.parametrize("lang", LOCALES)
def test_every_rematch_text_reads_right(lang: str) -> None:
    """The rematch's words, beyond those one host meets in the match above: the kept seats,
    the confirmations, the refusals."""
    keys = [k for k in MESSAGES if k.startswith((*REMATCH_KEYS, "err.rematch", "rematch."))]
    assert len(keys) >= 10
    found = {k: p for k in keys if (p := problems(tr(k, lang, where="<#42>", table=7), lang))}
    assert not found, found


@pytest.mark.parametrize("slug", games.slugs())
def test_the_first_tables_essentials_and_the_hint_words_read_right(slug: str) -> None:
    """The first-table summary of each game, with and without hints, and the words around
    « Conseil » (its refusals, the replay's line, the lobby's)."""
    keys = ["btn.hint", "hint.not_here", "hint.not_your_turn", "hint.failed", "hint.not_stored"]
    keys.append("lobby.hints")
    found: dict[str, str] = {}
    for lang in LOCALES:
        texts = [summary_text(slug, lang, hints) for hints in (False, True)]
        texts += [tr(key, lang) for key in keys]
        texts.append(tr("replay.hint", lang, who="Ada"))
        for text in texts:
            for what in problems(text, lang):
                found.setdefault(f"[{lang}] {what}", text)
    assert not found, found


def test_the_scan_catches_what_it_looks_for() -> None:
    """The scan itself: each kind of mistake is caught, natural text passes."""
    assert "placeholder '{card}'" in problems("Appeler {card}", "fr")
    assert (
        problems("Objectif : 200 points · 1 pli · 0 carte · 12 jetons · 10 (manille)", "fr") == []
    )
    assert problems("Target: 200 points · 1 trick · 0 cards", "en") == []
    assert problems("Ada — 1 pts", "fr") == ["abbreviated points 'pts'"]
    assert problems("1 points", "fr") == ["plural after one '1 points'"]
    assert problems("0 cartes", "fr") == ["plural after one '0 cartes'"]
    assert problems("2 card", "en") == ["singular after many '2 card'"]
    assert problems("pas de Q", "fr") == ["English rank 'Q'"]
    assert "internal key 'bianco_mano_bonus'" in problems("bianco_mano_bonus=True", "fr")
    assert "raw value 'True'" in problems("bianco_mano_bonus=True", "fr")
    found = problems("play:AS", "fr")
    assert "action id 'play:AS'" in found and "card id 'AS'" in found
    assert problems("Manille n°12", "en") == ["n° in English"]
    assert problems("Joueurs : 4 à 4", "fr") == ["a range from n to n '4 à 4'"]
    assert problems("Une table de nain-jaune", "fr") == ["game slug 'nain-jaune'"]
    assert problems("Alice wins the trick", "fr")
    assert problems("Alice remporte le pli", "en")
    assert problems("<@123> · <#45> · <:card_as_v1:1234567890123456789>", "en") == []
