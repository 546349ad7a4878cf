"""When the hub's tables are pumped: one timer per table, and pumps in the lanes of the bots' pool.

- Each table has one timer, set on the event loop at the wake-up time its last `pump` returned,
  so bots move and bank's timeouts fire on time; a person's move (`moved`) sets it again, or
  pumps at once when something is due already.
- A pump runs in a lane of the hub's `host.botpool.BotPool`: timed tables in its `clock` lane
  (bank's timeouts fire on time however long bots elsewhere think), quick bots in its `quick`
  lane, and each decision of a searching bot in turn in its `search` lane, with the server's
  budget of search time. A pump makes at most `PUMP_MOVES` moves (one search decision), then the
  table waits its turn in its lane again; a pump that left a searching bot's move due is followed
  by one in the search lane.
- A quick bot at an untimed table moves in the mover's thread instead (`web.mover`), one move a
  pump, batched with every other table's moves into one commit and one hand-off; so does a
  person's move sent over a WebSocket (`submit`). What the mover cannot stage goes to the lanes.
- A table is pumped by one pump at a time (a kick while it pumps asks for another pump after it),
  never while it is held (`Hub.hold`) or let go, and bots never play on alone for nobody: a pump
  due while nobody is at the table (`web.lifecycle`) leaves it dormant until someone comes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from ..core import IllegalAction, StaleAction
from ..host.botpool import CLOCK, QUICK, SEARCH, Lane
from ..host.staged import Idle, Settled
from .mover import FALLBACK, MoveJob, Mover, PumpJob

if TYPE_CHECKING:
    from .hub import Hosted, Hub

log = logging.getLogger(__name__)

PUMP_MOVES = 4
"""Most moves one pump of a table makes before other tables get the thread (one search decision)."""


class Pumps:
    """The timers and pumps of one hub's tables (see the module docstring)."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self._mover: Mover | None = None

    @property
    def mover(self) -> Mover:
        """The mover of the hub's tables (started on first use, again after `close`)."""
        mover = self._mover
        if mover is None or mover.closed:
            assert self.hub.loop is not None
            mover = self._mover = Mover(self.hub.loop)
        return mover

    def close(self) -> None:
        """Stop the mover once the moves it has are made (any thread but the loop's)."""
        if self._mover is not None:
            self._mover.close()

    async def move(self, hosted: Hosted, seat: int, text: str, version: int | None,
                   answer: Callable[[int], None]) -> None:
        """A person's move, as `Hub.submit` makes it, through the mover where it can (see the
        module docstring); `answer(version it made)` once it is committed — with the states it
        makes, in the same turn of the loop, where the mover made it (quick bots' moves due at
        once may follow it). A refusal is raised, as `Hub.submit` raises it."""
        hub = self.hub
        loop = hub.loop
        if (loop is None or hub.closed or hosted.remote is not None or hosted.id in hub.held
                or hosted.table.spec.timed):  # (a mirror's moves are relayed to its owner)
            answer((await hub.submit(hosted, seat, text, version)).version)
            return
        future: asyncio.Future[Any] = loop.create_future()
        if not self.mover.add(MoveJob(hosted, seat, text, version, future, answer)):
            answer((await hub.submit(hosted, seat, text, version)).version)
            return
        try:
            outcome = await future
        except IllegalAction as err:
            if not isinstance(err, StaleAction):
                for hook in hub.refusal_hooks:
                    await hook(hosted, seat, text, str(err))
            raise
        if not isinstance(outcome, Settled):  # the usual way (the mover answered nobody)
            answer((await hub.submit(hosted, seat, text, version)).version)
            return
        self.moved(hosted, outcome.wake)

    def kick(self, hosted: Hosted) -> None:
        """Pump the table soon (in the bots' pool) and set its timer from the result. Thread-safe."""
        loop = self.hub.loop
        if loop is None or self.hub.closed:
            return
        if _in_loop(loop):
            self._kick(hosted)
        else:
            loop.call_soon_threadsafe(self._kick, hosted)

    def moved(self, hosted: Hosted, wake: float | None) -> None:
        """On the loop, after a person's call into the table: pump now if something is due, else
        set the table's timer for `wake` (when its `pump` would next have something to do)."""
        hub = self.hub
        hub.note(hosted)  # a person's move may have ended the game
        if hub.closed:
            return
        if hosted.pumping:
            hosted.again = True
            return
        if wake is not None and wake <= hub.clock():
            self._kick(hosted)
            return
        self.stop(hosted)
        hosted.wake = wake
        if wake is not None:
            self._set_timer(hosted, wake)

    def stop(self, hosted: Hosted) -> None:
        """Cancel the table's timer (a pump already running finishes)."""
        if hosted.timer is not None:
            hosted.timer.cancel()
            hosted.timer = None

    def _set_timer(self, hosted: Hosted, wake: float) -> None:
        loop = self.hub.loop
        assert loop is not None
        hosted.timer = loop.call_later(max(0.0, wake - self.hub.clock()), self._kick, hosted)

    def _kick(self, hosted: Hosted) -> None:
        hub = self.hub
        hub.note(hosted)
        if hub.closed or hosted.gone or hosted.id in hub.held or hosted.remote is not None:
            return  # (a mirror's owner pumps it)
        if hosted.pumping:
            hosted.again = True
            return
        self.stop(hosted)
        if hosted.table.status != "playing":
            return
        if not hub.lifecycle.attended(hosted, hub.clock()):
            hosted.dormant = True  # bots never play on alone for nobody
            return
        lane, hosted.lane = hosted.lane or (CLOCK if hosted.table.spec.timed else QUICK), None
        hosted.pumping = True
        if lane == QUICK and self.mover.add(PumpJob(self, hosted)):
            return
        self._pool_pump(hosted, lane)

    def _pool_pump(self, hosted: Hosted, lane: Lane) -> None:
        hub = self.hub
        assert hub.loop is not None
        moves = 1 if lane == SEARCH else PUMP_MOVES
        future: Future[tuple[float | None, bool]] = hub.pool.submit(lane, self._pump, hosted, moves)
        asyncio.wrap_future(future, loop=hub.loop).add_done_callback(lambda done: self._pumped(hosted, done))

    def mover_pumped(self, hosted: Hosted, outcome: object) -> None:
        """On the loop: the mover made a quick bot's move (or found nothing due yet), or left the
        table to the lanes (`FALLBACK`)."""
        if outcome is FALLBACK:
            if self.hub.closed:
                hosted.pumping = False
            else:
                self._pool_pump(hosted, QUICK)
            return
        self._after(hosted, outcome.wake if isinstance(outcome, Idle) else None, False)

    def _pump(self, hosted: Hosted, moves: int) -> tuple[float | None, bool]:
        """In the pool: pump the table; with whether it left a searching bot's move for the search
        lane."""
        pool = self.hub.pool
        pool.handed_on()
        try:
            wake = hosted.table.pump(max_moves=moves)
        except Exception:
            log.exception("table %s: pump failed", hosted.id)
            wake = None
        return wake, pool.handed_on()

    def _pumped(self, hosted: Hosted, done: asyncio.Future[tuple[float | None, bool]]) -> None:
        if done.cancelled():
            hosted.pumping = False
            return
        wake, handed = done.result()
        self._after(hosted, wake, handed)

    def _after(self, hosted: Hosted, wake: float | None, handed: bool) -> None:
        """On the loop, after a pump: pump again, or set the table's timer for `wake`."""
        hosted.pumping = False
        hub = self.hub
        if hub.closed:
            return
        hub.note(hosted)
        if handed:
            hosted.lane = SEARCH
        if hosted.again or handed:
            hosted.again = False
            self._kick(hosted)
            return
        hosted.wake = wake
        if wake is not None and not hosted.gone:
            self._set_timer(hosted, wake)


def _in_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


__all__ = ["PUMP_MOVES", "Pumps"]
