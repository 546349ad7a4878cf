"""The people's tables in the store's database: one engine (the store's), reads and transactions.

The people service writes little (a sign-in, a class joining, a finished game's ratings), so it
does not share the store's group commit: each write is its own short transaction on the store's
engine. SQLite serialises it with the tables' commits (its busy timeout waits); PostgreSQL runs
it beside them. Database errors become `StoreError`, one sentence, as everywhere in the store.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from sqlalchemy import Engine, inspect
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..store import Store, StoreError
from ..store.writer import first_line
from . import schema


def now() -> datetime:
    """The time now (UTC), as the people's rows keep it."""
    return datetime.now(UTC)


def aware(when: datetime) -> datetime:
    """`when` with a time zone (SQLite gives naive datetimes back; they were written in UTC)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class PeopleDB:
    """The store's database, for the people's tables (see the module docstring)."""

    def __init__(self, store: Store):
        """Over an open `store`; `StoreError` if its schema lacks the people's tables (a store
        made by a program older than migration 0005 is upgraded when the store opens)."""
        self.store = store
        self.engine: Engine = store.engine
        self.where = store.where
        with self.read() as conn:
            names = set(inspect(conn).get_table_names())
        missing = {t.name for t in schema.TABLES} - names
        if missing:
            raise StoreError(f"{self.where} is a damaged Ion Arena store: tables "
                             f"{', '.join(sorted(missing))} are missing")

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A connection for reading."""
        try:
            with self.engine.connect() as conn:
                yield conn
        except SQLAlchemyError as err:
            raise StoreError(f"{self.where}: cannot read: {first_line(err)}") from None

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """A transaction: committed when the block ends, rolled back if it raises. A broken
        unique key is raised as SQLAlchemy's `IntegrityError` (a name just taken by someone
        else), any other database error as `StoreError`."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except IntegrityError:
            raise
        except SQLAlchemyError as err:
            raise StoreError(f"{self.where}: cannot write: {first_line(err)}") from None


__all__ = ["PeopleDB", "aware", "now"]
