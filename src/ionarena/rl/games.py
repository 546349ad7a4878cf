"""Which RL module encodes which game: one module per game, each with `action_texts(config)` (the
action index) and `Encoder` (the observation encoding)."""

from __future__ import annotations

import importlib
from types import ModuleType

from ..core import UnknownGame

MODULES = {
    "bank": "ionarena.rl.bank",
    "compound": "ionarena.rl.compound",
    "dots": "ionarena.rl.dots",
    "valence": "ionarena.rl.valence",
}
"""Game id -> the module that holds its action index and observation encoding."""


def game_module(game: str) -> ModuleType:
    """The RL module of `game`; `UnknownGame` if ionarena.rl has no encoding for it."""
    name = MODULES.get(game)
    if name is None:
        raise UnknownGame(f"ionarena.rl has no encoding for {game!r}; games: {', '.join(sorted(MODULES))}")
    return importlib.import_module(name)
