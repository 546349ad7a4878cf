"""The encodings say what docs/rl.md says: relative seats, counts, and dots' table memory."""

from __future__ import annotations

import random

import pytest

from .need import require_rl

require_rl()

import numpy as np  # noqa: E402

from ionarena import rl  # noqa: E402


def _walk(game, players, seeds=2, every=3, variant=None):
    """(env, seat, observation vector, that seat's view) along random games, for every seat."""
    env = rl.env(game, players=players, variant=variant)
    rng = random.Random(0)
    for seed in range(seeds):
        env.reset(seed=seed)
        for step, agent in enumerate(env.agent_iter(2000)):
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if step % every == 0:
                for seat in range(players):
                    obs = env.observe(f"player_{seat}")["observation"]
                    yield env, seat, obs, env.episode.state.view(seat)
            env.step(rng.choice(env.legal_ids(agent)))


def _field(env, name, obs):
    f = env.episode.encoder.layout.field(name)
    return obs[f.start:f.start + f.size]


@pytest.mark.parametrize("game", ["dots", "valence", "compound"])
def test_per_seat_fields_start_with_the_observing_seat(game):
    n = 3
    for env, seat, obs, view in _walk(game, n):
        sizes = view["table"]["hand_sizes"]
        expected = [min(sizes[(seat + r) % n] / 10, 2.0 if game == "compound" else 99) for r in range(n)]
        assert np.allclose(_field(env, "hand_sizes", obs), expected)
        assert _field(env, "hand", obs).sum() == len(view["table"]["hand"])


def test_bank_teams_are_relative():
    for env, seat, obs, view in _walk("bank", 4, seeds=1, every=50):
        signs = {"+": 1.0, "-": -1.0, "?": 0.0}
        teams = view["table"]["teams"]
        assert list(_field(env, "teams", obs)) == [signs[teams[(seat + r) % 4]] for r in range(4)]
        assert _field(env, "hand", obs).sum() * 6 == pytest.approx(len(view["table"]["hand"]))


def test_dots_memory_counts_exactly_the_cards_on_the_table():
    """Every card played since the last deal or reshuffle is on the table: the memory's count is
    the view's `played`, and its top card is the view's `top`."""
    checked = 0
    for env, _seat, obs, view in _walk("dots", 3, seeds=3, every=1, variant="tournament"):
        pile = _field(env, "table_cards", obs)
        assert pile.sum() == view["table"]["played"]
        top = int(np.argmax(_field(env, "top", obs)))
        assert pile[top] >= 1
        checked += 1
    assert checked > 1000
