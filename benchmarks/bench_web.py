"""`ion serve` under load: N WebSocket players at M tables, each table two players and a bot, all
playing dots at full speed (bots move at once, players answer each state at once).

Reports accepted actions/s (people's and bots') and the latency from a player's submit to the
moment *every* seat of that table has received the new state (p50, p95, p99), at 50 and 200
connections by default. Latencies count once every table has made its first game: opening
hundreds of tables and WebSockets at the same moment is a burst of its own, not play.

`cpu ms/a` is the server's CPU (user + system, every thread, from /proc/<pid>/stat over the run;
with `--servers`, of all the site's processes) divided by the actions accepted in it — tables
made, WebSockets opened and closed, games rated: everything the run made the server do, per move;
`cpu%` is that CPU over the run's wall time (100: one core); `rss MB` the server's resident
memory at its start and after each round. PostgreSQL's and the bus's own CPU
are not counted.

The server is a separate process (`ion serve`, SQLite file, every action
committed before it is broadcast), so it and this client share the machine's cores the way a real
server and its players' machines would not: the figures are a floor.

    .venv/bin/python benchmarks/bench_web.py [--seconds 20] [--connections 50,200] [--db URL]
        [--tree before=/path/to/old/checkout --tree after=.] [--rounds 2] [--think 2]

`--tree LABEL=PATH` serves the `ion` of another source tree (PATH/src) instead; give several to
compare them side by side in one run: their servers take turns, `--rounds` times for each number
of connections, on the same machine under the same load (the load average is printed with each
row: on a shared machine that is what the figures must be read against), and after each number
of connections a line gives each tree's CPU a move as a multiple of the first tree's.

`--servers 1,2` runs a site of each size in turn: that many `ion serve` processes over one
PostgreSQL store (`--db`, default a database `ion_bench_<n>` on the local server, made if missing)
and one bus (`--bus`, default Redis on 127.0.0.1:6379); one process is served as today (no bus).
Tables are made on the processes in turn, and each table's second player plays through the next
process, as behind a load balancer: half the seats reach their table through a process that
does not own it (their moves relayed to the owner, its states followed over the bus);
`--sticky` sends both to the table's own process instead (a load balancer routing by table).

`--think S` makes players think S seconds on average (exponentially distributed) before each move,
as people do: the latency then is what a person waits for, at the load that many people make.
The people's load of the scale issue: `--think 2 --connections 2000 --seconds 40` (1,000 tables
on one process; target p99 under 50 ms). The load client is every player's browser in one
process: it collects its garbage as `ion serve` does (`web.gc_tuning`), or its own collector's
pauses over 2,000 connections would be counted as the server's latency.

Target (the web issue): p99 under 50 ms at 200 connections on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
import websockets

from ionarena.web.gc_tuning import tune

SEATS = ["human", "human", "bot:greedy"]
MAKERS = 8
"""Requests to make a table in flight at once (and the HTTP client's connections): the server
makes one at a time on its event loop anyway, and httpx's pool scans all of its connections and
waiting requests for each request it sends — at 64 and a thousand tables to make, the load
client took most of a core and made 20-25 tables a second."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Tally:
    """What the run measured."""

    latencies: list[float] = field(default_factory=list)
    tables: int = 0
    """Tables of the run: latencies count once every one of them has made its first game."""
    started: int = 0
    steady_from: float | None = None
    """`perf_counter` time from which moves count (None: some tables are still being made)."""
    actions: int = 0
    submits: int = 0
    refused: int = 0
    games: int = 0


class TableRun:
    """One table: two WebSocket players answering every state at once."""

    def __init__(self, url: str, tally: Tally, stop: float, think: float = 0.0, seed: int = 0,
                 second: str | None = None, gate: asyncio.Semaphore | None = None):
        self.url = url
        self.gate = gate or asyncio.Semaphore(1)
        """Shared by the run's tables: `MAKERS` requests to make a table in flight at once."""
        self.second = second or url
        """Where the second player connects (another process of a site of several)."""
        self.tally = tally
        self.stop = stop
        self.think = think
        """Mean seconds a player thinks before answering (0: at once); exponentially distributed."""
        self.rng = random.Random(seed)
        self.first_game = True
        self.sent: dict[int, float] = {}
        """version a submit will make -> when it was sent."""
        self.seen: dict[int, list[float | None]] = {}
        self.first: int | None = None
        self.last = 0

    async def play(self, client: httpx.AsyncClient) -> None:
        while time.monotonic() < self.stop:
            for attempt in range(3):  # a kept-alive connection the server has just closed: once more
                try:
                    async with self.gate:
                        answer = await client.post(
                            f"{self.url}/api/tables",
                            json={"game": "dots", "players": 3, "seats": SEATS, "public": False,
                                  "bot_delay": 0},
                        )
                    break
                except httpx.TransportError:
                    if attempt == 2:
                        raise
            if answer.status_code != 201:
                raise SystemExit(f"cannot make a table: {answer.status_code} {answer.text}")
            made = answer.json()
            if self.first_game:
                self.first_game = False
                self.tally.started += 1
                if self.tally.started == self.tally.tables:
                    self.tally.steady_from = time.perf_counter()
            tokens = [made["seats"][0]["token"], made["seats"][1]["token"]]
            bases = [u.replace("http", "ws", 1) for u in (self.url, self.second)]
            self.sent.clear()
            self.seen.clear()
            self.first = None
            self.last = 0
            sockets = [
                await websockets.connect(f"{base}/api/tables/{made['id']}/ws?token={t}", max_size=1 << 22)
                for base, t in zip(bases, tokens, strict=True)
            ]
            try:
                await asyncio.gather(*(self.seat(index, ws) for index, ws in enumerate(sockets)))
            finally:
                for ws in sockets:
                    await ws.close()
            self.tally.games += 1
            self.tally.actions += self.last - (self.first or 0)

    async def seat(self, index: int, ws: websockets.ClientConnection) -> None:
        while True:
            try:  # a seat whose turn never comes again stops with the run
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.5, self.stop - time.monotonic() + 0.5))
            except (TimeoutError, websockets.ConnectionClosed):
                return
            now = time.perf_counter()
            message = orjson.loads(text)
            kind = message["type"]
            if kind == "error":
                self.tally.refused += 1
                continue
            if kind != "state":
                continue
            version = message["version"]
            if self.first is None:
                self.first = version
            self.last = max(self.last, version)
            for target, sent_at in list(self.sent.items()):
                if target <= version:
                    arrivals = self.seen.setdefault(target, [None, None])
                    if arrivals[index] is None:
                        arrivals[index] = now
                    if all(a is not None for a in arrivals):
                        steady = self.tally.steady_from
                        if steady is not None and sent_at >= steady:
                            self.tally.latencies.append(max(a for a in arrivals if a is not None) - sent_at)
                        del self.sent[target]
                        del self.seen[target]
            if message["over"] or time.monotonic() >= self.stop:
                return
            if message["legal"]:
                if self.think:
                    await asyncio.sleep(self.rng.expovariate(1 / self.think))
                    if time.monotonic() >= self.stop:
                        return
                self.sent[version + 1] = time.perf_counter()
                self.tally.submits += 1
                move = {"type": "move", "action": message["legal"][0], "version": version}
                try:
                    await ws.send(json.dumps(move))
                except websockets.ConnectionClosed:
                    return


