"""Group commit: one transaction, and so one flush to disk, for every table that commits at once.

A table's thread hands `GroupCommit.write(what, work)` a function of a connection and waits until
that work is committed (or `StoreError` says why it was not). There is no writer thread: whoever
finds no commit running leads. The leader takes every write queued so far — its own and all that
arrived while the previous commit ran —, runs them in their order in one transaction on the
store's write connection, commits once and wakes every waiting caller: those whose write it
committed return, and one of the others leads the next commit. So one table waiting for the disk
costs one flush, and a hundred tables committing at once cost one flush between them, while each
caller still returns only once its own work is durable (before its table tells any seat).

A write may also hand over rows for an INSERT (`rows={statement: [...]}`): the leader sends the
rows of the whole batch for one statement as one executemany (a database round trip, not one per
table; the driver's own for a `DriverInsert`), then runs the writes' own work in their order, all
in the one transaction.

When a batch fails, each of its writes is tried again in a transaction of its own, so a write that
cannot be made (a version that another process wrote first) fails only its own caller.

`write_many` queues several writes at once (the mover's batch of staged moves of many tables:
`web.mover`) and returns each one's error instead of raising. The leader wakes waiting callers
only when there are some.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import Engine, Executable
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..core import IonError
from .driver_insert import DriverInsert

Work = Callable[[Connection], None]
Rows = Mapping[Executable | DriverInsert, Sequence[Any]]
"""Rows to insert by statement: mappings for an SQLAlchemy `insert`, tuples for a `DriverInsert`."""


class StoreError(IonError):
    """The database cannot be used, or holds something that cannot be loaded; one sentence."""


def first_line(err: BaseException) -> str:
    """The first line of a database error (its driver's message), for one-sentence errors."""
    text = str(getattr(err, "orig", None) or err).strip().splitlines()
    return text[0][:200] if text else type(err).__name__


class _Write:
    __slots__ = ("done", "error", "rows", "what", "work")

    def __init__(self, what: str, work: Work | None, rows: Rows):
        self.what = what
        self.work = work
        self.rows = rows
        self.done = False
        self.error: BaseException | None = None


class GroupCommit:
    """The writes of one store (see the module docstring)."""

    def __init__(self, engine: Engine, where: str, *, keep_connection: bool = True):
        """Writes to `engine`; `where` names the database in errors. `keep_connection`: hold one
        connection for writing (False for in-memory SQLite, whose one connection readers share)."""
        self.engine = engine
        self.where = where
        self.keep_connection = keep_connection
        self._queue: list[_Write] = []
        self._changed = threading.Condition(threading.Lock())
        self._leader = False
        self._waiting = 0
        """Callers waiting for the commit running now (none: the leader wakes nobody)."""
        self._conn: Connection | None = None
        self.batches = 0
        """Transactions committed (a measure of how well writes are grouped)."""
        self.writes = 0
        """Writes committed."""

    def write(self, what: str, work: Work | None = None, *, rows: Rows | None = None) -> None:
        """Insert `rows` (by statement) and run `work(connection)` in a transaction; return once it
        is committed. Errors become `StoreError` naming `what` (other exceptions pass as they are)."""
        item = _Write(what, work, rows or {})
        self._commit([item])
        if item.error is not None:
            raise item.error

    def write_many(self, writes: Sequence[tuple[str, Work | None, Rows | None]]
                   ) -> list[BaseException | None]:
        """Several writes (`what`, `work`, `rows` each, as `write` takes them) queued at once, so
        they go in one transaction; return once they are committed, with each one's error (None:
        committed). A write that fails changes nothing and fails no other (see the module
        docstring)."""
        items = [_Write(what, work, rows or {}) for what, work, rows in writes]
        if items:
            self._commit(items)
        return [item.error for item in items]

    def _commit(self, items: list[_Write]) -> None:
        """Queue `items` and return once they are done (leading the commit if nobody does)."""
        first = items[0]
        with self._changed:
            self._queue.extend(items)
            while self._leader and not first.done:
                self._wait()
            lead = not first.done  # nobody runs these writes: lead the next commit
            if lead:
                self._leader = True
                batch, self._queue = self._queue, []
        if lead:
            try:
                self._run(batch)
            finally:
                with self._changed:
                    self._leader = False
                    if self._waiting:
                        self._changed.notify_all()

    def _wait(self) -> None:
        """Under `_changed`: wait for the commit running now (the leader wakes waiters only)."""
        self._waiting += 1
        try:
            self._changed.wait()
        finally:
            self._waiting -= 1

    def pending(self) -> int:
        """Writes waiting for the commit that runs now."""
        with self._changed:
            return len(self._queue)

    def close(self) -> None:
        """Let go of the write connection (a later write opens another)."""
        with self._changed:
            while self._leader:
                self._wait()
            self._drop()

    def _run(self, batch: list[_Write]) -> None:
        try:
            self._transaction(batch)
        except Exception as err:
            if len(batch) == 1:
                batch[0].error = self._error(batch[0], err)
            else:
                for item in batch:
                    try:
                        self._transaction([item])
                    except Exception as alone:
                        item.error = self._error(item, alone)
        finally:
            for item in batch:
                item.done = True

    def _transaction(self, batch: list[_Write]) -> None:
        try:
            conn = self._conn if self._conn is not None else self.engine.connect()
            self._conn = conn
        except SQLAlchemyError:
            self._conn = None
            raise
        try:
            with conn.begin():
                inserts: dict[Executable | DriverInsert, list[Any]] = {}
                for item in batch:
                    for statement, rows in item.rows.items():
                        inserts.setdefault(statement, []).extend(rows)
                for statement, rows in inserts.items():
                    if not rows:
                        continue
                    if isinstance(statement, DriverInsert):
                        statement.executemany(conn, rows)
                    else:
                        conn.execute(statement, rows)
                for item in batch:
                    if item.work is not None:
                        item.work(conn)
        except BaseException:
            self._drop()  # a fresh connection next time (this one may be broken)
            raise
        self.batches += 1
        self.writes += len(batch)
        if not self.keep_connection:
            self._drop()

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except SQLAlchemyError:
                conn.invalidate()

    def _error(self, item: _Write, err: Exception) -> BaseException:
        if isinstance(err, IntegrityError):
            return StoreError(f"{self.where}: {item.what} was written by someone else meanwhile "
                              f"({first_line(err)})")
        if isinstance(err, SQLAlchemyError):
            return StoreError(f"{self.where}: cannot write {item.what}: {first_line(err)}")
        return err


__all__ = ["GroupCommit", "Rows", "StoreError", "Work", "first_line"]
