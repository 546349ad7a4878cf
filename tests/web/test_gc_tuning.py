"""`ion serve`'s garbage collector (`web.gc_tuning`; what a serving process sets: test_fast.py): a
closed WebSocket connection is freed at once rather than left for the collector (each one was a
cycle of the connection, its tasks and their frames, kept until a collection found it).
Timing is measured in benchmarks/bench_web.py, not here."""

from __future__ import annotations

import gc
import time
import weakref

from fastapi.testclient import TestClient

from ionarena.web.sockets import Connection

from .conftest import make_table


def test_a_closed_connection_is_freed_without_the_garbage_collector(client: TestClient, monkeypatch) -> None:
    made: list[weakref.ref[Connection]] = []
    init = Connection.__init__

    def remembered(self: Connection, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)
        made.append(weakref.ref(self))

    monkeypatch.setattr(Connection, "__init__", remembered)
    table = make_table(client, game="dots", players=2, seats=["human", "bot:greedy"], seed=3)
    gc.collect()
    gc.disable()  # process-wide: only reference counting frees anything from here on
    try:
        seat = table["seats"][0]["token"]
        with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={seat}") as ws:
            assert ws.receive_json()["type"] == "state"
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hosted = hub.tables[table["id"]]
        deadline = time.monotonic() + 30
        while hosted.watchers and time.monotonic() < deadline:
            time.sleep(0.02)  # the server ends the connection on its own loop
        deadline = time.monotonic() + 30
        while made[0]() is not None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(made) == 1 and made[0]() is None
    finally:
        gc.enable()

