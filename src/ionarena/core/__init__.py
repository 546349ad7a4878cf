"""The rules kernel: the State protocol, the game registry, seeded RNG, records and replay.

`core` imports no game; games import `core`.
"""

from .errors import IllegalAction, IonError, RecordError, UnknownGame
from .registry import GameSpec, all_specs, get_spec, register
from .rng import SharedRng, derive_seed, make_rng
from .state import HOST, Action, State, View

__all__ = [
    "HOST", "Action", "GameSpec", "IllegalAction", "IonError", "RecordError", "SharedRng", "State",
    "UnknownGame", "View", "all_specs", "derive_seed", "get_spec", "make_rng", "register",
]
