"""One-line summaries of a seat's view for chat: what a player needs on their turn, in one or
two IRC lines (the full table, `status`, comes from the game's presenter `render`).

A presenter may offer `summary(view, names) -> str` (one line for chat surfaces); where it does
not, the games known here get a short line read from their view, and any other game the list of
its legal moves. Reads only the seat's own view and legal moves, so it can show nothing hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import GameSpec, Names

MAX_MOVES = 16
"""Legal moves listed in a prompt at most (the rest: `status`)."""


def moves_text(legal: Sequence[str]) -> str:
    """`moves: a, b, c` (at most `MAX_MOVES`, then `…`)."""
    if not legal:
        return ""
    shown = ", ".join(legal[:MAX_MOVES])
    return f"moves: {shown}{', …' if len(legal) > MAX_MOVES else ''}"


def _bank(view: dict[str, Any], inventory: str | None) -> str:
    table = view.get("table") or {}
    bank = table.get("bank") or {}
    parts = []
    if view.get("phase") == "shop":
        parts.append("the shop is open: buy <object>, deal <object> <price> <units>, ok <seat>, done")
    elif bank:
        charge = int(bank.get("charge", 0))
        parts.append(f"bank {charge:+d}, pot {bank.get('pot', 0)}")
        if table.get("second_move"):
            parts.append("second move of [&]")
    if inventory:
        parts.append(inventory)
    elif "hand" in table:
        parts.append("cards: " + (" ".join(f"[{c}]" for c in table["hand"]) or "none"))
    return " · ".join(parts)


def _dots(view: dict[str, Any], legal: Sequence[str]) -> str:
    table = view.get("table") or {}
    parts = []
    if table.get("top"):
        match = table.get("match") or []
        needs = f" (needs {' or '.join(map(str, match))})" if match else ""
        parts.append(f"on the table {table['top']}{needs}")
    if "hand" in table:
        parts.append("your hand: " + " ".join(str(c) for c in table["hand"]))
    parts.append(moves_text(legal))
    return " · ".join(p for p in parts if p)


def turn_digest(spec: GameSpec, view: dict[str, Any], legal: Sequence[str], names: Names,
                inventory: str | None = None) -> str:
    """What a player reads with "Your turn" (see the module docstring)."""
    summary = getattr(spec.presenter, "summary", None)
    if callable(summary):
        text = str(summary(view, names))
        moves = moves_text(legal) if spec.id != "bank" else ""
        return " · ".join(p for p in (text, moves) if p)
    if spec.id == "bank":
        return _bank(view, inventory)
    if spec.id == "dots":
        return _dots(view, legal)
    return moves_text(legal) + (" ('status' shows the table)" if legal else "")
