"""One `ion serve` process of a cluster: its leases, its mirrors, and the hub's narrow door to them.

The hub asks the `Cluster` only these things, each where a single server does something else:
`open`/`close` (take the orphaned tables / give every lease back), `new_id` (a table to make is
leased before its first row is written), `journal` (the owner's: the store, announcing), `find`
(a table not in memory: own it if nobody does, else mirror its owner), `released` (the hub lets
a table go), and the relayed calls for a table another process owns (`submit`, `sit`,
`seat_bot`, `leave`, `attend`). A hub without a cluster never reaches this module.

Every `every` seconds (`_tick`) the process renews its leases in one statement, follows the
owner of any table whose lease it lost, takes the running tables nobody holds a live lease on
(their owner died: failover), tells each owner that people are at its tables here (so it does
not adjourn them), and lets go of the mirrors nobody here watches; once a minute it deletes the
leases that ran out long ago (`Leases.sweep`: a dead process's, of tables nobody took again).

Subjects on the bus: `ion.t.<table>` — what the owner committed (`{"k": "a", "e": entries}`,
`seat`, `status`, `labels`), a new owner (`owner`), the owner letting go (`gone`);
`ion.n.<node>` — requests to a process and their answers (`cluster.relay`, `cluster.calls`);
`ion.c.<table>` — chat lines and presence between the processes with people at the table
(`web.social`). A mirror's following is `cluster.follower`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

import orjson

from ..host import WEB, StaleSubmit, Table, Update
from ..host.journal import TableInfo
from ..host.mirror import catch_up, take_over
from ..host.table import new_table_id
from ..store import Store, StoreError
from .bus import Bus, open_bus
from .calls import FIND_ATTEMPTS, ServerAway, pause_before, raise_refusal, serve
from .follower import Follower, table_subject
from .journal import Announcing, Message, Refusing
from .lease import Leases
from .relay import Relay, Unanswered

if TYPE_CHECKING:
    from ..web.hub import Hosted, Hub

log = logging.getLogger(__name__)

T = TypeVar("T")
FINISHED = ("over", "abandoned")
SURFACES = (WEB, None)
REFUSING = Refusing()
TTL = 2.5
"""Seconds a lease lasts unless renewed: how long a dead owner's tables wait."""
EVERY = 0.5
"""Seconds between two rounds of leases (renewing ours, taking the orphaned)."""
TAKE_AT_ONCE = 8
"""Orphaned tables taken over at the same time (each read from the store and replayed)."""
TOUCH_EVERY = 10
"""Rounds between two notices to an owner that people are at its table here (< presence_seconds)."""
SWEEP_EVERY = 120
"""Rounds between two sweeps of the leases that ran out over a minute ago (`Leases.sweep`)."""
RELAY_SECONDS = 2.5
"""How long a relayed call waits for the owner's answer."""


