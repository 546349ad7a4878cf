"""`ion serve` on a public address, attacked: each attack of issue 28 against a fresh server, with
what it did to the server (memory, refusals, what other people waited).

    .venv/bin/python benchmarks/bench_attacks.py [--tree before=/path/to/old/checkout --tree after=.]
        [--only flood,search,bank,reader,replay,slowloris]

- `flood`: 2,000 `POST /api/tables` with an open seat from one address, 20 at a time; then a
  table with an open seat and one that starts at once from other addresses (as a proxy forwards
  them: `X-Forwarded-For`).
- `search`: four tables of two `ismcts:ms=3000` bots, then a person playing a greedy bot: the
  seconds from each of the person's moves to the greedy bot's reply (WebSocket).
- `bank`: three bank tables of four `ismcts:ms=3000` bots, and a bank table of two people who do
  not move (a 1-second move clock): how late each timeout reaches a spectator, after the deadline.
- `reader`: a spectator of a finished 6-player compound game (about 100 KB a state) that never
  reads and asks for the whole state again 18 times a second: the server's RSS, and when (if) it
  cut the connection; at most 60 s.
- `replay`: 12 `POST /api/replay` at once of a long bank record (16 seats; about 0.8 MB): RSS,
  answers, the bytes sent, and a person's move on another table meanwhile.
- `slowloris`: 500 connections that send a request line and then a header every 2 s, never the
  end: how many are still open 20 s later (the server's header timeout is 10 s), and a page
  asked for meanwhile.

`--tree LABEL=PATH` serves the `ion` of another source tree (PATH/src); give several to compare
them in one run. Each attack gets a fresh server and database. Figures: docs/architecture.md,
"Running on a public address".
"""

from __future__ import annotations

import argparse
import base64
import concurrent.futures
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.sync.client import connect

ATTACKS = ("flood", "search", "bank", "reader", "replay", "slowloris")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """`ion serve` of a source tree in a child process, on a fresh SQLite file."""

    def __init__(self, tree: str | None, folder: str, *extra: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        if tree is not None:
            env["PYTHONPATH"] = os.pathsep.join([str(Path(tree).resolve() / "src"),
                                                 *filter(None, [env.get("PYTHONPATH")])])
        command = [sys.executable, "-c", "from ionarena.cli.main import main; main()", "serve",
                   "--port", str(self.port), "--db", f"sqlite:///{folder}/served.sqlite3", *extra]
        helped = subprocess.run([*command[:4], "--help"], env={**env, "COLUMNS": "300"},
                                capture_output=True, text=True).stdout
        if "--forwarded-allow-ips" in helped:
            command += ["--forwarded-allow-ips", "127.0.0.1"]  # the bench speaks as a proxy would
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        env=env)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/healthz", timeout=1).text == "ok":
                    return
            time.sleep(0.1)
        self.stop()
        raise SystemExit("ion serve did not start")

    def rss(self) -> float:
        """The server's resident memory, MB."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def post(self, path: str, body: Any, address: str = "192.0.2.1", **headers: str) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=120,
                          headers={"X-Forwarded-For": address, **headers})

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=15)


@contextlib.contextmanager
def serving(tree: str | None, *extra: str) -> Iterator[Server]:
    with tempfile.TemporaryDirectory(prefix="ion-attack-") as folder:
        server = Server(tree, folder, *extra)
        try:
            yield server
        finally:
            server.stop()


class Peak:
    """The server's RSS sampled every 0.1 s while the block runs."""

    def __init__(self, server: Server):
        self.server, self.before, self.peak = server, server.rss(), server.rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(0.1):
            with contextlib.suppress(OSError, ValueError):
                self.peak = max(self.peak, self.server.rss())

    def __enter__(self) -> Peak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def __str__(self) -> str:
        return f"RSS {self.before:.0f} -> {self.peak:.0f} MB"


# -- the attacks -------------------------------------------------------------------------------------


def flood(tree: str | None) -> str:
    with serving(tree) as server:
        body = {"game": "dots", "players": 2, "seats": ["human", "open"]}
        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(20) as pool:
            codes = Counter(pool.map(lambda _: server.post("/api/tables", body, "203.0.113.7").status_code,
                                     range(2000)))
        seconds = time.monotonic() - started
        waiting = server.post("/api/tables", body, "198.51.100.1").status_code
        at_once = server.post("/api/tables", {"game": "dots", "players": 2,
                                              "seats": ["human", "bot:greedy"]}, "198.51.100.2").status_code
        shown = ", ".join(f"{n} × {code}" for code, n in sorted(codes.items()))
        return (f"2,000 creates in {seconds:.1f} s: {shown}; then another address: a waiting table "
                f"{waiting}, a table that starts at once {at_once}")


