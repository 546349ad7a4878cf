"""`ion serve` on a public address, attacked as the issue did it, against the real server in a child
process (its memory measured from /proc): a spectator that never reads (issue: it pinned ~50 MB
and was never disconnected), half-sent requests (issue: 500 slowloris connections all still open
after 70 s), and replays asked for all at once (issue: 12 at once took RSS from 416 to 922 MB)."""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

import ionarena
from ionarena.agents import make_agent
from ionarena.core.record import from_state
from ionarena.sim.driver import play_out
from ionarena.web.limits import Limits
from ionarena.web.replay import frames

from .conftest import free_port
from .test_restart import Server

LIMITS = Limits()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("attacked")
    serving = Server(f"sqlite:///{folder / 'attacked.sqlite3'}", free_port())
    try:
        yield serving.start()
    finally:
        serving.stop()


def rss_mb(server: Server) -> float:
    assert server.process is not None
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def raw_websocket(server: Server, path: str) -> socket.socket:
    """A WebSocket client that reads nothing after the handshake (a tiny receive buffer, too)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return sock


def text_frame(text: str) -> bytes:
    data, mask = text.encode(), os.urandom(4)
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def finished_table(server: Server, game: str, players: int) -> str:
    made = server.post("/api/tables", {"game": game, "players": players, "seats": ["bot:greedy"] * players,
                                       "bot_delay": 0, "seed": 5})
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    deadline = time.monotonic() + 120
    while not server.state(table)["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(table)


def test_a_spectator_that_never_reads_is_cut_and_pins_no_memory(server: Server) -> None:
    table = finished_table(server, "compound", 6)  # a whole state of this game is about 100 KB
    before = rss_mb(server)
    sock = raw_websocket(server, f"/api/tables/{table}/ws")
    sock.settimeout(5)
    started, cut, peak = time.monotonic(), None, before
    sync = text_frame('{"type": "sync"}')
    while time.monotonic() - started < 60:
        try:
            sock.sendall(sync)  # 18 whole states a second asked for, none read
        except OSError:
            cut = time.monotonic() - started
            break
        peak = max(peak, rss_mb(server))
        time.sleep(1 / 18)
    sock.close()
    assert cut is not None, f"the connection was never cut (RSS {before:.0f} -> {peak:.0f} MB)"
    assert peak - before < 40, f"RSS {before:.0f} -> {peak:.0f} MB"
    assert cut < 2 * LIMITS.ws_stall_seconds + 15, cut
    assert httpx.get(f"{server.url}/healthz", timeout=10).text == "ok"


def test_half_sent_requests_are_timed_out_while_others_are_served(server: Server) -> None:
    attackers = []
    for _ in range(100):
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        attackers.append(sock)
    stop = threading.Event()

    def trickle() -> None:  # a header line now and then, as slowloris does
        while not stop.wait(2.0):
            for sock in attackers:
                with contextlib.suppress(OSError):
                    sock.sendall(b"X-a: b\r\n")

    dripping = threading.Thread(target=trickle, daemon=True)
    dripping.start()
    try:
        assert httpx.get(f"{server.url}/healthz", timeout=10).text == "ok"  # people are served meanwhile
        deadline = time.monotonic() + LIMITS.header_seconds + 5
        answers: list[bytes | None] = []
        for sock in attackers:  # each closed (with a 408 or not) by then; None: still open
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                answers.append(sock.recv(200))
            except TimeoutError:
                answers.append(None)
            except OSError:
                answers.append(b"")
        closed = sum(1 for a in answers if a is not None and (a == b"" or a.startswith(b"HTTP/1.1 408")))
        assert closed == len(attackers), f"{closed} of {len(attackers)} half-sent requests closed"
        assert any(a is not None and a.startswith(b"HTTP/1.1 408") for a in answers)
    finally:
        stop.set()
        for sock in attackers:
            sock.close()


def long_record() -> bytes:
    state = ionarena.make("bank", players=16, seed=3, rounds=8)
    play_out(state, [make_agent("greedy", "bank", seat, seat) for seat in range(16)])
    return orjson.dumps(from_state(state).to_dict())


def test_replays_asked_for_all_at_once_are_bounded_streamed_and_right(server: Server) -> None:
    record = long_record()
    assert len(record) < LIMITS.replay_bytes
    before = rss_mb(server)
    answers: list[Any] = [None] * 12
    peak = [before]

    def ask(k: int) -> None:
        answers[k] = httpx.post(f"{server.url}/api/replay", content=record, timeout=120,
                                headers={"Content-Type": "application/json"})

    askers = [threading.Thread(target=ask, args=(k,)) for k in range(12)]
    for asker in askers:
        asker.start()
    while any(asker.is_alive() for asker in askers):
        peak[0] = max(peak[0], rss_mb(server))
        time.sleep(0.1)
    codes = sorted(a.status_code for a in answers)
    assert codes.count(200) >= 1 and set(codes) <= {200, 503}, codes
    assert codes.count(200) <= LIMITS.replays_waiting + 2  # a few more may start as others finish
    assert peak[0] - before < 100, f"RSS {before:.0f} -> {peak[0]:.0f} MB"
    built = next(a for a in answers if a.status_code == 200)
    assert len(built.content) > 20 * len(record)  # the answer is many times the record: it was streamed
    game = ionarena.core.record.loads(record)
    assert orjson.loads(built.content) == frames(game, None, checked=True)  # an upload is verified
    too_big = httpx.post(f"{server.url}/api/replay", content=b" " * (LIMITS.replay_bytes + 1), timeout=30,
                         headers={"Content-Type": "application/json"})
    assert too_big.status_code == 413
