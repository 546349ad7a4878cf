"""The view envelope: what every game's `State.view(seat)` returns, typed.

The envelope is the same in every game: who may act, the phase, the scores, the clock, and the
game's own `table` (each game types its table with a `TypedDict` in `games/<id>/views.py`; a
surface that reads a table names that type, e.g. `t: DotsTable = view["table"]`, so that a renamed
field fails `mypy`, not a player).
"""

from __future__ import annotations

from typing import Any, TypedDict


class View(TypedDict):
    """One seat's view (`seat` None: a spectator's), JSON-ready."""

    game: str
    variant: str
    players: int
    seat: int | None
    version: int
    actors: list[int]
    """The seats that may act now (several at once in simultaneous games; empty once over)."""
    phase: str
    over: bool
    scores: list[float]
    """The scores every seat may see now (`State.public_scores`)."""
    winners: list[int]
    deadline: float | None
    """Game seconds at which the host applies `timeout` (timed games; else None)."""
    now: float | None
    """The game clock in seconds (timed games; else None)."""
    table: Any
    """The game's own part: a `TypedDict` of `games/<id>/views.py` (`DotsTable`, `CompoundTable`, ...)."""


__all__ = ["View"]