def ws_url(server: Server, table: str, token: str | None = None) -> str:
    return f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws" + (f"?token={token}" if token else "")


def heavy(server: Server, game: str, tables: int, players: int, **options: Any) -> list[str]:
    made = []
    for k in range(tables):
        body = {"game": game, "players": players, "bot_delay": 0, "options": options,
                "seats": ["bot:ismcts:ms=3000"] * players}
        answer = server.post("/api/tables", body, f"192.0.2.{10 + k}")
        assert answer.status_code == 201, answer.text
        made.append(answer.json()["id"])
    return made


def search(tree: str | None) -> str:
    with serving(tree, "--bot-delay", "0") as server:
        heavy(server, "dots", 4, 2)
        time.sleep(2.0)
        waited: list[float] = []
        give_up = time.monotonic() + 120
        while len(waited) < 8 and time.monotonic() < give_up:
            made = server.post("/api/tables", {"game": "dots", "players": 2, "seats": ["human", "bot:greedy"],
                                               "bot_delay": 0}, "198.51.100.3").json()
            with connect(ws_url(server, made["id"], made["seats"][0]["token"]), max_size=1 << 22) as ws:
                sent: int | None = None
                sent_at = 0.0
                while time.monotonic() < give_up and len(waited) < 8:
                    message = json.loads(ws.recv(timeout=120))
                    if message["type"] != "state":
                        continue
                    state = message
                    if sent is not None and 0 in state["actors"] and state["version"] >= sent:
                        if state["version"] > sent:  # the greedy bot answered (a draw may keep our turn)
                            waited.append(time.monotonic() - sent_at)
                        sent = None
                    if state["over"]:
                        break
                    if state["legal"] and sent is None:
                        sent, sent_at = state["version"] + 1, time.monotonic()
                        ws.send(json.dumps({"type": "move", "action": state["legal"][0],
                                            "version": state["version"]}))
        if not waited:
            return "no greedy reply came in 120 s"
        return (f"greedy replies beside 4 tables of ismcts:ms=3000: median {statistics.median(waited):.2f} "
                f"s, longest {max(waited):.2f} s ({len(waited)} replies)")


def bank(tree: str | None) -> str:
    with serving(tree) as server:
        heavy(server, "bank", 3, 4, lobby=False)
        body = {"game": "bank", "players": 2, "seats": ["human", "human"],
                "options": {"lobby": False, "move_time": 1.0}}
        made = server.post("/api/tables", body, "198.51.100.4").json()
        late: list[float] = []
        with connect(ws_url(server, made["id"]), max_size=1 << 22) as ws:
            due = None
            ends = time.monotonic() + 15
            while time.monotonic() < ends:
                message = json.loads(ws.recv(timeout=30))
                if message["type"] != "state":
                    continue
                now = time.monotonic()
                if due is not None and any(e["kind"] == "timeout" for e in message["events"]):
                    late.append(now - due)
                left = message["clock"]["deadline_in"]
                due = None if left is None else now + left
        if not late:
            return "no timeout reached the spectator in 15 s"
        return (f"{len(late)} timeouts in 15 s, late by median {statistics.median(late) * 1000:.0f} ms, "
                f"at most {max(late) * 1000:.0f} ms")


def text_frame(text: str) -> bytes:
    data, mask = text.encode(), os.urandom(4)
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def finished_compound(server: Server) -> str:
    made = server.post("/api/tables", {"game": "compound", "players": 6, "seats": ["bot:greedy"] * 6,
                                       "bot_delay": 0, "seed": 5}).json()
    while not httpx.get(f"{server.url}/api/tables/{made['id']}/state", timeout=30).json()["over"]:
        time.sleep(0.2)
    return str(made["id"])


