"""The floor env of `benchmarks/bench_rl.py` (the least any AEC env does, for the speed figures in
docs/rl.md) plays the real game: its masks mark exactly the legal actions' ids, its steps apply the
chosen action, and a game through it ends as the same choices end in the kernel. A floor that
skipped work would make its figure, and the claim built on it, wrong."""

from __future__ import annotations

import random

import pytest

from ..scripts import load_script
from .need import require_rl

require_rl()

from ionarena.core import all_specs, get_spec  # noqa: E402
from ionarena.rl.actions import index_for  # noqa: E402
from ionarena.rl.config import GameConfig  # noqa: E402


def load_bench():  # type: ignore[no-untyped-def]
    return load_script("benchmarks/bench_rl.py", "bench_rl")


@pytest.mark.parametrize("game", [s.id for s in all_specs() if not s.timed])
def test_floor_env_plays_the_kernels_game(game: str) -> None:
    bench = load_bench()
    env = bench.FloorEnv(game, 2)
    index = index_for(GameConfig.of(game, 2))
    state = get_spec(game).make(players=2, seed=11)
    env.reset(seed=11)
    rng = random.Random(3)
    steps = 0
    ended: list[str] = []
    for agent in env.agent_iter():
        observation, _reward, terminated, _truncated, _info = env.last()
        if terminated:
            assert state.is_over(), f"{agent} was told the game ended before it did"
            ended.append(agent)
            env.step(None)
            continue
        seat = int(agent.removeprefix("player_"))
        assert state.actors()[0] == seat
        legal = state.legal_actions(seat)
        marked = {i for i, bit in enumerate(observation["action_mask"]) if bit}
        assert marked == {index.id_of(state, a) for a in legal}
        assert not observation["observation"].any()  # the floor reads nothing of the game
        choice = rng.randrange(len(legal))
        env.step(index.id_of(state, legal[choice]))
        state.apply(seat, legal[choice])
        steps += 1
    assert state.is_over() and env.state.is_over()
    assert env.state.scores() == state.scores() and env.state.version == state.version == steps
    # every seat is told the game ended, once, and steps out (the terminations left behind are
    # empty, so checking them would prove nothing)
    assert sorted(ended) == env.possible_agents and env.agents == []
