"""The rules kernel: the State protocol, events, options, presenters, the game registry, seeded RNG,
records and replay.

`core` imports no game; games import `core`.
"""

from .errors import (
    BadOption,
    IllegalAction,
    IonError,
    NoSuchSeat,
    RecordError,
    StaleAction,
    UnknownGame,
    quote,
)
from .events import Event
from .options import Option
from .present import Names, Presenter
from .registry import GameSpec, all_specs, check_seed, get_spec, register
from .rng import SharedRng, derive_seed, make_rng, new_seed
from .state import HOST, Action, ActionT, Actor, State
from .view import View

__all__ = [
    "HOST", "Action", "ActionT", "Actor", "BadOption", "Event", "GameSpec", "IllegalAction", "IonError",
    "Names", "NoSuchSeat", "Option", "Presenter", "RecordError", "SharedRng", "StaleAction", "State",
    "UnknownGame", "View", "all_specs", "check_seed", "derive_seed", "get_spec", "make_rng", "new_seed",
    "quote", "register",
]
