"""The lobby of a cluster: every process's listed running tables, read from the store.

One process holds only its own tables in memory, so the lobby of a site of several reads the
running ones from the store (the tables, their seats, how many actions, a practice deal's seed),
newest first; `web.lobby.Stored` answers it again for `LOBBY_SECONDS` before reading anew.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from ..host.seats import SeatInfo
from ..store import Store, schema

RUNNING = ("waiting", "playing")


def running_tables(store: Store, limit: int = 100) -> list[dict[str, Any]]:
    """The listed waiting and playing tables, as the lobby shows them (`web.lobby.HeldTable`)."""
    t, s, a = schema.tables, schema.seats, schema.actions
    count = select(func.count()).select_from(a).where(a.c.table_id == t.c.id).scalar_subquery()
    query = (select(t.c.id, t.c.game, t.c.variant, t.c.players, t.c.status, t.c.labels,
                    count.label("version"))
             .where(t.c.status.in_(RUNNING), t.c.listed.is_(True))
             .order_by(t.c.created_at.desc(), t.c.id).limit(limit))
    with store.engine.connect() as conn:
        rows = conn.execute(query).mappings().all()
        seats: dict[str, list[SeatInfo]] = {}
        if rows:
            for r in conn.execute(select(s.c.table_id, s.c.seat, s.c.kind, s.c.name, s.c.bot)
                                  .where(s.c.table_id.in_([r["id"] for r in rows]))
                                  .order_by(s.c.table_id, s.c.seat)).mappings():
                seats.setdefault(r["table_id"], []).append(
                    SeatInfo(r["seat"], r["kind"], name=r["name"], bot=r["bot"]))
    return [{"id": r["id"], "game": r["game"], "variant": r["variant"], "players": r["players"],
             "status": r["status"], "version": int(r["version"]),
             "seats": [info.public() for info in seats.get(r["id"], [])],
             "open": [info.seat for info in seats.get(r["id"], []) if info.kind == "open"],
             "practice": (r["labels"] or {}).get("practice")}
            for r in rows]


__all__ = ["running_tables"]
