"""Whose a seat is: an account, a class's student, or nobody — from a game version on.

The host knows seats only. This service notes, beside it, who a seat belongs to and from which
version of the game (`since`): a signed-in person who takes a seat owns it from then on; a
student seated by the teacher owns theirs from the start; when the teacher moves a student away,
the takeover bot that plays on owns nothing from that version. So every event of a game can be
told apart by whose it was (`owner_at`), for profiles, ratings and a class's report.

A student never holds a seat token: the web lets their student token play the seat they own now
(and an account's bearer token the seats the account owns), so nothing is kept that a copy of
the database could use to take a seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from . import schema
from .db import now

_O = schema.seat_owners


@dataclass(frozen=True, slots=True)
class Owner:
    """Who holds a seat from version `since` on (both None: nobody, a bot plays it)."""

    table_id: str
    seat: int
    since: int
    account_id: int | None = None
    student_id: int | None = None


Owners = Mapping[int, Sequence[Owner]]
"""Each seat's owners of one table, oldest first."""


def claim(conn: Connection, table_id: str, seat: int, since: int, *, account_id: int | None = None,
          student_id: int | None = None) -> None:
    """From version `since` on, `seat` of the table is the account's, the student's or nobody's.
    A second claim at the same version replaces the first."""
    keys = (_O.c.table_id == table_id, _O.c.seat == seat, _O.c.since == since)
    conn.execute(_O.delete().where(*keys))
    conn.execute(insert(_O).values(table_id=table_id, seat=seat, since=since, account_id=account_id,
                                   student_id=student_id, created_at=now()))


def owners(conn: Connection, table_ids: Iterable[str]) -> dict[str, dict[int, list[Owner]]]:
    """The owners of each table's seats, oldest first (tables and seats nobody owns are absent)."""
    ids = list(dict.fromkeys(table_ids))
    found: dict[str, dict[int, list[Owner]]] = {}
    for start in range(0, len(ids), 500):
        rows = conn.execute(select(_O).where(_O.c.table_id.in_(ids[start:start + 500]))
                            .order_by(_O.c.table_id, _O.c.seat, _O.c.since)).all()
        for row in rows:
            found.setdefault(row.table_id, {}).setdefault(row.seat, []).append(
                Owner(row.table_id, row.seat, row.since, row.account_id, row.student_id))
    return found


def owner_at(seat_owners: Sequence[Owner], version: int) -> Owner | None:
    """Whose a move made at the seat when the game was at `version` was (the latest claim at or
    before it): a refused attempt at version v is `owner_at(v)`, the events of the action that
    made version v are `owner_at(v - 1)`."""
    held = None
    for owner in seat_owners:
        if owner.since <= version:
            held = owner
    return held


def last_owner(seat_owners: Sequence[Owner]) -> Owner | None:
    """The seat's owner at the end of the game (its latest claim)."""
    return seat_owners[-1] if seat_owners else None


__all__ = ["Owner", "Owners", "claim", "last_owner", "owner_at", "owners"]
