"""A web table's life after it is made: who is at it, when it is adjourned, closed or let go.

    waiting ──(every seat taken)──▶ playing ──(the game ends)──▶ over ──▶ let go from memory
       │                              │  ▲
       │ nobody sat down for          │  │ one of its people comes back
       │ `wait_minutes`               ▼  │ (or anyone, at a table no person holds a seat at)
       ▼                            adjourned ──(nobody at it)──▶ let go from memory
    abandoned ◀── `ion tables close` (any unfinished table)       (kept in the store, resumed from it)

- **At the table.** A table is *attended* while a WebSocket is open on it or a request about it
  (its page, its state, a move) came in the last `presence_seconds` (default 60). Bots move only at attended
  tables: an empty table's bots wait (they never play on alone for nobody), and start again the
  moment someone looks.
- **Adjourned.** A table being played that nobody has attended for `idle_minutes` (default 10) is
  adjourned: its status says so in the lobby, its clock and bots stop, and it is let go from
  memory (the store keeps it). A real-time game (bank) cannot wait without its clock timing out
  its absent players, so it is adjourned as soon as it is unattended. An adjourned table goes on
  when one of its people comes back (their seat's link: the page with their token, the WebSocket,
  an API call with it), when someone takes a free seat, or — at a table where no person holds a
  seat (bots only, or everyone left) — when anyone opens it.
- **Expired.** A waiting table nobody has sat down at for `wait_minutes` (default 30; counted
  from when it was made or a seat was last taken) is abandoned and let go; `ion serve` abandons
  those that expired while it was down before it resumes anything.
- **Finished** tables (over or abandoned, however they ended: a person's move, a bot's, a timeout)
  are let go once more than `keep_finished` are in memory, those over longest first; nobody's
  watching ones only.
- **Closed** by an operator (`ion tables close`, on the store): a running server notices at its
  next sweep and stops hosting them.

The sweep runs every `sweep_seconds` on the event loop; every change of a table it makes runs in
the hub's worker threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from ..core import IllegalAction
from ..host import WEB
from ..store import admin

if TYPE_CHECKING:
    from .hub import Hosted, Hub

log = logging.getLogger(__name__)

FINISHED = ("over", "abandoned")


class Lifecycle:
    """The sweep of one hub's tables (see the module docstring)."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.limits = hub.limits
        self._task: asyncio.Task[None] | None = None
        self._closed_check = datetime.now(UTC)

    # -- facts ----------------------------------------------------------------------------------------

    def attended(self, hosted: Hosted, now: float) -> bool:
        """True while someone is at the table (see the module docstring)."""
        return hosted.watchers > 0 or now - hosted.touched < self.limits.presence_seconds

    @staticmethod
    def personless(hosted: Hosted) -> bool:
        """True if no person holds a seat (bots only, or everyone left)."""
        return all(info.kind != "person" for info in hosted.table.seats)

    # -- the sweep ------------------------------------------------------------------------------------

    def start(self) -> None:
        """Sweep every `sweep_seconds` from now on (on the running loop)."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop sweeping."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep of tables failed")

    async def sweep(self) -> None:
        """Adjourn, close and let go of tables as the module docstring says; once."""
        hub, limits = self.hub, self.limits
        now = hub.clock()
        wait, idle = limits.wait_minutes * 60, limits.idle_minutes * 60
        for hosted in list(hub.tables.values()):
            if hosted.remote is not None:
                continue  # a mirror: its owner follows the table's life (`cluster.node`)
            table = hosted.table
            status = table.status
            attended = self.attended(hosted, now)
            if status in FINISHED:
                hub.note(hosted)
            elif status == "waiting":
                if now - hosted.since >= wait:
                    await self.expire(hosted)
            elif status == "playing":
                if not attended and (table.spec.timed or now - hosted.touched >= idle):
                    await self.adjourn(hosted)
            elif status == "adjourned" and not attended:
                hub.release(hosted)
        await self._closed_elsewhere()
        hub.trim(limits.keep_finished)

    async def expire(self, hosted: Hosted) -> None:
        """Close a waiting table nobody sat down at (abandoned) and let it go."""
        try:
            await self.hub.run(hosted.table.abandon)
        except IllegalAction:
            return
        log.info("table %s: nobody sat down for %g minutes; closed", hosted.id, self.limits.wait_minutes)
        self.hub.note(hosted)
        self.hub.release(hosted, finished=True)

    async def adjourn(self, hosted: Hosted) -> bool:
        """Adjourn a table nobody is at and let it go (the store keeps it); False if it moved on
        meanwhile (it is over, or someone came back)."""
        if hosted.timer is not None:
            hosted.timer.cancel()
            hosted.timer = None
        try:
            await self.hub.run(hosted.table.adjourn)
        except IllegalAction:
            return False
        if self.attended(hosted, self.hub.clock()):  # someone came back while it was written:
            with contextlib.suppress(IllegalAction):  # it goes on as if it had never stopped
                await self.hub.run(hosted.table.resume)
            self.hub.kick(hosted)
            return False
        self.hub.release(hosted)
        return True

    async def _closed_elsewhere(self) -> None:
        """Stop hosting the tables an operator closed in the store since the last look."""
        hub = self.hub
        since, self._closed_check = self._closed_check - timedelta(seconds=1), datetime.now(UTC)
        ids = await hub.run(admin.closed_since, hub.store, since)
        for table_id in ids:
            hosted = hub.tables.get(table_id)
            if hosted is None or hosted.table.status in FINISHED or hosted.remote is not None:
                continue
            await hub.run(hosted.table.abandon)
            log.info("table %s was closed in the store; no longer hosted", table_id)
            hub.note(hosted)
            hub.kick(hosted)

    # -- when the server starts, and when it is full --------------------------------------------------

    def expire_stored(self) -> list[str]:
        """Abandon the web's waiting tables that expired while the server was down (in a worker)."""
        before = datetime.now(UTC) - timedelta(minutes=self.limits.wait_minutes)
        return admin.expire_waiting(self.hub.store, before, (WEB, None))

    async def date_waiting(self) -> None:
        """Resumed waiting tables keep waiting from when they last changed, not from the restart."""
        hub = self.hub
        waiting = [h for h in list(hub.tables.values()) if h.table.status == "waiting"]
        if not waiting:
            return
        changed = await hub.run(admin.changed_at, hub.store, [h.id for h in waiting])
        now, wall = hub.clock(), datetime.now(UTC)
        for hosted in waiting:
            if hosted.id in changed:
                hosted.since = now - max(0.0, (wall - changed[hosted.id]).total_seconds())

    async def make_room(self) -> int:
        """At the table cap, adjourn the playing tables nobody is at, longest alone first, until
        there is room for one more; return how many were adjourned."""
        hub = self.hub
        excess = len(hub.tables) - self.limits.max_tables + 1
        if excess <= 0:
            return 0
        now = hub.clock()
        alone = sorted((h for h in list(hub.tables.values())
                        if h.table.status == "playing" and h.remote is None and not self.attended(h, now)),
                       key=lambda h: h.touched)
        adjourned = 0
        for hosted in alone:
            if adjourned >= excess:
                break
            adjourned += await self.adjourn(hosted)
        return adjourned


__all__ = ["FINISHED", "Lifecycle"]
