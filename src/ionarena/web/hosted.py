"""The tables a hub keeps in memory: what it keeps of each (`Hosted`), and which it keeps.

A table comes into memory when it is made, resumed, read back from the store by its id, or
followed from another server of a cluster (`_adopt`: one `Hosted` per table id, its bots'
thinking handed to the hub's `BotPool`). A finished table is noted in the order it finished
(`note`); the hub lets a table go (`release`: the store keeps it, `Hub.find` reads it back)
when `web.lifecycle` says so, and `trim` lets go of the finished tables longest over that
nobody watches beyond a number kept. `waiting` counts the tables waiting for players, by maker
(`web.quota`).

`TablesInMemory` is the part of `Hub` that does this bookkeeping, under the hub's lock; `Hub`
inherits it, so the hub's other parts and the cluster call `hub.note(...)`, `hub.release(...)`
as before. The fields it works on are the hub's own (set by `Hub.__init__`), named below for the
type checker.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..host import Table, Update
from ..host.botpool import BotPool, Lane
from .lifecycle import FINISHED

if TYPE_CHECKING:
    from ..cluster import Cluster
    from .pumps import Pumps


@dataclass
class Hosted:
    """A table as the hub keeps it."""

    table: Table
    timer: asyncio.TimerHandle | None = None
    wake: float | None = None
    pumping: bool = False
    again: bool = False
    lane: Lane | None = None
    """The lane of the next pump, when the last one left a searching bot's move for it."""
    dormant: bool = False
    """A pump was due while nobody was at the table: the next person to come kicks it."""
    watchers: int = 0
    touched: float = 0.0
    """When someone was last at the table (a request, a connection closing)."""
    since: float = 0.0
    """Waiting tables: when made, or a seat last taken (they expire `wait_minutes` after)."""
    makers: tuple[str, ...] = ()
    """The quota tags of whoever made it (`web.quota`)."""
    finished_at: float | None = None
    gone: bool = False
    """Let go from memory (a newer `Hosted` may hold the table now)."""
    remote: str | None = None
    """In a cluster (`ionarena.cluster`): the process that owns the table, when it is not this one
    (the table here is a mirror of its owner's; calls that change it are relayed there)."""
    silent: bool = False
    """No chat line was ever said at the table: it was made by this server, the only one of its
    site, and nobody has spoken since (`web.social` reads no chat history for it)."""
    pushed: dict[int, tuple[Update, float, str]] = field(default_factory=dict)
    """Each update pushed at the current version, encoded once for all the connections of its
    seat (see `sockets`): id(update) -> (update, when encoded, text)."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.table.id


class TablesInMemory:
    """Which tables a hub keeps in memory (see the module docstring)."""

    tables: dict[str, Hosted]
    over: dict[str, None]
    unstarted: dict[str, Hosted]
    """The tables that were waiting for players when they came into memory (a table never goes
    back to waiting): `waiting` looks at them only, not at every table in memory."""
    clock: Callable[[], float]
    pool: BotPool
    pumps: Pumps
    cluster: Cluster | None
    _lock: threading.Lock

    def _adopt(self, table: Table, makers: tuple[str, ...] = (), remote: str | None = None) -> Hosted:
        with self._lock:
            hosted = self.tables.get(table.id)
            if hosted is None:
                now = self.clock()
                table.thinker = self.pool.think
                hosted = self.tables[table.id] = Hosted(table, touched=now, since=now, makers=makers,
                                                        remote=remote)
                if table.status in FINISHED:
                    self._finished(hosted)
                elif table.status == "waiting":
                    self.unstarted[table.id] = hosted
            return hosted

    def _finished(self, hosted: Hosted) -> None:
        hosted.finished_at = self.clock()
        self.over[hosted.id] = None

    def note(self, hosted: Hosted) -> None:
        """Keep track of a table that has finished, however it ended (let go later: `trim`)."""
        if hosted.finished_at is None and hosted.table.status in FINISHED:
            with self._lock:
                if hosted.finished_at is None:
                    self._finished(hosted)

    def release(self, hosted: Hosted, finished: bool = False) -> None:
        """Let go of a table from memory (the store keeps it; `find` reads it back)."""
        with self._lock:
            if self.tables.get(hosted.id) is hosted:
                del self.tables[hosted.id]
            self.over.pop(hosted.id, None)
        hosted.gone = True
        self.pumps.stop(hosted)
        hosted.pushed.clear()
        if self.cluster is not None:
            self.cluster.released(hosted)

    def trim(self, keep: int) -> None:
        """Let go of the finished tables longest over (nobody watching them) beyond `keep`."""
        with self._lock:
            excess = len(self.over) - keep
            gone: list[str] = []
            for table_id in self.over:  # the longest over first
                if len(gone) >= excess:
                    break
                hosted = self.tables.get(table_id)
                if hosted is None or not hosted.watchers:
                    gone.append(table_id)
            for table_id in gone:
                del self.over[table_id]
                hosted = self.tables.pop(table_id, None)
                if hosted is not None:
                    hosted.gone = True

    def waiting(self) -> tuple[int, dict[str, int]]:
        """Tables waiting for players in memory: how many, and how many by maker tag."""
        count, by_maker = 0, dict[str, int]()
        with self._lock:
            for hosted in list(self.unstarted.values()):
                if hosted.table.status != "waiting" or self.tables.get(hosted.id) is not hosted:
                    del self.unstarted[hosted.id]  # started, closed or let go of since
                    continue
                count += 1
                for tag in hosted.makers:
                    by_maker[tag] = by_maker.get(tag, 0) + 1
        return count, by_maker


__all__ = ["Hosted", "TablesInMemory"]
