"""The hub: every table one `ion serve` hosts, driven from the event loop without blocking it.

A web table is an `ionarena.host.Table` journaling to the `ionarena.store.Store`. The hub owns
no rules and no sockets; it

- runs every call into a table in a thread pool (`moves` for people's moves, seats and reads;
  `bots` for `pump` at untimed tables, where bots think; `clocks` for `pump` at timed tables, so
  bank's timeouts fire on time however long bots elsewhere think), so a thinking bot or a slow
  commit never holds up the event loop, and a table's lock is only ever waited on in a worker thread;
- keeps one timer per table at the wake-up time `pump` returned, so bots move and bank's
  timeouts fire on time; a pump makes at most `PUMP_MOVES` moves, then the table waits its turn
  in the pool again, so a table of bots that move at once never holds a thread to its end;
- starts a table once no seat is open (a seated person may fill the open seats with bots:
  `seat_bot`), and resumes the web's unfinished tables from the store when the server starts
  (`open`): those it made (`surface="web"`) and those made before tables named their surface —
  never the IRC bot's or a terminal's, which their own processes host;
- lists tables for the lobby: `listed` ones only (the store keeps the flag with the table); a
  table made "by invite" is never listed and is found only through its link. Ids are 128 random
  bits and say nothing about the table.

Bots are held to a budget (`check_bot`): a web table takes the levels, `random`, `greedy` and
ISMCTS with at most `MAX_BOT_MS` milliseconds or `MAX_BOT_ITERS` iterations a move.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..agents import BadAgentSpec, check_spec
from ..core import IllegalAction, StaleAction, UnknownGame, get_spec, quote
from ..host import WEB, Bot, Table, TableSettings, Update
from ..store import Store, StoreError

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_BOT_MS = 3000
"""The most thinking time a web table's ISMCTS bot may ask for, in milliseconds a move."""
MAX_BOT_ITERS = 50_000
"""The most ISMCTS iterations a move a web table's bot may ask for."""
MAX_TABLES = 2000
"""Tables hosted at once (finished ones are let go first)."""
KEEP_FINISHED = 200
"""Finished tables kept in memory (others are read back from the store when asked for)."""
PUMP_MOVES = 4
"""Most moves one pump of a table makes before other tables get the thread."""


def check_bot(spec: str, game: str) -> str:
    """`spec` if a web table may seat that bot (see the module docstring), else `IllegalAction`."""
    try:
        bot = Bot.parse(spec)
        parsed = check_spec(bot.name, game)
    except BadAgentSpec as err:
        raise IllegalAction(str(err)) from None
    if parsed.name == "ismcts":
        ms, iters = parsed.params.get("ms"), parsed.params.get("iters")
        if (ms is not None and float(ms) > MAX_BOT_MS) or (iters is not None and int(iters) > MAX_BOT_ITERS):
            raise IllegalAction(f"bot {quote(spec)} thinks too long for this server: at most ms={MAX_BOT_MS} "
                                f"or iters={MAX_BOT_ITERS}")
    return str(bot)


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat of a table to be made: `human` (seated now, a token returned), `open`, or a bot."""

    kind: str
    bot: str | None = None
    name: str | None = None

    @classmethod
    def parse(cls, text: object, name: object = None) -> SeatPlan:
        """`human`, `open`, `bot` (greedy) or `bot:<spec>` (e.g. `bot:hard`, `bot:ismcts:ms=300`)."""
        if not isinstance(text, str):
            raise IllegalAction(f"a seat is 'human', 'open' or 'bot:<name>', not {quote(text)}")
        word = text.strip()
        if word in ("human", "person"):
            return cls("human", name=name if isinstance(name, str) and name.strip() else None)
        if word == "open":
            return cls("open")
        if word == "bot":
            return cls("bot", bot="greedy")
        if word.startswith("bot:") and word[4:].strip():
            return cls("bot", bot=word[4:].strip())
        raise IllegalAction(f"a seat is 'human', 'open' or 'bot:<name>', not {quote(text)}")


@dataclass
class Hosted:
    """A table as the hub keeps it."""

    table: Table
    timer: asyncio.TimerHandle | None = None
    wake: float | None = None
    pumping: bool = False
    again: bool = False
    watchers: int = 0
    finished_at: float | None = None
    pushed: dict[int, tuple[Update, float, str]] = field(default_factory=dict)
    """Each update pushed at the current version, encoded once for all the connections of its
    seat (see `sockets`): id(update) -> (update, when encoded, text)."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.table.id


