"""Table leases in PostgreSQL: exactly one process of a cluster owns a running table at a time.

A lease is a row of `ion_leases` (table, owner, expires_at) on the database's own clock, so the
machines' clocks never matter. The owner renews all of its leases in one statement every
`Cluster.every` seconds; a lease not renewed for `ttl` seconds has expired and any process may
take the table (`claim`). A claim is one atomic statement (INSERT … ON CONFLICT DO UPDATE …
WHERE expired), so of two processes racing for one table exactly one wins.

A lease is a promise, not a lock on the log: a process paused longer than `ttl` (a stopped VM,
a long GC) may still believe it owns a table that another has taken. What keeps the game whole
then is the store's primary key (table, version): a version is written once, so of two owners
only one write of each version commits and the other is refused before its move is told to
anyone; the loser finds out (its write fails, or its next renewal does not return the table)
and follows the new owner (`cluster.node`).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, and_, bindparam, delete, func, literal, or_, select, update
from sqlalchemy.dialects.postgresql import insert

from ..host.journal import UNFINISHED
from ..store import schema

_L = schema.leases
_T = schema.tables


class Leases:
    """One process's leases (see the module docstring); every method is one short transaction
    (call them from worker threads)."""

    def __init__(self, engine: Engine, owner: str, ttl: float = 3.0):
        if engine.dialect.name != "postgresql":
            raise ValueError("table leases need a PostgreSQL store")
        self.engine = engine
        self.owner = owner
        self.ttl = timedelta(seconds=ttl)

    def _until(self) -> Any:
        return func.now() + literal(self.ttl)

    def claim(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds a live one (or it is ours already); True if we
        hold it now."""
        stmt = insert(_L).values(table_id=table_id, owner=self.owner, expires_at=self._until()) \
            .on_conflict_do_update(
            index_elements=[_L.c.table_id],
            set_={"owner": self.owner, "expires_at": self._until()},
            where=or_(_L.c.expires_at < func.now(), _L.c.owner == self.owner),
        ).returning(_L.c.owner)
        with self.engine.begin() as conn:
            return conn.execute(stmt).scalar() == self.owner

    def renew(self) -> set[str]:
        """Extend every lease we hold; the ids of the tables still ours."""
        stmt = (update(_L).where(_L.c.owner == self.owner).values(expires_at=self._until())
                .returning(_L.c.table_id))
        with self.engine.begin() as conn:
            return set(conn.execute(stmt).scalars())

    def release(self, table_ids: Collection[str]) -> None:
        """Give up these tables' leases (another process may take them at once)."""
        if not table_ids:
            return
        with self.engine.begin() as conn:
            conn.execute(delete(_L).where(_L.c.owner == self.owner, _L.c.table_id.in_(list(table_ids))))

    def release_all(self) -> list[str]:
        """Give up every lease we hold (a server stopping); the ids."""
        with self.engine.begin() as conn:
            return list(conn.execute(delete(_L).where(_L.c.owner == self.owner).returning(_L.c.table_id))
                        .scalars())

    def sweep(self, expired_for: float = 60.0) -> int:
        """Delete the leases that ran out more than `expired_for` seconds ago; how many. A lease
        that ran out is as good as none to every call here, but its row would stay for ever where
        nobody claims the table again: a dead process's lease of a table it was about to make and
        never wrote, or of a finished one."""
        stmt = delete(_L).where(_L.c.expires_at < func.now() - literal(timedelta(seconds=expired_for)))
        with self.engine.begin() as conn:
            return int(conn.execute(stmt).rowcount or 0)

    def owner_of(self, table_id: str) -> str | None:
        """Who holds a live lease on the table (None: nobody)."""
        stmt = select(_L.c.owner).where(_L.c.table_id == bindparam("t"), _L.c.expires_at >= func.now())
        with self.engine.connect() as conn:
            return conn.execute(stmt, {"t": table_id}).scalar()

    def orphans(self, surfaces: Collection[str | None], limit: int = 200) -> list[str]:
        """Unfinished tables of these surfaces that nobody holds a live lease on, oldest first."""
        named = [s for s in surfaces if s is not None]
        where_surface = or_(_T.c.surface.in_(named), _T.c.surface.is_(None)) if None in surfaces \
            else _T.c.surface.in_(named)
        stmt = (select(_T.c.id).select_from(_T.outerjoin(_L, _L.c.table_id == _T.c.id))
                .where(_T.c.status.in_(UNFINISHED), where_surface,
                       or_(_L.c.table_id.is_(None), and_(_L.c.expires_at < func.now())))
                .order_by(_T.c.created_at, _T.c.id).limit(limit))
        with self.engine.connect() as conn:
            return list(conn.execute(stmt).scalars())


__all__ = ["Leases"]
