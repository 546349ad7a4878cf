"""A mirror's follower: what the table's owner announces, applied in order in the hub's threads.

The owner publishes on `ion.t.<table>` each change it committed (`cluster.journal.Announcing`):
log entries (`a`), a seat, the status, labels (changed labels are told to `Hub.labels_followed`:
the web's spectators' chat setting); a new owner announces itself (`owner`), an owner letting go
says `gone`. The follower queues what it hears and applies it to the mirror with
`host.mirror`, one message after the other; an answer to a relayed call goes through the same
queue (`sync`), so it is applied after everything said before it, as is reading the store again
when a decision here needs the table as committed (`refresh`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import orjson

from ..host import Table
from ..host.journal import Status
from ..host.mirror import Gap, follow, follow_labels, follow_seat, follow_status
from ..host.seats import SeatInfo
from .journal import entries_of, seat_of

if TYPE_CHECKING:
    from ..web.hub import Hosted
    from .node import Cluster

log = logging.getLogger(__name__)

Message = dict[str, Any]


def table_subject(table_id: str) -> str:
    """The subject of a table's changes."""
    return f"ion.t.{table_id}"


class Follower:
    """A mirror's queue of what its owner tells, applied in order in the hub's threads."""

    def __init__(self, cluster: Cluster, table_id: str):
        self.cluster = cluster
        self.table_id = table_id
        self.queue: asyncio.Queue[Message] = asyncio.Queue()
        self.hosted: Hosted | None = None
        self.task: asyncio.Task[None] | None = None
        self._tail: Message | None = None
        """The last message queued (entries heard while it waits join it)."""
        self.owner_changed = asyncio.Event()
        """Set when another process announces it owns the table (calls waiting on the old owner
        ask the new one at once)."""

    def new_owner(self) -> None:
        self.owner_changed.set()
        self.owner_changed = asyncio.Event()

    def heard(self, data: bytes) -> None:
        try:
            message = orjson.loads(data)
        except orjson.JSONDecodeError:
            log.warning("table %s: a message that is not JSON", self.table_id)
            return
        tail = self._tail
        if message.get("k") == "a" and tail is not None and tail.get("k") == "a" and not tail.get("_taken"):
            tail["e"].extend(message["e"])  # entries still waiting are applied together: one hop
            return
        self._tail = message
        self.queue.put_nowait(message)

    def start(self, hosted: Hosted) -> None:
        self.hosted = hosted
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self.task = None
        while not self.queue.empty():  # nobody waits for a call's answer to be applied any more
            done = self.queue.get_nowait().get("_done")
            if done is not None and not done.done():
                done.set_result(None)

    async def sync(self, snapshot: Message) -> None:
        """Apply the owner's answer to a relayed call after everything heard before it."""
        await self._in_turn({**snapshot, "k": "snap"})

    async def refresh(self) -> None:
        """Bring the mirror to what the store holds now, after everything heard before (a
        decision made here reads the table as the owner committed it, not as the bus has told
        it so far)."""
        await self._in_turn({"k": "fresh"})

    async def _in_turn(self, message: Message) -> None:
        if self.task is None or self.task.done():
            return  # no longer following (the table is ours now, or let go)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._tail = {**message, "_done": done}
        self.queue.put_nowait(self._tail)
        await done

    async def _run(self) -> None:
        while True:
            message = await self.queue.get()
            message["_taken"] = True
            try:
                await self._apply(message)
            except Exception:
                log.exception("table %s: following its owner failed", self.table_id)
            finally:
                done = message.get("_done")
                if done is not None and not done.done():
                    done.set_result(None)

    async def _apply(self, message: Message) -> None:
        cluster, hosted = self.cluster, self.hosted
        assert hosted is not None
        table, run = hosted.table, cluster.hub.run
        kind = message.get("k")
        if kind == "a":
            try:
                await run(follow, table, entries_of(message["e"]))
            except Gap:
                await cluster.catch_up(table)
        elif kind == "seat":
            await run(follow_seat, table, seat_of(message["seat"]))
        elif kind == "status":
            await run(follow_status, table, message["status"])
        elif kind == "labels":
            await self._labels(dict(message["labels"]))
        elif kind == "snap":
            if message.get("version", -1) > table.version:
                await cluster.catch_up(table)
            seats = [seat_of(seat) for seat in message.get("seats", ())]
            if seats != list(table.seats) or message.get("status", table.status) != table.status:
                await run(_follow_snapshot, table, seats, message.get("status"))
            if "labels" in message:  # (a call that changed them answers them: `cluster.calls`)
                await self._labels(dict(message["labels"]))
        elif kind == "owner":
            owner = message.get("owner")
            if isinstance(owner, str) and owner != cluster.node:
                hosted.remote = owner
                self.new_owner()
            if int(message.get("version", 0)) > table.version:
                await cluster.catch_up(table)
        elif kind == "fresh":
            await cluster.catch_up(table)
        elif kind == "gone":
            await cluster.owner_gone(hosted)

    async def _labels(self, labels: dict[str, str]) -> None:
        """The owner's labels, and the hub's hooks told if they changed (`Hub.labels_followed`)."""
        hosted = self.hosted
        assert hosted is not None
        hub = self.cluster.hub
        before = await hub.run(follow_labels, hosted.table, labels)
        if before is not None:
            for hook in hub.labels_followed:
                hook(hosted, before)


def _follow_snapshot(table: Table, seats: list[SeatInfo], status: Status | None) -> None:
    for seat in seats:
        follow_seat(table, seat)
    if status:
        follow_status(table, status)


__all__ = ["Follower", "table_subject"]
