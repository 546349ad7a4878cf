"""The agent contract: a bot that chooses an action for one seat.

An agent may read the state it is given only through what its seat could know: `view(player)`,
`legal_actions(player)`, `clone()`/`determinize(player, rng)` for search. Agents keep their own RNG,
so the game's RNG stream (and therefore replay) never depends on which bots played.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..core import Action, State


class Agent(Protocol):
    """A bot for one seat."""

    name: str
    reaction_time: float
    """Seconds of game time the bot takes to move (timed games only). An agent may also choose its
    moment decision by decision with a method `delay(state, player) -> float` (see
    `reaction_delay`)."""

    def act(self, state: State, player: int) -> Action | None:
        """Choose a legal action of `player` in `state`; must not mutate `state`.

        In timed games an agent may return None to wait (do nothing before the deadline).
        """
        ...


def reaction_delay(agent: Agent, state: State, player: int) -> float:
    """Seconds after the game last changed that `agent` moves for `player` in a timed game: its
    `delay(state, player)` if it chooses its moment (a pace rule), else its reaction time."""
    delay = getattr(agent, "delay", None)
    return agent.reaction_time if delay is None else float(delay(state, player))


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0, reaction_time: float = 0.5):
        self.rng = random.Random(seed)
        self.reaction_time = reaction_time

    def act(self, state: State, player: int) -> Action:
        """A uniformly random legal action."""
        actions = state.legal_actions(player)
        return actions[self.rng.randrange(len(actions))]
