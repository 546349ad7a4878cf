"""One process at a time checks and upgrades a store's schema.

Two processes opening a new store at the same moment (two terminals, `ion serve` started twice
over one PostgreSQL database) would both find it empty and both create its tables: the second
then fails with "table ion_tables already exists". `schema_lock(engine)` makes them take turns:

- a SQLite file: an exclusive `flock` on the database file itself (created empty if missing:
  SQLite reads an empty file as an empty database). SQLite locks with `fcntl` byte-range locks,
  which on Linux and the BSDs are independent of `flock`, so its own locking is untouched;
- PostgreSQL: a session advisory lock (`pg_advisory_lock`) on a key of the project's own;
- anything else (SQLite in memory, other databases): no lock.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from sqlalchemy import Engine, text

ADVISORY_KEY = 0x10_4E_A2_E4A
"""PostgreSQL's advisory lock key for Ion Arena's schema (any fixed 64-bit number of our own)."""


@contextlib.contextmanager
def schema_lock(engine: Engine) -> Iterator[None]:
    """Hold the store's schema lock (see the module docstring) while the body runs."""
    url = engine.url
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        with _file_lock(str(url.database)):
            yield
    elif url.get_backend_name() == "postgresql":
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": ADVISORY_KEY})
            conn.commit()
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})
                conn.commit()
    else:
        yield


@contextlib.contextmanager
def _file_lock(path: str) -> Iterator[None]:
    try:
        import fcntl
    except ImportError:  # Windows: no flock; SQLite's own locks still keep the data safe
        yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


__all__ = ["ADVISORY_KEY", "schema_lock"]
