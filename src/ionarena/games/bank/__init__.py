"""Ion, the real-time team bank game run by a chat bot (rulebook by alexis).

Teams `+` and `-` push a shared bank's charge toward their pole with cards; when it is fully
charged the pot is dumped to that pole's team. Rounds are timed; moves have a 3-second clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import GameSpec, register
from .cards import DEFAULT, OPTIONS
from .commands import answer
from .invariants import check_invariants
from .present import PRESENTER
from .rules import BankState


def make_state(num_players: int, variant: str, seed: int, options: dict[str, Any]) -> BankState:
    """A new game: a lobby where each seat picks `team +` or `team -` (options: teams='+-+-', lobby=False)."""
    return BankState(num_players, variant, seed, options)


def _position(data: Mapping[str, Any]) -> BankState:
    from .position import position
    return position(data)


SPEC = register(GameSpec(
    id="bank",
    title="Ion — the team bank game",
    summary="Real-time team game: push the bank's charge to your pole to dump its pot to your team.",
    min_players=DEFAULT.min_players,
    max_players=DEFAULT.max_players,
    variants=("standard",),
    default_variant="standard",
    factory=make_state,
    presenter=PRESENTER,
    options=OPTIONS,
    simultaneous=True,
    timed=True,
    utility="win",
    default_players=6,
    variant_notes={"standard": "3 rounds of 180 s, 3-second moves, full charge 10, 30-second shops"},
    check_invariants=check_invariants,
    position=_position,
    answer=answer,
))

__all__ = ["SPEC", "BankState"]
