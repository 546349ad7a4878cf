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
The quick bots' moves due *at once* after it (a table whose bots wait no delay) ride along, up to
`RIDE_ALONG` of them: applied to the same copy, committed in the same transaction, and told in one
update (its events are those of every move), as `pump` would have made them a moment later.
Everything else — timed games, timeouts, the move limit, searching bots, a table whose lock is
busy or whose bot another thread is thinking for — answers None, and the caller goes through
`submit` or `pump` as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import Action, State
from .botpool import searches
from .bots import LATER, Later
from .journal import Finish, LogEntry, finish_of
from .scheduler import BOT, plan
from .seats import Bot

if TYPE_CHECKING:
    from .table import Table
    from .updates import Update


RIDE_ALONG = 4
"""Most bots' moves due at once that are staged with a move (see the module docstring)."""


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
    version: int
    """The version the first move made (a person's move: what their `ok` says)."""


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
    version: int
    """The version the first staged move made (bots' moves may have followed it)."""


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
        changed_at = _ride_along(table, trial, entries, now, RIDE_ALONG)
        return _hold(table, trial, entries, changed_at, seat, expected_version)
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
            trial = table._state.clone()
            action = _think(table, seat, trial)
            if action is LATER:
                table._lock.release()
                return None
            if action is None:  # the bot declines until the game changes
                driver._waiting.add(seat)
                continue
            entries: list[LogEntry] = []
            table._apply(trial, seat, action, entries)
            changed_at = _ride_along(table, trial, entries, due.when, RIDE_ALONG - 1)
            return _hold(table, trial, entries, changed_at, None, None)
    except BaseException:
        table._lock.release()
        raise


def _think(table: Table, seat: int, trial: State[Any]) -> Action | Later | None:
    """The quick bot in `seat` decides on `trial` (None: it declines); `LATER` for a bot that
    searches (the bots' pool thinks it in its own lane)."""
    bot = Bot.parse(table._seats[seat].bot or "random")
    if searches(bot.name, table.spec.id):
        return LATER
    driver = table._driver
    return driver.thinker(bot.name, table.spec.id, seat, trial, driver._reaction.get(seat))


def _ride_along(table: Table, trial: State[Any], entries: list[LogEntry], changed_at: float,
                moves: int) -> float:
    """Apply to `trial` the quick bots' moves due at once after it (up to `moves`; see the module
    docstring); return the moment of the last change."""
    driver = table._driver
    if moves <= 0 or driver.idle.seats or table._status != "playing":
        return changed_at
    delays = dict.fromkeys(driver._reaction, table.settings.bot_delay)
    declined: set[int] = set()
    while moves > 0:
        dues = plan(trial, delays, changed_at, skip=declined, limit=table.settings.move_limit)
        if not dues or dues[0].kind != BOT or dues[0].when > changed_at:
            return changed_at
        due = dues[0]
        seat = due.seat
        assert isinstance(seat, int)
        action = _think(table, seat, trial)
        if action is LATER:
            return changed_at
        if action is None:
            declined.add(seat)
            continue
        table._apply(trial, seat, action, entries)
        changed_at = due.when
        declined.clear()
        moves -= 1
    return changed_at


def _hold(table: Table, trial: State[Any], entries: list[LogEntry], changed_at: float | None,
          seat: int | None, since: int | None) -> Staged:
    finish = finish_of(trial, table._seats) if trial.is_over() else None
    held = table._staged = Staged(table, trial, entries, finish, changed_at, seat, since, entries[0].version)
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
        return Settled(update, table.wake(), held.version)
    finally:
        table._lock.release()


__all__ = ["RIDE_ALONG", "Idle", "Settled", "Staged", "settle", "stage_pump", "stage_submit"]
