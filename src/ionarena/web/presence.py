"""Who is at a table right now: each person's seat is `connected`, `away` or `disconnected`.

Every WebSocket connection joins its table's `Room` (the socket's hooks in `web.social`), at a
seat or as a spectator. A page says when its tab is hidden or shown again
(`{"type": "presence", "away": true}`, from the browser's `visibilitychange`). A person's seat is

- `connected` while at least one of their connections is shown,
- `away` while every one of them is hidden (another tab, a locked phone),
- `disconnected` when none is left.

Bots' and open seats have no presence. On every change the room pushes
`{"type": "presence", "seats": [{"seat", "presence"}], "watching": <spectator connections>}` to
every connection at the table (presence says nothing of the game, so spectators get it too).
Rooms live in memory only while someone is connected.

On a site of several servers (`ionarena.cluster`) a room also knows what the other servers'
rooms of the table say (`elsewhere`: each one's `summary`, sent over the bus by `web.social`): a
seat is connected if it is shown anywhere, away if it is hidden everywhere it is.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any, Protocol

from ..host import Table
from ..host.seats import PERSON

CONNECTED, AWAY, DISCONNECTED = "connected", "away", "disconnected"


class Listener(Protocol):
    """A connection at a table, as a room sees it (`web.sockets.Connection`)."""

    seat: int | None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for this client."""
        ...


class Room:
    """The connections at one table, each shown or hidden (see the module docstring)."""

    def __init__(self, table_id: str):
        self.table_id = table_id
        self.listeners: dict[Listener, bool] = {}
        """Each connection, and whether its tab is hidden."""
        self.shown: dict[str, Any] | None = None
        """The presence message last pushed (pushed again only when it changes)."""
        self.elsewhere: dict[str, tuple[float, dict[int, bool], int]] = {}
        """Other servers' rooms of this table: server -> (when heard, seat -> every connection
        hidden, spectators watching) (`summary`)."""

    def summary(self) -> tuple[dict[int, bool], int]:
        """This room's word for the other servers: each seat connected here -> whether every one
        of its connections is hidden, and how many spectators watch here."""
        seats: dict[int, bool] = {}
        watching = 0
        for listener, away in self.listeners.items():
            if listener.seat is None:
                watching += 1
            else:
                seats[listener.seat] = seats.get(listener.seat, True) and away
        return seats, watching

    def heard(self, server: str, seats: dict[int, bool], watching: int) -> None:
        """Another server's room of this table said this (`summary`); nothing connected there:
        forget it."""
        if seats or watching:
            self.elsewhere[server] = (time.monotonic(), seats, watching)
        else:
            self.elsewhere.pop(server, None)

    def forget_older(self, seconds: float) -> bool:
        """Forget what servers said longer ago than `seconds` (gone); True if any was forgotten."""
        now = time.monotonic()
        old = [server for server, (at, _, _) in self.elsewhere.items() if now - at > seconds]
        for server in old:
            del self.elsewhere[server]
        return bool(old)

    def join(self, listener: Listener) -> None:
        """A connection arrives (shown until its page says otherwise)."""
        self.listeners[listener] = False

    def leave(self, listener: Listener) -> None:
        """A connection goes."""
        self.listeners.pop(listener, None)

    def set_away(self, listener: Listener, away: bool) -> bool:
        """A connection's tab is hidden (`away`) or shown again; False if it is not in the room."""
        if listener not in self.listeners:
            return False
        self.listeners[listener] = away
        return True

    def presence(self, table: Table) -> dict[str, Any]:
        """The presence message for `table` now."""
        hidden: dict[int, list[bool]] = {}
        watching = 0
        for listener, away in self.listeners.items():
            if listener.seat is None:
                watching += 1
            else:
                hidden.setdefault(listener.seat, []).append(away)
        seats = []
        for _, seats_there, watching_there in self.elsewhere.values():
            watching += watching_there
            for seat, away in seats_there.items():
                hidden.setdefault(seat, []).append(away)
        for info in table.seats:
            if info.kind != PERSON:
                continue
            states = hidden.get(info.seat)
            word = DISCONNECTED if not states else AWAY if all(states) else CONNECTED
            seats.append({"seat": info.seat, "presence": word})
        return {"type": "presence", "seats": seats, "watching": watching}

    def push_presence(self, table: Table, force: Listener | None = None) -> None:
        """Push the presence message to everyone if it changed (and to `force` in any case)."""
        message = self.presence(table)
        if message != self.shown:
            self.shown = message
            self.broadcast(message)
        elif force is not None:
            force.send(message)

    def broadcast(self, message: dict[str, Any], to: Iterable[Listener] | None = None) -> None:
        """Send `message` to every connection (or to those of `to` still here)."""
        for listener in list(self.listeners if to is None else to):
            if listener in self.listeners:
                listener.send(message)


__all__ = ["AWAY", "CONNECTED", "DISCONNECTED", "Listener", "Room"]
