"""The four games. Each lives in its own folder and registers itself with `core.registry` on import."""

from __future__ import annotations

import importlib
import sys
import traceback

GAME_IDS = ("compound", "dots", "valence", "bank")
BROKEN: dict[str, str] = {}
"""Games whose package failed to import, with the error (the tests require this to stay empty)."""


def load_all() -> None:
    """Import every game package so that it registers itself.

    A game whose import fails is left out with a warning on stderr (the other games stay playable);
    `tests/core` asserts that every game of `GAME_IDS` registers.
    """
    for game_id in GAME_IDS:
        if game_id in BROKEN:
            continue
        try:
            importlib.import_module(f"{__name__}.{game_id}")
        except Exception as err:
            BROKEN[game_id] = "".join(traceback.format_exception_only(err)).strip()
            print(f"ion: warning: the game {game_id!r} could not be loaded: {BROKEN[game_id]}",
                  file=sys.stderr)
