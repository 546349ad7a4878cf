"""The mover: one thread that makes the cheap moves of every table in batches, so a move costs no
thread hand-off of its own.

A person's move at an untimed table (`MoveJob`) and a quick bot's due move (`PumpJob`) are handed
to the mover from the event loop (`Mover.add`: a list append, and a wake-up only when the mover
is idle). Each turn the mover takes every job queued so far and

1. stages each one (`host.staged`: judged and applied to a copy of its table's game, the table's
   lock held; a refused move is answered with its refusal and changes nothing);
2. commits the staged moves of every table in **one transaction** (`journal.commit_batch`: the
   store's group commit, one executemany of every action row) — durable before anything else;
3. settles them: a committed move becomes its table's game and its subscribers are told; a move
   the store refused changed nothing and is answered with the store's error;
4. hands the loop everything to do in **one call** (`call_soon_threadsafe` once per batch): the
   states for every connection (`post`), then each job's answer, in that order.

So no seat hears of a move before it is committed, and a batch of a hundred tables' moves costs
two thread hand-offs in all, not two or three per move. A second job of a table already staged
in this turn waits for the next turn (a table moves one step per commit). What does not stage —
a table another thread is busy with, something due first, a timed game, a searching bot — is
answered `FALLBACK` and goes the usual way (`Hub.submit`, the bots' pool), in the order it came.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..host import Table
from ..host.journal import commit_batch
from ..host.staged import Idle, Settled, Staged
from .wording import named_refusals

if TYPE_CHECKING:
    from .hub import Hosted
    from .pumps import Pumps

log = logging.getLogger(__name__)

FALLBACK = object()
"""A job's answer when its move must go the usual way (see the module docstring)."""

_local = threading.local()


def post(loop: asyncio.AbstractEventLoop, fn: Callable[..., None], *args: Any) -> None:
    """Call `fn(*args)` on `loop` soon: from the mover's thread, with the rest of its batch (one
    hand-off for all of them, after the batch is committed); from any other thread at once
    (`call_soon_threadsafe`)."""
    batch: tuple[asyncio.AbstractEventLoop, list[tuple[Callable[..., None], tuple[Any, ...]]]] | None = \
        getattr(_local, "batch", None)
    if batch is not None and batch[0] is loop:
        batch[1].append((fn, args))
    else:
        loop.call_soon_threadsafe(fn, *args)


class Job:
    """One move for the mover: staged and settled in its thread, answered on the loop."""

    __slots__ = ("outcome", "table")

    def __init__(self, table: Table):
        self.table = table
        self.outcome: Any = FALLBACK

    def stage(self) -> Staged | None:
        """In the mover: the staged move to commit, or None (with `outcome` set)."""
        raise NotImplementedError

    def settled(self, settled: Settled | None, error: BaseException | None) -> None:
        """In the mover, after the commit: the move's end (`settled` None: refused with `error`)."""
        raise NotImplementedError

    def complete(self) -> None:
        """On the loop: answer whoever waits for this job."""
        raise NotImplementedError


class MoveJob(Job):
    """A person's move; its future gets the `Settled` move, `FALLBACK`, or the refusal (and
    `answer` the version a committed move made, first)."""

    __slots__ = ("answer", "future", "seat", "text", "version")

    def __init__(self, hosted: Hosted, seat: int, text: str, version: int | None,
                 future: asyncio.Future[Any], answer: Callable[[int], None] | None = None):
        super().__init__(hosted.table)
        self.seat = seat
        self.text = text
        self.version = version
        self.future = future
        self.answer = answer
        """Told the version the move made, on the loop, right after its states are queued."""

    def stage(self) -> Staged | None:
        try:
            with named_refusals(self.table, self.seat):
                held = self.table.stage_submit(self.seat, self.text, self.version)
        except Exception as err:  # refused (stale, illegal): nothing changed
            self.outcome = err
            return None
        if held is None:
            self.outcome = FALLBACK
        return held

    def settled(self, settled: Settled | None, error: BaseException | None) -> None:
        self.outcome = settled if settled is not None else error

    def complete(self) -> None:
        future = self.future
        if future.done():  # the connection went meanwhile
            return
        if isinstance(self.outcome, BaseException):
            future.set_exception(self.outcome)
            return
        if isinstance(self.outcome, Settled) and self.answer is not None:
            self.answer(self.outcome.version)
        future.set_result(self.outcome)


class PumpJob(Job):
    """One quick bot's move due at a table; `Pumps` hears the next wake-up (or `FALLBACK`)."""

    __slots__ = ("hosted", "pumps")

    def __init__(self, pumps: Pumps, hosted: Hosted):
        super().__init__(hosted.table)
        self.pumps = pumps
        self.hosted = hosted

    def stage(self) -> Staged | None:
        try:
            held = self.table.stage_pump()
        except Exception:
            log.exception("table %s: pump failed", self.table.id)
            self.outcome = Idle(None)
            return None
        if isinstance(held, Staged):
            return held
        self.outcome = FALLBACK if held is None else held
        return None

    def settled(self, settled: Settled | None, error: BaseException | None) -> None:
        if settled is None:
            log.error("table %s: a bot's move was not kept: %s", self.table.id, error)
            self.outcome = Idle(None)
        else:
            self.outcome = Idle(settled.wake)

    def complete(self) -> None:
        self.pumps.mover_pumped(self.hosted, self.outcome)


