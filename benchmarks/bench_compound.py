"""Compound engine benchmarks: the exact RXN optimiser, random-play throughput, greedy decisions.

Run: `.venv/bin/python benchmarks/bench_compound.py [--games 50]`.
"""

from __future__ import annotations

import argparse
import time

import ionarena
from ionarena.agents import make_agent
from ionarena.games.compound.bench import extra_benchmarks
from ionarena.sim.driver import play_out


def games_per_second(agent: str, players: int, games: int, variant: str = "standard") -> float:
    """Whole games per second with every seat played by `agent`."""
    start = time.perf_counter()
    for seed in range(games):
        state = ionarena.make("compound", players=players, seed=seed, variant=variant)
        play_out(state, [make_agent(agent, "compound", p, seed) for p in range(players)])
    return games / (time.perf_counter() - start)


def main() -> None:
    """Print every figure."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    for label, value, unit in extra_benchmarks():
        print(f"{label:<70} {value:10.2f} {unit}")
    for agent in ("random", "greedy"):
        for players in (4, 7):
            gps = games_per_second(agent, players, args.games)
            print(f"{agent + ' games, ' + str(players) + ' players':<70} {gps:10.2f} games/s")


if __name__ == "__main__":
    main()
