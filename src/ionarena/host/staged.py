"""Staged moves: a move applied to a copy of a table's game and held, uncommitted, until the batch
it belongs to is committed — so one thread can commit the moves of many tables in one transaction
and only then tell their seats (`web.mover`).

It is `Table.submit`'s and `Table.pump`'s contract, cut in three:

1. `stage_submit(table, seat, text, version)` / `stage_pump(table, now)` take the table's lock
   *without waiting* (a table another thread is busy with goes the usual way), judge the move as
   `submit` does (`StaleSubmit`, `IllegalAction`: the lock is let go and nothing changed) and
   apply it to a copy of the game. The lock stays with the calling thread, so nobody reads or
   changes the table while its move is not yet durable.
2. The caller commits the `Staged.entries` of every table of its batch (`journal.commit_batch`).
3. `settle(table, staged, error)`: committed (`error` None) — the copy becomes the game and every
   subscriber is told, exactly as `Table._commit` does once the journal has the entries — or
   refused, and nothing changed. The lock is let go either way.

What stages: a person's move at an untimed table with nothing due before it (a bot, the move
limit's takeover), and the move of a quick bot (one that does not search) at an untimed table.
Everything else — timed games, timeouts, the move limit, searching bots, a table whose lock is
busy or whose bot another thread is thinking for — answers None, and the caller goes through
`submit` or `pump` as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import State
from .botpool import searches
from .bots import LATER
from .journal import Finish, LogEntry, finish_of
from .scheduler import BOT
from .seats import Bot

if TYPE_CHECKING:
    from .table import Table
    from .updates import Update


@dataclass(slots=True)
class Staged:
    """A move applied to `trial` (a copy of `table`'s game), not yet committed; the table's lock is
    held by the thread that staged it."""

    table: Table
    trial: State[Any]
    entries: list[LogEntry]
    finish: Finish | None
    changed_at: float | None
    """The moment of the change on the table's clock (bot delays and move limits count from it)."""
    seat: int | None
    """The person who moved (None: a bot)."""
    since: int | None
    """The version the person's move was chosen at (their answer's events start after it)."""


@dataclass(frozen=True, slots=True)
class Idle:
    """Nothing to move yet: the next wake-up on the table's clock (None: nothing scheduled)."""

    wake: float | None


@dataclass(frozen=True, slots=True)
class Settled:
    """A committed staged move: the mover's update (a person's move; None for a bot's) and when
    the table next has something to do."""

    update: Update | None
    wake: float | None


def _take_lock(table: Table) -> bool:
    if table.spec.timed or not table._lock.acquire(blocking=False):
        return False
    if table._staged is not None:  # this thread holds a staged move of this table already
        table._lock.release()
        raise RuntimeError(f"table {table.id}: a move is staged already")
    return True


def stage_submit(table: Table, seat: int, text: str, expected_version: int | None) -> Staged | None:
    """Stage a person's move (see the module docstring); None: it goes through `Table.submit`."""
    if not _take_lock(table):
        return None
    try:
        now = table.clock()
        seat = table._check_submit(seat, text, expected_version)
        driver = table._driver
        dues = driver.plan(driver._busy()) if table._status == "playing" else []
        if dues and now >= dues[0].when:  # bots (or a takeover) due first: `submit` moves them
            table._lock.release()
            return None
        trial, entries = table._trial(seat, expected_version, now)
        table._apply(trial, seat, trial.parse_action(seat, text), entries)
        return _hold(table, trial, entries, now, seat, expected_version)
    except BaseException:
        table._lock.release()
        raise


def stage_pump(table: Table, now: float) -> Staged | Idle | None:
    """Stage the move of a quick bot due by `now` (see the module docstring); `Idle` when nothing
    is due yet; None: `Table.pump` must do what is due."""
    if not _take_lock(table):
        return None
    try:
        driver = table._driver
        while True:
            if driver._thinking:  # another thread thinks a bot here: `pump` waits for it
                table._lock.release()
                return None
            dues = driver.plan()
            if not dues or now < dues[0].when:
                table._lock.release()
                return Idle(dues[0].when if dues else None)
            due = dues[0]
            seat = due.seat
            if due.kind != BOT or not isinstance(seat, int):
                table._lock.release()
                return None
            bot = Bot.parse(table._seats[seat].bot or "random")
            if searches(bot.name, table.spec.id):
                table._lock.release()
                return None
            trial = table._state.clone()
            action = driver.thinker(bot.name, table.spec.id, seat, trial, driver._reaction.get(seat))
            if action is LATER:
                table._lock.release()
                return None
            if action is None:  # the bot declines until the game changes
                driver._waiting.add(seat)
                continue
            entries: list[LogEntry] = []
            table._apply(trial, seat, action, entries)
            return _hold(table, trial, entries, due.when, None, None)
    except BaseException:
        table._lock.release()
        raise


def _hold(table: Table, trial: State[Any], entries: list[LogEntry], changed_at: float | None,
          seat: int | None, since: int | None) -> Staged:
    finish = finish_of(trial, table._seats) if trial.is_over() else None
    held = table._staged = Staged(table, trial, entries, finish, changed_at, seat, since)
    return held


def settle(table: Table, held: Staged, error: BaseException | None) -> Settled | None:
    """End a staged move (see the module docstring): None when it was refused."""
    if table._staged is not held:
        raise RuntimeError(f"table {table.id}: that move is not the one staged")
    table._staged = None
    try:
        if error is not None:
            return None
        if held.seat is not None:
            table._driver.idle.person_moved(held.seat)
        table._take(held.trial, held.finish, held.changed_at)
        update = None
        if held.seat is not None:
            updates = table._updates
            update = updates.update(held.seat, updates.told(held.seat) if held.since is None else held.since)
        return Settled(update, table.wake())
    finally:
        table._lock.release()


__all__ = ["Idle", "Settled", "Staged", "settle", "stage_pump", "stage_submit"]
