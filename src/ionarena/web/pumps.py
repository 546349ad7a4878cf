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
- A table is pumped by one pump at a time (a kick while it pumps asks for another pump after it),
  never while it is held (`Hub.hold`) or let go, and bots never play on alone for nobody: a pump
  due while nobody is at the table (`web.lifecycle`) leaves it dormant until someone comes.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING

from ..host.botpool import CLOCK, QUICK, SEARCH

if TYPE_CHECKING:
    from .hub import Hosted, Hub

log = logging.getLogger(__name__)

PUMP_MOVES = 4
"""Most moves one pump of a table makes before other tables get the thread (one search decision)."""


class Pumps:
    """The timers and pumps of one hub's tables (see the module docstring)."""

    def __init__(self, hub: Hub):
        self.hub = hub

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
        assert hub.loop is not None
        moves = 1 if lane == SEARCH else PUMP_MOVES
        future: Future[tuple[float | None, bool]] = hub.pool.submit(lane, self._pump, hosted, moves)
        asyncio.wrap_future(future, loop=hub.loop).add_done_callback(lambda done: self._pumped(hosted, done))

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
        hosted.pumping = False
        if self.hub.closed or done.cancelled():
            return
        self.hub.note(hosted)
        wake, handed = done.result()
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
