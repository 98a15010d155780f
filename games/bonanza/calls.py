"""Phase 1: the dealer's calls Joker, Dame-Valet, Séquence and Dix-Deux.

Holdings are detected by the engine: a combination held naturally is shown and paid at
once, since the book leaves its holder nothing to decide. A player is asked only when a
real choice exists, which always involves the joker:
- at the Joker call, its holder shows it (`show`, takes the box, the joker leaves the game)
  or keeps it silently (`keep`) as a wild card for one later call;
- at a later call, the holder of the kept joker decides to spend it (`joker`) or not
  (`pass`) when it would complete the combination (Dame-Valet or Dix-Deux: he holds one of
  the two cards; Séquence: it would give him the best sequence shown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import JOKER, SUITS
from . import betting
from .rules import CALLS, PAIR_CALLS, SUIT_RANK, VALUE, card_at, owners

if TYPE_CHECKING:
    from .state import State

# Window starts of a three-card sequence: bit 1 (A-2-3) to bit 12 (Q-K-A); the same in each
# suit's 16-bit block (a window never reaches the next block: its top bit is at most 14).
_SEQ_STARTS = 0x1FFE
_SEQ_STARTS_ALL = _SEQ_STARTS * 0x0001_0001_0001_0001

# A Séquence's rank: top value, then 1 natural / 0 with the joker, then the suit. With one
# deck two sequences never share top value and suit, so the book's "a natural sequence wins"
# can only break a tie on the top value; the suit order comes after it.
SeqKey = tuple[int, int, int]  # (top value, 1 natural / 0 with the joker, suit rank)


def holder(st: State, card: str) -> int | None:
    return owners(st).get(card)


def start(st: State) -> None:
    st.phase = "calls"
    st._owner = None  # the hands are settled from here on
    _run(st, 0)


def _run(st: State, i: int) -> None:
    """Make the calls from index `i` on, stopping when a joker holder must decide."""
    while i < 4:
        name = CALLS[i]
        st.call = name
        st.events.append({"type": "announce", "call": name})
        if _CALL_HANDLERS[i](st):
            st.phase = "calls"
            return
        i += 1
    st.call = "poker"
    st.events.append({"type": "announce", "call": "poker"})
    betting.start(st)


def apply(st: State, seat: int, action_id: str) -> None:
    name = st.call
    if name == "joker":
        if action_id == "show":
            _use_joker(st, seat)
            won = _win(st, seat, "joker")
            st.events.append({"type": "joker_shown", "seat": seat, "won": won})
        else:
            st.joker_wild = True
            st.events.append({"type": "joker_kept", "to": seat})
        _run(st, 1)
        return
    if name == "sequence":
        if action_id == "joker":
            key_cards = joker_sequence(st.hands[seat])
            assert key_cards is not None
            _claim(st, "sequence", seat, key_cards[1])
        else:
            _settle_natural_sequence(st, natural_sequences(st))
        _run(st, 3)
        return
    assert name is not None
    a, b = PAIR_CALLS[name]
    if action_id == "joker":
        _claim(st, name, seat, [a if a in st.hands[seat] else b, JOKER])
    else:
        st.events.append({"type": "no_claim", "call": name, "box": st.wheel[name]})
    _run(st, CALLS.index(name) + 1)


# --- the calls ---------------------------------------------------------------------------
def _call_joker(st: State) -> bool:
    st.joker_public = True  # from now on everybody knows whether someone holds it
    h = holder(st, JOKER)
    if h is None:
        return False
    st.turn = h
    return True


def _call_pair(st: State, name: str) -> bool:
    a, b = PAIR_CALLS[name]
    ha, hb = holder(st, a), holder(st, b)
    if ha is not None and ha == hb:
        _claim(st, name, ha, [a, b])
        return False
    if st.joker_wild:
        j = holder(st, JOKER)
        if j is not None and j in (ha, hb):
            st.turn = j
            return True
    st.events.append({"type": "no_claim", "call": name, "box": st.wheel[name]})
    return False


def _call_sequence(st: State) -> bool:
    best = natural_sequences(st)
    if st.joker_wild:
        j = holder(st, JOKER)
        assert j is not None
        mine = joker_sequence(st.hands[j])
        if mine is not None and (best is None or (best[1] != j and mine[0] > best[0])):
            if best is not None:
                # The best natural sequence is shown first; the joker holder then decides.
                _show(st, best[1], best[2])
                st.events.append({"type": "sequence_shown", "seat": best[1], "cards": best[2]})
            st.turn = j
            return True
    _settle_natural_sequence(st, best)
    return False


_CALL_HANDLERS = (
    _call_joker,
    lambda st: _call_pair(st, "dame-valet"),
    _call_sequence,
    lambda st: _call_pair(st, "dix-deux"),
)


def _settle_natural_sequence(st: State, best: tuple[SeqKey, int, list[str]] | None) -> None:
    if best is None:
        st.events.append({"type": "no_claim", "call": "sequence", "box": st.wheel["sequence"]})
    else:
        _claim(st, "sequence", best[1], best[2])


# --- sequences ---------------------------------------------------------------------------
# Per card: its rank bits (an ace sets bit 14 and bit 1, for A-2-3) in its suit's 16-bit
# block of one integer (S, H, D, C from the bottom); the joker adds nothing. The cards of a
# hand are distinct, so the sum of their bits is the union, worked out in C.
_SEQ_BITS: dict[str, int] = {
    c: ((1 << v) | (2 if v == 14 else 0)) << (16 * "SHDC".index(c[-1])) for c, v in VALUE.items()
} | {JOKER: 0}


def _suit_masks(hand: list[str]) -> dict[str, int]:
    """Rank bits per suit, aces at bit 14 and again at bit 1 (A-2-3)."""
    m = sum(map(_SEQ_BITS.__getitem__, hand))
    return {"S": m & 0xFFFF, "H": m >> 16 & 0xFFFF, "D": m >> 32 & 0xFFFF, "C": m >> 48}


def natural_sequence(hand: list[str]) -> tuple[SeqKey, list[str]] | None:
    """The best natural sequence of a hand: key and cards (the whole run, lowest first)."""
    whole = sum(map(_SEQ_BITS.__getitem__, hand))
    x = whole & whole >> 1 & whole >> 2 & _SEQ_STARTS_ALL
    if not x:
        return None  # most hands: no three in a row in any suit, told by one test
    # The highest run start, in the first suit in S, H, D, C order (the suits' rank, down).
    best = i = 0
    for k in range(4):
        start = (x >> 16 * k & 0xFFFF).bit_length()
        if start > best:
            best, i = start, k
    top = best + 1
    # The run goes down from its top to the highest gap below it. The ace sits at bit 14
    # and again at bit 1: a run topped by it stops at the 2, so a whole suit lists each
    # card once.
    low = 2 if top == 14 else 1
    gaps = ~(whole >> 16 * i) & (1 << top) - 1 | (1 << low) - 1
    return (top, 1, SUIT_RANK[SUITS[i]]), _RUN_CARDS[i][gaps.bit_length() : top + 1]


# Per suit (S, H, D, C): its cards by value, the ace at 1 and at 14.
_RUN_CARDS = [["", *(card_at(v, s) for v in range(1, 15))] for s in SUITS]


def joker_sequence(hand: list[str]) -> tuple[SeqKey, list[str]] | None:
    """The best three-card sequence the joker can complete in a hand, if any."""
    best: tuple[SeqKey, list[str]] | None = None
    for s, m in _suit_masks(hand).items():
        a1, a2 = m >> 1, m >> 2
        y = ((m & a1) | (m & a2) | (a1 & a2)) & _SEQ_STARTS
        if not y:
            continue
        top = y.bit_length() + 1
        key = (top, 0, SUIT_RANK[s])
        if best is None or key > best[0]:
            cards = [card_at(v, s) if m >> v & 1 else JOKER for v in (top - 2, top - 1, top)]
            best = (key, cards)
    return best


def natural_sequences(st: State) -> tuple[SeqKey, int, list[str]] | None:
    """The winning natural sequence at the table: key, seat, cards."""
    best: tuple[SeqKey, int, list[str]] | None = None
    for p, h in enumerate(st.hands):
        r = natural_sequence(h)
        if r is not None and (best is None or r[0] > best[0]):
            best = (r[0], p, r[1])
    return best


# --- bookkeeping -------------------------------------------------------------------------
def _win(st: State, seat: int, box: str) -> int:
    won = st.wheel[box]
    st.wheel[box] = 0
    st.tokens[seat] += won
    return won


def _use_joker(st: State, seat: int) -> None:
    """The joker is spent: it leaves the game (and the hand) for the rest of the deal."""
    del owners(st)[JOKER]  # first: a missing table is built from the hands as they are
    st.hands[seat].remove(JOKER)
    st.removed.append(JOKER)
    st.joker_wild = False


def _show(st: State, seat: int, cards: list[str]) -> None:
    shown = st.shown[seat]
    for c in cards:
        if c != JOKER and c not in shown:
            shown.append(c)


def _claim(st: State, call: str, seat: int, cards: list[str]) -> None:
    joker = JOKER in cards
    if joker:
        _use_joker(st, seat)
    _show(st, seat, cards)
    won = _win(st, seat, call)
    st.events.append(
        {"type": "claim", "call": call, "seat": seat, "cards": cards, "joker": joker, "won": won}
    )
