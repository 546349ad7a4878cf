"""The greedy compound bot must beat random bots clearly (the full measure is 1000 games; this is a
fast regression check)."""

from __future__ import annotations

import ionarena
from ionarena.agents import make_agent
from ionarena.sim.driver import play_out


def test_greedy_beats_three_random_bots():
    wins = 0.0
    games = 24
    for seed in range(games):
        state = ionarena.make("compound", players=4, seed=seed, variant="standard")
        agents = [make_agent(name, "compound", p, seed)
                  for p, name in enumerate(["greedy", "random", "random", "random"])]
        play_out(state, agents)
        winners = state.winners()
        if 0 in winners:
            wins += 1 / len(winners)
    assert wins / games > 0.75  # 25% by chance; measured 99.8% over 1000 games


def test_greedy_only_plays_legal_moves_in_every_variant():
    for variant in ("beginner", "standard", "advanced"):
        for players in (2, 7):
            state = ionarena.make("compound", players=players, seed=players, variant=variant)
            play_out(state, [make_agent("greedy", "compound", p, 1) for p in range(players)])
            assert state.is_over()
