"""Every bound `ion serve` keeps so that one person on a public address cannot take the server away
from everyone else: one place, with the defaults (docs/architecture.md, "Running on a public
address", says why each is what it is and what it was measured to stop).

`Limits()` holds the defaults; `ion serve` sets a few of them from its options, and tests make
tight ones (`Limits(wait_minutes=0.01)`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's bounds (see the module docstring); times in seconds unless named otherwise."""

    # -- tables: how many, and how long they are kept -------------------------------------------------
    max_tables: int = 2000
    """Tables in memory at once. Finished ones, then the playing tables nobody has been at for
    longest (adjourned early), make room before a new table is refused."""
    max_waiting: int = 500
    """Tables waiting for players at once, server-wide: at most a quarter of `max_tables`, so
    tables that start at once and games being played always have room."""
    keep_finished: int = 200
    """Finished tables kept in memory (the rest are read back from the store when asked for)."""
    wait_minutes: float = 30.0
    """A waiting table nobody has sat down at for this long is closed (abandoned)."""
    idle_minutes: float = 10.0
    """A table being played that nobody has been at (no connection, no request) for this long is
    adjourned: kept, its clock and bots stopped, until one of its people comes back."""
    presence_seconds: float = 60.0
    """A table with no WebSocket open on it is still *attended* this long after the last request
    about it; bots move only at attended tables."""
    sweep_seconds: float = 5.0
    """How often the server looks for tables to let go, close or adjourn."""

    # -- quotas of one maker (a client address; a seat token where a table is made with one) ----------
    tables_rate: str = "20/minute;200/hour"
    """Tables one maker may make (the `limits` library's notation)."""
    waiting_per_maker: int = 20
    """Tables of one maker that may wait for players at once."""

    # -- bots ------------------------------------------------------------------------------------------
    quick_threads: int = 2
    """Threads for pumps of untimed tables and bots that decide in milliseconds."""
    clock_threads: int = 2
    """Threads for pumps of timed tables (bank's timeouts): never held by a searching bot."""
    search_slots: int = 0
    """Decisions of searching bots (ISMCTS) at once: the server's budget of search time, in cores.
    0: one core less than this machine has, at least 1."""
    bot_processes: int = -1
    """Worker processes that searching bots think in (0: threads; -1: processes where there are
    more than two cores, one per search slot)."""

    # -- WebSocket connections -------------------------------------------------------------------------
    ws_rate: float = 20.0
    """Messages a second a client may send (bursts of `ws_burst`)."""
    ws_burst: float = 40.0
    ws_queue_bytes: int = 1 << 20
    """Bytes waiting to be sent to one client before it is disconnected (states supersede one
    another, so only a client that reads nothing at all gets there)."""
    ws_stall_seconds: float = 10.0
    """A connection (WebSocket or HTTP) whose client has taken nothing of what was sent for this
    long is cut."""

    # -- replays ---------------------------------------------------------------------------------------
    replay_bytes: int = 1 << 20
    """Largest record `POST /api/replay` takes."""
    replay_rate: str = "12/minute;120/hour"
    """Replays one client address may have built (cached answers are free)."""
    replays_waiting: int = 4
    """Replays being built or waiting for the replay thread, server-wide; more get 503."""
    replay_cache_bytes: int = 32 << 20
    """Bytes of finished games' replays kept to answer `GET …/replay` again."""

    # -- HTTP ------------------------------------------------------------------------------------------
    header_seconds: float = 10.0
    """Time a client has to send a request's line and headers (a new connection too)."""
    body_seconds: float = 30.0
    """Time a client has to send a request's body once its headers are in."""
    header_bytes: int = 32 * 1024
    """Largest request line and headers."""
    keep_alive_seconds: int = 5
    """An idle kept-alive connection is closed after this long."""

    def __post_init__(self) -> None:
        if self.max_waiting > self.max_tables:
            raise ValueError("max_waiting cannot be more than max_tables")
        for name in ("wait_minutes", "idle_minutes", "presence_seconds", "sweep_seconds", "ws_stall_seconds",
                     "header_seconds", "body_seconds"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be more than 0")

    @property
    def searching(self) -> int:
        """Search slots in force (`search_slots`, or one core less than this machine has)."""
        return self.search_slots or max(1, cores() - 1)

    @property
    def processes(self) -> int:
        """Worker processes for searching bots in force (see `bot_processes`)."""
        if self.bot_processes >= 0:
            return self.bot_processes
        return self.searching if cores() > 2 else 0


__all__ = ["Limits", "cores"]
