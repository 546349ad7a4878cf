"""Throughput of the dots engine: random-play steps/s, games/s and clone cost.

A step is what a random bot does on its turn: `legal_actions(p)`, a random choice, `apply(p, a)`.
Run: `.venv/bin/python benchmarks/bench_dots.py [--steps 20000] [--players 2 4]`.
"""

from __future__ import annotations

import argparse
import time

import ionarena
from ionarena.agents import RandomAgent


def steps_per_second(players: int, steps: int = 20_000, seed: int = 0) -> tuple[float, float]:
    """Random-play steps per second and finished games per second over `steps` steps."""
    agent = RandomAgent(seed=seed)
    game_seed = seed
    state = ionarena.make("dots", players=players, seed=game_seed)
    games = 0
    done = 0
    start = time.perf_counter()
    while done < steps:
        if state.is_over():
            games += 1
            game_seed += 1
            state = ionarena.make("dots", players=players, seed=game_seed)
        p = state.actors()[0]
        state.apply(p, agent.act(state, p))
        done += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def games_per_second(players: int, games: int = 300, variant: str = "quick") -> float:
    """Whole random games per second, including dealing."""
    agent = RandomAgent(seed=1)
    start = time.perf_counter()
    for seed in range(games):
        state = ionarena.make("dots", players=players, seed=seed, variant=variant)
        while not state.is_over():
            p = state.actors()[0]
            state.apply(p, agent.act(state, p))
    return games / (time.perf_counter() - start)


def clone_microseconds(players: int, copies: int = 20_000) -> float:
    """Microseconds per `clone()` of a mid-game state."""
    state = ionarena.make("dots", players=players, seed=3)
    agent = RandomAgent(seed=3)
    for _ in range(20):
        if state.is_over():
            break
        p = state.actors()[0]
        state.apply(p, agent.act(state, p))
    start = time.perf_counter()
    for _ in range(copies):
        state.clone()
    return (time.perf_counter() - start) / copies * 1e6


def figures(players: int, steps: int = 20_000) -> list[tuple[str, float, str]]:
    """(label, value, unit) rows for one player count."""
    sps, _ = steps_per_second(players, steps)
    return [
        (f"dots {players}p random steps", sps, "steps/s"),
        (f"dots {players}p quick games", games_per_second(players), "games/s"),
        (f"dots {players}p clone", clone_microseconds(players), "µs"),
    ]


def main() -> None:
    """Print the figures for each player count asked for."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    for players in args.players:
        for label, value, unit in figures(players, args.steps):
            print(f"{label:32s} {value:12,.1f} {unit}")


if __name__ == "__main__":
    main()
