"""Fast rollout policies: a game's greedy judgement made cheap enough to play thousands of moves a
second inside a search (`agents/rollout/<game>.py`, class `RolloutAgent`).

A game without a module here rolls out with its greedy agent. Like every agent, a rollout policy
reads only its seat's view and legal actions (of the determinized copy it is given).
"""

from __future__ import annotations

import importlib
from types import ModuleType


def rollout_module(game_id: str) -> ModuleType | None:
    """`agents/rollout/<game_id>.py`, or None."""
    if not game_id.isidentifier():
        return None
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{game_id}":
            raise
        return None
