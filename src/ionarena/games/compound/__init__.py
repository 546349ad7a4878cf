"""Ion: A Compound Building Game — draft element cards, bond them into neutral compounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ionarena.core import GameSpec, register

from .invariants import check_invariants
from .present import PRESENTER
from .rules import CompoundState


def make_state(num_players: int, variant: str, seed: int, options: dict[str, Any]) -> CompoundState:
    """A new game (the game has no options)."""
    return CompoundState(num_players, variant, seed, options)


def _position(data: Mapping[str, Any]) -> CompoundState:
    from .position import position
    return position(data)


SPEC = register(GameSpec(
    id="compound",
    title="Ion: A Compound Building Game",
    summary="Pick and pass element cards, bond ions into neutral compounds, chase goal cards "
            "(2-7 players, simultaneous picks).",
    min_players=2,
    max_players=7,
    variants=("beginner", "standard", "advanced"),
    default_variant="standard",
    factory=make_state,
    presenter=PRESENTER,
    simultaneous=True,
    timed=False,
    utility="win",
    default_players=4,
    variant_notes={
        "beginner": "no transition metals, polyatomic ions, action tiles or center cards; 9-card hands",
        "standard": "81 element cards, 4 center cards, three action tiles each",
        "advanced": "standard plus the 14 radioactive cards (reveal rule and decay ranking)",
    },
    check_invariants=check_invariants,
    position=_position,
))

__all__ = ["SPEC", "CompoundState"]
