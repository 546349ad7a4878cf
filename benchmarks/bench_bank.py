"""Bank engine benchmarks: random play in virtual time (moves/s, game seconds per wall second), clone cost.

The bank is real-time, but simulations never sleep: bots move `reaction` game seconds after the game last
changed and the host's `at`/`timeout` actions move the clock (as `sim.driver` does).
Run: `.venv/bin/python benchmarks/bench_bank.py [--games 3] [--players 2 6 16] [--reaction 0.5]`.
"""

from __future__ import annotations

import argparse

from ionarena.games.bank.bench import clone_microseconds, view_microseconds, virtual_time_run


def figures(players: int, games: int, reaction: float) -> list[tuple[str, float, str]]:
    """(label, value, unit) rows for one player count."""
    moves, seconds = virtual_time_run(players, games, reaction=reaction)
    return [
        (f"bank {players}p random moves in virtual time", moves, "moves/s"),
        (f"bank {players}p game clock simulated", seconds, "game s/s"),
        (f"bank {players}p clone", clone_microseconds(players), "µs"),
        (f"bank {players}p view", view_microseconds(players), "µs"),
    ]


def main() -> None:
    """Print the figures for each player count asked for."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6, 16])
    parser.add_argument("--reaction", type=float, default=0.5, help="bot reaction time, game seconds")
    args = parser.parse_args()
    for players in args.players:
        for label, value, unit in figures(players, args.games, args.reaction):
            print(f"{label:<50} {value:12.2f} {unit}")


if __name__ == "__main__":
    main()
