"""An illegal action id raises `IllegalActionId` with the game's reason and changes nothing (the
single-seat env's `illegal="lose"` policy ends the episode instead, saying why)."""

from __future__ import annotations

import pytest

from .need import require_rl

require_rl()

import numpy as np  # noqa: E402

from ionarena import rl  # noqa: E402
from ionarena.core import IllegalAction  # noqa: E402
from ionarena.rl import IllegalActionId  # noqa: E402


def _illegal_id(mask) -> int:
    return int(np.flatnonzero(mask == 0)[0])


def test_an_illegal_id_raises_with_the_games_reason_and_changes_nothing():
    env = rl.env("dots", players=2)
    env.reset(seed=5)
    agent = env.agent_selection
    before = env.observe(agent)
    version = env.episode.state.version
    bad = env.action_id("play 1|2") if not before["action_mask"][env.action_id("play 1|2")] else \
        _illegal_id(before["action_mask"])
    with pytest.raises(IllegalActionId, match=rf"{agent} may not take action {bad} .* now: ") as err:
        env.step(bad)
    assert isinstance(err.value, IllegalAction)
    assert "legal ids:" in str(err.value)
    assert env.episode.state.version == version
    assert env.agent_selection == agent
    after = env.observe(agent)
    assert np.array_equal(after["observation"], before["observation"])
    assert np.array_equal(after["action_mask"], before["action_mask"])


@pytest.mark.parametrize("bad", [637, -1, 2.0, "draw", True, None, [1]])
def test_values_that_are_not_ids_are_refused(bad):
    env = rl.env("dots", players=2)
    env.reset(seed=1)
    version = env.episode.state.version
    with pytest.raises(IllegalActionId):
        env.step(bad)
    assert env.episode.state.version == version


def test_numpy_integers_are_ids():
    env = rl.env("dots", players=2)
    env.reset(seed=1)
    legal = env.legal_ids(env.agent_selection)
    env.step(np.int64(legal[0]))
    assert env.episode.state.version >= 1


def test_the_parallel_env_checks_every_action_before_applying_any():
    env = rl.parallel_env("compound", players=3)
    obs, _ = env.reset(seed=2)
    assert sorted(env.episode.deciders) == [0, 1, 2]
    good = {a: env.legal_ids(a)[0] for a in env.agents}
    version = env.episode.state.version
    wrong = dict(good, player_2=_illegal_id(obs["player_2"]["action_mask"][:-1]))
    with pytest.raises(IllegalActionId, match="player_2 may not take action"):
        env.step(wrong)
    with pytest.raises(IllegalActionId, match="player_1 decides this step and sent no action"):
        env.step({"player_0": good["player_0"], "player_2": good["player_2"]})
    with pytest.raises(IllegalActionId, match="wait"):
        env.step(dict(good, player_1=env.wait))
    assert env.episode.state.version == version
    env.step(good)
    assert env.episode.state.version > version


def test_a_seat_that_does_not_decide_may_only_wait():
    env = rl.parallel_env("dots", players=3)
    obs, _ = env.reset(seed=2)
    (decider,) = env.episode.deciders
    others = [a for a in env.agents if a != f"player_{decider}"]
    for agent in others:
        assert env.legal_ids(agent) == [env.wait]
        assert obs[agent]["action_mask"].sum() == 1 and obs[agent]["action_mask"][env.wait] == 1
    assert obs[f"player_{decider}"]["action_mask"][env.wait] == 0
    actions = {a: env.wait for a in others}
    actions[f"player_{decider}"] = env.legal_ids(f"player_{decider}")[0]
    with pytest.raises(IllegalActionId, match="does not decide this step"):
        env.step(dict(actions, **{others[0]: 0}))
    env.step(actions)  # waits, and leaving a waiting seat out, are both fine
    (decider,) = env.episode.deciders
    env.step({f"player_{decider}": env.legal_ids(f"player_{decider}")[0]})


def test_single_seat_raise_policy():
    env = rl.single_seat("dots", opponents="random", players=2, illegal="raise")
    obs, _ = env.reset(seed=3)
    version = env.episode.state.version
    with pytest.raises(IllegalActionId):
        env.step(_illegal_id(obs["action_mask"]))
    assert env.episode.state.version == version


def test_single_seat_lose_policy_ends_the_episode_saying_why():
    env = rl.single_seat("dots", opponents="random", players=2, illegal_reward=-3.0)
    obs, _ = env.reset(seed=3)
    version = env.episode.state.version
    bad = _illegal_id(obs["action_mask"])
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-3.0, True, False)
    assert f"may not take action {bad}" in info["illegal"]
    assert env.episode.state.version == version  # the game itself was not touched
    with pytest.raises(IndexError, match="reset"):
        env.step(env.legal_ids()[0])


def test_stepping_a_finished_game_asks_for_a_reset():
    env = rl.parallel_env("dots", players=2, max_steps=1)
    env.reset(seed=1)
    (decider,) = env.episode.deciders
    *_, truncations, _ = env.step({f"player_{decider}": env.legal_ids(f"player_{decider}")[0]})
    assert all(truncations.values()) and env.agents == []
    with pytest.raises(IndexError, match="reset"):
        env.step({})