class Cluster:
    """This process's part of the site (see the module docstring)."""

    def __init__(self, store: Store, bus: Bus | str, *, ttl: float = TTL, every: float = EVERY,
                 node: str | None = None):
        self.store = store
        self.node = node or secrets.token_hex(8)
        self.bus = open_bus(bus) if isinstance(bus, str) else bus
        self.leases = Leases(store.engine, self.node, ttl)
        self.every = every
        self.relay = Relay(self.bus, self.node, self._serve)
        self.journal = Announcing(store, self._announce_from_thread, self._conflict_from_thread)
        self._hub: Hub | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._followers: dict[str, Follower] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._task: asyncio.Task[None] | None = None
        self._jobs: set[asyncio.Task[Any]] = set()
        self._rounds = 0
        self.every_few_seconds: list[Callable[[], None]] = []
        """Called on the loop every `TOUCH_EVERY` rounds (`web.social` repeats its presence)."""
        self._lease_thread = ThreadPoolExecutor(1, thread_name_prefix="ion-leases")
        """Leases are renewed in a thread of their own: a busy pool must not delay one past its end."""

    @property
    def hub(self) -> Hub:
        assert self._hub is not None
        return self._hub

    # -- life -------------------------------------------------------------------------------------------

    async def open(self, hub: Hub) -> int:
        """Connect to the bus and take every running table nobody holds; how many."""
        self._hub = hub
        self.loop = asyncio.get_running_loop()
        self._lease_thread = ThreadPoolExecutor(1, thread_name_prefix="ion-leases")
        await self.bus.start()
        await self.relay.start()
        taken = await self._take_orphans()
        self._task = self.loop.create_task(self._run())
        return taken

    async def close(self) -> None:
        """Give every lease back and tell the followers (others take the tables now), then disconnect."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for job in list(self._jobs):  # (taking over a table, at a server that stops)
            job.cancel()
        with contextlib.suppress(Exception):
            for table_id in await self._lease(self.leases.release_all):
                self._announce(table_id, {"k": "gone"})
        self._lease_thread.shutdown(wait=False)
        for follower in list(self._followers.values()):
            await follower.stop()
        self._followers.clear()
        await self.bus.close()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self._tick()
            except Exception as err:
                log.warning("cluster: a round of leases failed: %s", err)

    async def _tick(self) -> None:
        hub = self.hub
        ours = await self._lease(self.leases.renew)
        done: list[str] = []
        for hosted in list(hub.tables.values()):
            if hosted.remote is not None:
                continue
            if hosted.table.status in FINISHED:
                if hosted.id in ours:
                    done.append(hosted.id)
            elif hosted.id not in ours and not hosted.gone:
                await self._lost(hosted)
        if done:
            await self._lease(self.leases.release, done)
        await self._take_orphans()
        now = hub.clock()
        self._rounds += 1
        if self._rounds % SWEEP_EVERY == 0:
            await self._lease(self.leases.sweep)
        touch = self._rounds % TOUCH_EVERY == 0
        for hook in self.every_few_seconds if touch else ():
            hook()
        for hosted in list(hub.tables.values()):
            if hosted.remote is None:
                continue
            if hub.lifecycle.attended(hosted, now):
                if touch:
                    self.relay.tell(hosted.remote, "touch", table=hosted.id)
            else:
                hub.release(hosted)
        for table_id, follower in list(self._followers.items()):  # mirrors the hub let go otherwise
            if follower.hosted is not None and follower.hosted.gone:
                del self._followers[table_id]
                await follower.stop()
                await self.bus.unsubscribe(table_subject(table_id))

    # -- owning -----------------------------------------------------------------------------------------

    async def new_id(self) -> str:
        """An id for a table about to be made here, its lease already ours."""
        while True:
            table_id = new_table_id()
            if await self._lease(self.leases.claim, table_id):
                return table_id

    async def claim(self, table_id: str) -> bool:
        """Take the lease of a table to be made under an id chosen beforehand (a rematch's, which
        every process derives alike); True if it is ours: of several processes asking, one."""
        return await self._lease(self.leases.claim, table_id)

    async def stored(self, table_id: str) -> bool:
        """Whether the store holds the table (its maker has written it)."""
        try:
            await self.hub.run(self.store.table_info, table_id)
        except StoreError:
            return False
        return True

    async def _take_orphans(self) -> int:
        """Take over the running tables nobody holds a live lease on; how many."""
        ids = await self._lease(self.leases.orphans, SURFACES)
        if not ids:
            return 0
        random.shuffle(ids)  # several survivors share a dead process's tables
        room = asyncio.Semaphore(TAKE_AT_ONCE)

        async def take(table_id: str) -> bool:
            async with room:
                return await self._own(table_id) is not None

        taken = sum(await asyncio.gather(*(take(table_id) for table_id in ids)))
        if taken:
            log.info("cluster: took over %d tables", taken)
        return taken

    async def _own(self, table_id: str) -> Hosted | None:
        """Claim the table and host it here (a mirror of it becomes the owner); None if another
        process holds it."""
        hub = self.hub
        async with self._lock(table_id):
            if not await self._lease(self.leases.claim, table_id):
                return None
            hosted = hub.tables.get(table_id)
            if hosted is not None and hosted.remote is None:
                return hosted
            if hosted is not None:  # a mirror here: it becomes the owner, its connections stay
                follower = self._followers.pop(table_id, None)
                if follower is not None:
                    await follower.stop()
                    await self.bus.unsubscribe(table_subject(table_id))
                await self.catch_up(hosted.table)
                await hub.run(take_over, hosted.table)
                hosted.table.journal = self.journal
                hosted.remote = None
            else:
                try:
                    table = await hub.run(self.store.load, table_id, hub.clock)
                except StoreError as err:
                    log.error("cluster: cannot take table %s over: %s", table_id, err)
                    await self._lease(self.leases.release, [table_id])
                    return None
                table.journal = self.journal
                hosted = hub._adopt(table)
            self._announce(table_id, {"k": "owner", "owner": self.node, "version": hosted.table.version})
            for hook in hub.taking_over:
                await hook(hosted)
            hub.kick(hosted)
            return hosted

    async def _lost(self, hosted: Hosted) -> None:
        """Our lease on a table we host ran out and another process took it: follow that one."""
        owner = await self._lease(self.leases.owner_of, hosted.id)
        if owner is None or owner == self.node:
            await self._own(hosted.id)
            return
        log.warning("table %s: server %s took it over; following it", hosted.id, owner)
        await self._follow(hosted, owner)

    async def catch_up(self, table: Table) -> int:
        """Bring a table to what the store holds."""
        def read() -> tuple[TableInfo, list[Any]]:
            return self.store.table_info(table.id), self.store.log(table.id)

        info, entries = await self.hub.run(read)
        return await self.hub.run(catch_up, table, info, entries)

    async def _lease(self, fn: Callable[..., T], *args: Any) -> T:
        """A lease call in the leases' own thread."""
        return await asyncio.get_running_loop().run_in_executor(self._lease_thread, fn, *args)

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    # -- mirrors ----------------------------------------------------------------------------------------

    async def find(self, table_id: str) -> Hosted | None:
        """A running table that is not in memory here: owned (nobody held it) or mirrored (its
        owner's); None for a finished table or another surface's (the hub reads it as ever)."""
        hub = self.hub
        try:
            info = await hub.run(self.store.table_info, table_id)
        except StoreError:
            return None
        if info.status in FINISHED or info.surface not in SURFACES:
            return None
        for attempt in range(FIND_ATTEMPTS):
            await pause_before(attempt)  # (its lease may be changing hands this instant)
            hosted = hub.tables.get(table_id)
            if hosted is not None:
                return hosted
            owned = await self._own(table_id)
            if owned is not None:
                return owned
            owner = await self._lease(self.leases.owner_of, table_id)
            if owner is not None and owner != self.node:
                return await self._mirror(table_id, owner)
        raise ServerAway("the server playing this table is changing; try again in a moment")

    async def _mirror(self, table_id: str, owner: str) -> Hosted:
        hub = self.hub
        async with self._lock(table_id):
            hosted = hub.tables.get(table_id)
            if hosted is not None:
                return hosted
            follower = Follower(self, table_id)
            self._followers[table_id] = follower
            # subscribed before the table is read: nothing it is told after is missed
            await self.bus.subscribe(table_subject(table_id), follower.heard)
            try:
                table = await hub.run(self.store.load, table_id, hub.clock)
            except BaseException:
                self._followers.pop(table_id, None)
                await self.bus.unsubscribe(table_subject(table_id))
                raise
            table.journal = REFUSING
            hosted = hub._adopt(table, remote=owner)
            follower.start(hosted)
            return hosted

    async def _follow(self, hosted: Hosted, owner: str) -> None:
        """A table hosted here becomes a mirror of `owner`'s."""
        async with self._lock(hosted.id):
            hosted.remote = owner
            hosted.table.journal = REFUSING
            self.hub.pumps.stop(hosted)
            follower = Follower(self, hosted.id)
            self._followers[hosted.id] = follower
            await self.bus.subscribe(table_subject(hosted.id), follower.heard)
            follower.start(hosted)
            await self.catch_up(hosted.table)

    async def owner_gone(self, hosted: Hosted) -> None:
        """The owner let go of the table (it stopped, or adjourned it): take it if people are at
        it here, else let the mirror go."""
        hub = self.hub
        if hub.closed:
            return
        if hub.lifecycle.attended(hosted, hub.clock()):
            self._spawn(self._own(hosted.id))
        else:
            hub.release(hosted)

    async def refresh(self, hosted: Hosted) -> None:
        """A mirror brought to what its owner has committed (nothing for a table of ours)."""
        if (follower := self._followers.get(hosted.id)) is not None:
            await follower.refresh()

    def released(self, hosted: Hosted) -> None:
        """The hub let go of a table: give its lease back, or stop following it."""
        if hosted.remote is None:
            table_id = hosted.id
            self._announce(table_id, {"k": "gone"})
            self._spawn(self._lease(self.leases.release, [table_id]))
            return
        follower = self._followers.pop(hosted.id, None)
        if follower is not None:
            self._spawn(follower.stop())
            self._spawn(self.bus.unsubscribe(table_subject(hosted.id)))

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    # -- the people at a table (chat, presence), between the processes they are on ---------------------

    async def listen_room(self, table_id: str, heard: Callable[[Message], None]) -> None:
        """Hear what the other processes with people at the table say of them (`ion.c.<table>`:
        chat lines, presence), each message with the process it came `from`."""
        def deliver(data: bytes) -> None:
            message = orjson.loads(data)
            if message.get("from") != self.node:
                heard(message)

        await self.bus.subscribe(f"ion.c.{table_id}", deliver)

    def leave_room(self, table_id: str) -> None:
        """Nobody here is at the table any more."""
        self._spawn(self.bus.unsubscribe(f"ion.c.{table_id}"))

    def tell_room(self, table_id: str, message: Message) -> None:
        """Tell the other processes with people at the table (a committed chat line, presence)."""
        self.bus.publish(f"ion.c.{table_id}", orjson.dumps({**message, "from": self.node}))

    # -- what the owner tells -----------------------------------------------------------------------------

    def _announce(self, table_id: str, message: Message) -> None:
        self.bus.publish(table_subject(table_id), orjson.dumps(message))

    def _announce_from_thread(self, table_id: str, message: Message) -> None:
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self._announce, table_id, message)

    def _conflict_from_thread(self, table_id: str) -> None:
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self._conflict, table_id)

    def _conflict(self, table_id: str) -> None:
        """Another process wrote a version of a table we host: see who owns it now."""
        hosted = self.hub.tables.get(table_id)
        if hosted is not None and hosted.remote is None:
            self._spawn(self._lost(hosted))

    # -- relayed calls: the asking side ------------------------------------------------------------------

    async def _call(self, hosted: Hosted, op: str, **fields: Any) -> Message:
        """Run `op` at the table's owner; its answer applied to the mirror (`Follower.sync`)."""
        for attempt in range(FIND_ATTEMPTS):
            await pause_before(attempt)  # (the owner may be changing this instant)
            owner = hosted.remote
            if owner is None:
                raise _Local()
            follower = self._followers.get(hosted.id)
            try:
                call = asyncio.ensure_future(self.relay.call(owner, op, RELAY_SECONDS, table=hosted.id,
                                                             **fields))
                if follower is not None:  # a new owner announced meanwhile: ask that one instead
                    moved = asyncio.ensure_future(follower.owner_changed.wait())
                    await asyncio.wait((call, moved), return_when=asyncio.FIRST_COMPLETED)
                    moved.cancel()
                    if not call.done():
                        call.cancel()
                        continue
                answer = await call
            except Unanswered:
                now_owner = await self._owner_after_silence(hosted.id, owner)
                if now_owner == self.node:
                    raise _Local() from None  # its owner is gone: the table is ours now
                if now_owner is not None and now_owner != owner:
                    hosted.remote = now_owner  # another process took it over meanwhile: ask that one
                    continue
                raise ServerAway("the server playing this table does not answer; try again in a few "
                                 "seconds") from None
            if answer.get("error") == "moved":
                new = await self._lease(self.leases.owner_of, hosted.id)
                if new is None or new == self.node:
                    if await self._own(hosted.id) is None:
                        continue
                    raise _Local()
                hosted.remote = new
                continue
            if follower is not None and "version" in answer:
                await follower.sync(answer)
            return answer
        raise ServerAway("the server playing this table is changing; try again in a moment")

    async def _owner_after_silence(self, table_id: str, silent: str) -> str | None:
        """Who plays the table now that its owner `silent` did not answer: this process (taken
        here), another (it took the table, perhaps this instant), or `silent` (alive but slow; or
        dead, its lease running out a moment later: looked at again after a round)."""
        for again in (True, False):
            owner = await self._lease(self.leases.owner_of, table_id)
            if owner is None:
                if await self._own(table_id) is not None:
                    return self.node
                owner = await self._lease(self.leases.owner_of, table_id)
            if owner != silent or not again:
                return owner
            await asyncio.sleep(self.every)
        return None

    async def submit(self, hosted: Hosted, seat: int, text: str, version: int | None,
                     local: Callable[[], Any]) -> Update:
        """A move at a table another process owns."""
        try:
            answer = await self._call(hosted, "submit", seat=seat, text=text, expected=version)
        except _Local:
            result: Update = await local()
            return result
        raise_refusal(answer)
        table = hosted.table
        if answer.get("stale"):
            expected, current = int(answer["expected"]), int(answer["current"])
            update = await self.hub.run(table.update, seat, min(expected, current))
            raise StaleSubmit(expected, current, update)
        return await self.hub.run(table.update, seat, version)

    async def relayed(self, hosted: Hosted, op: str, local: Callable[[], Any], **fields: Any) -> Any:
        """`sit`, `seat_bot`, `leave`, `attend` at a table another process owns; `local` runs
        instead when it turns out to be ours."""
        try:
            answer = await self._call(hosted, op, **fields)
        except _Local:
            return await local()
        raise_refusal(answer)
        return answer.get("token")

    # -- relayed calls: the owner's side -----------------------------------------------------------------

    async def _serve(self, message: Message) -> Message | None:
        return await serve(self.hub, message)


class _Local(Exception):
    """The table turned out to be this process's own."""


__all__ = ["Cluster", "Follower", "ServerAway", "table_subject"]
