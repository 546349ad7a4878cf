"""Actions/s through a host `Table`, bare and with the store on SQLite and PostgreSQL, against the
bare engine, side by side in one run.

Every seat is a random bot (so the figures measure the host and the store, not a bot's thinking);
games of dots at 4 players are played to the end, one after another, for `seconds` each:

- engine: `sim.driver.play_out` on the State itself (what `ion simulate` does);
- table: a `Table` without a journal (per action: a bot made for the move and shown only its
  seat's window, a copy of the state, the version check, the log entry);
- table + 4 seats watching: the same with a subscriber per seat (each gets view, events, legal
  moves after every action, as a surface would; one update per seat and version however many
  subscribers a seat has);
- table + SQLite: a `Store` file in WAL mode with `synchronous=NORMAL` (the default: a commit
  survives `kill -9` of the process), one committed transaction per action; then `durable`
  (`synchronous=FULL`: each commit waits for the disk);
- table + PostgreSQL: a throwaway database on the server `scripts/test_postgres.py ensure` finds
  or starts, one committed transaction per action (skipped when there is none);
- `8 threads`: eight threads each playing tables on one store at once, as a server's workers do:
  group commit lets one transaction (one flush) serve the tables that commit at the same moment;
  `writes/commit` says how many it served on average.

Run: `.venv/bin/python benchmarks/bench_table.py [seconds]`.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ionarena import make
from ionarena.agents import make_agent
from ionarena.host import Journal, Table, Update
from ionarena.sim.driver import play_out
from ionarena.store import Store

GAME, PLAYERS = "dots", 4
ROOT = Path(__file__).resolve().parents[1]


def engine_rate(seconds: float) -> tuple[float, int]:
    """Actions/s of the bare engine with random bots; and how many actions were measured."""
    actions, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = make(GAME, players=PLAYERS, seed=seed)
        play_out(state, [make_agent("random", GAME, k, seed) for k in range(PLAYERS)])
        actions += state.version
        seed += 1
    return actions / (time.perf_counter() - start), actions


def table_rate(seconds: float, journal: Journal | None = None, watchers: bool = False) -> tuple[float, int]:
    """Actions/s through tables of random bots (with `journal`, and a subscriber per seat)."""
    actions, seed, start = 0, 0, time.perf_counter()
    sink: list[Update] = []
    while time.perf_counter() - start < seconds:
        table = Table(GAME, players=PLAYERS, bots=dict.fromkeys(range(PLAYERS), "random"), seed=seed,
                      clock=lambda: 0.0, journal=journal)
        if watchers:
            for seat in range(PLAYERS):
                table.subscribe(seat, sink.append)
        table.start(0.0)
        table.pump(0.0)
        actions += table.version
        sink.clear()
        seed += 1
    return actions / (time.perf_counter() - start), actions


def threads_rate(seconds: float, store: Store, threads: int = 8) -> tuple[float, int, float]:
    """Actions/s of `threads` threads each playing tables on `store` at once; and writes per commit."""
    counts = [0] * threads
    before = store.commits
    stop = time.perf_counter() + seconds

    def play(index: int) -> None:
        seed = 1000 * index
        while time.perf_counter() < stop:
            table = Table(GAME, players=PLAYERS, bots=dict.fromkeys(range(PLAYERS), "random"), seed=seed,
                          clock=lambda: 0.0, journal=store)
            table.start(0.0)
            while table.pump(0.0, max_moves=1) is not None and time.perf_counter() < stop:
                pass
            counts[index] += table.version
            seed += 1

    start = time.perf_counter()
    workers = [threading.Thread(target=play, args=(k,)) for k in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - start
    batches, writes = (now - then for now, then in zip(store.commits, before, strict=True))
    return sum(counts) / elapsed, sum(counts), writes / max(1, batches)


def postgres_database() -> tuple[str, Callable[[], None]] | None:
    """A throwaway PostgreSQL database and how to drop it, or None when there is no server."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "test_postgres.py"), "ensure"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(f"PostgreSQL: none here ({done.stderr.strip()})")
        return None
    import psycopg
    admin = done.stdout.strip()
    name = f"ion_bench_{os.getpid()}_{secrets.token_hex(3)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]

    def drop() -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]

    return admin.rsplit("/", 1)[0] + "/" + name, drop


def main(seconds: float = 3.0) -> None:
    """Measure and print."""
    loads = os.getloadavg()
    rows: list[tuple[str, float, int, float | None]] = []
    rows.append(("engine (play_out)", *engine_rate(seconds), None))
    rows.append(("table", *table_rate(seconds), None))
    rows.append(("table + 4 seats watching", *table_rate(seconds, watchers=True), None))
    with tempfile.TemporaryDirectory() as folder:
        for durable in (False, True):
            name = "SQLite durable" if durable else "SQLite"
            with Store(str(Path(folder) / f"bench{durable:d}.sqlite3"), durable=durable) as store:
                rows.append((f"table + {name} (commit/action)", *table_rate(seconds, store), None))
                rows.append((f"8 threads + {name}", *threads_rate(seconds, store)))
    database = postgres_database()
    if database is not None:
        url, drop = database
        try:
            with Store(url) as store:
                rows.append(("table + PostgreSQL (commit/action)", *table_rate(seconds, store), None))
                rows.append(("8 threads + PostgreSQL", *threads_rate(seconds, store)))
        finally:
            drop()
    base = rows[0][1]
    began = f"load average {loads[0]:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
    print(f"{GAME}, {PLAYERS} players, random bots, {seconds:g} s each; {began}")
    print(f"{'':36} {'actions/s':>10} {'x engine':>9} {'actions':>8} {'writes/commit':>14}")
    for name, rate, count, grouped in rows:
        shown = "" if grouped is None else f"{grouped:.1f}"
        print(f"{name:36} {rate:10.0f} {rate / base:9.4f} {count:8d} {shown:>14}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
