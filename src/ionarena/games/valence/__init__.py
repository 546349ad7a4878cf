"""Science Ninjas: Valence — build molecules from element cards whose valences add up to zero.

Registers the `valence` game: 2–5 players, variants standard, beginner, cooperative and ninja.
Option `turn_cap` (default 500 turns) ends a game that runs too long in a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import GameSpec, Option, register
from .base import DEFAULT_TURN_CAP
from .invariants import check_invariants
from .present import PRESENTER
from .rules import VARIANTS, ValenceState


def make_valence(num_players: int, variant: str, seed: int, options: dict[str, Any]) -> ValenceState:
    """A new game of Valence (`options` already checked against `SPEC.options`)."""
    return ValenceState(num_players, variant, seed, options)


def _position(data: Mapping[str, Any]) -> ValenceState:
    from .position import position
    return position(data)


SPEC = register(GameSpec(
    id="valence",
    title="Science Ninjas: Valence",
    summary="Build molecules from element cards whose valences add up to zero; react, trade up, "
            "play Helium; first to 10 points wins.",
    min_players=2,
    max_players=5,
    variants=VARIANTS,
    default_variant="standard",
    factory=make_valence,
    presenter=PRESENTER,
    options=(
        Option("turn_cap", int, DEFAULT_TURN_CAP, "turns of all players together before the game ends "
               "in a draw (a safety net; real games end long before)", low=1, high=100_000),
    ),
    utility="win",
    default_players=3,
    variant_notes={
        "standard": f"the full rulebook game; first to 10 points wins (turn cap {DEFAULT_TURN_CAP}: draw)",
        "beginner": "no trading up and no reactions: just build molecules",
        "cooperative": "everyone wins once every molecule type is built before the deck first "
                       "runs out; all lose at the first reshuffle",
        "ninja": "Science Ninja rules: name each molecule you build (build Na O H as sodium hydroxide)",
    },
    check_invariants=check_invariants,
    position=_position,
))

__all__ = ["SPEC", "ValenceState", "make_valence"]
