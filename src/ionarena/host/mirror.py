"""A table that follows another process's: its owner's changes applied as they were committed.

In a cluster (`ionarena.cluster`) one process owns a table and journals every change; the others
that have people at the table keep a *mirror*: the same `Table`, loaded from the store, that is
never pumped and never journals, whose game, seats and status follow what the owner tells over
the bus. Each seat's updates are then built where its WebSocket is, as on the owner, and reach
its subscribers the same way. The functions here are the table's own parts (like `Driver`):
they take its lock and change its fields as its methods do.

`follow` applies log entries, checked against their versions (an entry already applied is
skipped; a gap is `Gap`, and the caller reads the missing ones from the store). `catch_up`
brings a mirror to what the store holds (after a gap, or before it becomes the owner).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import HOST
from .journal import LogEntry, Status, TableInfo
from .seats import SeatInfo

if TYPE_CHECKING:
    from .table import Table


class Gap(Exception):
    """Entries that do not follow the table's version (some were missed)."""


def follow(table: Table, entries: Sequence[LogEntry]) -> int:
    """Apply the owner's committed entries (those beyond the table's version) and tell the
    subscribers; the version after. `Gap` if an entry is missing before them."""
    with table._lock:
        state = table._state
        fresh = [e for e in entries if e.version > state.version]
        if not fresh:
            return state.version
        if fresh[0].version != state.version + 1:
            raise Gap(f"table {table.id}: entry {fresh[0].version} after version {state.version}")
        trial = state.clone()
        for entry in fresh:
            trial.apply_text(HOST if entry.player is None else entry.player, entry.text)
        table._state = trial
        table._driver.game_moved()
        now = table.clock()
        table._changed_at = now
        if trial.is_over():
            table._status = "over"
        elif table.spec.timed and table._status == "playing":
            table._origin, table._offset = now, trial.now()  # the owner's game clock, as of now
        table._notify()
        return trial.version


def follow_seat(table: Table, info: SeatInfo) -> None:
    """A seat's holder changed at the owner."""
    with table._lock:
        if table._seats[info.seat] != info:
            table._seats[info.seat] = info
            table._driver.seat_changed(info)
            table._notify()


def follow_status(table: Table, status: Status) -> None:
    """The table's status changed at the owner (started, adjourned, resumed, abandoned)."""
    with table._lock:
        if table._status == status or (table._status == "over" and status != "abandoned"):
            return
        if status == "adjourned":
            table._offset = table._state.now()
        table._status = status
        if status == "playing":
            table._begin(table.clock())
        table._notify()


def follow_labels(table: Table, labels: dict[str, str]) -> dict[str, str] | None:
    """The table's labels changed at the owner; the labels before, or None if they were these."""
    with table._lock:
        before = table._labels
        if before == labels:
            return None
        table._labels = dict(labels)
        return before


def take_over(table: Table) -> None:
    """The mirror becomes the owner: a game being played goes on from the game time of its last
    action, from now (as a table restored after a restart: the moments without an owner are
    charged to nobody)."""
    with table._lock:
        if table._status == "playing":
            table._begin(table.clock())
            table._notify()


def catch_up(table: Table, info: TableInfo, entries: Sequence[LogEntry]) -> int:
    """Bring the table to what the store holds (`info` and the whole log); the version after."""
    with table._lock:
        version = follow(table, entries)
        for seat in info.seats:
            follow_seat(table, seat)
        if info.status != table._status and not (info.status == "playing" and table._status == "over"):
            follow_status(table, info.status)
        table._labels = dict(info.labels)
        return version


__all__ = ["Gap", "catch_up", "follow", "follow_labels", "follow_seat", "follow_status", "take_over"]
