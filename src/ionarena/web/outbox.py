"""What waits to be sent to one WebSocket client, bounded in bytes, states superseding each other.

A client that reads slowly (a phone in a tunnel) or not at all (an attacker) must not make the
server keep every state it missed. So a connection's outbox holds

- its replies (`ok`, `error`, `answer`, `pong`), in order;
- at most one state not yet sent: a newer state takes the place of the one waiting (where it
  waited, so replies keep their order around it). The client loses no event: a state carries the
  events since the version it names (`since`), and a state that took another's place carries the
  events of every state it replaced, since the version the client last had (`Pending.update()`;
  its text is built again when it is sent).

`put` and `put_state` answer False once more than `limit` bytes would wait, or `stalled()` once
the message being sent has not gone for `stall` seconds: the connection then drops the client
(which reconnects and gets the current state).
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, replace

from ..core import Event
from ..host import Update


@dataclass(slots=True)
class Pending:
    """The one state waiting to be sent: the newest `latest` update, the version the client last
    had (`since`) and every event since then (`events`); `text` is the encoded message of `latest`
    while that is all of it, None once it has to be built again (from `update()`)."""

    latest: Update
    since: int
    events: tuple[Event, ...]
    text: str | None
    size: int

    def update(self) -> Update:
        """The state to send: the newest view, with every event since the version the client had."""
        latest = self.latest
        if latest.since == self.since:
            return latest
        return replace(latest, since=self.since, events=self.events)


class Outbox:
    """One connection's messages waiting to be sent (see the module docstring)."""

    def __init__(self, limit: int, stall: float, clock: asyncio.AbstractEventLoop | None = None):
        self.limit = limit
        self.stall = stall
        self._loop = clock or asyncio.get_running_loop()
        self._items: deque[str | Pending] = deque()
        self._pending: Pending | None = None
        self._bytes = 0
        self._ready = asyncio.Event()
        self.sending_since: float | None = None
        """When the message being sent was handed to the socket (None: nothing is being sent)."""

    @property
    def waiting_bytes(self) -> int:
        """Bytes waiting (a state to be built again counts as its newest update's message)."""
        return self._bytes

    def stalled(self) -> bool:
        """True if the message being sent has not gone for `stall` seconds."""
        since = self.sending_since
        return since is not None and self._loop.time() - since > self.stall

    def put(self, text: str) -> bool:
        """Queue a reply; False (nothing queued) if the client takes too little (see the module
        docstring)."""
        if self._bytes + len(text) > self.limit or self.stalled():
            return False
        self._items.append(text)
        self._bytes += len(text)
        self._ready.set()
        return True

    def put_state(self, update: Update, text: str | None, size: int) -> bool:
        """Queue a state (`text`: its message, None to build it when sent; `size`: its length or
        an estimate), taking the place of a state still waiting; False as `put`."""
        pending = self._pending
        if pending is not None:
            grown = self._bytes - pending.size + size
            if grown > self.limit or self.stalled():
                return False
            newest = pending.latest.version
            if update.version < newest:  # an older state than the one waiting: nothing new
                return True
            if update.since <= pending.since:  # a whole state again (`sync`): it holds every event
                pending.since, pending.events = update.since, update.events
            else:
                pending.events += tuple(e for e in update.events if e.version > newest)
            pending.latest = update
            pending.text = text if update.since == pending.since else None
            self._bytes = grown
            pending.size = size
            return True
        if self._bytes + size > self.limit or self.stalled():
            return False
        self._pending = Pending(update, update.since, update.events, text, size)
        self._items.append(self._pending)
        self._bytes += size
        self._ready.set()
        return True

    async def get(self) -> str | Pending:
        """The next message to send (waits for one); a `Pending` state is no longer replaced once
        taken."""
        while not self._items:
            self._ready.clear()
            await self._ready.wait()
        item = self._items.popleft()
        if item is self._pending:
            self._pending = None
            self._bytes -= item.size
        else:
            assert isinstance(item, str)
            self._bytes -= len(item)
        return item


__all__ = ["Outbox", "Pending"]
