"""Which guilds this process serves: Discord's shard formula and the process's own shards.

Discord sends a guild's events (its interactions included) only down the connection of the
guild's shard, `(guild_id >> 22) % shard_count`. A process runs some shards; the tables of
its guilds are its own: it restores, times, plays AI turns for and redraws only those, so
that no table is ever handled by two processes. Several processes share the database, and
only PostgreSQL can be shared that way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild's events arrive on (Discord's formula)."""
    return (guild_id >> 22) % shard_count


def parse_ids(text: str) -> tuple[int, ...]:
    """`"0,2"`, `"0-3"`, `"0-1, 4"` → sorted distinct shard ids; empty text → ()."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"not a shard id or range: {part!r} (write e.g. 0,1 or 0-3)")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise ValueError(f"empty shard range {part!r}")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards of the whole bot (`count`) and those this process runs (`ids`)."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("a bot has at least one shard")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids {list(self.ids)} not within 0..{self.count - 1}")

    @classmethod
    def of(cls, count: int, ids: Iterable[int] = ()) -> Shards:
        chosen = tuple(sorted(set(ids)))
        return cls(count, chosen or tuple(range(count)))

    @property
    def partial(self) -> bool:
        """Other processes run the other shards."""
        return len(self.ids) < self.count

    @property
    def share(self) -> float:
        """This process's part of the bot's traffic (and of its global request budget)."""
        return len(self.ids) / self.count

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def describe(self) -> str:
        if not self.partial:
            return f"all {self.count} shard(s)"
        return f"shard(s) {', '.join(map(str, self.ids))} of {self.count}"