class NotFound(LookupError):
    """No table with that id (or it is not ours to show)."""


class Hub:
    """Every table of one server (see the module docstring)."""

    def __init__(self, store: Store, *, workers: int = 4, bot_workers: int = 2, bot_delay: float = 0.8,
                 clock: Callable[[], float] = time.monotonic):
        """A hub over `store`. `bot_delay`: seconds a bot waits before moving at untimed tables
        (people follow the game); `workers`/`bot_workers`: threads for people's calls and for bots."""
        self.store = store
        self.clock = clock
        self.bot_delay = bot_delay
        self.workers = (workers, bot_workers)
        self.moves, self.bots, self.clocks = self._pools()
        self.tables: dict[str, Hosted] = {}
        self.over: dict[str, None] = {}
        """Ids of the finished tables in memory, in the order they finished."""
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

    # -- life -------------------------------------------------------------------------------------------

    async def open(self) -> int:
        """Resume every unfinished table from the store; return how many. A hub closed before
        opens again with fresh threads (an app's lifespan may run more than once)."""
        self.loop = asyncio.get_running_loop()
        if self.closed:
            self.moves, self.bots, self.clocks = self._pools()
            self.closed = False
        tables = await self.run(lambda: self.store.resume(self.clock, surfaces=(WEB, None)))
        for table in tables:
            self._adopt(table)
        for hosted in list(self.tables.values()):
            self.kick(hosted)
        return len(tables)

    async def close(self) -> None:
        """Stop every timer and wait for running calls (the store keeps everything accepted)."""
        self.closed = True
        for hosted in self.tables.values():
            if hosted.timer is not None:
                hosted.timer.cancel()
        await asyncio.get_running_loop().run_in_executor(None, self._shutdown)

    def _pools(self) -> tuple[ThreadPoolExecutor, ThreadPoolExecutor, ThreadPoolExecutor]:
        return (ThreadPoolExecutor(self.workers[0], thread_name_prefix="ion-moves"),
                ThreadPoolExecutor(self.workers[1], thread_name_prefix="ion-bots"),
                ThreadPoolExecutor(2, thread_name_prefix="ion-clocks"))

    def _shutdown(self) -> None:
        for pool in (self.bots, self.clocks, self.moves):
            pool.shutdown(wait=True, cancel_futures=True)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in a worker thread (people's calls and reads)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.moves, fn, *args)

    # -- tables -----------------------------------------------------------------------------------------

    def _adopt(self, table: Table) -> Hosted:
        with self._lock:
            hosted = self.tables.get(table.id)
            if hosted is None:
                hosted = self.tables[table.id] = Hosted(table)
                if table.status in ("over", "abandoned"):
                    self._finished(hosted)
            return hosted

    def _finished(self, hosted: Hosted) -> None:
        hosted.finished_at = self.clock()
        self.over[hosted.id] = None

    async def create(self, game: str, *, players: int | None, variant: str | None, seats: Sequence[SeatPlan],
                     seed: int | None = None, options: Mapping[str, Any] | None = None, listed: bool = True,
                     move_limit: float | None = None, bot_delay: float | None = None,
                     reaction_time: float | None = None) -> tuple[Hosted, dict[int, str]]:
        """A new table; returns it and the tokens of its `human` seats (by seat)."""
        self._make_room()
        spec = get_spec(game)
        count = players if players is not None else len(seats) if seats else None
        if seats and count is not None and len(seats) != count:
            raise IllegalAction(f"{len(seats)} seats given for {count} players")
        bots = {seat: check_bot(plan.bot or "greedy", spec.id)
                for seat, plan in enumerate(seats) if plan.kind == "bot"}
        settings = TableSettings(move_limit=None if spec.timed else move_limit,
                                 bot_delay=self.bot_delay if bot_delay is None else bot_delay,
                                 reaction_time=reaction_time)

        def make() -> tuple[Table, dict[int, str]]:
            table = Table(spec.id, count, bots=bots, seed=seed, variant=variant, options=options,
                          settings=settings, clock=self.clock, journal=self.store, listed=listed, surface=WEB)
            tokens = {seat: table.sit(seat, plan.name or f"Player {seat}")
                      for seat, plan in enumerate(seats) if plan.kind == "human"}
            self._start_if_full(table)
            return table, tokens

        table, tokens = await self.run(make)
        hosted = self._adopt(table)
        self.kick(hosted)
        return hosted, tokens

    @staticmethod
    def _start_if_full(table: Table) -> None:
        if table.status == "waiting" and all(info.kind != "open" for info in table.seats):
            table.start()

    async def find(self, table_id: str) -> Hosted:
        """The table with this id (read back from the store if it is not in memory); `NotFound`,
        also for an unfinished table that another surface hosts (the web must not play it too)."""
        if not isinstance(table_id, str) or not 8 <= len(table_id) <= 64:
            raise NotFound(table_id)
        hosted = self.tables.get(table_id)
        if hosted is not None:
            return hosted
        try:
            table = await self.run(self.store.load, table_id, self.clock)
        except StoreError:
            raise NotFound(table_id) from None
        if table.surface not in (WEB, None) and table.status in ("waiting", "playing"):
            raise NotFound(table_id)  # another process (the IRC bot, a terminal) hosts it
        hosted = self._adopt(table)
        self.kick(hosted)
        return hosted

    def _make_room(self) -> None:
        """Let go of the finished tables longest over (nobody watching them) beyond `KEEP_FINISHED`,
        and refuse a new table when `MAX_TABLES` are hosted."""
        with self._lock:
            excess = max(len(self.over) - KEEP_FINISHED, len(self.tables) - MAX_TABLES + 1, 0)
            gone: list[str] = []
            for table_id in self.over if excess else ():  # the longest over first
                if len(gone) == excess:
                    break
                hosted = self.tables.get(table_id)
                if hosted is None or not hosted.watchers:
                    gone.append(table_id)
            for table_id in gone:
                del self.over[table_id]
                self.tables.pop(table_id, None)
            if len(self.tables) >= MAX_TABLES:
                raise IllegalAction("this server hosts as many tables as it can; try again later")

    # -- people -----------------------------------------------------------------------------------------

    async def sit(self, hosted: Hosted, seat: int, name: str) -> str:
        """Seat a person in an open seat; the table starts once no seat is open. Returns the token."""
        def sit() -> str:
            token = hosted.table.sit(seat, name)
            self._start_if_full(hosted.table)
            return token
        token = await self.run(sit)
        self.kick(hosted)
        return token

    async def seat_bot(self, hosted: Hosted, seat: int, spec: str) -> None:
        """Put a bot in an open seat (within this server's budget); the table starts once no seat
        is open."""
        bot = check_bot(spec, hosted.table.game)

        def seat_bot() -> None:
            hosted.table.seat_bot(seat, bot)
            self._start_if_full(hosted.table)

        await self.run(seat_bot)
        self.kick(hosted)

    async def leave(self, hosted: Hosted, seat: int) -> None:
        """The person in `seat` goes (the takeover bot plays on for them)."""
        await self.run(hosted.table.leave, seat)
        self.kick(hosted)

    async def submit(self, hosted: Hosted, seat: int, text: str, version: int | None) -> Update:
        """A person's move; bots that are due answer at once in the bots' pool (and the table's
        timer is set for whatever comes next)."""
        table = hosted.table
        if hosted.id in self.held:
            raise IllegalAction(self.held[hosted.id])

        def submit() -> tuple[Update, float | None]:
            update = table.submit(seat, text, version)
            return update, table.wake()

        try:
            update, wake = await self.run(submit)
        except IllegalAction as err:
            if not isinstance(err, StaleAction):
                for hook in self.refusal_hooks:
                    await hook(hosted, seat, text, str(err))
            raise
        self._schedule(hosted, wake)
        return update

    def hold(self, hosted: Hosted, reason: str) -> None:
        """Nothing moves at the table until `release`: bots wait, people's moves are refused with
        `reason`. (A timed game's clock would run on: hold only untimed tables.)"""
        self.held[hosted.id] = reason
        if hosted.timer is not None:
            hosted.timer.cancel()
            hosted.timer = None

    def release(self, hosted: Hosted) -> None:
        """The table moves again (bots that came due meanwhile move now)."""
        if self.held.pop(hosted.id, None) is not None:
            self.kick(hosted)

    def _schedule(self, hosted: Hosted, wake: float | None) -> None:
        """On the loop: pump now if something is due, else set the table's timer for `wake`."""
        if self.closed:
            return
        if hosted.pumping:
            hosted.again = True
            return
        if wake is not None and wake <= self.clock():
            self._kick(hosted)
            return
        if hosted.timer is not None:
            hosted.timer.cancel()
            hosted.timer = None
        hosted.wake = wake
        if wake is not None:
            assert self.loop is not None
            hosted.timer = self.loop.call_later(max(0.0, wake - self.clock()), self._kick, hosted)

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

    # -- the schedule -----------------------------------------------------------------------------------

    def kick(self, hosted: Hosted) -> None:
        """Pump the table soon (in the bots' pool) and set its timer from the result. Thread-safe."""
        loop = self.loop
        if loop is None or self.closed:
            return
        if _in_loop(loop):
            self._kick(hosted)
        else:
            loop.call_soon_threadsafe(self._kick, hosted)

    def _kick(self, hosted: Hosted) -> None:
        if self.closed or hosted.id in self.held:
            return
        if hosted.pumping:
            hosted.again = True
            return
        if hosted.timer is not None:
            hosted.timer.cancel()
            hosted.timer = None
        hosted.pumping = True
        assert self.loop is not None
        pool = self.clocks if hosted.table.spec.timed else self.bots
        future = self.loop.run_in_executor(pool, self._pump, hosted)
        future.add_done_callback(lambda done: self._pumped(hosted, done))

    def _pump(self, hosted: Hosted) -> float | None:
        try:
            return hosted.table.pump(max_moves=PUMP_MOVES)
        except Exception:
            log.exception("table %s: pump failed", hosted.id)
            return None

    def _pumped(self, hosted: Hosted, done: asyncio.Future[float | None]) -> None:
        hosted.pumping = False
        if self.closed or done.cancelled():
            return
        if hosted.table.status in ("over", "abandoned") and hosted.finished_at is None:
            with self._lock:
                self._finished(hosted)
        if hosted.again:
            hosted.again = False
            self._kick(hosted)
            return
        wake = done.result()
        hosted.wake = wake
        if wake is not None:
            assert self.loop is not None
            hosted.timer = self.loop.call_later(max(0.0, wake - self.clock()), self._kick, hosted)

    # -- the lobby --------------------------------------------------------------------------------------

    def listing(self) -> list[dict[str, Any]]:
        """Listed tables in memory: waiting and playing first, then finished, newest first."""
        rows = []
        for hosted in list(self.tables.values()):
            table = hosted.table
            if not table.listed:
                continue
            rows.append({"id": table.id, "game": table.game, "variant": table.info().variant,
                         "players": table.players, "status": table.status, "version": table.version,
                         "seats": [info.public() for info in table.seats],
                         "open": [info.seat for info in table.seats if info.kind == "open"]})
        order = {"waiting": 0, "playing": 1, "over": 2, "abandoned": 3}
        rows.sort(key=lambda r: order.get(str(r["status"]), 9))
        return rows

    async def finished(self, limit: int = 30) -> list[dict[str, Any]]:
        """Listed finished tables from the store, newest first."""
        rows = await self.run(lambda: self.store.tables("over", limit, listed=True))
        return [{"id": r.id, "game": r.game, "variant": r.variant, "players": r.players, "status": r.status,
                 "names": list(r.names), "actions": r.actions,
                 "finished_at": r.finished_at.isoformat() if r.finished_at else None}
                for r in rows]


def _in_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def check_game(game: object) -> str:
    """A known game id, or `UnknownGame`."""
    return get_spec(game if isinstance(game, str) else str(game)).id


__all__ = ["MAX_BOT_ITERS", "MAX_BOT_MS", "PUMP_MOVES", "Hosted", "Hub", "NotFound", "SeatPlan",
           "UnknownGame", "check_bot", "check_game"]
