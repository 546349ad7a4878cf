"""Every registered game's standard figures, side by side in one run (`python benchmarks/bench_all.py 2`)."""

from __future__ import annotations

import sys

import ionarena
from ionarena.cli.bench import run_bench


def main(seconds: float = 2.0) -> None:
    """Run `ion bench` for every game."""
    for spec in ionarena.all_specs():
        run_bench(spec.id, seconds, [2, 4])


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
