"""Retention: a class's students and their games are deleted after a period (30 days by default,
`ion serve --class-retention-days`), counted from when the class was opened.

Deleting a class deletes its tables (`ion_tables`, and with them their seats, action logs,
records, results, seat owners and refused attempts), its students and the class itself. A
teacher may delete a class sooner (the dashboard's "Delete this class now"); deleting a
teacher's account deletes their classes the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.engine import Connection

from ..store import schema as store_schema
from . import schema
from .db import PeopleDB, now

DEFAULT_DAYS = 30


@dataclass(frozen=True, slots=True)
class Purged:
    """What a purge deleted."""

    classes: int
    students: int
    tables: list[str]


def delete_classes(conn: Connection, class_ids: Sequence[int]) -> Purged:
    """Delete these classes with their students and their tables' games, in the transaction of
    `conn`; returns what went."""
    ids = list(class_ids)
    if not ids:
        return Purged(0, 0, [])
    c, s, t = schema.classes, schema.students, schema.class_tables
    tables = list(conn.execute(select(t.c.table_id).where(t.c.class_id.in_(ids))).scalars())
    store_tables = store_schema.tables
    for start in range(0, len(tables), 500):
        chunk = tables[start:start + 500]
        for child in (schema.attempts, schema.seat_owners, schema.rated_tables, t):
            conn.execute(delete(child).where(child.c.table_id.in_(chunk)))
        for child in (store_schema.actions, store_schema.records, store_schema.results, store_schema.seats):
            conn.execute(delete(child).where(child.c.table_id.in_(chunk)))
        conn.execute(delete(store_tables).where(store_tables.c.id.in_(chunk)))
    students = conn.execute(delete(s).where(s.c.class_id.in_(ids))).rowcount or 0
    classes = conn.execute(delete(c).where(c.c.id.in_(ids))).rowcount or 0
    return Purged(int(classes), int(students), tables)


def expired(db: PeopleDB, days: float, when: datetime | None = None) -> list[int]:
    """The ids of the classes opened more than `days` days before `when` (default: now)."""
    cutoff = (when or now()) - timedelta(days=days)
    with db.read() as conn:
        return list(conn.execute(select(schema.classes.c.id).where(schema.classes.c.created_at < cutoff))
                    .scalars())


def purge(db: PeopleDB, days: float, when: datetime | None = None) -> Purged:
    """Delete every class opened more than `days` days ago (see the module docstring)."""
    ids = expired(db, days, when)
    with db.write() as conn:
        return delete_classes(conn, ids)


def delete_after(created_at: datetime, days: float) -> datetime:
    """When a class opened at `created_at` is deleted."""
    return created_at + timedelta(days=days)


__all__ = ["DEFAULT_DAYS", "Purged", "delete_after", "delete_classes", "expired", "purge"]
