"""Drive a game with bots: one step at a time, for turn-based, simultaneous and timed games alike."""

from __future__ import annotations

from collections.abc import Sequence

from ..agents.base import Agent
from ..core import HOST, State


def clock_text(seconds: float) -> str:
    """The host action text that moves a timed game's clock to `seconds`."""
    return f"at {seconds:.3f}"


def bot_step(state: State, agents: Sequence[Agent]) -> tuple[int | None, str] | None:
    """Let the bots make the next move; return `(player, action text)` applied, or None if over.

    Untimed games: the first actor's agent acts (in simultaneous games each commit removes that
    player from `actors()`, so every actor gets its turn). Timed games: the actor whose bot reacts
    first moves at `now + reaction_time`, after an `at <t>` host tick; if no bot moves before the
    deadline (a bot may return None to wait), the host applies `timeout`.
    """
    if state.is_over():
        return None
    deadline = state.deadline()
    actors = state.actors()
    if deadline is None:
        if not actors:
            raise RuntimeError(f"{state.game_id}: no one may act but the game is not over")
        player = actors[0]
        action = agents[player].act(state, player)
        state.apply(player, action)
        return player, state.format_action(action)
    now = state.now()
    # Times are whole milliseconds, as the `at` text carries them, so a move never rounds onto
    # the deadline it was meant to beat.
    for when, player in sorted((round(now + agents[p].reaction_time, 3), p) for p in actors):
        if when >= deadline:
            break
        action = agents[player].act(state, player)
        if action is None:
            continue
        if when > now:
            state.apply_text(HOST, clock_text(when))
        state.apply(player, action)
        return player, state.format_action(action)
    state.apply_text(HOST, "timeout")
    return HOST, "timeout"


def play_out(state: State, agents: Sequence[Agent], max_steps: int = 1_000_000) -> int:
    """Play bots until the game ends; return the number of steps. Raises if `max_steps` is exceeded."""
    steps = 0
    while not state.is_over():
        bot_step(state, agents)
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{state.game_id}: no end after {max_steps} steps")
    return steps
