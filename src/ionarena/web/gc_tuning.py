"""The garbage collector and the interpreter lock of a long-running server (`ion serve` only).

CPython's cyclic collector stops every thread while it scans. A server's heap is large and mostly
long-lived — modules, card data, the tables it resumed, then the live tables and their
connections — and each collection of an older generation walks all of what is in it: at 2,000
players on one process (`benchmarks/bench_web.py --think 2 --connections 2000`) collections of the
middle generation took 75-240 ms each and were most of the p99 latency (docs/architecture.md, "The
collector's pauses").

`tune()`:

- freezes what is alive once the server has started (`gc.freeze()`): it is never scanned again;
- sets the collector's thresholds to `THRESHOLDS` (measured side by side with others: see the
  constant);
- hands the interpreter lock on within `SWITCH_SECONDS` when another thread waits for it (Python's
  default is 5 ms): the mover (`web.mover`) lets go of the lock at each database call and would
  wait that long to get it back from a busy event loop, every table's moves with it — at 2,000
  players p95 324 ms and p99 592 ms with 5 ms, 31 and 84 ms with 0.5 ms.

What the collector must find is kept small where it is ours: a closed WebSocket connection lets
go of its cancelled sender task (`web.sockets.Connection.serve`), so it is freed at once instead
of being a cycle kept until a collection (measured: less memory kept, the same pauses: those walk
the live tables' objects).

A test client or a program that builds the app itself is left alone (`create_app(serving=False)`).
"""

from __future__ import annotations

import gc
import sys

THRESHOLDS = (5000, 20, 100)
"""`gc.set_threshold` of a serving process (Python's default: 700, 10, 10). Measured against
(50000, 20, 100) and (2000, 5, 1000) at 2,000 players, the trees taking turns: higher thresholds
make each collection longer (a young one up to 282 ms, a middle one 1.18 s), lower ones more of
them, neither a shorter tail (docs/architecture.md, "The collector's pauses")."""

SWITCH_SECONDS = 0.0005
"""How soon a thread waiting for the interpreter lock gets it from a busy one."""


def tune() -> None:
    """Freeze what is alive, collect less often, hand the lock on sooner (the module docstring)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    sys.setswitchinterval(SWITCH_SECONDS)


__all__ = ["SWITCH_SECONDS", "THRESHOLDS", "tune"]
