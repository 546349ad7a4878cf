"""uvicorn's protocols as `ion serve` runs them (`web.guard`): what a connection leaves behind once
it has closed is freed by reference counting, not left as a cycle for the garbage collector, whose
passes over such garbage were a share of the people's-load latency (web.gc_tuning). Timing is
measured in benchmarks/bench_web.py, not here."""

from __future__ import annotations

import asyncio
import gc
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import connect

from ionarena.web.app import create_app
from ionarena.web.guard import server_settings
from ionarena.web.limits import Limits

from ..serving import free_port

SERVED: dict[str, asyncio.AbstractEventLoop] = {}
"""The event loop of each server `served` started, by address."""


@pytest.fixture(params=[False])
def served(tmp_path, request) -> Iterator[str]:
    """The app on uvicorn in this process, with `ion serve`'s protocols (and, parametrized True,
    its collector: `create_app(serving=True)`)."""
    port = free_port()
    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, serving=request.param)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on",
                            **server_settings(Limits()))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    SERVED[f"127.0.0.1:{port}"] = server.servers[0].get_loop()
    yield f"127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


def serving_connections(loop: asyncio.AbstractEventLoop) -> int:
    """WebSocket connections the server on `loop` still serves."""

    async def count() -> int:
        names = [getattr(task.get_coro(), "__qualname__", "") for task in asyncio.all_tasks()]
        return sum(1 for name in names if name.endswith("WebSocketsSansIOProtocol.run_asgi"))

    return asyncio.run_coroutine_threadsafe(count(), loop).result(timeout=10)


def left_behind(before: tuple[int, int]) -> bool:
    """No more HTTP and WebSocket protocol objects alive than `before` (the request that made the
    table may still be closing: fewer is fine)."""
    return alive("GuardedHttp") <= before[0] and alive("GuardedWebSocket") <= before[1]


def alive(kind: str) -> int:
    return sum(1 for o in gc.get_objects() if type(o).__name__ == kind)


def test_a_websocket_connection_leaves_no_http_protocol_behind(served: str) -> None:
    made = httpx.post(f"http://{served}/api/tables",
                      json={"game": "dots", "players": 2, "seats": ["human", "bot:greedy"], "seed": 3})
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    gc.collect()
    gc.disable()  # process-wide: only reference counting frees anything from here on
    try:
        before = alive("GuardedHttp"), alive("GuardedWebSocket")
        for _ in range(3):
            url = f"ws://{served}/api/tables/{table['id']}/ws?token={table['seats'][0]['token']}"
            with connect(url) as ws:
                assert '"type":"state"' in str(ws.recv()).replace(" ", "")
        deadline = time.monotonic() + 30
        while not left_behind(before) and time.monotonic() < deadline:
            time.sleep(0.05)  # the server closes its side on its own loop
        assert left_behind(before), (alive("GuardedHttp"), alive("GuardedWebSocket"), before)
    finally:
        gc.enable()


def test_an_answered_request_leaves_no_http_protocol_behind(served: str) -> None:
    gc.collect()
    gc.disable()
    try:
        before = alive("GuardedHttp")
        for _ in range(3):
            with httpx.Client() as client:
                assert client.get(f"http://{served}/healthz").text == "ok"
        deadline = time.monotonic() + 30
        while alive("GuardedHttp") > before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert alive("GuardedHttp") <= before
    finally:
        gc.enable()




SERVER_SIDE = ("ionarena", "uvicorn", "starlette", "fastapi", "httptools", "websockets.server")
"""Where the server's own objects come from. (Not SQLAlchemy's: an expanding `IN` is a cycle of
a few statement objects that a read makes and drops; one that a freeze catches in the middle of
its read waits for the sweep — web.gc_tuning — and a test's collections, in this process, can
catch one of another test's server's reads.)"""


def play_to_the_end(address: str, seed: int, middle_collections: bool = False) -> None:
    """A dots game of a person (this client, always the first legal move) and a bot; with
    `middle_collections`, a middle collection at each state it reads (in this process, so of
    the server's objects too: a serving process freezes what survives one)."""
    made = httpx.post(f"http://{address}/api/tables", json={
        "game": "dots", "players": 2, "seats": ["human", "bot:greedy"], "seed": seed, "bot_delay": 0})
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    url = f"ws://{address}/api/tables/{table['id']}/ws?token={table['seats'][0]['token']}"
    with connect(url) as ws:
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] != "state":
                continue
            if middle_collections:
                gc.collect(1)
            if message["over"]:
                return
            if message["legal"]:
                ws.send(json.dumps({"type": "move", "action": message["legal"][0],
                                    "version": message["version"]}))


@pytest.mark.parametrize("served", [True], indirect=True)
def test_games_played_through_a_serving_process_leave_no_cycle_among_what_it_freezes(served: str) -> None:
    """web.gc_tuning: what survives a middle collection is frozen, and only reference counting
    frees it; a cycle made of it would be kept until the periodic sweep. So the server's own
    objects of games played from start to end, their connections opened and closed, must come
    back unreachable from no collection."""
    for seed in range(3):
        play_to_the_end(served, seed, middle_collections=True)
    deadline = time.monotonic() + 30
    while serving_connections(SERVED[served]) and time.monotonic() < deadline:
        time.sleep(0.05)  # the server closes its side on its own loop
    gc.collect(1)  # the young garbage collected, the survivors frozen (as a middle collection does)
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds is kept in gc.garbage, to be read
    try:
        gc.unfreeze()
        gc.collect()
        kept = [o for o in gc.garbage if type(o).__module__.startswith(SERVER_SIDE)]
        left = sorted({f"{type(o).__module__}.{type(o).__qualname__}" for o in kept})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.freeze()
    assert left == []
