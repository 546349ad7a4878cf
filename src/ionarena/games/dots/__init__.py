"""ION: Card Game (2015): match the dots of the card on the table, play actions, empty your hand first.

Quick game: the first player to get rid of all their cards wins. Tournament: the player who goes out
scores the points of every card left in the other hands; first to 1000 wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ionarena.core import GameSpec, Option, register

from .deals import DEFAULT_TURN_CAP
from .invariants import check_invariants
from .present import PRESENTER
from .rules import DotsState


def make_state(num_players: int, variant: str, seed: int, options: dict[str, Any]) -> DotsState:
    """A new deal of ION: Card Game."""
    return DotsState(num_players, variant, seed, options)


def _position(data: Mapping[str, Any]) -> DotsState:
    from .position import position
    return position(data)


SPEC = register(GameSpec(
    id="dots",
    title="ION: Card Game",
    summary="Match either dot zone of the card on the table; +1, +3, Block, Gift, Jokers and more; "
            "first to empty their hand wins.",
    min_players=2,
    max_players=10,
    variants=("quick", "tournament"),
    default_variant="quick",
    factory=make_state,
    presenter=PRESENTER,
    options=(
        Option("turn_cap", int, DEFAULT_TURN_CAP, "turns per deal before the lowest hand wins it "
               "(a safety net; real deals end long before)", low=1, high=100_000),
    ),
    utility="win",
    default_players=4,
    variant_notes={
        "quick": "one deal: the first player to get rid of all their cards wins",
        "tournament": "deals until someone reaches 1000 points; going out scores the other hands' "
                      "cards (number = dots, actions 25, Joker 50, Double Joker 75, New Game +5 100)",
    },
    check_invariants=check_invariants,
    position=_position,
))

__all__ = ["SPEC", "DotsState"]
