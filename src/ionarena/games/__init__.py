"""The four games. Each lives in its own folder and registers itself with `core.registry` on import."""

from __future__ import annotations

import importlib

GAME_IDS = ("compound", "dots", "valence", "bank")


def load_all() -> None:
    """Import every game package present so that it registers itself."""
    for game_id in GAME_IDS:
        try:
            importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError as err:
            # A game folder that is not there yet is skipped; a broken import inside one is not.
            if err.name != f"{__name__}.{game_id}":
                raise
