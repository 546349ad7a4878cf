"""The one-line digest of a seat's turn for chat: what a player needs on their turn, in one or
two IRC lines (the full table, `status`, comes from the game's presenter `render`).

The game's presenter words it (`Presenter.summary(view, names)`: its cards, what it must answer,
the state of play); the digest adds the legal moves in turn-based games. A real-time game
(`GameSpec.timed`: bank) gets no list: its turn lasts seconds, its players type moves from the
cards the summary shows, and the line must stay short. A presenter without `summary` (a game
made elsewhere) gets the moves alone. Reads only the seat's own view and legal moves, so it can
show nothing hidden.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import GameSpec, Names, View
from .naming import named_moves

MAX_MOVES = 16
"""Legal moves listed in a prompt at most (the rest: `status`)."""


def moves_text(legal: Sequence[str]) -> str:
    """`moves: a, b, c` (at most `MAX_MOVES`, then `…`)."""
    if not legal:
        return ""
    shown = ", ".join(legal[:MAX_MOVES])
    return f"moves: {shown}{', …' if len(legal) > MAX_MOVES else ''}"


def turn_digest(spec: GameSpec, view: View, legal: Sequence[str], names: Names) -> str:
    """What a player reads with "Your turn" (see the module docstring)."""
    summary = getattr(spec.presenter, "summary", None)
    text = " ".join(str(summary(view, names)).split()) if callable(summary) else ""
    moves = "" if spec.timed and text else moves_text(named_moves(legal, names.names))
    if not text and moves:
        moves += " ('status' shows the table)"
    return " · ".join(part for part in (text, moves) if part)
