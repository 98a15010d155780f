"""The phases of a Bonanza deal, one class each (see docs/rules/bonanza.md).

The book's order: the dead hand (`Mort`: the dealer exchanges it or puts it up for sale,
then the `Auction`), the first phase (`Calls`: Joker, Dame-Valet, Séquence, Dix-Deux), the
second (`Poker`: one betting round and a showdown) and the third (`Jeu`: the sequence game
on the lower half of the wheel). The `State` holds every fact of the match and hands the
move of the seat to move to the phase named by `State.phase`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...base import Action
from ...reasons import Reason

if TYPE_CHECKING:
    from ..state import State

# Every verb of the game: a verb of another phase is refused as "wrong_phase".
VERBS = frozenset(
    {"exchange", "sell", "bid", "pass", "show", "keep", "joker"}
    | {"check", "bet", "call", "raise", "fold", "suit"}
)


class Phase:
    """The rules while a phase lasts, for the match `st`: what the seat to move may do
    (`legal`), whether an action id is one of those moves (`check`), why it is refused
    (`explain`, a code the words translate), the cards that move plays and why the others
    or a larger amount may not be played (`playable`, `why_not`), and what a move does
    (`apply`). `start` enters the phase when the one before it ends. A phase holds
    nothing: every fact is in `st`."""

    def legal(self, st: State, seat: int) -> tuple[Action, ...]:
        return ()

    def check(self, st: State, seat: int, action_id: str) -> bool:
        return Action(action_id) in self.legal(st, seat)

    def explain(self, st: State, seat: int, action_id: str) -> str:
        verb = action_id.partition(":")[0]
        return "wrong_phase" if verb in VERBS else "unknown_action"

    def playable(self, st: State, seat: int) -> frozenset[str]:
        """The cards of the hand the seat to move would play now: none but in the play."""
        return frozenset()

    def why_not(self, st: State, seat: int) -> tuple[Reason, ...]:
        """Why what the seat to move would ask about is not a move now (games/reasons.py)."""
        return ()

    def apply(self, st: State, seat: int, action_id: str) -> None:
        raise AssertionError("a move the phase does not list")  # the state checked it


class Over(Phase):
    """The match is over: nobody moves."""
