"""A table's clock that stands still while a "your turn" line waits to be written.

The move clock must start when the player can read that it is their turn — when the line has
been written to the socket, not when the bot queued it behind the flood limit (or while the bot
was reconnecting). Each table the bot hosts gets a `TurnClock` (its `clock`): `hold(key)` stops
it, `release(key)` lets it run again once the line is written. While any hold is on, the table's
time stands still, so the game's deadlines (bank's 3-second move, the round clock; an untimed
table's idle limit) move by exactly the time the line waited. A hold may be given the reading at
which the turn began (`at`): the clock then resumes from there, so the time the table spent
committing the move to the store is not taken from the player either.

Thread-safe: tables call their clock from the bot's worker threads.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable


class TurnClock:
    """Monotonic seconds that stand still while held (see the module docstring)."""

    def __init__(self, base: Callable[[], float] = time.monotonic):
        self._base = base
        self._lock = threading.Lock()
        self._shift = 0.0
        self._frozen: float | None = None
        self._holds: set[Hashable] = set()

    def __call__(self) -> float:
        with self._lock:
            return self._read()

    def _read(self) -> float:
        return self._frozen if self._frozen is not None else self._base() - self._shift

    @property
    def held(self) -> bool:
        """True while any hold is on."""
        return bool(self._holds)

    def hold(self, key: Hashable, at: float | None = None) -> None:
        """Stop the clock for `key` (at reading `at` if given and not later than now)."""
        with self._lock:
            if not self._holds:
                now = self._read()
                self._frozen = now if at is None else min(now, at)
            self._holds.add(key)

    def release(self, key: Hashable) -> None:
        """End the hold `key`; the clock runs again (from where it stood) when no hold is left."""
        with self._lock:
            self._holds.discard(key)
            if not self._holds and self._frozen is not None:
                self._shift = self._base() - self._frozen
                self._frozen = None

    def release_all(self) -> None:
        """End every hold."""
        with self._lock:
            keys = list(self._holds)
        for key in keys:
            self.release(key)

    def real_delay(self, when: float) -> float | None:
        """Real seconds until this clock reads `when` (None while held: it will not get there
        until released)."""
        with self._lock:
            if self._frozen is not None:
                return None
            return max(0.0, when - (self._base() - self._shift))
