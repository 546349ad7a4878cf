"""What the lobby lists: `listed` tables only (the store keeps the flag with the table); a table
made "by invite" is never listed and is found only through its link.

`GET /api/tables` answers `tables` (those in memory: waiting, playing, adjourned, finished; on a
site of several servers, every server's waiting and playing ones, read from the store),
`finished` and `adjourned` (from the store, newest first; read at most every `LOBBY_SECONDS`,
since every open lobby asks every few seconds).
"""

from __future__ import annotations

from typing import TypedDict

from ..host import Status
from ..host.seats import PublicSeat
from .hub import Hub
from .payload import practice_seed

LOBBY_SECONDS = 2.0
"""How long the lobby's lists read from the store are answered again as they were."""
ORDER = {"waiting": 0, "playing": 1, "adjourned": 2, "over": 3, "abandoned": 4}


class HeldTable(TypedDict):
    """A listed table in memory, as the lobby shows it."""

    id: str
    game: str
    variant: str
    players: int
    status: Status
    version: int
    seats: list[PublicSeat]
    open: list[int]
    practice: str | None


class StoredTable(TypedDict):
    """A listed table read from the store, as the lobby shows it."""

    id: str
    game: str
    variant: str
    players: int
    status: str
    names: list[str]
    actions: int
    finished_at: str | None


class Lobby(TypedDict):
    """`GET /api/tables`: the tables in memory, and the finished and adjourned ones in the store."""

    tables: list[HeldTable]
    finished: list[StoredTable]
    adjourned: list[StoredTable]


def in_memory(hub: Hub) -> list[HeldTable]:
    """Listed tables in memory: waiting and playing first, then adjourned and finished."""
    rows: list[HeldTable] = []
    for hosted in list(hub.tables.values()):
        table = hosted.table
        if not table.listed:
            continue
        rows.append({"id": table.id, "game": table.game, "variant": table.info().variant,
                     "players": table.players, "status": table.status, "version": table.version,
                     "seats": [info.public() for info in table.seats],
                     "open": [info.seat for info in table.seats if info.kind == "open"],
                     "practice": practice_seed(table)})
    rows.sort(key=lambda r: ORDER.get(str(r["status"]), 9))
    return rows


class Stored:
    """Listed tables of one status from the store, newest first (see the module docstring)."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self._kept: dict[tuple[str, int], tuple[float, list[StoredTable]]] = {}
        self._running: tuple[float, list[HeldTable]] | None = None

    async def held(self) -> list[HeldTable]:
        """The listed tables being played or waiting: those in memory; in a cluster of several
        servers, every server's (from the store, read at most every `LOBBY_SECONDS`, with this
        server's own as they are now)."""
        hub = self.hub
        mine = in_memory(hub)
        if hub.cluster is None:
            return mine
        from ..cluster.lobby import running_tables
        kept = self._running
        if kept is None or hub.clock() - kept[0] >= LOBBY_SECONDS:
            rows: list[HeldTable] = await hub.run(running_tables, hub.store)  # type: ignore[arg-type]
            kept = self._running = (hub.clock(), rows)
        here = {row["id"] for row in mine}
        rows = mine + [row for row in kept[1] if row["id"] not in here]
        rows.sort(key=lambda r: ORDER.get(str(r["status"]), 9))
        return rows

    async def rows(self, status: str, limit: int = 30) -> list[StoredTable]:
        """The listed tables of `status` (at most `limit`)."""
        hub, key = self.hub, (status, limit)
        kept = self._kept.get(key)
        if kept is not None and hub.clock() - kept[0] < LOBBY_SECONDS:
            return kept[1]
        rows = await hub.run(lambda: hub.store.tables(status, limit, listed=True))
        answer: list[StoredTable] = [
            {"id": r.id, "game": r.game, "variant": r.variant, "players": r.players, "status": r.status,
             "names": list(r.names), "actions": r.actions,
             "finished_at": r.finished_at.isoformat() if r.finished_at else None}
            for r in rows]
        self._kept[key] = (hub.clock(), answer)
        return answer


__all__ = ["LOBBY_SECONDS", "HeldTable", "Lobby", "Stored", "StoredTable", "in_memory"]
