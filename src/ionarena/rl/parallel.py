"""The PettingZoo Parallel env: every seat sends an action id at every step.

    >>> from ionarena import rl
    >>> env = rl.parallel_env("compound", players=4)
    >>> obs, infos = env.reset(seed=1)
    >>> while env.agents:
    ...     actions = {a: env.action_space(a).sample(obs[a]["action_mask"]) for a in env.agents}
    ...     obs, rewards, terminations, truncations, infos = env.step(actions)

The seats that decide in a step are those the game lets act at once (`state.actors()`: every
picker during compound's simultaneous picks; one seat in turn-based phases; in bank the one seat
whose decision the clock reaches first). Their actions are applied in seat order. The action space
is the game's index plus one id, `wait` (the last id, `len(index)`): the only legal action of a
seat that does not decide this step (its mask shows it), and never legal for one that does.
An illegal id raises `IllegalActionId` before any action of the step is applied.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from ..core import BadOption
from .actions import IllegalActionId
from .aec import RENDER_MODES, GameSeeds, agent_name, check_render_mode, observation_space
from .config import GameConfig
from .episode import DEFAULT_REACTION_TIME, INTEGER_TYPES, Episode, Reward, check_reward


class IonParallelEnv(ParallelEnv):
    """A PettingZoo Parallel env of one game configuration (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "ionarena_parallel_v0",
                                          "render_fps": 1}

    def __init__(self, game: str, players: int | None = None, variant: str | None = None,
                 reward: Reward = "win", render_mode: str | None = None,
                 reaction_time: float = DEFAULT_REACTION_TIME, max_steps: int | None = None, **options: Any):
        self.config = GameConfig.of(game, players, variant, options)
        self.reward_kind = check_reward(reward)
        self.render_mode = check_render_mode(render_mode)
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise BadOption(f"max_steps must be a whole number of at least 1 or None, not {max_steps!r}")
        self.max_steps = max_steps
        self.episode = Episode(self.config, reaction_time)
        self.index = self.episode.index
        self.wait = len(self.index)
        """The `wait` id: the action of a seat that does not decide this step."""
        self.possible_agents = [agent_name(s) for s in range(self.config.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.episode, self.wait + 1)
        act_space = spaces.Discrete(self.wait + 1)
        self._spaces = {a: (obs_space, act_space) for a in self.possible_agents}
        self._seeds = GameSeeds()
        self.game_seed = 0
        self.steps = 0
        self.agents: list[str] = []

    def __str__(self) -> str:
        return f"ionarena_parallel_v0({self.config.label()})"

    def observation_space(self, agent: str) -> spaces.Space:
        """`{"observation": Box(layout), "action_mask": Box(0, 1, int8)}` (the same object every call)."""
        return self._spaces[agent][0]

    def action_space(self, agent: str) -> spaces.Space:
        """`Discrete(len(action index) + 1)`: the last id is `wait` (the same object every call)."""
        return self._spaces[agent][1]

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A new game (with `seed`: the deal of `ionarena.make(game, seed=seed)`); `options` unused."""
        self.game_seed = self._seeds.next(seed)
        self.episode.start(self.game_seed)
        self.steps = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                       dict[str, bool], dict[str, dict[str, Any]]]:
        """Apply the actions of the seats that decide now (the others must send `wait` or nothing)."""
        if not self.agents:
            raise IndexError("the game is over: call reset()")
        episode = self.episode
        deciders = list(episode.deciders)
        for agent, action in actions.items():
            seat = self._seat.get(agent)
            if seat is None or agent not in self.agents:
                raise IllegalActionId(f"{agent!r} is not an agent of this game now")
            if seat not in deciders and not (action is None or self._is_wait(action)):
                raise IllegalActionId(f"{agent} does not decide this step: its action must be wait "
                                      f"({self.wait}), not {action!r}")
        for seat in deciders:
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise IllegalActionId(f"{agent} decides this step and sent no action")
            if self._is_wait(actions[agent]):
                raise IllegalActionId(f"{agent} decides this step: wait ({self.wait}) is not one of its "
                                      "actions")
            episode.check(seat, actions[agent])
        for seat in deciders:
            # Seats that decide together act on what each could see: independent decisions (secret
            # picks), so an earlier one cannot make a later one illegal; checked all the same.
            if seat not in episode.deciders:
                raise RuntimeError(f"{self.config.label()}: player_{seat} was to decide with the others "
                                   "but the game moved on before its action")
            episode.apply(seat, actions[self.possible_agents[seat]])
        self.steps += 1
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        terminated = episode.over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if terminated:
            finals = episode.final_rewards(self.reward_kind)
            for agent, value in zip(self.possible_agents, finals, strict=True):
                rewards[agent] = value
        observations = self._observations()
        terminations = dict.fromkeys(agents, terminated)
        truncations = dict.fromkeys(agents, truncated)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if terminated or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _is_wait(self, action: Any) -> bool:
        return (not isinstance(action, bool) and isinstance(action, INTEGER_TYPES)
                and int(action) == self.wait)

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        episode = self.episode
        out = {}
        deciders = episode.deciders
        size = self.wait + 1
        for agent in self.agents:
            seat = self._seat[agent]
            observation = out[agent] = episode.observation(seat, size)
            if seat not in deciders:
                observation["action_mask"][self.wait] = 1
        return out

    def observe_json(self, agent: str, since: int = -1) -> dict[str, Any]:
        """The seat's view, its events after version `since` and its legal actions (ids and texts)."""
        return self.episode.json_view(self._seat[agent], since)

    def legal_ids(self, agent: str) -> list[int]:
        """The legal action ids of `agent` now (`[wait]` for a seat that does not decide this step)."""
        seat = self._seat[agent]
        return list(self.episode.legal(seat)) if seat in self.episode.deciders else [self.wait]

    def action_text(self, action_id: int) -> str:
        """The text of an action id (`wait` for the last id)."""
        return "wait" if action_id == self.wait else self.index.text(action_id)

    def render(self) -> str | None:
        """`ansi`: the view of the first seat that decides now (a spectator's once the game is over)."""
        if self.render_mode is None:
            return None
        deciders = self.episode.deciders
        return self.episode.render(deciders[0] if deciders else None)

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(game: str, players: int | None = None, variant: str | None = None, reward: Reward = "win",
                 render_mode: str | None = None, reaction_time: float = DEFAULT_REACTION_TIME,
                 max_steps: int | None = None, **options: Any) -> IonParallelEnv:
    """A PettingZoo Parallel env of `game` (the same arguments as `ionarena.rl.env`)."""
    return IonParallelEnv(game, players, variant, reward, render_mode, reaction_time, max_steps, **options)
