"""Set up bank positions for rulebook tests (through the game's `position`), and read them back
through what a seat sees: the view's table and the events."""

from __future__ import annotations

from typing import Any

import ionarena
from ionarena.core import State

SPEC = ionarena.get_spec("bank")


def table(teams: str = "+-+-", **data: Any) -> State:
    """A started game (seat order = turn order) with the given `position` data: `charge`, `pot`,
    `hands` (card texts), `objects` (tokens, coins as `¢`), `scores`, `turn`, `clock`, ..."""
    assert SPEC.position is not None
    return SPEC.position({"teams": teams, "seed": data.pop("seed", 1), **data})


def play(state: State, text: str, player: int | None = None) -> None:
    """Apply `text` for `player` (default: the player on turn)."""
    state.apply_text(state.actors()[0] if player is None else player, text)


def on_turn(state: State) -> int:
    """The seat on turn."""
    assert state.view(None)["phase"] == "play"
    return state.actors()[0]


def bank(state: State) -> tuple[int, int]:
    """`(charge, pot)` as everyone sees them."""
    b = state.view(None)["table"]["bank"]
    return b["charge"], b["pot"]


def public(state: State) -> dict[str, Any]:
    """The game's own part of a spectator's view."""
    return state.view(None)["table"]


def mine(state: State, seat: int) -> dict[str, Any]:
    """What `seat` alone sees of itself: `hand`, `coins`, `inventory` (object tokens)."""
    t = state.view(seat)["table"]
    return {"hand": t["hand"], "coins": t["coins"], "inventory": t["inventory"]}


def scores(state: State) -> list[int]:
    return [int(s) for s in state.scores()]


def events(state: State, seat: int | None = None, since: int = 0) -> list[tuple[str, dict[str, Any]]]:
    """`(kind, fields)` of every event `seat` (None: a spectator) saw after version `since`."""
    return [(e.kind, e.data) for e in state.events(seat, since)]


def kinds(state: State, seat: int | None = None, since: int = 0) -> list[str]:
    return [kind for kind, _ in events(state, seat, since)]


def shop(teams: str = "+-", **data: Any) -> State:
    """A position in the shop (`on_sale` tokens, or 4 drawn)."""
    return table(teams, phase="shop", **data)


def last_second(teams: str = "+-+-", **data: Any) -> State:
    """A position one second before the end of the round: the host's next `timeout` ends it."""
    return table(teams, round_left=1, **data)
