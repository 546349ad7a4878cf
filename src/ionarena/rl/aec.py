"""The PettingZoo AEC env: every seat an agent (`player_0` ...), one decision per `step`.

    >>> from ionarena import rl
    >>> env = rl.env("dots", players=2, render_mode="ansi")
    >>> env.reset(seed=7)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

The agent to act is always one of the seats that decide now (for compound's simultaneous picks,
each picker in turn: the kernel hides a committed pick from the others). An action id that is not
legal raises `IllegalActionId` with the game's reason and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..core import BadOption, check_seed
from .config import GameConfig
from .episode import DEFAULT_REACTION_TIME, Episode, Reward, check_reward

RENDER_MODES = ("ansi",)
Observation = dict[str, np.ndarray]
"""`{"observation": float32 vector, "action_mask": int8 vector}`."""


def agent_name(seat: int) -> str:
    """The PettingZoo name of a seat: `player_0`, `player_1`, ..."""
    return f"player_{seat}"


def check_render_mode(render_mode: object) -> str | None:
    """`render_mode` if it is None or `ansi`, else `BadOption`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise BadOption(f"render_mode must be None or 'ansi', not {render_mode!r}")
    return render_mode


class GameSeeds:
    """Game seeds for resets: `reset(seed=s)` plays the deal of `ionarena.make(..., seed=s)`; a reset
    without a seed takes the next seed from a generator seeded by the last seed given (or by the
    operating system if none was), so a seeded env replays its whole sequence of games."""

    def __init__(self) -> None:
        self.rng: np.random.Generator | None = None
        self.last: int | None = None
        """The last seed given, until a reset without one seeds the generator from it."""

    def next(self, seed: int | None) -> int:
        """The seed of the next game."""
        if seed is not None:
            check_seed(int(seed) if isinstance(seed, np.integer) else seed)
            self.rng, self.last = None, int(seed)  # the generator is made only if a reset needs it
            return int(seed)
        if self.rng is None:
            self.rng, _ = seeding.np_random(self.last)
            self.last = None
        return int(self.rng.integers(0, 2**63))


def observation_space(episode: Episode, mask_size: int) -> spaces.Dict:
    """`{"observation": Box, "action_mask": Box of 0/1 int8}` for an episode's configuration."""
    return spaces.Dict({
        "observation": episode.encoder.space(),
        "action_mask": spaces.Box(0, 1, (mask_size,), dtype=np.int8),
    })


class IonAECEnv(AECEnv):
    """A PettingZoo AEC env of one game configuration (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "ionarena_v0",
                                          "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str, players: int | None = None, variant: str | None = None,
                 reward: Reward = "win", render_mode: str | None = None,
                 reaction_time: float = DEFAULT_REACTION_TIME, max_steps: int | None = None, **options: Any):
        super().__init__()
        self.config = GameConfig.of(game, players, variant, options)
        self.reward_kind = check_reward(reward)
        self.render_mode = check_render_mode(render_mode)
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise BadOption(f"max_steps must be a whole number of at least 1 or None, not {max_steps!r}")
        self.max_steps = max_steps
        self.episode = Episode(self.config, reaction_time)
        self.index = self.episode.index
        self.possible_agents = [agent_name(s) for s in range(self.config.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._observation_space = observation_space(self.episode, len(self.index))
        self._action_space = spaces.Discrete(len(self.index))
        self._spaces = {a: (self._observation_space, self._action_space) for a in self.possible_agents}
        self._seeds = GameSeeds()
        self.game_seed = 0
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self._live = False
        """True from `reset` until the game ends or is truncated (no agent is done before that)."""

    def __str__(self) -> str:
        return f"ionarena_v0({self.config.label()})"

    # -- spaces -------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        """`{"observation": Box(layout), "action_mask": Box(0, 1, int8)}` (the same object every call)."""
        return self._spaces[agent][0]

    def action_space(self, agent: str) -> spaces.Space:
        """`Discrete(len(action index))` (the same object every call)."""
        return self._spaces[agent][1]

    # -- the game -----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with `seed`, the deal of `ionarena.make(game, seed=seed)`. `options` is
        accepted for the API and not used (game options are given to the constructor)."""
        self.game_seed = self._seeds.next(seed)
        self.episode.start(self.game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._live = True
        self._select()

    def _select(self) -> None:
        episode = self.episode
        if episode.over:
            self._finish()
        else:
            self.agent_selection = self.possible_agents[episode.deciders[0]]

    def _finish(self) -> None:
        self._live = False
        finals = self.episode.final_rewards(self.reward_kind)
        for agent, value in zip(self.possible_agents, finals, strict=True):
            if agent in self.rewards:
                self.rewards[agent] = value
                self.terminations[agent] = True

    def step(self, action: Any) -> None:
        """Apply the selected agent's action id (None for an agent that is done)."""
        agent = self.agent_selection
        if not self._live:
            if self.terminations.get(agent) or self.truncations.get(agent):
                self._was_dead_step(action)
                return
            raise IndexError("the game is over: call reset()")
        episode = self.episode
        episode.apply(self._seat[agent], action)
        self._cumulative_rewards[agent] = 0.0
        deciders = episode.deciders  # empty once the game is over
        # Rewards stay 0 until the end (no step rewards): only the last step has some to hand out.
        if not deciders:
            self._finish()
            self._accumulate_rewards()
        elif self.max_steps is not None and episode.decisions >= self.max_steps:
            self._live = False
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[deciders[0]]

    # -- what agents see ----------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """`{"observation": the seat's vector, "action_mask": 1 for each legal id now}`."""
        return self.episode.observation(self._seat[agent])

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last()` (observation, cumulative reward, terminated, truncated, info of the
        selected agent), with the observation built in one call."""
        agent = self.agent_selection
        observation = self.episode.observation(self._seat[agent]) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def observe_json(self, agent: str, since: int = -1) -> dict[str, Any]:
        """The seat's view, its events after version `since` and its legal actions (ids and texts),
        as JSON-ready data: what a language-model agent reads instead of the vector."""
        return self.episode.json_view(self._seat[agent], since)

    def legal_ids(self, agent: str) -> list[int]:
        """The legal action ids of `agent` now (what its mask marks), in the game's own order."""
        return list(self.episode.moves(self._seat[agent]).by_id)

    def action_text(self, action_id: int) -> str:
        """The text of an action id (`play 3|6`)."""
        return self.index.text(action_id)

    def action_id(self, text: str) -> int:
        """The id of an action text in its canonical form."""
        return self.index.id(text)

    def render(self) -> str | None:
        """`ansi`: the selected agent's view in words (the game's presenter)."""
        if self.render_mode is None:
            return None
        return self.episode.render(self._seat[self.agent_selection])

    def close(self) -> None:
        """Nothing to release."""


def env(game: str, players: int | None = None, variant: str | None = None, reward: Reward = "win",
        render_mode: str | None = None, reaction_time: float = DEFAULT_REACTION_TIME,
        max_steps: int | None = None, **options: Any) -> IonAECEnv:
    """A PettingZoo AEC env of `game` (`reward`: "win" or "score"; `reaction_time`: game seconds per
    decision in bank; `max_steps`: truncate after that many decisions; `options`: the game's)."""
    return IonAECEnv(game, players, variant, reward, render_mode, reaction_time, max_steps, **options)
