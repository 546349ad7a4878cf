"""Ion Arena: four card games named "Ion" on one rules kernel.

    >>> import ionarena
    >>> s = ionarena.make("dots", players=3, seed=1, variant="tournament")
    >>> p = s.actors()[0]
    >>> s.apply(p, s.legal_actions(p)[0])
"""

from __future__ import annotations

from typing import Any

from . import record
from .core import (
    HOST,
    Action,
    GameSpec,
    IllegalAction,
    IonError,
    RecordError,
    State,
    UnknownGame,
    all_specs,
    get_spec,
)
from .games import load_all

__version__ = "0.1.0"

load_all()


def make(game: str, players: int | None = None, seed: int = 0, variant: str | None = None,
         **options: Any) -> State:
    """A new game of `game` (see `ion games` for ids, variants and player counts)."""
    return get_spec(game).make(players=players, seed=seed, variant=variant, **options)


def parse_action(state: State, text: str, player: int | None = None) -> Action:
    """The action `text` means in `state` for `player` (default: the first actor)."""
    if player is None:
        actors = state.actors()
        if not actors:
            raise IllegalAction("the game is over")
        player = actors[0]
    return state.parse_action(player, text)


__all__ = ["HOST", "Action", "GameSpec", "IllegalAction", "IonError", "RecordError", "State",
           "UnknownGame", "all_specs", "get_spec", "make", "parse_action", "record"]
