"""The Gymnasium env of one learning seat; the other seats are played by named bots.

    >>> from ionarena import rl
    >>> env = rl.single_seat("dots", opponents="random", players=2)
    >>> obs, info = env.reset(seed=3)
    >>> obs, reward, terminated, truncated, info = env.step(env.action_masks().argmax())

Observations are `{"observation", "action_mask"}` like the PettingZoo envs (`action_masks()` gives
the mask too, as sb3-contrib's MaskablePPO asks). Bots (`random`, `greedy`, `ismcts:ms=50`, ...:
docs/bots.md) move between the learner's decisions; in bank each takes its own reaction time.

Illegal action ids follow `illegal`: "lose" (the default, for learners that sample without the
mask: the episode ends at once, the game abandoned, with reward `illegal_reward` and
`info["illegal"]` giving the game's reason) or "raise" (`IllegalActionId`, nothing changes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import check_spec, make_agent
from ..core import BadOption, check_seed
from .actions import IllegalActionId
from .aec import RENDER_MODES, check_render_mode, observation_space
from .config import GameConfig
from .episode import DEFAULT_REACTION_TIME, Episode, Reward, check_reward

Illegal = Literal["lose", "raise"]
GYM_ID = "ionarena/SingleSeat-v0"
"""`gymnasium.make(GYM_ID, game="dots", opponents="random", players=2)` makes a single-seat env."""


class SingleSeatEnv(gymnasium.Env):
    """A Gymnasium env of one seat of a game against bots (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (gymnasium declares it per instance)

    def __init__(self, game: str, opponents: str | Sequence[str] = "greedy", seat: int | None = 0,
                 players: int | None = None, variant: str | None = None, reward: Reward = "win",
                 render_mode: str | None = None, reaction_time: float = DEFAULT_REACTION_TIME,
                 illegal: Illegal = "lose", illegal_reward: float = -1.0, max_steps: int | None = None,
                 **options: Any):
        self.config = GameConfig.of(game, players, variant, options)
        n = self.config.players
        self.reward_kind = check_reward(reward)
        self.render_mode = check_render_mode(render_mode)
        if illegal not in ("lose", "raise"):
            raise BadOption(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise BadOption(f"seat must be a seat from 0 to {n - 1}, or None for a random seat each game, "
                            f"not {seat!r}")
        self.fixed_seat = seat
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise BadOption(f"{n} players need {n - 1} opponents, not {len(specs)}")
        for spec in specs:
            check_spec(spec, self.config.game)
        self.opponents = specs
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise BadOption(f"max_steps must be a whole number of at least 1 or None, not {max_steps!r}")
        self.max_steps = max_steps
        self.episode = Episode(self.config, reaction_time)
        self.index = self.episode.index
        self.observation_space = observation_space(self.episode, len(self.index))
        self.action_space = spaces.Discrete(len(self.index))
        self.seat = 0 if seat is None else seat
        self.game_seed = 0
        self.steps = 0
        self._done = True

    def __str__(self) -> str:
        return f"ionarena_single_seat_v0({self.config.label()} vs {', '.join(self.opponents)})"

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game (with `seed`: the deal of `ionarena.make(game, seed=seed)`); bots move until the
        learner's first decision. `options` is accepted for the API and not used."""
        super().reset(seed=seed)
        if seed is not None:
            self.game_seed = check_seed(int(seed) if isinstance(seed, np.integer) else seed)
        else:
            self.game_seed = int(self.np_random.integers(0, 2**63))
        n = self.config.players
        self.seat = int(self.np_random.integers(n)) if self.fixed_seat is None else self.fixed_seat
        others = [s for s in range(n) if s != self.seat]
        bots = {s: make_agent(spec, self.config.game, s, self.game_seed)
                for s, spec in zip(others, self.opponents, strict=True)}
        self.episode.start(self.game_seed, bots)
        self.steps = 0
        self._done = self.episode.over
        return self._observation(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The learner's action id; bots then move until its next decision or the end."""
        if self._done:
            raise IndexError("the episode is over: call reset()")
        episode = self.episode
        try:
            episode.check(self.seat, action)
        except IllegalActionId as err:
            if self.illegal == "raise":
                raise
            self._done = True
            return self._observation(), self.illegal_reward, True, False, {"illegal": str(err)}
        episode.apply(self.seat, action)
        self.steps += 1
        info: dict[str, Any] = {}
        reward = 0.0
        terminated = episode.over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if terminated:
            reward = episode.final_rewards(self.reward_kind)[self.seat]
            state = episode.state
            info = {"scores": list(state.scores()), "winners": list(state.winners())}
        self._done = terminated or truncated
        return self._observation(), reward, terminated, truncated, info

    def _observation(self) -> dict[str, np.ndarray]:
        return self.episode.observation(self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal action ids now as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self.episode.mask(self.seat).astype(bool)

    def observe_json(self, since: int = -1) -> dict[str, Any]:
        """The learner's view, its events after version `since` and its legal actions (ids, texts)."""
        return self.episode.json_view(self.seat, since)

    def legal_ids(self) -> list[int]:
        """The learner's legal action ids now (what its mask marks)."""
        return list(self.episode.legal(self.seat))

    def action_text(self, action_id: int) -> str:
        """The text of an action id."""
        return self.index.text(action_id)

    def action_id(self, text: str) -> int:
        """The id of an action text in its canonical form."""
        return self.index.id(text)

    def render(self) -> str | None:
        """`ansi`: the learner's view in words."""
        if self.render_mode is None:
            return None
        return self.episode.render(self.seat)

    def close(self) -> None:
        """Nothing to release."""


def single_seat(game: str, opponents: str | Sequence[str] = "greedy", seat: int | None = 0,
                players: int | None = None, variant: str | None = None, reward: Reward = "win",
                render_mode: str | None = None, reaction_time: float = DEFAULT_REACTION_TIME,
                illegal: Illegal = "lose", illegal_reward: float = -1.0, max_steps: int | None = None,
                **options: Any) -> SingleSeatEnv:
    """A Gymnasium env of seat `seat` (None: a random seat each game) of `game` against `opponents`
    (one bot spec for every other seat, or one per seat in seat order)."""
    return SingleSeatEnv(game, opponents, seat, players, variant, reward, render_mode, reaction_time,
                         illegal, illegal_reward, max_steps, **options)


if GYM_ID not in gymnasium.registry:
    gymnasium.register(GYM_ID, entry_point="ionarena.rl.single_seat:SingleSeatEnv")