async def measure(url: str | list[str], connections: int, seconds: float,
                  think: float = 0.0, sticky: bool = False) -> tuple[Tally, float]:
    urls = [url] if isinstance(url, str) else url
    tables = max(1, connections // 2)
    tally = Tally(tables=tables)
    stop = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=MAKERS)
    gate = asyncio.Semaphore(MAKERS)
    # the load client is thousands of people's browsers in one process: its own collector's
    # pauses (a heap of 2,000 connections) are not the server's latency, so it collects as
    # `ion serve` does (measured: p99 103 ms with Python's collector, 36 with this, at 2,000 players)
    collector = tune()
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        began = time.monotonic()
        n = len(urls)
        step = 0 if sticky else 1
        runs = [TableRun(urls[seed % n], tally, stop, think, seed, second=urls[(seed + step) % n], gate=gate)
                for seed in range(tables)]
        await asyncio.gather(*(run.play(client) for run in runs))
        elapsed = time.monotonic() - began
    collector.stop()
    return tally, elapsed


def start_server(db: str, port: int, tree: str | None = None,
                 bus: str | None = None) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-c",
        "from ionarena.cli.main import main; main()",
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0",
        "--ws-rate",
        "100000",
        *(["--bus", bus] if bus else []),
    ]
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(tree).resolve() / "src"), *filter(None, [env.get("PYTHONPATH")])]
        )
    options = subprocess.run([*command[:4], "--help"], env={**env, "COLUMNS": "300"},
                             capture_output=True, text=True).stdout
    if "--table-rate" in options:
        # one load client makes every table, from one address: lift the per-address quotas
        command += ["--table-rate", "1000000/second", "--waiting-per-maker", "100000"]
    if "--max-tables" in options:
        # each round makes its tables anew while the last round's wait to be adjourned: room for
        # several rounds of the people's load (1,000 tables each)
        command += ["--max-tables", "20000"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).text == "ok":
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("ion serve did not start")


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) the process `pid` has used so far, from /proc/<pid>/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> int:
    """The resident memory of the process `pid`, in MB (from /proc/<pid>/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    return 0


def fresh_database(url: str) -> str:
    """Make the PostgreSQL database of `url` anew (dropped first if it is there); the URL."""
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres".replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    return url


def start_site(count: int, db: str, bus: str) -> list[tuple[int, subprocess.Popen[bytes]]]:
    """`count` processes of one site (one: served as today, without a bus)."""
    ports = [free_port() for _ in range(count)]
    first = start_server(db, ports[0], bus=bus if count > 1 else None)  # (it makes the schema)
    return [(ports[0], first)] + [(port, start_server(db, port, bus=bus)) for port in ports[1:]]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def load() -> str:
    """The machine's load average over the last minute."""
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--connections", default="50,200")
    parser.add_argument(
        "--db",
        default=None,
        help="store URL, `{label}` replaced by each server's (default: a fresh SQLite file each)",
    )
    parser.add_argument(
        "--tree",
        action="append",
        default=[],
        metavar="LABEL=PATH",
        help="serve the ion of another source tree (PATH/src); repeat to compare side by side",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="turns each server takes per number of connections"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a player thinks before each move (exponential; 0: full speed, the issue's load)",
    )
    parser.add_argument(
        "--servers",
        default=None,
        help="comma-separated sizes of sites to compare, e.g. 1,2: that many processes over one PostgreSQL "
        "store and bus (see the module docstring)",
    )
    parser.add_argument("--bus", default="redis://127.0.0.1:6379", help="the bus of --servers")
    parser.add_argument("--sticky", action="store_true",
                        help="--servers: both players of a table play through the process that made it")
    args = parser.parse_args()
    if args.servers:
        sites(args)
        return
    trees: list[tuple[str, str | None]] = [(t.split("=", 1)[0], t.split("=", 1)[1]) for t in args.tree] or [
        ("this", None)
    ]
    folder = tempfile.mkdtemp(prefix="ion-bench-web-")
    servers = []
    for label, tree in trees:
        db = (
            args.db.replace("{label}", label)
            if args.db
            else f"sqlite:///{Path(folder) / (label + '.sqlite3')}"
        )
        port = free_port()
        servers.append((label, port, start_server(db, port, tree)))
    print(
        f"{len(servers)} server(s) ({', '.join(label for label, _ in trees)}), store "
        f"{(args.db or 'a fresh SQLite file each').split('@')[-1]}; {os.cpu_count()} cores; "
        f"{args.seconds:g} s per run, {args.rounds} round(s); dots, 2 WebSocket players + 1 bot per table, "
        f"players {'answer at once' if not args.think else f'think {args.think:g} s on average'}"
    )
    print(
        f"{'server':>8} {'connections':>11} {'tables':>6} {'actions/s':>10} {'submits/s':>10} {'p50 ms':>7} "
        f"{'p95 ms':>7} {'p99 ms':>7} {'cpu ms/a':>8} {'cpu%':>5} {'games':>6} {'rss MB':>9}  load"
    )
    try:
        for count in (int(c) for c in args.connections.split(",")):
            tallies = {label: (Tally(), [0.0, 0.0], []) for label, _, _ in servers}
            memory = {label: [rss_mb(server.pid)] for label, _, server in servers}
            for _ in range(args.rounds):
                for label, port, server in servers:
                    loads = [load()]
                    url = f"http://127.0.0.1:{port}"
                    cpu = cpu_seconds(server.pid)
                    tally, elapsed = asyncio.run(measure(url, count, args.seconds, args.think))
                    total, seconds, seen = tallies[label]
                    seconds[1] += cpu_seconds(server.pid) - cpu
                    total.latencies += tally.latencies
                    total.actions += tally.actions
                    total.submits += tally.submits
                    total.games += tally.games
                    seconds[0] += elapsed
                    seen += [*loads, load()]
                    memory[label].append(rss_mb(server.pid))
            per_move: dict[str, float] = {}
            for label, (tally, seconds, seen) in tallies.items():
                if not tally.latencies:
                    print(f"{label:>8} {count:>11} no move measured")
                    continue
                ms = [x * 1000 for x in tally.latencies]
                per_move[label] = seconds[1] / max(1, tally.actions)
                print(
                    f"{label:>8} {count:>11} {count // 2:>6} {tally.actions / seconds[0]:>10.0f} "
                    f"{tally.submits / seconds[0]:>10.0f} {statistics.median(ms):>7.1f} "
                    f"{percentile(ms, 0.95):>7.1f} {percentile(ms, 0.99):>7.1f} "
                    f"{1000 * seconds[1] / max(1, tally.actions):>8.3f} "
                    f"{100 * seconds[1] / seconds[0]:>5.0f} "
                    f"{tally.games:>6} {'→'.join(map(str, memory[label])):>9}  {' '.join(seen)}"
                )
            print_ratios(per_move)
    finally:
        for _, _, server in servers:
            server.terminate()
        for _, _, server in servers:
            server.wait(timeout=15)


def print_ratios(per_move: dict[str, float]) -> None:
    """Each tree's CPU a move as a multiple of the first tree's, measured side by side in this run
    (the figure to quote: absolute ones swing with the machine)."""
    labels = list(per_move)
    if len(labels) < 2 or per_move[labels[0]] <= 0:
        return
    first = labels[0]
    print("  cpu a move against " + first + ": " +
          ", ".join(f"{label} {per_move[label] / per_move[first]:.3f}x" for label in labels[1:]))


def sites(args: argparse.Namespace) -> None:
    """`--servers`: a site of each size in turn, the load spread over its processes."""
    sizes = [int(n) for n in args.servers.split(",")]
    pattern = args.db or "postgresql://postgres@127.0.0.1:5432/ion_bench_{label}"
    print(
        f"sites of {', '.join(map(str, sizes))} process(es) over one PostgreSQL store each, bus {args.bus}; "
        f"{os.cpu_count()} cores; {args.seconds:g} s per run, {args.rounds} round(s); dots, 2 WebSocket "
        f"players + 1 bot per table "
        f"({'both through its own process' if args.sticky else 'the second through the next process'}), "
        f"players "
        f"{'answer at once' if not args.think else f'think {args.think:g} s'}"
    )
    print(
        f"{'servers':>8} {'connections':>11} {'tables':>6} {'actions/s':>10} {'submits/s':>10} {'p50 ms':>7} "
        f"{'p95 ms':>7} {'p99 ms':>7} {'cpu ms/a':>8} {'cpu%':>5} {'games':>6}  load"
    )
    for count in (int(c) for c in args.connections.split(",")):
        for size in sizes:
            db = fresh_database(pattern.replace("{label}", str(size)))
            site = start_site(size, db, args.bus)
            try:
                urls = [f"http://127.0.0.1:{port}" for port, _ in site]
                total, seconds, seen, cpu = Tally(), 0.0, [load()], 0.0
                for _ in range(args.rounds):
                    before = sum(cpu_seconds(process.pid) for _, process in site)
                    tally, elapsed = asyncio.run(measure(urls, count, args.seconds, args.think, args.sticky))
                    cpu += sum(cpu_seconds(process.pid) for _, process in site) - before
                    total.latencies += tally.latencies
                    total.actions += tally.actions
                    total.submits += tally.submits
                    total.games += tally.games
                    seconds += elapsed
                seen.append(load())
            finally:
                for _, process in site:
                    process.terminate()
                for _, process in site:
                    process.wait(timeout=15)
            if not total.latencies:
                print(f"{size:>8} {count:>11} no move measured")
                continue
            ms = [x * 1000 for x in total.latencies]
            print(
                f"{size:>8} {count:>11} {count // 2:>6} {total.actions / seconds:>10.0f} "
                f"{total.submits / seconds:>10.0f} {statistics.median(ms):>7.1f} "
                f"{percentile(ms, 0.95):>7.1f} {percentile(ms, 0.99):>7.1f} "
                f"{1000 * cpu / max(1, total.actions):>8.3f} {100 * cpu / seconds:>5.0f} {total.games:>6}  "
                f"{' '.join(seen)}"
            )


if __name__ == "__main__":
    main()
