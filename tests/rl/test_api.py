"""PettingZoo's and Gymnasium's own conformance checks, for every game, variant and two player
counts: `api_test`, `seed_test` (up to 1000 cycles), `parallel_api_test` and `check_env`; plus a
determinism check of whole games (several games per env, seeded and unseeded resets) for the AEC
and Parallel envs, since PettingZoo's `parallel_seed_test` samples actions without the mask."""

from __future__ import annotations

import random

import pytest

from .need import require_rl

require_rl()

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from ionarena import rl  # noqa: E402
from ionarena.rl.single_seat import GYM_ID  # noqa: E402

from .helpers import config_id, configs, play_aec, unexpected_warnings  # noqa: E402

CONFIGS = configs()


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_test(config):
    game, variant, players = config
    with unexpected_warnings() as found:
        api_test(rl.env(game, players=players, variant=variant), num_cycles=400)
    assert found == []


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_seed_test(config):
    game, variant, players = config
    seed_test(lambda: rl.env(game, players=players, variant=variant), num_cycles=1000)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_parallel_api_test(config):
    game, variant, players = config
    with unexpected_warnings() as found:
        parallel_api_test(rl.parallel_env(game, players=players, variant=variant), num_cycles=1000)
    assert found == []


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_check_env(config):
    """Made through `gymnasium.make`, so that check_env also tries every render mode."""
    game, variant, players = config
    env = gymnasium.make(GYM_ID, game=game, opponents="random", players=players, variant=variant)
    with unexpected_warnings() as found:
        check_env(env.unwrapped)
    assert found == []


def _aec_trace(game, variant, players, seeds):
    env = rl.env(game, players=players, variant=variant)
    rng = random.Random(5)
    trace = []
    for seed in seeds:
        env.reset(seed=seed) if seed is not None else env.reset()
        for agent in env.agent_iter(3000):
            obs, reward, terminated, truncated, _ = env.last()
            trace.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
            if terminated or truncated:
                env.step(None)
                continue
            legal = env.legal_ids(agent)
            env.step(legal[rng.randrange(len(legal))])
    return trace


@pytest.mark.parametrize("game", ["dots", "valence", "compound", "bank"])
def test_whole_games_replay_the_same_from_a_seed(game):
    """Two envs seeded alike play the same games move for move, seeded resets and the unseeded
    resets that follow them alike (thousands of steps)."""
    seeds = [11, None, None]
    first = _aec_trace(game, None, 2, seeds)
    assert first == _aec_trace(game, None, 2, seeds)
    assert len(first) > 200
    other = _aec_trace(game, None, 2, [12, None, None])
    assert first != other


@pytest.mark.parametrize("game", ["dots", "valence", "compound", "bank"])
def test_parallel_games_replay_the_same_from_a_seed(game):
    def trace():
        env = rl.parallel_env(game, players=3)
        rng = random.Random(1)
        obs, _ = env.reset(seed=4)
        out = []
        while env.agents:
            actions = {a: rng.choice(env.legal_ids(a)) for a in env.agents}
            obs, rewards, terms, _truncs, _ = env.step(actions)
            out.append(([o["observation"].tobytes() for o in obs.values()], rewards, terms))
        return out
    first = trace()
    assert first == trace()
    assert first[-1][2] and all(first[-1][2].values())


def test_an_aec_game_ends_with_every_agent_rewarded_and_removed():
    env = rl.env("dots", players=3)
    steps, final = play_aec(env, 3, random.Random(0))
    assert steps > 10
    assert env.agents == []
    assert sorted(final.values()) == [-1.0, -1.0, 1.0]
    assert np.isclose(sum(final.values()), -1.0)
