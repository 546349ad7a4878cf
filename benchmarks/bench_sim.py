"""Batch-run throughput: games/s on 1 and 2 local worker processes and on a local Ray instance, and
the time `ion analyze` takes for N games of each game (play + report with charts).

Run: `.venv/bin/python benchmarks/bench_sim.py [--game dots] [--players 4] [--agents greedy]
[--games 4000] [--analyze-games 5000] [--skip-ray] [--skip-analyze]`.
Ray's figure excludes starting Ray (printed on its own line); every figure includes starting the
worker processes or tasks, as a user sees it. Needs the `ray` and `analysis` extras for those parts.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import ionarena
from ionarena.sim.analyze import build_report, run_analysis
from ionarena.sim.analyze.report import write_report
from ionarena.sim.backends import Backend, LocalBackend, RayBackend
from ionarena.sim.runner import SimConfig, iter_results


def games_per_second(config: SimConfig, backend: Backend) -> float:
    """Games/s of one whole run of `config` on `backend`."""
    start = time.perf_counter()
    count = sum(1 for _ in iter_results(config, backend=backend))
    return count / (time.perf_counter() - start)


def analyze_seconds(game: str, games: int, backend: Backend, directory: Path) -> tuple[float, float]:
    """(seconds to play and collect, seconds to build and write the report) for `games` greedy games."""
    spec = ionarena.get_spec(game)
    config = SimConfig(game=game, players=spec.default_players, agents=("greedy",), games=games,
                       variant=spec.default_variant)
    results, played = run_analysis(config, backend)
    start = time.perf_counter()
    report = build_report(config, results, played, f"ion analyze {game} --games {games}")
    write_report(report, directory / game)
    return played, time.perf_counter() - start


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="dots")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", default="greedy")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--analyze-games", type=int, default=5000)
    parser.add_argument("--skip-ray", action="store_true")
    parser.add_argument("--skip-analyze", action="store_true")
    args = parser.parse_args()
    config = SimConfig(game=args.game, players=args.players, agents=tuple(args.agents.split(",")),
                       games=args.games)
    label = f"{args.game} {args.players}p {args.agents} x{args.games}"
    for workers in (1, 2):
        rate = games_per_second(config, LocalBackend(workers))
        print(f"{label:<40} local, {workers} worker(s) {rate:10.1f} games/s")
    if not args.skip_ray:
        import ray
        start = time.perf_counter()
        ray.init(address="local", include_dashboard=False, log_to_driver=False, logging_level="ERROR")
        print(f"{'ray.init (local instance)':<40} {time.perf_counter() - start:27.1f} s")
        cpus = int(ray.cluster_resources().get("CPU", 1))
        rate = games_per_second(config, RayBackend())
        print(f"{label:<40} ray, {cpus} CPU(s)        {rate:10.1f} games/s")
        ray.shutdown()
    if not args.skip_analyze:
        with tempfile.TemporaryDirectory() as folder:
            for spec in ionarena.all_specs():
                try:
                    played, written = analyze_seconds(spec.id, args.analyze_games, LocalBackend(2),
                                                      Path(folder))
                except Exception as err:  # a game mid-migration should not hide the others' figures
                    print(f"ion analyze {spec.id:<10} failed: {type(err).__name__}: {err}")
                    continue
                print(f"ion analyze {spec.id:<10} x{args.analyze_games} greedy, 2 workers: "
                      f"play {played:7.1f} s, report {written:5.1f} s, total {played + written:7.1f} s")


if __name__ == "__main__":
    main()
