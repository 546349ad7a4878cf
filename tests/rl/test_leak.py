"""Observations hold nothing hidden from the seat: they are the same when everything the seat
cannot see is dealt again (`state.determinize(seat, rng)`: other hands, the deck order, face-down
picks), while those hidden cards really did change."""

from __future__ import annotations

import random

import pytest

from .need import require_rl

require_rl()

import numpy as np  # noqa: E402

from ionarena import rl  # noqa: E402
from ionarena.rl.encoding import Encoder  # noqa: E402

from .helpers import config_id, configs  # noqa: E402

CONFIGS = configs()


def observe(encoder: Encoder, state, seat: int) -> np.ndarray:
    """A seat's observation from scratch: its view, and a memory fed every event it was shown."""
    memory = encoder.new_memory()
    if encoder.uses_events:
        encoder.remember(memory, state.events(seat, -1))
    return encoder.encode(state.view(seat), memory)


def hidden_part(state, seat: int) -> list:
    """What the other seats see that `seat` may not (their hands, picks, objects ...)."""
    return [state.view(q)["table"] for q in range(state.num_players) if q != seat]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_observations_ignore_the_cards_hidden_from_the_seat(config):
    game, variant, players = config
    env = rl.env(game, players=players, variant=variant)
    encoder = env.episode.encoder
    rng = random.Random(3)
    checked = changed = 0
    for seed in range(2):
        env.reset(seed=seed)
        for step, agent in enumerate(env.agent_iter(400)):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if step % 7 == 0:
                state = env.episode.state
                for seat in range(players):
                    mine = observe(encoder, state, seat)
                    if seat == env._seat[agent]:
                        assert np.array_equal(mine, obs["observation"]), "the env's memory is not a replay's"
                    for _k in range(2):
                        other = state.determinize(seat, random.Random(rng.random()))
                        assert np.array_equal(observe(encoder, other, seat), mine)
                        checked += 1
                        changed += hidden_part(other, seat) != hidden_part(state, seat)
            legal = env.legal_ids(agent)
            env.step(legal[rng.randrange(len(legal))])
    assert checked > 20
    # in compound with two players each hand is passed back and forth, so little stays hidden
    assert changed > checked // 5, "determinize hardly changed the hidden cards: the test proves little"
