"""`ion serve`'s garbage collector (`web.gc_tuning`; what a serving process sets: test_fast.py): a
closed WebSocket connection is freed at once rather than left for the collector (each one was a
cycle of the connection, its tasks and their frames, kept until a collection found it).
Timing is measured in benchmarks/bench_web.py, not here."""

from __future__ import annotations

import asyncio
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



class Node:
    """One end of a cycle."""

    other: Node | None = None


def test_a_cycle_among_frozen_objects_waits_for_the_sweep_and_the_sweep_reclaims_it() -> None:
    """web.gc_tuning: a serving process freezes what survives a middle collection; the periodic
    sweep collects the whole heap, frozen objects included, and counts what it found."""
    from ionarena.web.gc_tuning import Collector

    collector = Collector().start()
    try:
        first, second = Node(), Node()
        first.other, second.other = second, first
        kept = weakref.ref(first)
        gc.collect(1)  # survivors of a middle collection: frozen
        del first, second
        gc.collect()  # an ordinary collection, even of every generation, does not scan them
        assert kept() is not None
        found = collector.sweep()
        assert kept() is None and found >= 2 and collector.sweeps == [found]
        assert gc.get_freeze_count() > 0  # what is alive is frozen again
    finally:
        collector.stop()
    assert gc.get_freeze_count() == 0


def test_the_sweep_runs_on_its_own_every_so_often() -> None:
    from ionarena.web.gc_tuning import Collector

    async def serve_a_while() -> list[int]:
        collector = Collector().start()
        collector.sweep_every(0.05)
        try:
            for _ in range(200):  # a whole collection of a busy test process takes its time
                if len(collector.sweeps) >= 2:
                    break
                await asyncio.sleep(0.05)
        finally:
            collector.stop()
        return collector.sweeps

    assert len(asyncio.run(serve_a_while())) >= 2


def test_the_young_generation_is_collected_every_so_often_and_every_third_time_the_middle_one() -> None:
    """web.gc_tuning: Python starts a young collection by objects made less objects freed, which
    stays low while a busy server frees old objects as fast as it makes new ones; a serving
    process also collects every `YOUNG_SECONDS`, so what a collection walks is bounded by time."""
    from ionarena.web.gc_tuning import THRESHOLDS, Collector

    async def serve_a_while() -> tuple[int, int]:
        collector = Collector().start()
        gc.disable()  # no collection but the collector's own (thresholds are per allocation)
        young, middle = (gc.get_stats()[g]["collections"] for g in (0, 1))
        collector.collect_young_every(0.02)
        try:
            await asyncio.sleep(0.5)
        finally:
            collector.stop()
            gc.enable()
        return gc.get_stats()[0]["collections"] - young, gc.get_stats()[1]["collections"] - middle

    young, middle = asyncio.run(serve_a_while())
    assert young >= 8 and middle >= 3 and young >= (THRESHOLDS[1] - 1) * middle - 1
