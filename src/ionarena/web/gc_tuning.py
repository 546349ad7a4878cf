"""The garbage collector and the interpreter lock of a long-running server (`ion serve` only).

CPython's cyclic collector stops every thread while it scans. A server's heap is large and mostly
long-lived — modules, card data, the tables it resumed, then the live tables and their
connections — and a collection walks every object of the generations it collects. At 2,000
players on one process (`benchmarks/bench_web.py --think 2 --connections 2000`) collections of
the middle generation took 75-240 ms each and were most of the p99 latency: what a person thinks
about for two seconds — each seat's pending read, its coroutines and futures, the table's state —
outlives a young collection and piles up in the middle generation, 20 young collections' worth at
Python's ratio (docs/architecture.md, "The collector's pauses").

`tune()` makes the collector of a serving process a two-generation one:

- the young generation is collected every `YOUNG_SECONDS` at the least (and every
  `THRESHOLDS[0]` new objects, net), the middle one every `THRESHOLDS[1]` young collections: a
  collection walks what the last 50-150 ms made that is still alive, not twenty young
  collections' worth (`Collector.collect_young_every`);
- what survives a middle collection is frozen (`gc.freeze()`, from `gc.callbacks`): it is never
  scanned again, so no collection walks the live tables. An object frozen is still freed by
  reference counting when it is dropped; only a *cycle* among frozen objects would wait — so what
  lives long is kept free of cycles where it is ours (a closed WebSocket connection lets go of
  its sender task, `web.sockets`), tested by playing games through a serving app with a middle
  collection at every state and collecting what was frozen (tests/web/test_protocol_cycles.py:
  it fails with that fix undone). Garbage made and dropped at once is the young collections'
  (and kept small: the HTTP protocol a WebSocket upgraded from lets go of its parser,
  `web.guard`; a chat read builds no expanding `IN`, `store.chat`);
- every `SWEEP_SECONDS` the whole heap is collected once (`Collector.sweep`: unfreeze, collect,
  freeze again), so a cycle that does form among long-lived objects — a library's, or one of ours
  to come — is reclaimed within that time; the count it found is logged (a steady count above a
  few hundred names a leak to fix);
- the interpreter lock is handed on within `SWITCH_SECONDS` when another thread waits for it
  (Python's default is 5 ms): the mover (`web.mover`) lets go of the lock at each database call
  and would wait that long to get it back from a busy event loop, every table's moves with it —
  at 2,000 players p95 324 ms and p99 592 ms with 5 ms, 31 and 84 ms with 0.5 ms (with the
  collector of its day). Each hand-off costs both threads CPU, though: with the collector above,
  2 ms took 0.86x the CPU a move of 0.5 ms at 200 connections, and the people's p99 was no worse
  (27 against 32 ms; docs/architecture.md, "A cheaper move, the second round").

A test client or a program that builds the app itself is left alone (`create_app(serving=False)`).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from typing import Any

log = logging.getLogger(__name__)

THRESHOLDS = (2000, 3, 1000)
"""`gc.set_threshold` of a serving process (Python's default: 700, 10, 10). The third never
matters: the oldest generation is emptied by each freeze. Measured side by side at 2,000 players
against (5000, 20, 100) (docs/architecture.md, "The collector as two generations")."""

YOUNG_SECONDS = 0.05
"""How often a serving process collects its young generation at the least."""

SWEEP_SECONDS = 600.0
"""How often a serving process collects its whole heap (frozen objects included)."""

SWITCH_SECONDS = 0.002
"""How soon a thread waiting for the interpreter lock gets it from a busy one."""


class Collector:
    """The collector of a serving process (the module docstring): `tune()` starts it."""

    def __init__(self) -> None:
        self.sweeps: list[int] = []
        """What each sweep found unreachable (a cycle among long-lived objects), in order."""
        self._tasks: list[asyncio.Task[None]] = []
        self._before: tuple[tuple[int, int, int], float] | None = None

    def start(self) -> Collector:
        """Freeze what is alive, collect young objects only, hand the lock on sooner."""
        self._before = gc.get_threshold(), sys.getswitchinterval()
        gc.collect()
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)
        gc.callbacks.append(self._collected)
        sys.setswitchinterval(SWITCH_SECONDS)
        return self

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] >= 1:
            gc.freeze()  # the survivors of a middle collection are never scanned again

    def sweep(self) -> int:
        """Collect the whole heap once, frozen objects included; how many it found unreachable."""
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.sweeps.append(found)
        log.info("the periodic collection of the whole heap found %d unreachable objects", found)
        return found

    def collect_young_every(self, seconds: float | None = None) -> None:
        """A young collection every `seconds` (default `YOUNG_SECONDS`), every third one a middle
        one, on the running loop until `stop`: what a collection walks is what was made since the
        last one and is still alive, and Python counts it by objects made *less objects freed* —
        when the tables' older objects are freed as fast as new ones are made, that count stays low
        while the young generation grows (measured: young collections of 10,000-27,000 objects at
        a threshold of 5,000). A collection every so often bounds it by time."""

        async def collecting() -> None:
            turn = 0
            while True:
                await asyncio.sleep(seconds or YOUNG_SECONDS)
                turn += 1
                gc.collect(1 if turn % THRESHOLDS[1] == 0 else 0)

        self._tasks.append(asyncio.get_running_loop().create_task(collecting()))

    def sweep_every(self, seconds: float | None = None) -> None:
        """Sweep every `seconds` (default `SWEEP_SECONDS`) on the running loop, until `stop`."""

        async def sweeping() -> None:
            while True:
                await asyncio.sleep(seconds or SWEEP_SECONDS)
                self.sweep()

        self._tasks.append(asyncio.get_running_loop().create_task(sweeping()))

    def stop(self) -> None:
        """Python's collector as it was (what is frozen is let go of)."""
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        gc.unfreeze()
        if self._before is not None:
            thresholds, switch = self._before
            gc.set_threshold(*thresholds)
            sys.setswitchinterval(switch)
            self._before = None


def tune() -> Collector:
    """Start the serving collector (the module docstring); sweeping needs a running loop."""
    collector = Collector().start()
    collector.collect_young_every()
    collector.sweep_every()
    return collector


__all__ = ["SWEEP_SECONDS", "SWITCH_SECONDS", "THRESHOLDS", "Collector", "tune"]
