"""Outbound IRC lines: flood-throttled, urgent lines first, short notes merged into one line.

Servers disconnect a client that sends faster than they read ("Excess Flood"), and even those
that only slow it down (ngircd reads about three lines a second) make later lines late. The
`Outbox` is the bot's only way out: every message goes through it, at most `burst` lines at once
and then `rate` lines a second (a token bucket).

- `say(command, target, text, urgent=..., written=...)` queues a piece of text for one target
  (a nick or a channel, by PRIVMSG or NOTICE). Pieces for the same target and command are packed
  into one line while they fit (joined by ` · `), so a player's receipt and their next turn leave
  as one line; text longer than a line is split at word boundaries (`lines.fit`).
- Targets with an urgent piece (a "your turn" line) go first; the others in the order their
  oldest piece was queued. A piece that has waited `patience` seconds counts as urgent, so a
  fast game's turns never starve the channel.
- A `lazy` piece (a player's note such as "you receive [++]") waits up to `linger` seconds to
  ride along with the next line to that target (their next "Your turn"), so a fast game costs
  about one line per turn.
- `written(sent)` is called once the piece's last line has been written to the socket (`True`),
  or when the piece is dropped (`False`): the bot starts a move clock only then.
- `online(False)` while disconnected: nothing is lost, the lines leave after the reconnect.

It keeps no protocol state of its own; the IRC library writes the lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .lines import clean, split

log = logging.getLogger(__name__)

WriteLine = Callable[[str, str, str], Awaitable[None]]
"""`write(command, target, text)`: send one line; returns once it is written to the socket."""
Written = Callable[[bool], None]

JOINER = " · "
MAX_PENDING = 200
"""Pieces kept per target; beyond that the oldest non-urgent ones are dropped (a target that
cannot be reached must not grow the bot's memory)."""


@dataclass(slots=True)
class Piece:
    """Text waiting for one target."""

    text: str
    urgent: bool
    merge: bool
    seq: int
    written: Written | None = None
    since: float = 0.0
    lazy: bool = False


@dataclass(slots=True)
class Queue:
    """Everything waiting for one (command, target)."""

    command: str
    target: str
    pieces: deque[Piece] = field(default_factory=deque)

    def ready(self, linger_before: float) -> bool:
        """False while every piece is lazy and the first has not lingered long enough."""
        return not all(p.lazy for p in self.pieces) or self.pieces[0].since <= linger_before

    def urgent(self, before: float) -> bool:
        """True if any piece is urgent, or the first one has waited since `before`."""
        return self.pieces[0].since <= before or any(p.urgent for p in self.pieces)


class Outbox:
    """The throttled queue of outbound lines (see the module docstring)."""

    def __init__(self, write: WriteLine, room: Callable[[str, str], int], *, burst: int = 1,
                 rate: float = 2.0, normalize: Callable[[str], str] = str.casefold,
                 clock: Callable[[], float] = time.monotonic, keep_formatting: bool = False,
                 patience: float = 2.0, linger: float = 8.0):
        """`room(command, target)` is the bytes a line's text may take; `normalize` folds target
        names as the server compares them."""
        if burst < 1 or rate <= 0:
            raise ValueError("the flood limit needs a burst of at least 1 line and a positive rate")
        self._write = write
        self._room = room
        self.burst = burst
        self.rate = rate
        self._normalize = normalize
        self._clock = clock
        self._keep = keep_formatting
        self.patience = patience
        self.linger = linger
        self._queues: dict[tuple[str, str], Queue] = {}
        self._seq = itertools.count()
        self._tokens = float(burst)
        self._stamp = clock()
        self._online = False
        self._wake = asyncio.Event()
        self.sent = 0
        """Lines written so far."""
        self.sent_bytes = 0

    # -- queueing --------------------------------------------------------------------------------

    def say(self, command: str, target: str, text: str, *, urgent: bool = False, merge: bool = True,
            written: Written | None = None, lazy: bool = False) -> None:
        """Queue `text` for `target` (see the module docstring). Empty text is not sent (and
        counts as written at once)."""
        text = clean(text, self._keep)
        if not text:
            if written is not None:
                written(True)
            return
        key = (command, self._normalize(target))
        queue = self._queues.get(key)
        if queue is None:
            queue = self._queues[key] = Queue(command, target)
        queue.pieces.append(Piece(text, urgent, merge, next(self._seq), written, self._clock(), lazy))
        if len(queue.pieces) > MAX_PENDING:
            self._trim(queue)
        self._wake.set()

    def _trim(self, queue: Queue) -> None:
        for piece in list(queue.pieces):
            if len(queue.pieces) <= MAX_PENDING:
                break
            if not piece.urgent:
                queue.pieces.remove(piece)
                log.warning("outbox: dropped a line for %s (too many waiting)", queue.target)
                if piece.written is not None:
                    piece.written(False)

    def drop(self, target: str) -> None:
        """Forget everything waiting for `target` (its pieces are told `written(False)`)."""
        name = self._normalize(target)
        for key in [k for k in self._queues if k[1] == name]:
            for piece in self._queues.pop(key).pieces:
                if piece.written is not None:
                    piece.written(False)

    def rename(self, old: str, new: str) -> None:
        """Lines waiting for nick `old` go to `new` (a nick change)."""
        name, new_name = self._normalize(old), self._normalize(new)
        for key in [k for k in self._queues if k[1] == name]:
            queue = self._queues.pop(key)
            queue.target = new
            target_key = (key[0], new_name)
            existing = self._queues.get(target_key)
            if existing is not None:
                merged = sorted([*existing.pieces, *queue.pieces], key=lambda p: p.seq)
                existing.pieces = deque(merged)
            else:
                self._queues[target_key] = queue

    def pending(self, target: str | None = None) -> int:
        """Pieces waiting (for `target`, or in all)."""
        if target is None:
            return sum(len(q.pieces) for q in self._queues.values())
        name = self._normalize(target)
        return sum(len(q.pieces) for k, q in self._queues.items() if k[1] == name)

    def ready_in(self) -> float | None:
        """Seconds until some waiting line may be sent, flood limit aside (0: now; None: nothing
        is waiting)."""
        now = self._clock()
        times = [0.0 if q.ready(now - self.linger) else q.pieces[0].since + self.linger - now
                 for q in self._queues.values() if q.pieces]
        return max(0.0, min(times)) if times else None

    def online(self, up: bool) -> None:
        """Connected (and registered) or not: lines wait while not."""
        self._online = up
        if up:
            self._wake.set()

    # -- sending ----------------------------------------------------------------------------------

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    def wait_time(self) -> float:
        """Seconds until the flood limit allows the next line (0: now)."""
        self._refill()
        return 0.0 if self._tokens >= 1.0 else (1.0 - self._tokens) / self.rate

    def _pick(self) -> Queue | None:
        best: tuple[bool, int] | None = None
        chosen = None
        now = self._clock()
        before = now - self.patience
        for queue in self._queues.values():
            if not queue.pieces or not queue.ready(now - self.linger):
                continue
            rank = (not queue.urgent(before), queue.pieces[0].seq)
            if best is None or rank < best:
                best, chosen = rank, queue
        return chosen

    def next_line(self) -> tuple[Queue, str, int, str | None] | None:
        """The next line to write: its queue, its text, how many whole pieces it completes and
        the text left of a piece it only starts (None if none). Nothing is removed."""
        queue = self._pick()
        if queue is None:
            return None
        limit = self._room(queue.command, queue.target)
        head = queue.pieces[0]
        chunks = split(head.text, limit)
        if len(chunks) > 1:
            return queue, chunks[0], 0, head.text[len(chunks[0]):].strip()
        line, count = chunks[0], 1
        for piece in itertools.islice(queue.pieces, 1, None):
            if not (piece.merge and queue.pieces[count - 1].merge):
                break
            candidate = line + JOINER + piece.text
            if len(candidate.encode()) > limit:
                break
            line, count = candidate, count + 1
        return queue, line, count, None

    def _done(self, queue: Queue, count: int, rest: str | None, head: Piece) -> None:
        if not queue.pieces or queue.pieces[0] is not head:
            return  # dropped or renamed while it was being written
        if rest is not None:
            head.text = rest
            return
        finished = [queue.pieces.popleft() for _ in range(count)]
        if not queue.pieces:
            for key, value in list(self._queues.items()):
                if value is queue:
                    del self._queues[key]
        for piece in finished:
            if piece.written is not None:
                piece.written(True)

    async def flush_once(self) -> bool:
        """Write one line if one is waiting, the bot is online and the flood limit allows it;
        True if a line was written."""
        if not self._online or self.wait_time() > 0:
            return False
        chosen = self.next_line()
        if chosen is None:
            return False
        queue, line, count, rest = chosen
        head = queue.pieces[0]
        self._tokens -= 1.0
        await self._write(queue.command, queue.target, line)
        self.sent += 1
        self.sent_bytes += len(line.encode())
        self._done(queue, count, rest, head)
        return True

    async def run(self) -> None:
        """Write lines forever, as the flood limit allows (cancel the task to stop)."""
        while True:
            ready = self.ready_in() if self._online else None
            if ready is None or ready > 0:
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), ready)
                continue
            wait = self.wait_time()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            try:
                await self.flush_once()
            except (TimeoutError, OSError, ConnectionError, AttributeError) as err:
                # the connection went away under the write: keep the line for the next connection
                log.info("outbox: write failed (%s); waiting for the connection", err)
                self._tokens = max(self._tokens, 0.0)
                self._online = False
