"""Drive a game with bots: one step at a time, for turn-based, simultaneous and timed games alike.

When each bot moves, and when a timed game's host applies `timeout`, is decided by the one
scheduler that tables use too (`ionarena.host.scheduler`), here in virtual time: nothing waits.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..agents.base import Agent, reaction_delay
from ..core import HOST, Actor, State
from ..host.scheduler import TIMEOUT, clock_text, schedule

__all__ = ["bot_step", "clock_text", "play_out"]


class _NoDelay(dict[int, float]):
    """Every seat is a bot that moves at once (untimed games: the first actor acts)."""

    def __contains__(self, seat: object) -> bool:
        return True

    def __missing__(self, seat: int) -> float:
        return 0.0

    def get(self, seat: int, default: object = None) -> float:
        return 0.0


_NO_DELAY = _NoDelay()


def bot_step(state: State, agents: Sequence[Agent]) -> tuple[Actor, str] | None:
    """Let the bots make the next move; return `(player, action text)` applied, or None if over.

    Untimed games: the first actor's agent acts (in simultaneous games each commit removes that
    player from `actors()`, so every actor gets its turn). Timed games: the actor whose bot reacts
    first moves at `now + reaction_time`, after an `at <t>` host tick; if no bot moves before the
    deadline (a bot may return None to wait), the host applies `timeout`.
    """
    if state.is_over():
        return None
    timed = state.deadline() is not None
    delays = {p: reaction_delay(agents[p], state, p) for p in state.actors()} if timed else _NO_DELAY
    for due in schedule(state, delays):
        if due.kind == TIMEOUT:
            state.apply(HOST, state.timeout_action())
            return HOST, "timeout"
        player = due.seat
        assert isinstance(player, int)
        action = agents[player].act(state, player)
        if action is None:
            continue
        if timed and due.when > state.now():
            state.apply(HOST, state.clock_action(due.when))
        state.apply(player, action)
        return player, state.format_action(action)
    raise RuntimeError(f"{state.game_id}: no one may act but the game is not over")


def play_out(state: State, agents: Sequence[Agent], max_steps: int = 1_000_000) -> int:
    """Play bots until the game ends; return the number of steps. Raises if `max_steps` is exceeded."""
    steps = 0
    while not state.is_over():
        bot_step(state, agents)
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{state.game_id}: no end after {max_steps} steps")
    return steps
