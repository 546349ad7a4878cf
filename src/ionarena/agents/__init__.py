"""Bots: `random` for every game, `greedy` per game (in `agents/greedy/<game>.py`)."""

from __future__ import annotations

import importlib

from ..core import UnknownGame, derive_seed
from .base import Agent, RandomAgent

AGENT_NAMES = ("random", "greedy")


def make_agent(name: str, game_id: str, seat: int = 0, seed: int = 0, **kwargs: object) -> Agent:
    """A new agent called `name` for `game_id`, seeded from `seed` and `seat`."""
    agent_seed = derive_seed(seed, "agent", name, seat)
    if name == "random":
        return RandomAgent(seed=agent_seed, **kwargs)  # type: ignore[arg-type]
    if name == "greedy":
        try:
            module = importlib.import_module(f"{__name__}.greedy.{game_id}")
        except ModuleNotFoundError:
            raise UnknownGame(f"there is no greedy agent for {game_id} yet") from None
        agent: Agent = module.GreedyAgent(seed=agent_seed, **kwargs)
        return agent
    raise UnknownGame(f"no agent called {name!r}; agents: {', '.join(AGENT_NAMES)}")


__all__ = ["AGENT_NAMES", "Agent", "RandomAgent", "make_agent"]
