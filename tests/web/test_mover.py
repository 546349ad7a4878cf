"""The mover (`web.mover`): moves of many tables staged, committed in one transaction and handed
to the loop once — and never a state or an `ok` before the commit, nor after a refused one."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ionarena.host import Table
from ionarena.host.journal import Batch
from ionarena.store import Store, StoreError
from ionarena.web.mover import MoveJob, Mover, post


def people_table(store: Store, seed: int) -> Table:
    table = Table("dots", players=2, seed=seed, journal=store, clock=lambda: 0.0)
    table.sit(0, "ada")
    table.sit(1, "bob")
    table.start(0.0)
    return table


def first_move(table: Table) -> tuple[int, str]:
    seat = table.update(None).actors[0]
    return seat, table.update(seat).legal[0]


class Gate:
    """The store's batch commit held at its start until `open()`; `refuse` makes it fail."""

    def __init__(self, store: Store, refuse: bool = False):
        self.store = store
        self.real = store.actions_batch
        self.entered = threading.Event()
        self.opened = threading.Event()
        self.refuse = refuse
        store.actions_batch = self  # type: ignore[method-assign]

    def __call__(self, batch: Batch) -> list[BaseException | None]:
        self.entered.set()
        assert self.opened.wait(20)
        if self.refuse:
            raise StoreError("the store cannot be written")
        return self.real(batch)


async def settled_loop() -> None:
    """Once this returns, the loop has run every callback handed to it before (FIFO)."""
    await asyncio.get_running_loop().run_in_executor(None, lambda: None)


def run(tmp_path: Path, body: Any) -> None:
    with Store(f"sqlite:///{tmp_path / 'ion.sqlite3'}") as store:
        asyncio.run(body(store))


def watch(table: Table, seat: int, seen: list[tuple[str, str, int]]) -> None:
    """Record each state of `seat` as the loop receives it (as a WebSocket connection does)."""
    loop = asyncio.get_running_loop()
    table.subscribe(seat, lambda update: post(loop, seen.append, ("state", table.id, update.version)))


def ok_to(seen: list[tuple[str, str, int]], table: Table) -> Any:
    """Record a move's ok (as a connection queues it)."""
    return lambda version: seen.append(("ok", table.id, version))


def test_no_state_and_no_ok_reaches_the_loop_before_the_batch_is_committed(tmp_path: Path) -> None:
    async def body(store: Store) -> None:
        loop = asyncio.get_running_loop()
        tables = [people_table(store, seed) for seed in range(3)]
        seen: list[tuple[str, str, int]] = []
        for table in tables:
            watch(table, 0, seen)
        await settled_loop()
        assert [what for what, _, _ in seen] == ["state"] * 3
        seen.clear()
        gate = Gate(store)
        mover = Mover(loop)
        futures = []
        for table in tables:
            future = loop.create_future()
            futures.append(future)
            seat, move = first_move(table)
            mover.add(MoveJob(SimpleNamespace(table=table), seat, move, 0, future, ok_to(seen, table)))
        await loop.run_in_executor(None, gate.entered.wait, 20)
        await settled_loop()
        # the batch is being committed: nothing of it is anywhere yet
        assert seen == [] and all(t.version == 0 and store.log(t.id) == [] for t in tables)
        gate.opened.set()
        await asyncio.gather(*futures)
        assert all(t.version == 1 and len(store.log(t.id)) == 1 for t in tables)
        for table in tables:  # its state first, then its ok, each once
            assert [what for what, which, _ in seen if which == table.id] == ["state", "ok"]
        assert mover.batches == 1 and mover.moves == 3  # one turn, one commit for all three
        mover.close()

    run(tmp_path, body)


def test_a_refused_commit_refuses_every_move_of_the_batch_and_changes_nothing(tmp_path: Path) -> None:
    async def body(store: Store) -> None:
        loop = asyncio.get_running_loop()
        tables = [people_table(store, seed) for seed in range(3)]
        seen: list[tuple[str, str, int]] = []
        for table in tables:
            watch(table, 0, seen)
        await settled_loop()
        seen.clear()
        gate = Gate(store, refuse=True)
        gate.opened.set()
        mover = Mover(loop)
        futures = []
        for table in tables:
            future = loop.create_future()
            futures.append(future)
            seat, move = first_move(table)
            mover.add(MoveJob(SimpleNamespace(table=table), seat, move, 0, future, ok_to(seen, table)))
        outcomes = await asyncio.gather(*futures, return_exceptions=True)
        await settled_loop()
        assert all(isinstance(o, StoreError) for o in outcomes), outcomes
        assert seen == [] and all(t.version == 0 and store.log(t.id) == [] for t in tables)
        store.actions_batch = gate.real  # type: ignore[method-assign]
        for table in tables:  # nothing was left half-done: the tables move on
            future = loop.create_future()
            mover.add(MoveJob(SimpleNamespace(table=table), *first_move(table), 0, future))
            await future
            assert table.version == 1 and len(store.log(table.id)) == 1
        mover.close()

    run(tmp_path, body)


def test_two_moves_of_one_table_in_one_turn_are_made_one_after_the_other(tmp_path: Path) -> None:
    async def body(store: Store) -> None:
        loop = asyncio.get_running_loop()
        table = people_table(store, seed=8)
        seat, move = first_move(table)
        trial = table.record()
        assert trial.actions == []
        mover = Mover(loop)
        first, second = loop.create_future(), loop.create_future()
        mover.add(MoveJob(SimpleNamespace(table=table), seat, move, 0, first))
        mover.add(MoveJob(SimpleNamespace(table=table), seat, move, 0, second))  # the same, again
        assert (await first).version == 1
        try:
            await second
        except Exception as err:  # judged against the table as the first left it: stale
            assert "moved on" in str(err) or "version" in str(err), err
        else:  # pragma: no cover
            raise AssertionError("a second move at version 0 was accepted")
        assert table.version == 1 and [e.version for e in store.log(table.id)] == [1]
        mover.close()

    run(tmp_path, body)
