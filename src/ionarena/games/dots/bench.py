"""Game-specific timings for `ion bench dots`: random-play steps/s, games/s and clone cost."""

from __future__ import annotations

import random
import time

from .rules import DotsState


def random_steps_per_second(players: int, steps: int = 20_000, seed: int = 0) -> float:
    """Steps per second of uniform random play (legal_actions + choice + apply), new deals as needed."""
    rng = random.Random(seed)
    state = DotsState(players, "quick", seed)
    start = time.perf_counter()
    for _ in range(steps):
        if state.is_over():
            seed += 1
            state = DotsState(players, "quick", seed)
        p = state.cur
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.randrange(len(actions))])
    return steps / (time.perf_counter() - start)


def clone_microseconds(players: int, copies: int = 20_000) -> float:
    """Microseconds per clone of a fresh deal."""
    state = DotsState(players, "quick", 1)
    start = time.perf_counter()
    for _ in range(copies):
        state.clone()
    return (time.perf_counter() - start) / copies * 1e6


def extra_benchmarks() -> list[tuple[str, float, str]]:
    """(label, value, unit) rows printed by `ion bench dots`."""
    rows: list[tuple[str, float, str]] = []
    for players in (2, 4):
        rows.append((f"random steps, {players} players", random_steps_per_second(players), "steps/s"))
        rows.append((f"clone, {players} players", clone_microseconds(players), "µs"))
    return rows
