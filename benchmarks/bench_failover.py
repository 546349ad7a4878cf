"""How long a site of several `ion serve` processes takes to take over a killed server's tables.

Three processes over one PostgreSQL store and bus; `--tables` tables made on the third, each
played a move; the third killed with SIGKILL; then each table is asked for a move through the
first, as a client retrying every 0.1 s would: the time from the kill to each table's first
accepted move (the lease runs out after 3 s, the survivors look every second).

    .venv/bin/python benchmarks/bench_failover.py [--tables 20] [--bus redis://127.0.0.1:6379]
        [--db postgresql://postgres@127.0.0.1:5432/ion_bench_failover]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from bench_web import free_port, fresh_database, start_server


def first_move(url: str, table: str, tokens: dict[int, str]) -> bool:
    """Make one move of whichever seat may act; True if a server took it."""
    for token in tokens.values():
        headers = {"Authorization": f"Bearer {token}"}
        state = httpx.get(f"{url}/api/tables/{table}/state", headers=headers, timeout=10)
        if state.status_code != 200 or not state.json()["legal"]:
            continue
        body = {"action": state.json()["legal"][0], "version": state.json()["version"]}
        made = httpx.post(f"{url}/api/tables/{table}/actions", json=body, headers=headers, timeout=10)
        return made.status_code == 200
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--bus", default="redis://127.0.0.1:6379")
    parser.add_argument("--db", default="postgresql://postgres@127.0.0.1:5432/ion_bench_failover")
    args = parser.parse_args()
    db = fresh_database(args.db)
    ports = [free_port() for _ in range(3)]
    processes = [start_server(db, ports[0], bus=args.bus)]
    processes += [start_server(db, port, bus=args.bus) for port in ports[1:]]
    survivor, doomed = (f"http://127.0.0.1:{p}" for p in (ports[0], ports[2]))
    try:
        tables: dict[str, dict[int, str]] = {}
        for _ in range(args.tables):
            made = httpx.post(f"{doomed}/api/tables", json={"game": "dots", "seats": ["human", "human"]},
                              timeout=10).json()
            tables[made["id"]] = {s["seat"]: s["token"] for s in made["seats"]}
            assert first_move(doomed, made["id"], tables[made["id"]])
        processes[2].kill()
        killed = time.monotonic()

        def wait_for(table: str) -> float:  # a client retrying every 0.1 s
            while not first_move(survivor, table, tables[table]):
                time.sleep(0.1)
            return time.monotonic() - killed

        with ThreadPoolExecutor(len(tables)) as clients:
            waits = list(clients.map(wait_for, tables))
        print(f"{args.tables} tables of a server killed with SIGKILL, moved again through another: "
              f"first after {min(waits):.2f} s, median {statistics.median(waits):.2f} s, "
              f"last {max(waits):.2f} s")
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=15)


if __name__ == "__main__":
    main()
