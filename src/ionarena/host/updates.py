"""What each seat learns of a table: `Update`s, built once per version and reader, and the
subscribers they go to.

`Table.update(seat, since)` (polling) or `Table.subscribe(seat, callback)`: per-seat `Update`s —
version, view, the events that seat may see since its last update, its legal moves as text,
actors, deadline, over. `seat=None` is a spectator. An update is built once per table version and
reader: every subscriber of one seat, and the answer to that seat's own move, share it (and its
view: treat it as read-only).

Callbacks run under the table's lock, in version order: they must be quick (an asyncio surface
does `loop.call_soon_threadsafe(...)`) and may call the table's read methods. A subscriber hears
of an action only once the journal has it (the table commits, then notifies).

`Updates` is the table's own part (the table makes one and calls it under its lock): it reads the
table's current game, status and seats as the table's methods do, and keeps the update cache,
which every change of the table clears.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, cast

from ..core import Event, StaleAction, View
from .journal import Status
from .seats import BOT, PublicSeat

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)


class UpdateJSON(TypedDict):
    """An `Update` as JSON-ready data (`Update.to_json`)."""

    table: str
    seat: int | None
    version: int
    since: int
    view: View
    events: list[dict[str, object]]
    legal: list[str]
    actors: list[int]
    deadline: float | None
    over: bool
    status: Status
    names: list[str]
    seats: list[PublicSeat]


@dataclass(frozen=True, slots=True)
class Update:
    """What one seat (None: a spectator) learns of the table at one version."""

    table: str
    seat: int | None
    version: int
    since: int
    """`events` are every event the seat may see with a version after this one."""
    view: View
    events: tuple[Event, ...]
    legal: tuple[str, ...]
    """The seat's legal moves as text (empty when it may not act)."""
    actors: tuple[int, ...]
    deadline: float | None
    """When the next deadline passes, on the table's clock (a timed game's clock, or the move
    limit of an untimed table); None if there is none."""
    over: bool
    status: Status
    names: tuple[str, ...]
    """Display names by seat ("" where a presenter should say `Player <n>`)."""
    seats: tuple[PublicSeat, ...]
    """Who holds each seat: `{seat, kind, name, bot}`."""

    def to_json(self) -> UpdateJSON:
        """JSON-ready data (events as `Event.to_json()`)."""
        return {"table": self.table, "seat": self.seat, "version": self.version, "since": self.since,
                "view": self.view, "events": [e.to_json() for e in self.events], "legal": list(self.legal),
                "actors": list(self.actors), "deadline": self.deadline, "over": self.over,
                "status": self.status, "names": list(self.names), "seats": list(self.seats)}


Callback = Callable[[Update], None]


def _ignore(update: Update) -> None:
    """The callback of a cancelled subscription."""


class Subscription:
    """A surface's callback for one seat; `cancel()` stops it."""

    __slots__ = ("active", "callback", "seat", "seen")

    def __init__(self, seat: int | None, callback: Callback, seen: int):
        self.seat = seat
        self.callback = callback
        self.seen = seen
        self.active = True

    def cancel(self) -> None:
        """No more updates. The callback is let go at once (a finished table may never change
        again to drop the subscription itself, and its callback holds a whole connection)."""
        self.active = False
        self.callback = _ignore


class StaleSubmit(StaleAction):
    """A move chosen against an older version; `update` is the seat's current update (with the
    events since the version the move was chosen against)."""

    def __init__(self, expected: int, current: int, update: Update):
        super().__init__(expected, current)
        self.update = update


Common = tuple[tuple[int, ...], float | None, bool, tuple[str, ...], tuple[PublicSeat, ...]]
"""What every reader's update at one version shares: actors, deadline, over, names, seats."""


class Updates:
    """A table's update cache and subscribers (see the module docstring)."""

    __slots__ = ("_common", "_legal", "_subs", "_table", "_told", "_updates", "_views")

    def __init__(self, table: Table):
        self._table = cast("Table", weakref.proxy(table))  # no cycle: a table let go is freed at once
        self._subs: list[Subscription] = []
        self._told: dict[int | None, int] = {}
        """The version of the last update made for each reader."""
        # what updates are made of at the current version (`changed` clears them)
        self._common: Common | None = None
        self._views: dict[int | None, View] = {}
        self._legal: dict[int | None, tuple[str, ...]] = {}
        self._updates: dict[tuple[int | None, int], Update] = {}

    def told(self, seat: int | None) -> int:
        """The version of the last update made for `seat` (-1: none yet)."""
        return self._told.get(seat, -1)

    def changed(self) -> None:
        """The table changed: what updates are made of is made again when next asked for."""
        self._common = None
        self._views.clear()
        self._legal.clear()
        self._updates.clear()

    def subscribe(self, seat: int | None, callback: Callback, since: int) -> Subscription:
        """A new subscriber of `seat`, told at once (the events after `since`)."""
        sub = Subscription(seat, callback, since)
        self._subs.append(sub)
        self._deliver(sub)
        return sub

    def notify(self) -> None:
        """Fresh updates for every subscriber (the table changed)."""
        self.changed()
        self._subs = [sub for sub in self._subs if sub.active]
        for sub in list(self._subs):
            if sub.active:
                self._deliver(sub)

    def _deliver(self, sub: Subscription) -> None:
        update = self.update(sub.seat, sub.seen)
        sub.seen = update.version
        try:
            sub.callback(update)
        except Exception:  # a broken surface must not break the table
            log.exception("table %s: a subscriber of seat %s failed", self._table.id, sub.seat)

    def deadline(self) -> float | None:
        """When the next deadline passes on the table's clock: a timed game's, else the move limit
        of a person (or an open seat) on turn; None if there is none."""
        table = self._table
        state = table._state
        if table._status != "playing" or state.is_over():
            return None
        deadline = state.deadline()
        if deadline is not None:
            return table.clock_at(deadline)
        limit = table.settings.move_limit
        if limit is not None and any(table._seats[p].kind != BOT for p in state.actors()):
            return table._changed_at + limit
        return None

    def update(self, seat: int | None, since: int) -> Update:
        """The seat's update with the events after `since`: built once per version and `since`
        (every subscriber of a seat shares it), from parts built once per version."""
        table = self._table
        state = table._state
        version = state.version
        since = max(-1, min(since, version))
        self._told[seat] = version
        key = (seat, since)
        update = self._updates.get(key)
        if update is not None:
            return update
        common = self._common
        if common is None:
            seats = table._seats
            common = self._common = (tuple(state.actors()), self.deadline(), state.is_over(),
                                     tuple(info.display_name() for info in seats),
                                     tuple(info.public() for info in seats))
        actors, deadline, over, names, public = common
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = state.view(seat)
            legal: tuple[str, ...] = ()
            if seat is not None and table._status == "playing" and seat in actors:
                legal = tuple(state.format_action(a) for a in state.legal_actions(seat))
            self._legal[seat] = legal
        update = self._updates[key] = Update(
            table=table.id, seat=seat, version=version, since=since, view=view,
            events=tuple(state.events(seat, since)), legal=self._legal[seat], actors=actors,
            deadline=deadline, over=over, status=table._status, names=names, seats=public)
        return update


__all__ = ["Callback", "StaleSubmit", "Subscription", "Update", "UpdateJSON", "Updates"]
