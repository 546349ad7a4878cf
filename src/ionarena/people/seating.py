"""Seating a class: which students sit together, how many bots fill the gaps, where each sits now.

`plan_groups` splits the students into tables of at most `size` players, as few tables as
possible and as even as possible (7 students at tables of 4: 4 and 3, one bot filling the gap;
never 4, 2 and a table with 1), in a shuffled order so that friends who joined together do not
always sit together. Students go in the first seats of a table, bots after them.

`where_students_sit` reads, from the seat owners, where each student sits now: the seat whose
latest owner they are, at a table that is still waiting or playing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.engine import Connection

from ..agents import LEVELS
from ..core import GameSpec, UnknownGame, quote
from ..store import schema as store_schema
from .errors import PeopleError
from .owners import Owner, last_owner, owners

T = TypeVar("T")

BOT_LEVELS = (*LEVELS, "random")
"""The bots a teacher may seat in the gaps."""
RUNNING = ("waiting", "playing")


def plan_groups(students: Sequence[T], size: int, rng: random.Random | None = None) -> list[list[T]]:
    """The students in tables of at most `size`, as few and as even as can be (see the module
    docstring); `rng` shuffles them (default: a fresh random order)."""
    if size < 1:
        raise ValueError("a table seats at least one player")
    people = list(students)
    (rng or random.Random()).shuffle(people)
    if not people:
        return []
    count = math.ceil(len(people) / size)
    base, extra = divmod(len(people), count)
    groups, start = [], 0
    for index in range(count):
        take = base + (1 if index < extra else 0)
        groups.append(people[start:start + take])
        start += take
    return groups


def check_seating(spec: GameSpec, variant: str | None, size: int, bots: str) -> str:
    """The variant a class's tables get, if a table of `size` players of that variant with `bots`
    in its gaps can be made; `PeopleError` says why not."""
    chosen = spec.default_variant if variant in (None, "") else variant
    if chosen not in spec.variants:
        raise PeopleError(f"{spec.title} has no variant {quote(chosen)}: choose "
                          f"{', '.join(spec.variants)}")
    try:
        spec.check_players(size)
    except UnknownGame as err:
        raise PeopleError(str(err)) from None
    if bots not in BOT_LEVELS:
        raise PeopleError(f"the bots in the gaps are {', '.join(BOT_LEVELS)}, not {quote(bots)}")
    return str(chosen)


def where_students_sit(conn: Connection, table_ids: Iterable[str]) -> dict[int, Owner]:
    """Each student's seat now (its latest owner row) at the running tables among `table_ids`."""
    ids = list(table_ids)
    if not ids:
        return {}
    t = store_schema.tables
    running = set(conn.execute(select(t.c.id).where(t.c.id.in_(ids), t.c.status.in_(RUNNING))).scalars())
    found: dict[int, Owner] = {}
    for seats in owners(conn, running).values():
        for seat_owners in seats.values():
            owner = last_owner(seat_owners)
            if owner is not None and owner.student_id is not None:
                found[owner.student_id] = owner
    return found


__all__ = ["BOT_LEVELS", "RUNNING", "check_seating", "plan_groups", "where_students_sit"]