class Mover:
    """The mover's thread and its queue (see the module docstring)."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self._jobs: list[Job] = []
        self._gathered: list[Job] = []
        """Jobs added in this turn of the loop, handed over at its end (`_hand_over`)."""
        self._wake = threading.Condition(threading.Lock())
        self._idle = False
        self.closed = False
        self.batches = 0
        """Turns that committed something."""
        self.moves = 0
        """Moves committed."""
        self._thread = threading.Thread(target=self._run, name="ion-mover", daemon=True)
        self._thread.start()

    def add(self, job: Job) -> bool:
        """Queue a job (on the loop); False when the mover is closed (the job is not taken). The
        jobs of one turn of the loop are handed to the mover together, with one wake-up."""
        if self.closed:
            return False
        if not self._gathered:
            self.loop.call_soon(self._hand_over)
        self._gathered.append(job)
        return True

    def _hand_over(self) -> None:
        jobs, self._gathered = self._gathered, []
        with self._wake:
            if self.closed:  # closed meanwhile: these go the usual way
                for job in jobs:
                    job.outcome = FALLBACK
                self.loop.call_soon(self._deliver, [], jobs)
                return
            self._jobs += jobs
            if self._idle:
                self._wake.notify()

    def close(self) -> None:
        """Finish the jobs queued, then stop the thread."""
        with self._wake:
            self.closed = True
            self._wake.notify()
        if self._thread is not threading.current_thread():
            self._thread.join()

    def _run(self) -> None:
        carried: list[Job] = []
        while True:
            with self._wake:
                while not self._jobs and not carried and not self.closed:
                    self._idle = True
                    self._wake.wait()
                    self._idle = False
                if self.closed and not self._jobs and not carried:
                    return
                jobs, self._jobs = carried + self._jobs, []
            try:
                carried = self._turn(jobs)
            except Exception:  # pragma: no cover - a bug here must not stop every table
                log.exception("the mover's turn failed")
                carried = []

    def _turn(self, jobs: list[Job]) -> list[Job]:
        """Stage, commit, settle and answer `jobs`; return those that wait for the next turn."""
        calls: list[tuple[Callable[..., None], tuple[Any, ...]]] = []
        staged: list[tuple[Job, Staged]] = []
        later: list[Job] = []
        answered: list[Job] = []
        busy: set[int] = set()
        _local.batch = (self.loop, calls)
        try:
            for job in jobs:
                key = id(job.table)
                if key in busy:  # this table's move of this turn is not settled yet
                    later.append(job)
                    continue
                held = job.stage()
                answered.append(job)
                if held is not None:
                    busy.add(key)
                    staged.append((job, held))
        finally:
            try:
                if staged:  # (also when staging failed midway: a staged table's lock is let go)
                    self._commit(staged)
            finally:
                _local.batch = None
        if calls or answered:
            with contextlib.suppress(RuntimeError):  # a closed loop: the server has stopped
                self.loop.call_soon_threadsafe(self._deliver, calls, answered)
        return later

    def _commit(self, staged: list[tuple[Job, Staged]]) -> None:
        by_journal: dict[int, list[tuple[Job, Staged]]] = {}
        for job, held in staged:
            by_journal.setdefault(id(held.table.journal), []).append((job, held))
        for group in by_journal.values():
            journal = group[0][1].table.journal
            errors: list[BaseException | None] = [None] * len(group)
            if journal is not None:
                try:
                    errors = commit_batch(journal, [(held.table.id, held.entries, held.finish)
                                                    for _, held in group])
                except Exception as err:  # the journal failed as a whole: every move is refused
                    errors = [err] * len(group)
            committed = 0
            for (job, held), error in zip(group, errors, strict=True):
                try:
                    job.settled(held.table.settle(held, error), error)
                except Exception as err:  # pragma: no cover - a subscriber's failure is the table's
                    log.exception("table %s: settling a move failed", held.table.id)
                    job.settled(None, err)
                committed += error is None
            self.moves += committed
        self.batches += 1

    @staticmethod
    def _deliver(calls: list[tuple[Callable[..., None], tuple[Any, ...]]], jobs: list[Job]) -> None:
        for fn, args in calls:
            try:
                fn(*args)
            except Exception:
                log.exception("delivering a state failed")
        for job in jobs:
            try:
                job.complete()
            except Exception:
                log.exception("answering a move failed")


__all__ = ["FALLBACK", "Job", "MoveJob", "Mover", "PumpJob", "post"]
