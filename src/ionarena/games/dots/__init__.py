"""ION: Card Game (2015): match the dots of the card on the table, play actions, empty your hand first.

Quick game: the first player to get rid of all their cards wins. Tournament: the player who goes out
scores the points of every card left in the other hands; first to 1000 wins.
"""

from __future__ import annotations

from typing import Any

from ionarena.core import GameSpec, State, register

from .render import render
from .rules import DotsState, check_invariants


def make_state(num_players: int, variant: str, seed: int, options: dict[str, Any]) -> State:
    """A new deal of ION: Card Game (options: `turn_cap`, default 1000 turns per deal)."""
    return DotsState(num_players, variant, seed, options)


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
    render=render,
    default_players=4,
    variant_notes={
        "quick": "one deal: the first player to get rid of all their cards wins",
        "tournament": "deals until someone reaches 1000 points; going out scores the other hands' "
                      "cards (number = dots, actions 25, Joker 50, Double Joker 75, New Game +5 100)",
    },
    check_invariants=check_invariants,
))

__all__ = ["SPEC", "DotsState"]
