"""An encoder's fast path (`encode_state`, read from the state's fields) gives exactly the vector of
its reference (`encode`, read from the seat's view and the events it was shown), at every step of
random games, for every seat, and on copies whose hidden cards were dealt again: the fast path sees
no more than the view does. A fast path that reads a hidden card is caught (the last test breaks
one on purpose)."""

from __future__ import annotations

import random

import pytest

from .need import require_rl

require_rl()

import numpy as np  # noqa: E402

from ionarena import rl  # noqa: E402
from ionarena.core import State  # noqa: E402
from ionarena.rl.encoding import Encoder  # noqa: E402

from .helpers import config_id, configs  # noqa: E402

FAST = [c for c in configs() if rl.env(c[0], players=c[2], variant=c[1]).episode.encoder.fast]


def reference(encoder: Encoder, state: State, seat: int) -> np.ndarray:
    """The reference vector: the seat's view, and a memory fed every event it was shown."""
    memory = encoder.new_memory()
    if encoder.uses_events:
        encoder.remember(memory, state.events(seat, -1))
    return encoder.encode(state.view(seat), memory)


def mismatches(env, encoder: Encoder, seeds: range, every: int = 1,
               limit: int = 3000) -> tuple[int, list[str]]:
    """(positions checked, descriptions of the ones where `encoder`'s fast path differs from its
    reference) along random games of `env`, for every seat at every `every`-th step, and at every
    `5 * every`-th for a copy of the state in which what the seat cannot see was dealt again."""
    rng = random.Random(5)
    players = len(env.possible_agents)
    checked, wrong = 0, []

    def compare(got: np.ndarray, expected: np.ndarray, where: str) -> None:
        nonlocal checked
        checked += 1
        if not np.array_equal(got, expected):
            fields = [f.name for f in encoder.layout.fields
                      if not np.array_equal(got[f.start:f.start + f.size],
                                            expected[f.start:f.start + f.size])]
            wrong.append(f"{where}: {fields}")

    for seed in seeds:
        env.reset(seed=seed)
        memories = [encoder.new_memory() for _ in range(players)]
        since = [-1] * players
        for step, agent in enumerate(env.agent_iter(limit)):
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            state = env.episode.state
            if step % every == 0:
                for seat in range(players):
                    if encoder.uses_events:  # the reference's memory, fed as the env feeds it
                        encoder.remember(memories[seat], state.events(seat, since[seat]))
                        since[seat] = state.version
                    fast = encoder.encode_state(state, seat)
                    compare(fast, encoder.encode(state.view(seat), memories[seat]),
                            f"seed {seed} step {step} seat {seat}")
                    if step % (5 * every) == 0:
                        copy = state.determinize(seat, random.Random(rng.random()))
                        compare(encoder.encode_state(copy, seat), reference(encoder, copy, seat),
                                f"seed {seed} step {step} seat {seat}, a redealt copy")
                        compare(encoder.encode_state(copy, seat), fast,
                                f"seed {seed} step {step} seat {seat}, a redealt copy against the game")
            env.step(rng.choice(env.legal_ids(agent)))
    return checked, wrong


@pytest.mark.parametrize("config", FAST, ids=config_id)
def test_the_fast_path_gives_the_reference_vector(config):
    game, variant, players = config
    env = rl.env(game, players=players, variant=variant)
    encoder = env.episode.encoder
    checked, wrong = mismatches(env, encoder, range(3), every=1 if game != "bank" else 5, limit=1500)
    assert checked > 100
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("config", FAST, ids=config_id)
def test_the_env_observes_through_the_fast_path(config):
    game, variant, players = config
    env = rl.env(game, players=players, variant=variant)
    env.reset(seed=1)
    calls = []
    encoder = env.episode.encoder
    real = encoder.encode_state
    encoder.encode_state = lambda state, seat: calls.append(seat) or real(state, seat)  # type: ignore[method-assign]
    try:
        obs, *_ = env.last()
    finally:
        del encoder.encode_state
    assert calls == [env._seat[env.agent_selection]]
    assert np.array_equal(obs["observation"], reference(encoder, env.episode.state, calls[0]))


def test_a_fast_path_that_reads_a_hidden_hand_is_caught():
    """A deliberately broken fast path (dots): it counts the next seat's hand in with the seat's own."""
    if not any(c[0] == "dots" for c in FAST):
        pytest.skip("dots has no fast path")
    env = rl.env("dots", players=2)
    good = env.episode.encoder

    class Leaky(type(good)):  # type: ignore[misc]
        def encode_state(self, state, seat):
            vector = super().encode_state(state, seat).copy()
            other = state.hands[(seat + 1) % state.num_players]  # hidden from `seat`
            if other:
                vector[self.o_hand + other[0]] += 1.0
            return vector

    leaky = Leaky(good.config)
    checked, wrong = mismatches(env, leaky, range(1), every=5, limit=200)
    assert checked > 20
    assert wrong and all("hand" in w for w in wrong)
    assert not mismatches(env, good, range(1), every=5, limit=200)[1]


def test_dots_envs_sharing_an_encoder_stay_exact():
    """Two dots games stepped in turn share one encoder (and its count of the table's cards, kept
    by contents): each observation is still its own game's reference vector, through deals and
    reshuffles."""
    envs = [rl.env("dots", players=2, variant="tournament") for _ in range(2)]
    encoder = envs[0].episode.encoder
    assert envs[1].episode.encoder is encoder
    rng = random.Random(9)
    for seed, env in enumerate(envs):
        env.reset(seed=seed)
    reshuffles = checked = 0
    for _ in range(600):
        for env in envs:
            if not env.agents:
                continue
            state = env.episode.state
            agent = env.agent_selection
            seat = env._seat[agent]
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            assert np.array_equal(obs["observation"], reference(encoder, state, seat))
            checked += 1
            reshuffles += any(e.kind == "reshuffle" for e in state.events(seat, state.version - 1))
            env.step(rng.choice(env.legal_ids(agent)))
    assert checked > 600
    assert reshuffles > 0, "no reshuffle happened: the test proves little"
