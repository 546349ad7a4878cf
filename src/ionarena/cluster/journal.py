"""The journals of a cluster's tables: the owner's writes the store and tells the followers;
a mirror's refuses every write.

`Announcing` is the store with a hook: after each change is committed (a batch of actions, a
seat, the status, labels) it hands a small message to `announce(table_id, message)`, which
publishes it on the table's subject (`cluster.node`); nothing is announced that the store did
not take. A write the store refuses because another process wrote that version first (a lost
lease) is handed to `conflict(table_id)` as well, so the process follows the table's real owner.

`Refusing` is a mirror's journal: a mirror never changes a game itself (its owner does). A call
that tries is refused (`ServerAway`, "try again") before anything is told: a request that began
while this process owned the table and found it another's (two processes taking a dead owner's
tables over at once), or a bug.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from ..core.record import GameRecord
from ..host.journal import Batch, Finish, LogEntry, Status, TableInfo
from ..host.seats import SeatInfo
from ..store import Store, StoreError
from .calls import ServerAway

Message = dict[str, Any]


def entry_list(entries: Sequence[LogEntry]) -> list[list[Any]]:
    """Log entries as JSON lists."""
    return [[e.version, e.player, e.text, e.game_time] for e in entries]


def entries_of(data: Sequence[Sequence[Any]]) -> list[LogEntry]:
    """Log entries from `entry_list`'s lists."""
    return [LogEntry(int(v), None if p is None else int(p), str(t), None if g is None else float(g))
            for v, p, t, g in data]


def seat_of(data: Mapping[str, Any]) -> SeatInfo:
    """A seat from its announced fields."""
    return SeatInfo(seat=int(data["seat"]), kind=data["kind"], name=str(data["name"]),
                    token_hash=data.get("token_hash"), bot=data.get("bot"),
                    takeover=bool(data.get("takeover")))


class Announcing:
    """The store's journal, announcing each committed change (see the module docstring)."""

    def __init__(self, store: Store, announce: Callable[[str, Message], None],
                 conflict: Callable[[str], None]):
        self.store = store
        self.announce = announce
        self.conflict = conflict

    def table_opened(self, info: TableInfo) -> None:
        self.store.table_opened(info)

    def actions_applied(self, table_id: str, entries: Sequence[LogEntry], finish: Finish | None) -> None:
        try:
            self.store.actions_applied(table_id, entries, finish)
        except StoreError as err:
            if "written by someone else" in str(err):
                self.conflict(table_id)
            raise
        self.announce(table_id, {"k": "a", "e": entry_list(entries)})

    def actions_batch(self, batch: Batch) -> list[BaseException | None]:
        """Several tables' actions in one transaction (`host.journal.commit_batch`), each table's
        announced once it is committed; a table another process wrote first is followed."""
        errors = self.store.actions_batch(batch)
        for (table_id, entries, _), error in zip(batch, errors, strict=True):
            if error is None:
                self.announce(table_id, {"k": "a", "e": entry_list(entries)})
            elif "written by someone else" in str(error):
                self.conflict(table_id)
        return errors

    def seat_changed(self, table_id: str, seat: SeatInfo) -> None:
        self.store.seat_changed(table_id, seat)
        self.announce(table_id, {"k": "seat", "seat": asdict(seat)})

    def labels_changed(self, table_id: str, labels: Mapping[str, str]) -> None:
        self.store.labels_changed(table_id, labels)
        self.announce(table_id, {"k": "labels", "labels": dict(labels)})

    def status_changed(self, table_id: str, status: Status, record: GameRecord | None = None) -> None:
        self.store.status_changed(table_id, status, record)
        self.announce(table_id, {"k": "status", "status": status})


class Refusing:
    """A mirror's journal (see the module docstring)."""

    def _refuse(self, *args: object) -> None:
        # (a request that reached this process while the table changed hands: asked again, it is
        # relayed to the owner)
        raise ServerAway("this table is played on another server of this site; try again in a moment")

    table_opened = actions_applied = seat_changed = labels_changed = status_changed = _refuse


__all__ = ["Announcing", "Message", "Refusing", "entries_of", "entry_list", "seat_of"]
