"""Records of games: `dump`, `load`, `replay` (see `ionarena.core.record`)."""

from .core.record import GameRecord, dump, from_state, iter_load, load, loads, new_state, replay

__all__ = ["GameRecord", "dump", "from_state", "iter_load", "load", "loads", "new_state", "replay"]
