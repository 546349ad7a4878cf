"""Policies with a little randomness: `greedy:eps=0.3` for people, and the rollout policy of ISMCTS.

`EpsilonAgent` plays a uniformly random legal action with probability `eps` and its inner agent's
choice otherwise (as a rollout policy, leaving out the game's pointless moves such as bank's
`skip`). It reads nothing but what its inner agent reads (views and legal actions).
"""

from __future__ import annotations

import random

from ..core import Action, State
from .base import Agent, RandomAgent
from .heuristics import heuristics_for
from .rollout import rollout_module
from .spec import greedy_module


class EpsilonAgent:
    """`inner`'s move, or with probability `eps` a uniformly random legal move."""

    def __init__(self, inner: Agent, eps: float, seed: int = 0, name: str | None = None,
                 game_id: str | None = None):
        self.inner = inner
        self.eps = eps
        self.game_id = game_id
        """When given, the random moves skip that game's pointless moves (`Heuristics.pointless`)."""
        self.rng = random.Random(seed)
        self.name = name or f"{inner.name}:eps={eps:g}"
        self.reaction_time = inner.reaction_time

    def act(self, state: State, player: int) -> Action | None:
        """A random legal action with probability `eps`, else the inner agent's."""
        if self.eps > 0 and self.rng.random() < self.eps:
            legal = state.legal_actions(player)
            if self.game_id is not None:
                legal = heuristics_for(self.game_id).worth_trying(state, legal)
            if legal:
                return legal[self.rng.randrange(len(legal))]
        return self.inner.act(state, player)


def make_policy(kind: str, game_id: str, eps: float, seed: int, reaction_time: float = 0.5) -> Agent:
    """A rollout policy with `eps` randomness: `random`; `greedy`, the game's greedy agent; `fast`,
    the game's fast rollout policy (`agents/rollout/<game>.py`), or its greedy agent if it has none."""
    if kind == "random":
        return RandomAgent(seed=seed, reaction_time=reaction_time)
    module = rollout_module(game_id) if kind == "fast" else None
    if module is not None:
        inner: Agent = module.RolloutAgent(seed=seed, reaction_time=reaction_time)
    else:
        inner = greedy_module(game_id).GreedyAgent(seed=seed, reaction_time=reaction_time)
    return EpsilonAgent(inner, eps, seed=seed + 1, game_id=game_id) if eps > 0 else inner
