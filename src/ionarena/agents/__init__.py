"""Bots: `random` for every game, `greedy` per game (`agents/greedy/<game>.py`), `ismcts` for every
game (`agents/ismcts/`), and the levels `easy`, `medium`, `hard` (`agents/levels.py`).

Every surface names a bot by its spec (`agents/spec.py`): `random`, `greedy:eps=0.3`, `ismcts:ms=200`,
`ismcts:iters=2000,c=0.7`, `hard`.
"""

from __future__ import annotations

from typing import Any

from ..core import derive_seed
from .base import Agent, RandomAgent
from .levels import LEVELS
from .spec import AGENT_NAMES, AgentSpec, BadAgentSpec, check_spec, describe_agents, parse_spec, split_specs


def make_agent(spec: str, game_id: str, seat: int = 0, seed: int = 0, **kwargs: Any) -> Agent:
    """A new agent for `game_id` from its spec (`greedy`, `ismcts:ms=200`, `hard`, ...), seeded from
    `seed`, `seat` and the agent's name. `kwargs` (e.g. `reaction_time`) go to the agent.
    A bad spec raises `BadAgentSpec` (an `UnknownGame`) naming the bad part."""
    parsed = check_spec(spec, game_id)
    agent_seed = derive_seed(seed, "agent", parsed.name, seat)
    params: dict[str, Any] = dict(parsed.params)  # checked against the agent's schema by check_spec
    if parsed.name == "random":
        return RandomAgent(seed=agent_seed, **kwargs)
    if parsed.name == "greedy":
        from .policy import EpsilonAgent
        from .spec import greedy_module
        agent: Agent = greedy_module(game_id).GreedyAgent(seed=agent_seed, **kwargs)
        eps = float(params.get("eps", 0.0))
        if eps > 0:
            agent = EpsilonAgent(agent, eps, seed=derive_seed(agent_seed, "eps"), name=parsed.text,
                                 game_id=game_id)
        return agent
    from .ismcts import ISMCTSAgent
    return ISMCTSAgent(game_id, seed=agent_seed, **params, **kwargs)


__all__ = ["AGENT_NAMES", "LEVELS", "Agent", "AgentSpec", "BadAgentSpec", "RandomAgent", "check_spec",
           "describe_agents", "make_agent", "parse_spec", "split_specs"]
