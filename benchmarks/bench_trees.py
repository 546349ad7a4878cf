"""Random-play speed of two source trees side by side: is a change to an engine faster, and by how much?

    python benchmarks/bench_trees.py --tree old=/path/to/old/checkout --tree new=. \
        --game compound:4 --game valence:3 --game bank:6 --game dots:4 --rounds 5 --seconds 3

Each round runs every tree once per game, in turn, each in its own interpreter (`PYTHONPATH` set to
the tree's `src`), playing uniformly random games for `--seconds` (`ionarena.sim.bench.random_play`,
present in every version since the first kernel). Taking turns makes both trees meet the same load;
the report is the median steps/s of each tree with its spread (min–max) and the ratio of the medians
against the first tree. `git worktree add /tmp/old <commit>` makes an old tree to compare.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

PROBE = """
import sys, ionarena
from ionarena.sim.bench import random_play
game, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
random_play(lambda s: ionarena.make(game, players=players, seed=s), 0.3)  # warm caches and imports
games, steps = random_play(lambda s: ionarena.make(game, players=players, seed=s), seconds)
print(steps)
"""


def measure(tree: Path, game: str, players: int, seconds: float) -> float:
    """Random-play steps/s of `game` in the source tree `tree`, in a fresh interpreter."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", PROBE, game, str(players), str(seconds)], env=env,
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def parse_tree(text: str) -> tuple[str, Path]:
    """`label=path` → (label, path), refusing a path without `src/ionarena`."""
    label, sep, path = text.partition("=")
    tree = Path(path).resolve()
    if not sep or not (tree / "src" / "ionarena").is_dir():
        raise argparse.ArgumentTypeError(f"{text!r}: expected label=PATH of a checkout with src/ionarena")
    return label, tree


def parse_game(text: str) -> tuple[str, int]:
    """`game:players` → (game, players)."""
    game, _, players = text.partition(":")
    try:
        return game, int(players or 2)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected game:players, e.g. compound:4") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=parse_tree, action="append", required=True,
                        help="label=PATH (2 or more)")
    parser.add_argument("--game", type=parse_game, action="append", required=True, help="game:players")
    parser.add_argument("--rounds", type=int, default=5, help="turns each tree takes per game")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of play per turn")
    args = parser.parse_args()
    if len(args.tree) < 2:
        parser.error("give two trees or more")
    results: dict[tuple[str, int], dict[str, list[float]]] = {}
    for game, players in args.game:
        runs = results[game, players] = {label: [] for label, _ in args.tree}
        for r in range(args.rounds):
            order = args.tree if r % 2 == 0 else args.tree[::-1]
            for label, tree in order:
                runs[label].append(measure(tree, game, players, args.seconds))
            print(f"{game}:{players} round {r + 1}/{args.rounds}: "
                  + ", ".join(f"{label} {runs[label][-1]:,.0f}" for label, _ in args.tree), file=sys.stderr)
    base = args.tree[0][0]
    heads = " | ".join(f"{label} steps/s (min–max)" for label, _ in args.tree)
    print(f"| game | {heads} | ratio to {base} |")
    print("|---|" + "---|" * (len(args.tree) + 1))
    for (game, players), runs in results.items():
        medians = {label: statistics.median(v) for label, v in runs.items()}
        cells = [f"{medians[label]:,.0f} ({min(v):,.0f}–{max(v):,.0f})" for label, v in runs.items()]
        ratios = ", ".join(f"{label} {medians[label] / medians[base]:.2f}×"
                           for label in runs if label != base)
        print(f"| {game} {players}p | {' | '.join(cells)} | {ratios} |")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
