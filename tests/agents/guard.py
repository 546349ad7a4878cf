"""`SeatOnly`: a state as one seat may touch it. Anything else an agent reaches for fails the test."""

from __future__ import annotations

import random
from typing import Any

from ionarena.agents.spec import PARAMS
from ionarena.core import State


def choices(agent: str, key: str) -> tuple[str, ...]:
    """The values the spec of `agent` offers for its parameter `key` (so a new one is tested too)."""
    return next(param.choices for param in PARAMS[agent] if param.key == key)


ROOTS = choices("ismcts", "root")
"""Every way ISMCTS may choose its root's move: each must search determinizations only."""

PUBLIC = frozenset({"num_players", "variant", "game_id", "version", "timed", "actors", "is_over",
                    "deadline", "now", "format_action", "phase_name", "scores", "winners"})
"""What every seat may read (all of it is in every view's envelope)."""


class Peeked(AssertionError):
    """The agent touched something its seat may not see."""


class SeatOnly:
    """Wraps a real state for `seat`: views, legal actions, events and determinizations of that seat
    only, and the public facts of the envelope. `calls` records what was used."""

    def __init__(self, state: State, seat: int):
        self._state = state
        self._seat = seat
        self.calls: list[str] = []

    def view(self, seat: int | None) -> dict[str, Any]:
        self._own("view", seat, spectator=True)
        return self._state.view(seat)

    def legal_actions(self, seat: int) -> list[Any]:
        self._own("legal_actions", seat)
        return self._state.legal_actions(seat)

    def events(self, seat: int | None, since: int = -1) -> list[Any]:
        self._own("events", seat, spectator=True)
        return self._state.events(seat, since)

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        self._own("determinize", seat)
        return self._state.determinize(seat, rng)

    def _own(self, what: str, seat: int | None, spectator: bool = False) -> None:
        self.calls.append(what)
        if seat != self._seat and not (spectator and seat is None):
            raise Peeked(f"the agent of seat {self._seat} called {what}({seat!r})")

    def __getattr__(self, name: str) -> Any:
        if name in PUBLIC:
            self.calls.append(name)
            return getattr(self._state, name)
        raise Peeked(f"the agent of seat {self._seat} read state.{name}")
