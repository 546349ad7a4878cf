"""The store seen by whoever runs a server: every table (listed or not, of every surface), closing
tables, and the queries of a table's life (`ion tables list/close`; `ion serve`'s expiry).

- `overview(store, ...)`: every table, newest change first, with what an operator needs to judge
  it: status, surface, listed, when made and last changed, seats, moves, the web's labels
  (`maker`, a hash of who made it; `practice`, a seed its maker chose).
- `close(store, ids)`: unfinished tables (waiting, playing, adjourned) become `abandoned`, their
  log kept (`ion replay --table` shows them). A running `ion serve` notices within seconds
  (`closed_since`) and stops hosting them.
- `expire_waiting(store, before, surfaces)`: waiting tables nobody sat down at since `before`
  are abandoned (`ion serve` runs it when it starts, so a flood of waiting tables does not come
  back with a restart).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.engine import Connection

from ..host.seats import SeatInfo
from . import schema
from .store import Store

UNFINISHED = ("waiting", "playing", "adjourned")
"""Statuses of a table that is not over (an adjourned table is kept to be resumed)."""


@dataclass(frozen=True, slots=True)
class TableFacts:
    """One table as an operator sees it."""

    id: str
    game: str
    variant: str
    players: int
    status: str
    surface: str | None
    listed: bool
    created_at: datetime
    updated_at: datetime
    names: tuple[str, ...]
    actions: int
    labels: dict[str, str]


def _surface_filter(surfaces: Collection[str | None]) -> Any:
    t = schema.tables
    named = [s for s in surfaces if s is not None]
    if len(named) != len(surfaces):
        return or_(t.c.surface.in_(named), t.c.surface.is_(None))
    return t.c.surface.in_(named)


def overview(store: Store, *, status: Collection[str] | None = None, surface: str | None = None,
             limit: int = 50) -> list[TableFacts]:
    """The tables whose last change is newest (see the module docstring); only those with a
    `status` in the given ones, or of one `surface`, if asked."""
    t = schema.tables
    count = (select(func.count()).select_from(schema.actions)
             .where(schema.actions.c.table_id == t.c.id).scalar_subquery())
    query = (select(t.c.id, t.c.game, t.c.variant, t.c.players, t.c.status, t.c.surface, t.c.listed,
                    t.c.created_at, t.c.updated_at, t.c.labels, count.label("actions"))
             .order_by(t.c.updated_at.desc(), t.c.id).limit(limit))
    if status:
        query = query.where(t.c.status.in_(list(status)))
    if surface is not None:
        query = query.where(t.c.surface == surface)
    with store._read() as conn:
        rows = conn.execute(query).mappings().all()
        names: dict[str, list[str]] = {}
        if rows:
            for table_id, seat, kind, name, bot in conn.execute(
                    select(schema.seats.c.table_id, schema.seats.c.seat, schema.seats.c.kind,
                           schema.seats.c.name, schema.seats.c.bot)
                    .where(schema.seats.c.table_id.in_([r["id"] for r in rows]))
                    .order_by(schema.seats.c.table_id, schema.seats.c.seat)):
                shown = "open" if kind == "open" else SeatInfo(seat, kind, name=name, bot=bot).display_name()
                names.setdefault(table_id, []).append(shown or f"Player {seat}")
    return [TableFacts(id=r["id"], game=r["game"], variant=r["variant"], players=r["players"],
                       status=r["status"], surface=r["surface"], listed=bool(r["listed"]),
                       created_at=_utc(r["created_at"]), updated_at=_utc(r["updated_at"]),
                       names=tuple(names.get(r["id"], ())), actions=int(r["actions"]),
                       labels=dict(r["labels"] or {}))
            for r in rows]


def _utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite hands them back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def close(store: Store, ids: Sequence[str]) -> list[str]:
    """Abandon those of `ids` that are unfinished; return the ids closed."""
    t = schema.tables
    with store._read() as conn:
        found = list(conn.execute(select(t.c.id).where(t.c.id.in_(list(ids)), t.c.status.in_(UNFINISHED)))
                     .scalars())
    if found:
        _abandon(store, found, t.c.id.in_(found))
    return found


def expire_waiting(store: Store, before: datetime, surfaces: Collection[str | None]) -> list[str]:
    """Abandon the waiting tables (of `surfaces`) whose seats last changed before `before`;
    return their ids."""
    t = schema.tables
    where = (t.c.status == "waiting") & (t.c.updated_at < before) & _surface_filter(surfaces)
    with store._read() as conn:
        found = list(conn.execute(select(t.c.id).where(where)).scalars())
    if found:
        _abandon(store, found, where & t.c.id.in_(found))
    return found


def _abandon(store: Store, ids: Sequence[str], where: Any) -> None:
    now = datetime.now(UTC)
    statement = update(schema.tables).where(where).values(status="abandoned", updated_at=now, finished_at=now)

    def work(conn: Connection) -> None:
        conn.execute(statement)

    store._writes.write(f"{len(ids)} tables", work)


def changed_at(store: Store, ids: Sequence[str]) -> dict[str, datetime]:
    """When each of `ids` last changed (its status or a seat), as aware UTC times."""
    t = schema.tables
    with store._read() as conn:
        rows = conn.execute(select(t.c.id, t.c.updated_at).where(t.c.id.in_(list(ids)))).all()
    return {table_id: _utc(moment) for table_id, moment in rows}


def closed_since(store: Store, since: datetime) -> list[str]:
    """Tables abandoned (by `close`, or by a server) at or after `since`."""
    t = schema.tables
    with store._read() as conn:
        return list(conn.execute(select(t.c.id).where(t.c.status == "abandoned", t.c.updated_at >= since))
                    .scalars())


__all__ = ["UNFINISHED", "TableFacts", "changed_at", "close", "closed_since", "expire_waiting", "overview"]
