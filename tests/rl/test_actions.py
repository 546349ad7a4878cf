"""The action index: every action text of a configuration with a fixed id, documented order."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from .need import require_rl

require_rl()

import ionarena  # noqa: E402
from ionarena.agents import make_agent  # noqa: E402
from ionarena.core import HOST, UnknownGame  # noqa: E402
from ionarena.games.dots.actions import ACTION_TEXT  # noqa: E402
from ionarena.rl import IllegalActionId, action_index  # noqa: E402
from ionarena.rl import env as rl_env  # noqa: E402
from ionarena.sim.driver import bot_step  # noqa: E402

from .helpers import config_id, configs  # noqa: E402

CONFIGS = configs()


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_legal_action_of_random_games_has_its_id_and_text(config):
    """Along random games, each legal action's id gives back its canonical text, and that text
    parses back to the same action for that seat."""
    game, variant, players = config
    index = action_index(game, players=players, variant=variant)
    rng = random.Random(0)
    seen: set[int] = set()
    for seed in range(3):
        state = ionarena.make(game, players=players, seed=seed, variant=variant)
        agents = [make_agent("random", game, s, seed) for s in range(players)]
        steps = 0
        while not state.is_over() and steps < 600:
            for seat in state.actors():
                legal = index.legal(state, seat)
                for action_id, action in legal.items():
                    assert index.texts[action_id] == state.format_action(action)
                    seen.add(action_id)
                action_id = rng.choice(sorted(legal))
                assert state.parse_action(seat, index.texts[action_id]) == legal[action_id]
            bot_step(state, agents)
            steps += 1
    assert len(seen) > 10


def test_dots_ids_follow_the_games_own_action_codes():
    index = action_index("dots", players=4)
    assert index.texts == tuple(t for t in ACTION_TEXT if t)
    assert len(index) == 637
    assert index.text(index.id("play dj name 3")) == "play dj name 3"
    assert index.texts.index("draw") == index.id("draw")


def test_the_index_depends_on_the_configuration_only():
    dots = action_index("dots", players=2).texts
    assert dots == action_index("dots", players=7, variant="tournament").texts
    two, three = action_index("valence", players=2), action_index("valence", players=3)
    assert "react HCl 2 NaOH" in three.texts and "react HCl 2 NaOH" not in two.texts
    assert "react HCl 1 NaOH" not in action_index("valence", players=3, variant="beginner").texts
    assert any(t.startswith("build Na O H as ") for t in action_index("valence", variant="ninja").texts)
    assert "ok 5" in action_index("bank", players=6).texts
    assert "ok 5" not in action_index("bank", players=4).texts
    assert "quit" not in action_index("bank").texts
    beginner = action_index("compound", variant="beginner").texts
    assert "two" not in beginner and "pick rad-Po" not in beginner
    assert "pick rad-Po" in action_index("compound", variant="advanced").texts
    assert "bond Na Cl = NaCl — sodium chloride" in beginner


def test_the_index_is_the_same_in_every_process():
    """No order may come from hashing (set iteration changes with PYTHONHASHSEED)."""
    code = ("from ionarena.rl import action_index; import hashlib; print(hashlib.sha256('\\n'.join("
            "t for g in ('dots', 'valence', 'compound', 'bank') for t in action_index(g).texts)"
            ".encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": str(seed), "PATH": ""}).stdout for seed in (1, 2)}
    assert len(digests) == 1


def test_ids_and_texts_outside_the_index_are_refused():
    index = action_index("dots")
    with pytest.raises(IllegalActionId, match="not an action id of dots"):
        index.text(len(index))
    with pytest.raises(IllegalActionId, match="not an action text"):
        index.id("play 9|9")
    with pytest.raises(UnknownGame):
        action_index("chess")


def test_host_actions_have_no_id():
    index = action_index("bank", players=2)
    state = ionarena.make("bank", players=2, seed=1)
    assert state.legal_actions(HOST) == []
    assert not any(t.startswith(("at ", "timeout", "start")) for t in index.texts)


@pytest.mark.parametrize("game", ["valence", "dots"])
def test_kept_moves_give_new_masks_of_the_legal_ids(game):
    """The index keeps the `Moves` of each list of legal actions it met: along random games every
    mask is a new writable array marking exactly the legal ids, so a learner that writes into one
    changes no later observation, and lists met again are found again."""
    env = rl_env(game, players=2)
    rng = random.Random(3)
    kept = env.index._moves
    found_again = 0
    for seed in range(4):
        env.reset(seed=seed)
        for agent in env.agent_iter(400):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"]
            legal = env.legal_ids(agent)
            assert mask.flags.writeable and sorted(legal) == list(mask.nonzero()[0])
            key = tuple(env.episode.state.legal_actions(env.episode.deciders[0]))
            found_again += key in kept and kept[key]._kept is not None
            mask[:] = 1  # a learner's scribble: must not reach the next observation
            env.step(legal[rng.randrange(len(legal))])
    assert found_again > 10
