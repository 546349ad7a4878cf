"""Replays served without letting them crowd out play: their own thread, a rate per address,
answers streamed as they are built, and finished games' replays kept to be sent again.

A replay's frames each hold a whole view, so its answer is far larger than its record (a 0.79 MB
record made a 28.7 MB answer) and costs a thread seconds to build. So (`Limits`):

- replays are built in one thread of their own (`ion-replays`), a piece of about 64 KB at a time
  (`replay.frame_chunks`), so twelve at once share that thread piece by piece instead of taking
  the threads people's moves run in, and none is ever held whole in memory while it is sent;
- at most `replays_waiting` are being built or wait for that thread (more: 503), and one client
  address may have `replay_rate` built (more: 429); an answer sent again from the cache is free;
- `POST /api/replay` reads at most `replay_bytes` of a record, and replays it once to check it
  (every move legal, the scores it claims) before the answer starts, so a bad record is one 422;
- a finished game's replay (`GET …/replay`) never changes: it is answered with an `ETag` (a
  browser that has it gets 304) and, up to `replay_cache_bytes` in all, kept to be sent again.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

from fastapi import Request
from fastapi.responses import Response, StreamingResponse

from ..core.record import GameRecord, replay
from ..host.ratelimit import RateLimit
from .limits import Limits
from .quota import OverQuota, ServerFull
from .replay import frame_chunks

JSON = "application/json"


class ReplayCache:
    """Answers kept by key, least recently sent dropped first, at most `limit` bytes in all."""

    def __init__(self, limit: int):
        self.limit = limit
        self.size = 0
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        """The answer kept for `key`, if any."""
        with self._lock:
            body = self._kept.get(key)
            if body is not None:
                self._kept.move_to_end(key)
            return body

    def put(self, key: str, body: bytes) -> None:
        """Keep `body` for `key` (unless it alone would take more than a quarter of the cache)."""
        if len(body) > self.limit // 4:
            return
        with self._lock:
            old = self._kept.pop(key, None)
            self.size -= len(old) if old is not None else 0
            self._kept[key] = body
            self.size += len(body)
            while self.size > self.limit:
                _, dropped = self._kept.popitem(last=False)
                self.size -= len(dropped)


class Replays:
    """The replay desk of one server (see the module docstring)."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.rate = RateLimit(limits.replay_rate)
        self.cache = ReplayCache(limits.replay_cache_bytes)
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="ion-replays")
        self.busy = 0
        """Replays being built or waiting for the thread."""
        self.built = 0
        """Replays built so far (not answered from the cache)."""

    def close(self) -> None:
        """Stop the replay thread."""
        self.pool.shutdown(wait=False, cancel_futures=True)

    def _admit(self, address: str | None) -> None:
        if self.busy >= self.limits.replays_waiting:
            raise ServerFull("the server is building as many replays as it can; try again in a minute",
                             retry_after=30)
        if not self.rate.allow("address", address or "?"):
            raise OverQuota(f"you have asked for as many replays as this server builds for one address "
                            f"({self.limits.replay_rate.replace(';', ', ')}); try again in a minute",
                            retry_after=60)

    async def read_record(self, request: Request) -> bytes:
        """The body of a `POST /api/replay`, at most `replay_bytes` (else `OverQuota`, 413-like)."""
        limit = self.limits.replay_bytes
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise TooLarge(limit)
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise TooLarge(limit)
            chunks.append(chunk)
        return b"".join(chunks)

    async def answer(self, request: Request, record: Callable[[], GameRecord], seat: int | None,
                     names: list[str] | None = None, *, key: str | None = None,
                     check: bool = False) -> Response:
        """The replay of `record()` (read in the replay thread) from `seat`'s view, streamed. `key`:
        a finished game's replay, answered again from the cache (and with an ETag); `check`:
        replay the record first (a record someone uploaded), so a bad one is refused before the
        answer starts."""
        if key is not None:
            etag = f'"{key}"'
            if request.headers.get("if-none-match") == etag:
                return Response(status_code=304, headers={"ETag": etag})
            body = self.cache.get(key)
            if body is not None:
                return Response(body, media_type=JSON, headers={"ETag": etag, "Cache-Control": "no-cache"})
        client = request.client
        self._admit(client.host if client else None)
        self.busy += 1
        try:
            loop = asyncio.get_running_loop()

            def start() -> Iterator[bytes]:
                game = record()
                if check:
                    replay(game)  # every move legal, the claimed scores right: or one RecordError
                chunks = frame_chunks(game, seat, names, checked=check)
                first = next(chunks)  # a seat that is not in the game fails here, before the answer
                return _prepend(first, chunks)

            chunks = await loop.run_in_executor(self.pool, start)
        except BaseException:
            self.busy -= 1
            raise
        self.built += 1
        headers = {} if key is None else {"ETag": f'"{key}"', "Cache-Control": "no-cache"}
        return StreamingResponse(_Streamed(self, chunks, key), media_type=JSON, headers=headers)

    def _release(self) -> None:
        self.busy -= 1


class _Streamed:
    """A replay's pieces as an async iterator: each piece built in the replay thread, the whole kept
    for the cache (`key`) when small enough, and the desk's slot given back once it is done with —
    sent, failed, or dropped unsent by a client that went away (when the iterator is collected)."""

    def __init__(self, desk: Replays, chunks: Iterator[bytes], key: str | None):
        self.desk = desk
        self.chunks = chunks
        self.key = key
        self.kept: list[bytes] | None = [] if key is not None else None
        self.size = 0
        self._done = weakref.finalize(self, desk._release)

    def __aiter__(self) -> _Streamed:
        return self

    async def __anext__(self) -> bytes:
        if not self._done.alive:
            raise StopAsyncIteration
        try:
            chunk = await asyncio.get_running_loop().run_in_executor(self.desk.pool, next, self.chunks, None)
        except BaseException:
            self._done()
            raise
        if chunk is None:
            if self.kept is not None and self.key is not None:
                self.desk.cache.put(self.key, b"".join(self.kept))
            self._done()
            raise StopAsyncIteration
        if self.kept is not None:
            self.size += len(chunk)
            if self.size <= self.desk.cache.limit // 4:
                self.kept.append(chunk)
            else:
                self.kept = None
        return chunk


class TooLarge(OverQuota):
    """A record larger than the server replays (413)."""

    status = 413

    def __init__(self, limit: int):
        super().__init__(f"a record is at most {limit // 1024} KB here", retry_after=0)


def _prepend(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield first
    yield from rest


__all__ = ["ReplayCache", "Replays", "TooLarge"]
