"""The hub: every table one `ion serve` hosts, driven from the event loop without blocking it.

A web table is an `ionarena.host.Table` journaling to the `ionarena.store.Store`. The hub owns
no rules and no sockets; it

- runs people's calls into a table (moves, seats, reads) in the `moves` threads, and has its
  tables pumped (`web.pumps`: one timer per table, pumps in the lanes of a `host.botpool.BotPool`)
  — so a thinking bot or a slow commit never holds up the event loop, another table's quick bot,
  or a person's move, and a table's lock is only ever waited on in a worker thread;
- starts a table once no seat is open (a seated person may fill the open seats with bots:
  `seat_bot`), and resumes the web's unfinished tables from the store when the server starts
  (`open`): those it made (`surface="web"`) and those made before tables named their surface —
  never the IRC bot's or a terminal's, which their own processes host;
- follows each table's life with `web.lifecycle` (who is at it; adjourning, expiry, letting go)
  and holds makers to their quotas with `web.quota` (`Limits` holds every bound);
- keeps its tables in memory (`web.hosted`: a `Hosted` per table; adopting, noting the finished,
  letting go, counting the waiting: `Hub` inherits that part);
- holds the tables the lobby lists (`web.lobby`). Ids are 128 random bits and say nothing about
  the table.

Bots are held to a budget (`check_bot`): a web table takes the levels, `random`, `greedy` and
ISMCTS with at most `MAX_BOT_MS` milliseconds or `MAX_BOT_ITERS` iterations a move.

One of several servers of a site (`ion serve --bus`, `ionarena.cluster`), the hub hosts the
running tables it holds the lease of, and keeps a *mirror* of another server's table while people
here are at it (`Hosted.remote` names that server): a move, a seat taken, a bot seated or a person
leaving there is relayed to the owner, and its states follow what the owner commits. A hub
without a cluster (`cluster=None`, every single server) never leaves its own paths for that.

A table made with a chosen seed is a *practice deal*: whoever chose the seed can rebuild every
hand, so the seed is shown to everyone who looks at the table (its facts, its states, the lobby)
before they sit, and kept with the table as its label `practice`.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar, TypeVarTuple

from ..core import IllegalAction, StaleAction, UnknownGame, get_spec
from ..host import WEB, Table, TableSettings, Update
from ..host.botpool import BotPool
from ..store import Store, StoreError
from .hosted import Hosted, TablesInMemory
from .lifecycle import FINISHED, Lifecycle
from .limits import Limits
from .payload import PRACTICE
from .pumps import PUMP_MOVES, Pumps
from .quota import Maker, Quota, ServerFull
from .seating import MAX_BOT_ITERS, MAX_BOT_MS, SeatPlan, check_bot
from .wording import named_refusals

if TYPE_CHECKING:
    from ..cluster import Cluster

log = logging.getLogger(__name__)

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

MAKER = "maker"
"""The label that keeps a short hash of who made the table (`web.quota`)."""


class NotFound(LookupError):
    """No table with that id (or it is not ours to show)."""


class Hub(TablesInMemory):
    """Every table of one server (see the module docstring)."""

    def __init__(self, store: Store, *, limits: Limits | None = None, workers: int = 4,
                 bot_delay: float = 0.8, clock: Callable[[], float] = time.monotonic,
                 cluster: Cluster | None = None):
        """A hub over `store`. `bot_delay`: seconds a bot waits before moving at untimed tables
        (people follow the game); `workers`: threads for people's calls; `limits`: every bound;
        `cluster`: this process is one of several over one store and bus (`ionarena.cluster`)."""
        self.store = store
        self.cluster = cluster
        self.limits = limits or Limits()
        self.clock = clock
        self.bot_delay = bot_delay
        self.workers = workers
        self.moves, self.pool = self._pools()
        self.pumps = Pumps(self)
        self.tables: dict[str, Hosted] = {}
        self.over: dict[str, None] = {}
        """Ids of the finished tables in memory, in the order they finished."""
        self.unstarted: dict[str, Hosted] = {}
        self.lifecycle = Lifecycle(self)
        self.quota = Quota(self.limits)
        self._lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closed = False
        # people (classes): tables held by their teacher, and who hears of refused moves
        self.held: dict[str, str] = {}
        """Table id -> why nothing moves there now (a class's paused table): bots and people wait."""
        self.refusal_hooks: list[Callable[[Hosted, int, str, str], Awaitable[None]]] = []
        """Awaited with (table, seat, text, reason) when a person's move is refused (not stale)."""
        self.seat_finders: list[Callable[[Hosted, str], Awaitable[int | None]]] = []
        """Asked for the seat of a token that is no seat token (a student's, an account's)."""
        self.calls: dict[str, Callable[[Hosted, dict[str, Any]], Awaitable[dict[str, Any]]]] = {}
        """More calls another process of a cluster may relay to the owner of a table, by name (the
        web's rematch): each answers what the asker needs (`token`)."""
        self.labels_followed: list[Callable[[Hosted, dict[str, str]], None]] = []
        """Called on the loop with (table, its labels before) when a mirror's labels change as its
        owner told (a cluster's: the spectators' chat opened or closed at another process)."""
        self.taking_over: list[Callable[[Hosted], Awaitable[None]]] = []
        """Awaited when this process of a cluster takes a table over from another, before it is
        pumped (a class's pause is held here too)."""

    # -- life -------------------------------------------------------------------------------------------

    async def open(self) -> int:
        """Close the waiting tables that expired while the server was down, then resume every
        unfinished table from the store; return how many. A hub closed before opens again with
        fresh threads (an app's lifespan may run more than once)."""
        self.loop = asyncio.get_running_loop()
        if self.closed:
            self.moves, self.pool = self._pools()
            self.closed = False
        if self.cluster is not None:  # the tables nobody else holds (each owner expires its own)
            resumed = await self.cluster.open(self)
        else:
            expired = await self.run(self.lifecycle.expire_stored)
            if expired:
                log.info("closed %d tables that waited for players too long", len(expired))
            tables = await self.run(lambda: self.store.resume(self.clock, surfaces=(WEB, None)))
            for table in tables:
                self._adopt(table)
            resumed = len(tables)
        await self.lifecycle.date_waiting()
        for hosted in list(self.tables.values()):
            self.kick(hosted)
        self.lifecycle.start()
        return resumed

    async def close(self) -> None:
        """Stop every timer and wait for running calls (the store keeps everything accepted)."""
        self.closed = True
        await self.lifecycle.stop()
        if self.cluster is not None:
            await self.cluster.close()
        for hosted in self.tables.values():
            self.pumps.stop(hosted)
        await asyncio.get_running_loop().run_in_executor(None, self._shutdown)

    def _pools(self) -> tuple[ThreadPoolExecutor, BotPool]:
        limits = self.limits
        return (ThreadPoolExecutor(self.workers, thread_name_prefix="ion-moves"),
                BotPool(quick=limits.quick_threads, clocks=limits.clock_threads, slots=limits.searching,
                        processes=limits.processes))

    def _shutdown(self) -> None:
        self.pumps.close()
        self.pool.close()
        self.moves.shutdown(wait=True, cancel_futures=True)

    async def run(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """`fn(*args)` in a worker thread (people's calls and reads)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.moves, fn, *args)

    # -- tables -----------------------------------------------------------------------------------------

    async def create(self, game: str, *, players: int | None, variant: str | None, seats: Sequence[SeatPlan],
                     seed: int | None = None, options: Mapping[str, Any] | None = None, listed: bool = True,
                     move_limit: float | None = None, bot_delay: float | None = None,
                     reaction_time: float | None = None, start: bool = True,
                     maker: Maker | None = None, table_id: str | None = None,
                     labels: Mapping[str, str] | None = None) -> tuple[Hosted, dict[int, str]]:
        """A new table; returns it and the tokens of its `human` seats (by seat). `maker`: who
        asks (held to the quotas); a chosen `seed` makes it a practice deal. `start=False`: it waits
        even with no seat open, until its maker starts it (a rematch waits for its people). `table_id`: an
        id whose lease this process holds already (a cluster's rematch); else a new one. `labels`:
        kept with the table from its first write (a rematch's)."""
        spec = get_spec(game)
        count = players if players is not None else len(seats) if seats else None
        if seats and count is not None and len(seats) != count:
            raise IllegalAction(f"{len(seats)} seats given for {count} players")
        bots = {seat: check_bot(plan.bot or "greedy", spec.id)
                for seat, plan in enumerate(seats) if plan.kind == "bot"}
        settings = TableSettings(move_limit=None if spec.timed else move_limit,
                                 bot_delay=self.bot_delay if bot_delay is None else bot_delay,
                                 reaction_time=reaction_time)
        will_wait = (not start or any(plan.kind == "open" for plan in seats)
                     or (count is not None and len(seats) < count))
        waiting, by_maker = self.waiting()  # once, for the quota and for the cap
        makers = self.quota.admit(maker, by_maker, will_wait) if maker is not None else ()
        # (after the quota: a flooder makes nobody else's table adjourn)
        await self._room_for(will_wait, waiting)
        labels = {**(labels or {}), **({MAKER: makers[0]} if makers else {})}
        if seed is not None:
            labels[PRACTICE] = str(seed)

        cluster = self.cluster
        if table_id is None and cluster is not None:
            table_id = await cluster.new_id()  # leased before it is written

        def make() -> tuple[Table, dict[int, str]]:
            # seated and started before it is written, then written once as it stands (one insert
            # for the table and one for its seats, not one write a change): a server that dies
            # while making it (a cluster's: another takes over what it leaves) leaves the whole
            # table or none, never one with a seat still open. (A cluster's journal announces the
            # write before its commit, to nobody: no process follows a table the store does not
            # hold yet.)
            table = Table(spec.id, count, bots=bots, seed=seed, variant=variant, options=options,
                          settings=settings, clock=self.clock, listed=listed, surface=WEB, labels=labels,
                          table_id=table_id)
            tokens = {seat: table.sit(seat, plan.name or f"Player {seat}")
                      for seat, plan in enumerate(seats) if plan.kind == "human"}
            if start:
                self._start_if_full(table)
            table.open_in(self.store if cluster is None else cluster.journal)
            return table, tokens

        table, tokens = await self.run(make)
        hosted = self._adopt(table, makers)
        hosted.silent = cluster is None  # (a site's other servers may take its chat: read it then)
        self.kick(hosted)
        return hosted, tokens

    async def _room_for(self, will_wait: bool, waiting: int) -> None:
        """Room for one more table (see `web.lifecycle`), or `ServerFull`; `waiting`: how many
        tables in memory wait for players."""
        limits = self.limits
        self.trim(limits.keep_finished)
        if len(self.tables) >= limits.max_tables:
            self.trim(0)
            await self.lifecycle.make_room()
            waiting = self.waiting()[0]  # making room may have let waiting tables go
        if len(self.tables) >= limits.max_tables:
            raise ServerFull("this server hosts as many tables as it can; try again in a few minutes")
        if will_wait and waiting >= limits.max_waiting:
            raise ServerFull("too many tables are waiting for players on this server; try again in a few "
                             "minutes, or fill the seats with bots")

    @staticmethod
    def _start_if_full(table: Table) -> None:
        if table.status == "waiting" and all(info.kind != "open" for info in table.seats):
            table.start()

    async def find(self, table_id: str) -> Hosted:
        """The table with this id (read back from the store if it is not in memory), and someone
        is at it now; `NotFound`, also for an unfinished table that another surface hosts (the web
        must not play it too)."""
        if not isinstance(table_id, str) or not 8 <= len(table_id) <= 64:
            raise NotFound(table_id)
        hosted = self.tables.get(table_id)
        if hosted is None and self.cluster is not None:
            hosted = await self.cluster.find(table_id)
        if hosted is None:
            try:
                table = await self.run(self.store.load, table_id, self.clock)
            except StoreError:
                raise NotFound(table_id) from None
            if table.surface not in (WEB, None) and table.status not in FINISHED:
                raise NotFound(table_id)  # another process (the IRC bot, a terminal) hosts it
            hosted = self._adopt(table)
            self.kick(hosted)
        self.touch(hosted)
        return hosted

    async def current(self, hosted: Hosted) -> Hosted:
        """The table as committed: another process's table (a mirror, told over the bus) is read
        again from the store first. For a decision taken from its seats or status here."""
        if hosted.remote is not None and self.cluster is not None:
            await self.cluster.refresh(hosted)
        return hosted

    def touch(self, hosted: Hosted) -> None:
        """Someone is at the table now: its bots may move again (on the loop)."""
        hosted.touched = self.clock()
        if hosted.dormant:
            hosted.dormant = False
            self.kick(hosted)

    def watch(self, hosted: Hosted, change: int) -> None:
        """A connection opened (+1) or closed (-1) on the table (on the loop)."""
        hosted.watchers += change
        self.touch(hosted)

    async def attend(self, hosted: Hosted, seat: int | None) -> None:
        """Someone — `seat`'s person, or a spectator (None) — is at the table: an adjourned table
        goes on if they may resume it (see `web.lifecycle`)."""
        self.touch(hosted)
        table = hosted.table
        if table.status != "adjourned" or (seat is None and not self.lifecycle.personless(hosted)):
            return
        if hosted.remote is not None:
            assert self.cluster is not None
            await self.cluster.relayed(hosted, "attend", lambda: self.attend(hosted, seat), seat=seat)
            return
        try:
            await self.run(table.resume)
        except IllegalAction:
            return  # someone else resumed it (or it closed) meanwhile
        if hosted.gone:  # let go while adjourned: it is hosted again
            with self._lock:
                if hosted.id not in self.tables:
                    self.tables[hosted.id] = hosted
                    hosted.gone = False
        self.kick(hosted)

    # -- people -----------------------------------------------------------------------------------------

    async def sit(self, hosted: Hosted, seat: int, name: str) -> str:
        """Seat a person in an open seat; the table starts once no seat is open (an adjourned one
        goes on). Returns the token."""
        if hosted.remote is not None:
            assert self.cluster is not None
            token: str = await self.cluster.relayed(hosted, "sit", lambda: self.sit(hosted, seat, name),
                                                    seat=seat, name=name)
            return token

        def sit() -> str:
            token = hosted.table.sit(seat, name)
            self._start_if_full(hosted.table)
            return token
        with named_refusals(hosted.table, None):
            token = await self.run(sit)
        hosted.since = self.clock()
        await self.attend(hosted, seat)
        self.kick(hosted)
        return token

    async def seat_bot(self, hosted: Hosted, seat: int, spec: str) -> None:
        """Put a bot in an open seat (within this server's budget); the table starts once no seat
        is open."""
        bot = check_bot(spec, hosted.table.game)
        if hosted.remote is not None:
            assert self.cluster is not None
            await self.cluster.relayed(hosted, "seat_bot", lambda: self.seat_bot(hosted, seat, spec),
                                       seat=seat, bot=spec)
            return

        def seat_bot() -> None:
            hosted.table.seat_bot(seat, bot)
            self._start_if_full(hosted.table)

        with named_refusals(hosted.table, None):
            await self.run(seat_bot)
        hosted.since = self.clock()
        self.kick(hosted)

    async def leave(self, hosted: Hosted, seat: int) -> None:
        """The person in `seat` goes (the takeover bot plays on for them)."""
        if hosted.remote is not None:
            assert self.cluster is not None
            await self.cluster.relayed(hosted, "leave", lambda: self.leave(hosted, seat), seat=seat)
            return
        await self.run(hosted.table.leave, seat)
        self.kick(hosted)

    async def submit(self, hosted: Hosted, seat: int, text: str, version: int | None) -> Update:
        """A person's move; bots that are due answer at once in the bots' pool (and the table's
        timer is set for whatever comes next)."""
        table = hosted.table
        if hosted.remote is not None:  # another process plays it: relayed there (it knows if held)
            assert self.cluster is not None
            return await self.cluster.submit(hosted, seat, text, version,
                                             lambda: self.submit(hosted, seat, text, version))
        if hosted.id in self.held:
            raise IllegalAction(self.held[hosted.id])

        def submit() -> tuple[Update, float | None]:
            update = table.submit(seat, text, version)
            return update, table.wake()

        try:
            with named_refusals(table, seat):
                update, wake = await self.run(submit)
        except IllegalAction as err:
            if not isinstance(err, StaleAction):
                for hook in self.refusal_hooks:
                    await hook(hosted, seat, text, str(err))
            raise
        self.pumps.moved(hosted, wake)
        return update

    def hold(self, hosted: Hosted, reason: str) -> None:
        """Nothing moves at the table until `unhold`: bots wait, people's moves are refused with
        `reason`. (A timed game's clock would run on: hold only untimed tables.)"""
        self.held[hosted.id] = reason
        self.pumps.stop(hosted)

    def unhold(self, hosted: Hosted) -> None:
        """The held table moves again (bots that came due meanwhile move now)."""
        if self.held.pop(hosted.id, None) is not None:
            self.kick(hosted)

    async def pause(self, hosted: Hosted, reason: str) -> None:
        """`hold` the table where it is played (relayed to its owner in a cluster)."""
        if hosted.remote is not None:
            assert self.cluster is not None
            await self.cluster.relayed(hosted, "hold", lambda: self.pause(hosted, reason), reason=reason)
            self.held[hosted.id] = reason  # (kept here too: should this process take the table over)
            return
        self.hold(hosted, reason)

    async def unpause(self, hosted: Hosted) -> None:
        """`unhold` the table where it is played (relayed to its owner in a cluster)."""
        if hosted.remote is not None:
            assert self.cluster is not None
            await self.cluster.relayed(hosted, "unhold", lambda: self.unpause(hosted))
            self.held.pop(hosted.id, None)
            return
        self.unhold(hosted)

    async def abandon(self, hosted: Hosted) -> None:
        """End a running table where it is played (what was played is kept): no longer held, its
        status abandoned (relayed to its owner in a cluster)."""
        if hosted.remote is not None:
            assert self.cluster is not None
            await self.cluster.relayed(hosted, "abandon", lambda: self.abandon(hosted))
            return
        self.unhold(hosted)
        await self.run(hosted.table.abandon)
        self.kick(hosted)

    async def authenticate(self, hosted: Hosted, token: str | None) -> int | None:
        """The seat of `token` at this table, or None."""
        if not token:
            return None
        seat = await self.run(hosted.table.authenticate, token)
        for finder in self.seat_finders if seat is None else ():
            seat = await finder(hosted, token)
            if seat is not None:
                break
        return seat

    def kick(self, hosted: Hosted) -> None:
        """Pump the table soon (in the bots' pool) and set its timer from the result. Thread-safe."""
        self.pumps.kick(hosted)


def check_game(game: object) -> str:
    """A known game id, or `UnknownGame`."""
    return get_spec(game if isinstance(game, str) else str(game)).id


__all__ = ["MAX_BOT_ITERS", "MAX_BOT_MS", "PUMP_MOVES", "Hosted", "Hub", "NotFound", "SeatPlan",
           "UnknownGame", "check_bot", "check_game"]
