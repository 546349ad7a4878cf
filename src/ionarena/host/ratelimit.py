"""Rate limits by key, for every surface that must bound what one person or address may do.

    >>> chat = RateLimit("3/5 seconds;20/minute")
    >>> chat.allow("table-1", "ada")      # True until ada has sent 3 lines in 5 s or 20 in a minute

A thin layer over the `limits` library (moving windows, in memory by default; a `redis://` storage
URI shares the counts between server processes). A key is any tuple of strings: a client address,
a seat token's hash, a nick and a channel. `allow` counts the hit only when every limit has room,
so a refused attempt costs nothing: a flooder is held back without being locked out longer.
"""

from __future__ import annotations

import time

from limits import RateLimitItem, parse_many, storage, strategies

__all__ = ["QuietMemoryStorage", "RateLimit"]

SWEEP_SECONDS = 1.0
"""How often expired hits are dropped from memory (`QuietMemoryStorage`)."""


class QuietMemoryStorage(storage.MemoryStorage):
    """`limits`' memory storage without a thread per hit. Its own starts a `threading.Timer` (10 ms)
    on every hit once the previous one has run — a thread started for each table made or line
    said, measured at 2-3% of `ion serve`'s time under load. Here the expired hits are dropped in
    the caller's thread, at most once every `SWEEP_SECONDS` (counts never depend on it: a moving
    window counts its hits by their time)."""

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: str):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._swept = time.monotonic()

    def _MemoryStorage__schedule_expiry(self) -> None:  # the library's private hook
        now = time.monotonic()
        if now - self._swept >= SWEEP_SECONDS:
            self._swept = now
            self._MemoryStorage__expire_events()  # type: ignore[attr-defined]


def _storage(uri: str) -> storage.Storage:
    if uri.split("://", 1)[0] == "memory":
        return QuietMemoryStorage(uri)
    found = storage.storage_from_string(uri)
    assert isinstance(found, storage.Storage)
    return found


class RateLimit:
    """One or more limits (`"5/second;60/minute"`), counted per key on moving windows."""

    def __init__(self, spec: str, storage_uri: str = "memory://") -> None:
        self.spec = spec
        self.items: list[RateLimitItem] = parse_many(spec)
        if not self.items:
            raise ValueError(f"no rate limit in {spec!r}")
        self._limiter = strategies.MovingWindowRateLimiter(_storage(storage_uri))

    def allow(self, *key: str) -> bool:
        """True, and the attempt counted, if every limit has room for `key`; False (counted
        nowhere) if one is full."""
        if not all(self._limiter.test(item, *key) for item in self.items):
            return False
        for item in self.items:
            self._limiter.hit(item, *key)
        return True

    def remaining(self, *key: str) -> int:
        """How many more attempts `key` may make now under the tightest limit."""
        return min(self._limiter.get_window_stats(item, *key).remaining for item in self.items)

    def reset(self) -> None:
        """Forget every count (a test, or an operator lifting the limits)."""
        self._limiter.storage.reset()
