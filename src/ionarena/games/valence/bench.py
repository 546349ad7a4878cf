"""Valence-specific timings for `ion bench valence`."""

from __future__ import annotations

import random
import time

from ...core import derive_seed
from .rules import ValenceState


def _random_game(seed: int) -> ValenceState:
    rng = random.Random(derive_seed(seed, "bench"))
    state = ValenceState(3, "standard", seed, {})
    while not state.is_over():
        p = state.actors()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])
    return state


def extra_benchmarks() -> list[tuple[str, float, str]]:
    """Random 3-player games per second, and the cost of legal_actions, clone and determinize."""
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < 1.0:
        _random_game(games)
        games += 1
    rate = games / (time.perf_counter() - start)
    rng = random.Random(1)
    state = ValenceState(3, "standard", 7, {})
    for _ in range(30):  # a mid-game position
        p = state.actors()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])
    results = [("random 3-player games", rate, "games/s")]
    for label, call in (("legal_actions (build phase)", lambda: state.legal_actions(state.actors()[0])),
                        ("clone", state.clone),
                        ("determinize", lambda: state.determinize(0, rng)),
                        ("view", lambda: state.view(0))):
        n = 20_000
        t0 = time.perf_counter()
        for _ in range(n):
            call()
        results.append((label, (time.perf_counter() - t0) / n * 1e6, "µs"))
    return results
