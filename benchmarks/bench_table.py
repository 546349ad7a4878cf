"""Actions/s through a host `Table`, bare and with the store on SQLite and PostgreSQL, against the
bare engine, side by side in one run.

Every seat is a random bot (so the figures measure the host and the store, not a bot's thinking);
games of dots at 4 players are played to the end, one after another, for `seconds` each:

- engine: `sim.driver.play_out` on the State itself (what `ion simulate` does);
- table: a `Table` without a journal (per action: a bot made for the move and shown only its
  seat's window, a copy of the state, the version check, the log entry);
- table + 4 seats watching: the same with a subscriber per seat (each gets view, events, legal
  moves after every action, as a surface would);
- table + SQLite: a `Store` file (WAL, synchronous=FULL), one committed transaction per action;
- table + PostgreSQL: a throwaway database on the server `scripts/test_postgres.py ensure` finds
  or starts, one committed transaction per action (skipped when there is none).

Run: `.venv/bin/python benchmarks/bench_table.py [seconds]`.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ionarena import make
from ionarena.agents import make_agent
from ionarena.host import Journal, Table, Update
from ionarena.sim.driver import play_out

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
    from ionarena.store import Store

    rows: list[tuple[str, float, int]] = []
    rows.append(("engine (play_out)", *engine_rate(seconds)))
    rows.append(("table", *table_rate(seconds)))
    rows.append(("table + 4 seats watching", *table_rate(seconds, watchers=True)))
    with tempfile.TemporaryDirectory() as folder, Store(str(Path(folder) / "bench.sqlite3")) as store:
        rows.append(("table + SQLite (commit/action)", *table_rate(seconds, store)))
    database = postgres_database()
    if database is not None:
        url, drop = database
        try:
            with Store(url) as store:
                rows.append(("table + PostgreSQL (commit/action)", *table_rate(seconds, store)))
        finally:
            drop()
    base = rows[0][1]
    print(f"{GAME}, {PLAYERS} players, random bots, {seconds:g} s each")
    print(f"{'':36} {'actions/s':>10} {'x engine':>9} {'actions':>8}")
    for name, rate, count in rows:
        print(f"{name:36} {rate:10.0f} {rate / base:9.4f} {count:8d}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