def reader(tree: str | None) -> str:
    with serving(tree) as server:
        table = finished_compound(server)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(f"GET /api/tables/{table}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        sock.settimeout(5)
        cut = None
        with Peak(server) as peak:
            started = time.monotonic()
            while time.monotonic() - started < 60:
                try:
                    sock.sendall(text_frame('{"type": "sync"}'))
                except OSError:
                    cut = time.monotonic() - started
                    break
                time.sleep(1 / 18)
        sock.close()
        return f"{peak}; " + (f"cut after {cut:.0f} s" if cut is not None else "still connected after 60 s")


def long_record() -> bytes:
    import ionarena
    from ionarena.agents import make_agent
    from ionarena.core.record import from_state
    from ionarena.sim.driver import play_out

    state = ionarena.make("bank", players=16, seed=3, rounds=20, round_time=500)
    play_out(state, [make_agent("greedy", "bank", seat, seat) for seat in range(16)])
    return orjson.dumps(from_state(state).to_dict())


def replay(tree: str | None) -> str:
    record = long_record()
    with serving(tree, "--bot-delay", "0") as server:
        made = server.post("/api/tables", {"game": "dots", "players": 2, "seats": ["human", "human"]},
                           "198.51.100.5").json()
        tokens = [s["token"] for s in made["seats"]]
        moves: list[float] = []
        stop = threading.Event()

        def play() -> None:  # a person elsewhere keeps moving, as fast as answers come
            while not stop.is_set():
                for token in tokens:
                    state = httpx.get(f"{server.url}/api/tables/{made['id']}/state", timeout=120,
                                      headers={"Authorization": f"Bearer {token}"}).json()
                    if state["legal"] and not state["over"]:
                        started = time.monotonic()
                        httpx.post(f"{server.url}/api/tables/{made['id']}/actions", timeout=120,
                                   json={"action": state["legal"][0], "version": state["version"]},
                                   headers={"Authorization": f"Bearer {token}"})
                        moves.append(time.monotonic() - started)
                    if state["over"]:
                        return

        def ask(_: int) -> tuple[int, int]:
            answer = httpx.post(f"{server.url}/api/replay", content=record, timeout=600,
                                headers={"Content-Type": "application/json"})
            return answer.status_code, len(answer.content)

        player = threading.Thread(target=play, daemon=True)
        with Peak(server) as peak:
            started = time.monotonic()
            player.start()
            with concurrent.futures.ThreadPoolExecutor(12) as pool:
                answers = list(pool.map(ask, range(12)))
            seconds = time.monotonic() - started
            stop.set()
            player.join(timeout=120)
        codes = Counter(code for code, _ in answers)
        size = max(n for code, n in answers if code == 200) if codes[200] else 0
        shown = ", ".join(f"{n} × {code}" for code, n in sorted(codes.items()))
        move = f"a move meanwhile: median {statistics.median(moves) * 1000:.0f} ms, longest " \
               f"{max(moves) * 1000:.0f} ms" if moves else "no move meanwhile"
        return (f"record {len(record) / 1e6:.2f} MB -> answer {size / 1e6:.1f} MB; {shown} in "
                f"{seconds:.0f} s; {peak}; {move}")


def slowloris(tree: str | None) -> str:
    with serving(tree) as server:
        attackers = []
        for _ in range(500):
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            attackers.append(sock)
        stop = threading.Event()

        def trickle() -> None:
            while not stop.wait(2.0):
                for sock in attackers:
                    with contextlib.suppress(OSError):
                        sock.sendall(b"X-a: b\r\n")

        dripping = threading.Thread(target=trickle, daemon=True)
        dripping.start()
        started = time.monotonic()
        page = httpx.get(f"{server.url}/", timeout=30).status_code
        page_seconds = time.monotonic() - started
        time.sleep(max(0.0, 20 - (time.monotonic() - started)))
        stop.set()
        dripping.join()
        still_open = 0
        for sock in attackers:
            sock.setblocking(False)
            try:
                data = sock.recv(100)
                still_open += 0 if (data == b"" or data.startswith(b"HTTP/1.1 408")) else 1
            except BlockingIOError:
                still_open += 1
            except OSError:
                pass
            sock.close()
        return f"500 half-sent requests: {still_open} still open after 20 s; the lobby meanwhile {page} in " \
               f"{page_seconds * 1000:.0f} ms"


RUNS: dict[str, Callable[[str | None], str]] = {"flood": flood, "search": search, "bank": bank,
                                                 "reader": reader, "replay": replay, "slowloris": slowloris}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=PATH",
                        help="serve the ion of another source tree (PATH/src); repeat to compare")
    parser.add_argument("--only", default=",".join(ATTACKS), help=f"attacks to run, of {', '.join(ATTACKS)}")
    args = parser.parse_args()
    trees = [tuple(t.split("=", 1)) for t in args.tree] or [("this", None)]
    chosen = [a.strip() for a in args.only.split(",") if a.strip()]
    unknown = [a for a in chosen if a not in RUNS]
    if unknown:
        raise SystemExit(f"no such attack: {', '.join(unknown)} (choose from {', '.join(ATTACKS)})")
    for attack in chosen:
        for label, path in trees:
            load = os.getloadavg()[0]
            print(f"{attack:>9} {label:>8} (load {load:.1f}): {RUNS[attack](path)}", flush=True)


if __name__ == "__main__":
    main()
