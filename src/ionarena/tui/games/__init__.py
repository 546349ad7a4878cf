"""Each game's screen parts (`GameUI`): cards as boxes, moves in groups, the board.

`ui_for(game)` gives a game's own, or `GenericUI` (the presenter's text) for a game without one.
"""

from __future__ import annotations

from .base import CardSpec, Choice, GameUI, GenericUI, Group, Row, Slot


def ui_for(game: str) -> GameUI:
    """The screen parts of `game`."""
    if game == "dots":
        from .dots import DotsUI
        return DotsUI(game)
    if game == "valence":
        from .valence import ValenceUI
        return ValenceUI(game)
    if game == "compound":
        from .compound import CompoundUI
        return CompoundUI(game)
    if game == "bank":
        from .bank import BankUI
        return BankUI(game)
    return GenericUI(game)


__all__ = ["CardSpec", "Choice", "GameUI", "GenericUI", "Group", "Row", "Slot", "ui_for"]
