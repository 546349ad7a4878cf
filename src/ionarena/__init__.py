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
    Actor,
    BadOption,
    Event,
    GameSpec,
    IllegalAction,
    IonError,
    NoSuchSeat,
    RecordError,
    StaleAction,
    State,
    UnknownGame,
    all_specs,
    get_spec,
    new_seed,
)
from .games import load_all

__version__ = "0.2.0"

load_all()

_FIRST_ACTOR: Any = object()


def make(game: str, players: int | None = None, seed: int = 0, variant: str | None = None,
         **options: Any) -> State:
    """A new game of `game` (see `ion games` for ids, variants, player counts and options)."""
    return get_spec(game).make(players=players, seed=seed, variant=variant, **options)


def parse_action(state: State, text: str, player: Actor = _FIRST_ACTOR) -> Action:
    """The action `text` means in `state` for `player` (a seat or `HOST`; default: the first actor)."""
    if player is _FIRST_ACTOR:
        actors = state.actors()
        if not actors:
            raise IllegalAction("the game is over" if state.is_over() else "no seat may act now")
        player = actors[0]
    return state.parse_action(player, text)


__all__ = ["HOST", "Action", "Actor", "BadOption", "Event", "GameSpec", "IllegalAction", "IonError",
           "NoSuchSeat", "RecordError", "StaleAction", "State", "UnknownGame", "all_specs", "get_spec",
           "make", "new_seed", "parse_action", "record"]
