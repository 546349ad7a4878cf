"""The table chat in the store (`ion_chat`): each line committed before anyone is shown it.

    >>> chat = ChatStore(store)
    >>> line = chat.add(ChatLine(table="…", room="players", seat=0, name="ada", text="gg", version=12))
    >>> chat.lines("…", rooms=("players",))          # oldest first, ids ascending

Writes go through the store's group commit (one transaction with whatever tables commit at the
same moment); `add` returns once the line is durable, with its id. What a line may be (its
length, its characters) and who may read which room are the web's rulings (`web.chat`): the store
keeps what it is given.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from . import schema
from .store import Store

_ADD_LINE = insert(schema.chat)

PLAYERS, SPECTATORS = "players", "spectators"
ROOMS = (PLAYERS, SPECTATORS)


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line said at a table: in a room, by a seat (None: a spectator) under a name, at a game
    version; `id` is given by the store (ascending in the order lines were said)."""

    table: str
    room: str
    seat: int | None
    name: str
    text: str
    version: int
    id: int | None = None
    at: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        """What a page receives of the line (never more than the room's readers may know)."""
        return {"id": self.id, "room": self.room, "seat": self.seat, "name": self.name, "text": self.text,
                "version": self.version, "at": self.at.isoformat() if self.at else None}


class ChatStore:
    """The chat lines of the tables in one `Store`."""

    def __init__(self, store: Store):
        self.store = store

    def add(self, line: ChatLine) -> ChatLine:
        """Commit `line`; return it with its id and time (durable on return)."""
        now = datetime.now(UTC)
        row = {"table_id": line.table, "room": line.room, "seat": line.seat, "name": line.name,
               "text": line.text, "version": line.version, "created_at": now}
        made: list[int] = []

        def work(conn: Connection) -> None:
            key = conn.execute(_ADD_LINE, row).inserted_primary_key
            assert key is not None
            made[:] = [int(key[0])]

        self.store._writes.write(f"a chat line of table {line.table}", work)
        return replace(line, id=made[0], at=now)

    def lines(self, table_id: str, rooms: Collection[str] = ROOMS, limit: int = 200) -> list[ChatLine]:
        """The last `limit` lines of `rooms` at a table, oldest first."""
        c = schema.chat
        chosen = set(rooms)
        where = [c.c.table_id == table_id]
        if len(chosen) == 1:
            where.append(c.c.room == next(iter(chosen)))
        elif not chosen >= set(ROOMS):  # (an expanding `IN` makes a cycle of objects: not for all)
            where.append(c.c.room.in_(sorted(chosen)))
        query = (select(c.c.id, c.c.room, c.c.seat, c.c.name, c.c.text, c.c.version, c.c.created_at)
                 .where(*where).order_by(c.c.id.desc()).limit(limit))
        with self.store._read() as conn:
            rows = conn.execute(query).all()
        return [ChatLine(table=table_id, room=room, seat=seat, name=name, text=text, version=version,
                         id=ident, at=_utc(at))
                for ident, room, seat, name, text, version, at in reversed(rows)]


def _utc(at: datetime | None) -> datetime | None:
    """SQLite gives naive datetimes back: they were written in UTC."""
    if at is not None and at.tzinfo is None:
        return at.replace(tzinfo=UTC)
    return at


__all__ = ["PLAYERS", "ROOMS", "SPECTATORS", "ChatLine", "ChatStore"]
