"""Shared configurations and drivers of the RL tests."""

from __future__ import annotations

import gc
import random
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import ionarena
from ionarena.core import all_specs

EXPECTED_WARNINGS = (
    # PettingZoo's api_test whitelists its own envs with {"observation", "action_mask"} dicts by name;
    # for any other env it warns about the dict, the documented convention for action masks.
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
    # A terminated agent's last observation has no legal action (api_test reads it too).
    "Action mask numpy array is all zeros",
)


def configs() -> list[tuple[str, str, int]]:
    """Every game and variant, at its fewest players and at 4 (or its most, if fewer)."""
    ionarena.make  # noqa: B018  (importing ionarena registers the games)
    out = []
    for spec in all_specs():
        for variant in spec.variants:
            for players in sorted({spec.min_players, min(4, spec.max_players)}):
                out.append((spec.id, variant, players))
    return out


def config_id(config: tuple[str, str, int]) -> str:
    """`dots-quick-2p`."""
    game, variant, players = config
    return f"{game}-{variant}-{players}p"


@contextmanager
def unexpected_warnings() -> Iterator[list[str]]:
    """Collect the warnings raised inside, minus the expected ones listed above.

    Garbage from earlier tests in the same worker (an asyncio loop of a web or IRC test) is
    collected first, and resource warnings are left out: they are about other tests' sockets.
    """
    gc.collect()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found: list[str] = []
        yield found
    found += [str(w.message) for w in caught
              if not issubclass(w.category, ResourceWarning)
              and not any(e in str(w.message) for e in EXPECTED_WARNINGS)]


def play_aec(env, seed: int, rng: random.Random, max_steps: int = 100_000) -> tuple[int, dict[str, float]]:
    """One game of an AEC env with random legal ids; (decisions, final cumulative reward by agent)."""
    env.reset(seed=seed)
    steps = 0
    final: dict[str, float] = {}
    for agent in env.agent_iter(max_steps):
        obs, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        legal = [int(i) for i in obs["action_mask"].nonzero()[0]]
        assert legal == sorted(env.legal_ids(agent))
        env.step(legal[rng.randrange(len(legal))])
        steps += 1
    return steps, final
