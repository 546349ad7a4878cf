"""A whole move for an idle person: once a seat's move limit passes, the takeover bot finishes
that seat's turn at once.

A turn may take several actions of one seat (dots: `draw`, then a play; valence: build, build,
`end`). The move limit (`TableSettings.move_limit`) counts from the table's last change, so
without this the takeover bot would make one part of the move per idle period, and a person who
walked away would hold the table for several limits per turn. `IdleRun` remembers the seats whose
limit passed: while such a seat is still on turn, its next takeover move is due at once; the run
ends when the seat is no longer on turn, its person moves, or the move ended a round (a deal, a
round: `ROUND_EVENTS`) — the seat's turn in the next round is a new move, with a new limit, never
the rest of this one. `moves` counts the takeover moves of each seat, so a surface can tell the
person that a bot moved for them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from ..core import State
from .scheduler import LIMIT, Due

ROUND_EVENTS = frozenset({"deal", "deal_end", "turn_cap", "round", "round_end"})
"""Event kinds that start or end a round of some game (dots' deals, compound's rounds)."""


class IdleRun:
    """Seats whose takeover bot is finishing their turn (see the module docstring)."""

    __slots__ = ("moves", "seats")

    def __init__(self) -> None:
        self.seats: set[int] = set()
        self.moves: dict[int, int] = {}
        """Takeover moves made for each seat so far."""

    def settled(self, seat: int, state: State[Any], kinds: Collection[str] = ()) -> None:
        """The takeover bot moved for `seat` in `state` (the game after the move; `kinds`: the
        kinds of the events the move made)."""
        self.moves[seat] = self.moves.get(seat, 0) + 1
        if not state.is_over() and seat in state.actors() and ROUND_EVENTS.isdisjoint(kinds):
            self.seats.add(seat)
        else:
            self.seats.discard(seat)

    def person_moved(self, seat: int) -> None:
        """The person of `seat` moved: their turn is theirs again."""
        self.seats.discard(seat)

    def due(self, dues: Iterable[Due], since: float, actors: Iterable[int]) -> list[Due]:
        """`dues` with the takeover moves of running seats due at `since` (the last change),
        soonest first; seats no longer on turn leave the run."""
        self.seats &= set(actors)
        if not self.seats:
            return list(dues)
        adjusted = [Due(since, d.seat, d.kind) if d.kind == LIMIT and d.seat in self.seats else d
                    for d in dues]
        return sorted(adjusted, key=lambda d: d.when)


__all__ = ["ROUND_EVENTS", "IdleRun"]
