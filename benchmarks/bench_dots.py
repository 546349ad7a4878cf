"""The dots engine beside RLCard's UNO engine, measured side by side in one run.

Random-play games/s and steps/s (a step: `legal_actions(p)`, a random choice, `apply(p, a)`), the
cost of `legal_actions`, `apply` and `clone`, at 2 and 4 players; with the `bench` extra installed
(`pip install -e '.[bench]'`) RLCard's `UnoGame` engine loop runs the same way and the ratio is
printed. The issue's target: dots at least 2x RLCard's engine steps/s at the same player count.
Run: `.venv/bin/python benchmarks/bench_dots.py [seconds]` (the same as `ion bench dots`).
"""

from __future__ import annotations

import sys

from ionarena.cli.bench import run_bench


def main(seconds: float = 3.0) -> None:
    """Measure and print."""
    run_bench("dots", seconds, [2, 4])


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
