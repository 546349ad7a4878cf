"""Outbound IRC lines: flood-throttled, in lanes (turn lines first), short notes merged into one line.

Servers disconnect a client that sends faster than they read ("Excess Flood"), and even those
that only slow it down (ngircd reads about three lines a second) make later lines late. The
`Outbox` is the bot's only way out: every message goes through it, at most `burst` lines at once
and then `rate` lines a second (a token bucket).

- `say(command, target, text, lane=..., written=..., lazy=..., key=...)` queues a piece of text
  for one target (a nick or a channel, by PRIVMSG or NOTICE). Pieces for the same target and
  command are packed into one line while they fit (joined by ` · `), so a player's notes and
  their next turn leave as one line (the turn line first); text longer than a line is split at
  word boundaries. A `head` piece starts its line (nothing is merged in front of it).
- Lanes say what goes first. `TURN`: a "your turn" line (the move clock waits for it). `GAME`:
  what a game tells (channel lines and digests, a player's notes, trade offers, presence news).
  `ANSWER`: answers to what someone asked (`status`, `inv`, help, refusals, channel commands).
  A turn line goes before every other line, but after a turn line a line of another lane that
  has waited `patience` seconds goes next: a fast game never starves the channel, and no turn
  line waits behind more than one other line (half a second at the default rate).
- One turn line waits per target: a newer one replaces its text (both callers are told).
- Answers are bounded where they queue: at most `MAX_ANSWERS` wait per target, and an answer
  with the same `key` as one still waiting replaces its text (a player who types `status` ten
  times gets one answer). What does not fit is dropped silently: the flood stays with the flooder.
- A `lazy` piece (a player's note such as "you receive [++]") waits up to `linger` seconds (its
  own, or the outbox's) to ride along with the next line to that target (their next turn line),
  so a fast game costs about one line per turn.
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
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import IntEnum

from .lines import clean, split

log = logging.getLogger(__name__)

WriteLine = Callable[[str, str, str], Awaitable[None]]
"""`write(command, target, text)`: send one line; returns once it is written to the socket."""
Written = Callable[[bool], None]

JOINER = " · "
MAX_PENDING = 200
"""Pieces kept per target; beyond that the oldest non-turn ones are dropped (a target that
cannot be reached must not grow the bot's memory)."""
MAX_ANSWERS = 6
"""Answers waiting per target at most; more are dropped (see the module docstring). As many as a
newcomer's first burst of questions (`limits.STRANGER`): each is answered, and they share lines."""


class Lane(IntEnum):
    """What goes first (lower first); see the module docstring."""

    TURN = 0
    GAME = 1
    ANSWER = 2


@dataclass(slots=True)
class Piece:
    """Text waiting for one target."""

    text: str
    lane: Lane
    merge: bool
    seq: int
    written: Written | None = None
    since: float = 0.0
    lazy: bool = False
    key: str | None = None
    head: bool = False
    """The piece starts its line (a channel's "nick: your move" highlights only there)."""
    linger: float | None = None
    """This lazy piece's own wait for a line to ride along with (None: the outbox's)."""


@dataclass(slots=True)
class Queue:
    """Everything waiting for one (command, target), oldest first."""

    command: str
    target: str
    pieces: deque[Piece] = field(default_factory=deque)


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
        self._last_lane: Lane | None = None
        self._wake = asyncio.Event()
        self.sent = 0
        """Lines written so far."""
        self.sent_bytes = 0
        self.sent_by_lane: Counter[Lane] = Counter()
        """Lines written so far by the lane of the piece that made each one."""
        self.dropped = 0
        """Answers dropped because too many waited (or a newer one replaced them)."""

    # -- queueing --------------------------------------------------------------------------------

    def say(self, command: str, target: str, text: str, *, lane: Lane = Lane.GAME, merge: bool = True,
            written: Written | None = None, lazy: bool = False, key: str | None = None,
            head: bool = False, linger: float | None = None) -> bool:
        """Queue `text` for `target` (see the module docstring); False if it was dropped (an
        answer beyond `MAX_ANSWERS`). Empty text is not sent (and counts as written at once)."""
        text = clean(text, self._keep)
        if not text:
            if written is not None:
                written(True)
            return True
        key_of = (command, self._normalize(target))
        queue = self._queues.get(key_of)
        if queue is None:
            queue = self._queues[key_of] = Queue(command, target)
        if lane == Lane.TURN:  # one turn line per target: a newer one replaces it (both are told)
            same = next((p for p in queue.pieces if p.lane == Lane.TURN), None)
            if same is not None:
                same.text = text
                same.written = _both(same.written, written)
                return True
        if lane == Lane.ANSWER:
            waiting = [p for p in queue.pieces if p.lane == Lane.ANSWER]
            same = next((p for p in waiting if p.text == text or (key is not None and p.key == key)), None)
            if same is not None:  # de-duplicated: the newer answer replaces the one still waiting
                same.text = text
                self.dropped += 1
                return True
            if len(waiting) >= MAX_ANSWERS:
                self.dropped += 1
                log.debug("outbox: dropped an answer to %s (%d waiting)", target, len(waiting))
                if not queue.pieces:
                    del self._queues[key_of]
                return False
        piece = Piece(text, lane, merge, next(self._seq), written, self._clock(), lazy, key, head, linger)
        queue.pieces.append(piece)
        if len(queue.pieces) > MAX_PENDING:
            self._trim(queue)
        self._wake.set()
        return True

    def _trim(self, queue: Queue) -> None:
        for piece in list(queue.pieces):
            if len(queue.pieces) <= MAX_PENDING:
                break
            if piece.lane != Lane.TURN:
                queue.pieces.remove(piece)
                log.warning("outbox: dropped a line for %s (too many waiting)", queue.target)
                if piece.written is not None:
                    piece.written(False)

    def drop(self, target: str, lanes: tuple[Lane, ...] | None = None) -> None:
        """Forget what waits for `target` (of `lanes` only, if given); dropped pieces are told
        `written(False)`."""
        name = self._normalize(target)
        for key in [k for k in self._queues if k[1] == name]:
            queue = self._queues[key]
            gone = [p for p in queue.pieces if lanes is None or p.lane in lanes]
            for piece in gone:
                queue.pieces.remove(piece)
            if not queue.pieces:
                del self._queues[key]
            for piece in gone:
                if piece.written is not None:
                    piece.written(False)

    def withdraw(self, command: str, target: str, key: str) -> bool:
        """Forget the waiting piece of `key` for `target` (a line that is no longer true, such as
        "nick: your move" once they moved); True if one was waiting. A piece partly written
        stays."""
        queue = self._queues.get((command, self._normalize(target)))
        if queue is None:
            return False
        for piece in queue.pieces:
            if piece.key == key:
                queue.pieces.remove(piece)
                if not queue.pieces:
                    del self._queues[(command, self._normalize(target))]
                if piece.written is not None:
                    piece.written(False)
                return True
        return False

    def rename(self, old: str, new: str) -> None:
        """Lines waiting for nick `old` go to `new` (a nick change)."""
        name, new_name = self._normalize(old), self._normalize(new)
        for key in [k for k in self._queues if k[1] == name]:
            queue = self._queues.pop(key)
            queue.target = new
            target_key = (key[0], new_name)
            existing = self._queues.get(target_key)
            if existing is not None:
                existing.pieces = deque(sorted([*existing.pieces, *queue.pieces], key=lambda p: p.seq))
            else:
                self._queues[target_key] = queue

    def pending(self, target: str | None = None, lane: Lane | None = None) -> int:
        """Pieces waiting (for `target`, or in all; of `lane`, or of any)."""
        name = None if target is None else self._normalize(target)
        return sum(1 for k, q in self._queues.items() if name is None or k[1] == name
                   for p in q.pieces if lane is None or p.lane == lane)

    def _eligible(self, piece: Piece, now: float) -> bool:
        """A lazy piece may start a line only once it has lingered."""
        return not piece.lazy or piece.since <= now - self._linger(piece)

    def _linger(self, piece: Piece) -> float:
        return self.linger if piece.linger is None else piece.linger

    def ready_in(self) -> float | None:
        """Seconds until some waiting line may be sent, flood limit aside (0: now; None: nothing
        is waiting)."""
        now = self._clock()
        soonest: float | None = None
        for queue in self._queues.values():
            for piece in queue.pieces:
                wait = 0.0 if self._eligible(piece, now) else piece.since + self._linger(piece) - now
                if soonest is None or wait < soonest:
                    soonest = wait
                if soonest <= 0:
                    return 0.0
        return None if soonest is None else max(0.0, soonest)

    def online(self, up: bool) -> None:
        """Connected (and registered) or not: lines wait while not."""
        self._online = up
        if up:
            self._wake.set()

    # -- choosing the next line ---------------------------------------------------------------------

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    def wait_time(self) -> float:
        """Seconds until the flood limit allows the next line (0: now)."""
        self._refill()
        return 0.0 if self._tokens >= 1.0 else (1.0 - self._tokens) / self.rate

    def _pick(self) -> tuple[Queue, Piece] | None:
        """The piece the next line is made for: the oldest turn line, unless the last line was a
        turn line and another line has waited `patience` (then the oldest such, by lane); with no
        turn line waiting, the first by lane, then age."""
        now = self._clock()
        aged_before = now - self.patience
        turn: tuple[int, Queue, Piece] | None = None
        aged: tuple[int, int, Queue, Piece] | None = None
        other: tuple[int, int, Queue, Piece] | None = None
        for queue in self._queues.values():
            for piece in queue.pieces:
                if not self._eligible(piece, now):
                    continue
                if piece.lane == Lane.TURN:
                    if turn is None or piece.seq < turn[0]:
                        turn = (piece.seq, queue, piece)
                    continue
                rank = (int(piece.lane), piece.seq)
                if other is None or rank < other[:2]:
                    other = (*rank, queue, piece)
                if piece.since <= aged_before and (aged is None or rank < aged[:2]):
                    aged = (*rank, queue, piece)
        if turn is not None and not (aged is not None and self._last_lane == Lane.TURN):
            return turn[1], turn[2]
        chosen = aged or other
        return None if chosen is None else (chosen[2], chosen[3])

    def next_line(self) -> tuple[Queue, str, list[Piece], str | None] | None:
        """The next line to write: its queue, its text, the whole pieces it carries (the chosen
        one and the notes merged around it) and the text left of a piece it only starts (None if
        none). Nothing is removed."""
        picked = self._pick()
        if picked is None:
            return None
        queue, chosen = picked
        limit = self._room(queue.command, queue.target)
        chunks = split(chosen.text, limit)
        if len(chunks) > 1:
            return queue, chunks[0], [chosen], chosen.text[len(chunks[0]):].strip()
        pieces = list(queue.pieces)
        at = pieces.index(chosen)
        size = len(chosen.text.encode())
        first = last = at
        joiner = len(JOINER.encode())
        if chosen.merge:
            while first > 0 and not pieces[first].head and pieces[first - 1].merge and \
                    size + joiner + len(pieces[first - 1].text.encode()) <= limit:
                first -= 1
                size += joiner + len(pieces[first].text.encode())
            while last + 1 < len(pieces) and pieces[last + 1].merge and not pieces[last + 1].head \
                    and size + joiner + len(pieces[last + 1].text.encode()) <= limit:
                last += 1
                size += joiner + len(pieces[last].text.encode())
        carried = pieces[first:last + 1]
        if chosen.lane == Lane.TURN:  # the turn line leads (it starts with the player's nick)
            carried.remove(chosen)
            carried.insert(0, chosen)
        return queue, JOINER.join(p.text for p in carried), carried, None

    def _done(self, queue: Queue, carried: list[Piece], rest: str | None) -> None:
        if rest is not None:
            carried[0].text = rest
            return
        finished = [p for p in carried if p in queue.pieces]  # dropped or renamed while written
        for piece in finished:
            queue.pieces.remove(piece)
        if not queue.pieces:
            for key, value in list(self._queues.items()):
                if value is queue:
                    del self._queues[key]
        for piece in finished:
            if piece.written is not None:
                piece.written(True)

    # -- sending ----------------------------------------------------------------------------------

    async def flush_once(self) -> bool:
        """Write one line if one is waiting, the bot is online and the flood limit allows it;
        True if a line was written."""
        if not self._online or self.wait_time() > 0:
            return False
        chosen = self.next_line()
        if chosen is None:
            return False
        queue, line, carried, rest = chosen
        lane = min(p.lane for p in carried)
        self._tokens -= 1.0
        await self._write(queue.command, queue.target, line)
        self.sent += 1
        self.sent_bytes += len(line.encode())
        self.sent_by_lane[lane] += 1
        self._last_lane = lane
        self._done(queue, carried, rest)
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


def _both(first: Written | None, second: Written | None) -> Written | None:
    """One `written` callback that tells both."""
    if first is None or second is None:
        return first or second

    def told(sent: bool) -> None:
        first(sent)
        second(sent)
    return told
