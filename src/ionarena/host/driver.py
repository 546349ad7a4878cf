"""Bots' thinking at a table: when each bot moves, and how its move is thought out without the
table's lock and applied only if the table has not moved on meanwhile.

Bots think outside the lock, so a person's `submit`, an `update` or an `ask` never waits for a
bot (an ISMCTS bot may think for seconds). For a due bot move the table takes, under the lock,
a copy of the game and the moment (a counter of the table's changes: actions, seats, status);
the bot thinks on its seat's window of that copy without the lock; then, under the lock again,
its move is applied to that very copy — stamped `at <its due time>` in a timed game, as if it had
been made then — if the table is still at that moment. If it moved on meanwhile (a person's move,
a timeout, someone sat down), the stale move is dropped and the schedule asked again (a bot made
afresh for the new version decides). A `pump` waits (not under the lock) for a bot that another
thread is thinking for, so what it returns counts that move; a `submit` first lets the bots due
by then move (thinking them itself when no other thread is), but never waits for another
thread's bot: it applies the timeouts due by then and judges the person's move.

Bots see only their seat's window (`host.bots`); their action text is never shown to people,
who learn of moves through the events of their own seat (a Gift's card only reaches giver and
receiver). What is due when is `host.scheduler.plan`'s: the driver gives it each bot seat's
delay (its reaction time, or what its bot's pace rule says in a timed game), leaves out the bots
that declined to move since the game last changed, and lets the takeover bot finish an idle
person's whole move at once (`host.takeover`). Who thinks a bot's move is `Driver.thinker`
(`host.bots.think` here and now, unless a surface sets another: `host.botpool`).

`Driver` is the table's own part (the table makes one, with its lock): it reads the table's game,
status, seats and clock as the table's methods do, and applies moves with the table's `_apply`
and `_commit`, which journal them before anyone is told.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..agents import Agent
from ..core import HOST, Action, State
from .bots import LATER, Thinker, bot_agent, bot_delay, think
from .journal import LogEntry
from .scheduler import BOT, LIMIT, TIMEOUT, Due, plan
from .seats import BOT as BOT_SEAT
from .seats import Bot, SeatInfo
from .takeover import IdleRun

if TYPE_CHECKING:
    from .table import Table


class Thought(NamedTuple):
    """A due bot move handed out to be thought outside the table's lock: the bot (spec name and
    reaction time), the seat's copy of the game at `moment`, and when the move is due."""

    due: Due
    seat: int
    bot: str
    reaction: float | None
    state: State[Any]
    moment: int
    timed: bool


class Driver:
    """A table's bots: their delays, the schedule, and their moves thought outside the lock (see
    the module docstring)."""

    __slots__ = ("_lock", "_moment", "_pacers", "_pumps_waiting", "_reaction", "_settled", "_table",
                 "_thinking", "_waiting", "idle", "thinker")

    def __init__(self, table: Table, lock: threading.RLock):
        self._table = cast("Table", weakref.proxy(table))  # no cycle: a table let go is freed at once
        self._lock = lock
        self._settled = threading.Condition(lock)
        """Notified when a bot's thought is settled or the table changes (pumps wait on it)."""
        self._moment = 0
        """Counts the table's changes (actions, seats, status): a bot's move thought out at one
        moment is applied only at that moment."""
        self._thinking: dict[int, int] = {}
        """Seat -> the moment a bot is thinking for it (outside the lock, in some thread)."""
        self._pumps_waiting = 0
        """Pumps waiting on `_settled` for another thread's bot."""
        self._reaction: dict[int, float] = {}
        """Each bot seat's reaction time."""
        self._pacers: dict[int, Agent] = {}
        """Bot seats whose bot chooses its moment in a timed game (a pace rule), with that bot."""
        self._waiting: set[int] = set()
        """Bot seats that declined to move since the game last changed."""
        self.thinker: Thinker = think
        """Thinks a due bot's move outside the lock (`host.bots.Thinker`; a surface may replace it)."""
        self.idle = IdleRun()
        """Seats whose takeover bot is finishing an idle person's turn, and its moves per seat."""

    # -- bot seats ----------------------------------------------------------------------------------

    def seat_changed(self, info: SeatInfo) -> None:
        """`info` holds its seat now: forget the seat's bot before, note a new bot's delays."""
        seat = info.seat
        self._reaction.pop(seat, None)
        self._pacers.pop(seat, None)
        self._waiting.discard(seat)
        if info.kind == BOT_SEAT:
            self.seat_bot(info)

    def seat_bot(self, info: SeatInfo) -> None:
        """Note a bot seat's reaction time (the seat's, else the table's, else the bot's own), and its
        bot if that bot chooses its moment."""
        table = self._table
        bot = Bot.parse(info.bot or "random")
        given = bot.reaction_time if bot.reaction_time is not None else table.settings.reaction_time
        agent = bot_agent(bot.name, table.spec.id, info.seat, 0, 0, given)
        self._reaction[info.seat] = float(agent.reaction_time)
        if table.spec.timed and hasattr(agent, "delay"):
            self._pacers[info.seat] = agent

    # -- the table's changes ------------------------------------------------------------------------

    def moved(self) -> None:
        """Under the lock: the table changed (the game, a seat's holder or the status): a new
        moment, so bots thinking for the old one are stale."""
        self._moment += 1
        if self._pumps_waiting:
            self._settled.notify_all()

    def game_moved(self) -> None:
        """Under the lock: an action was applied: bots that declined to move may move again."""
        self._waiting.clear()

    # -- the schedule -------------------------------------------------------------------------------

    def plan(self, busy: Collection[int] = ()) -> list[Due]:
        """Under the lock: what is due next, soonest first (`host.scheduler.plan`), leaving out the
        bots that declined and those in `busy`."""
        table = self._table
        if table._status != "playing":
            return []
        state = table._state
        skip: Collection[int] = self._waiting if not busy else self._waiting | set(busy)
        if state.deadline() is not None:
            return plan(state, self._delays(state), skip=skip)
        changed_at = table._changed_at
        delays = dict.fromkeys(self._reaction, table.settings.bot_delay)
        dues = plan(state, delays, changed_at, skip=skip, limit=table.settings.move_limit)
        return self.idle.due(dues, changed_at, state.actors()) if self.idle.seats else dues

    def _delays(self, state: State[Any]) -> Mapping[int, float]:
        """Each bot seat's delay now: its reaction time, or what its bot's pace rule says."""
        if not self._pacers:
            return self._reaction
        delays = dict(self._reaction)
        actors = state.actors()
        for seat, pacer in self._pacers.items():
            if seat in actors:
                delays[seat] = bot_delay(pacer, state, seat)
        return delays

    def _busy(self) -> frozenset[int]:
        """The seats a bot is thinking for at this very moment of the game (in some thread)."""
        if not self._thinking:
            return frozenset()
        return frozenset(seat for seat, moment in self._thinking.items() if moment == self._moment)

    # -- driving ------------------------------------------------------------------------------------

    def drive(self, now: float, max_moves: int | None, *, patient: bool) -> float | None:
        """Apply what is due by `now` (at most `max_moves` moves): timeouts under the lock, bots'
        moves thought outside it (`Thought`) and applied under it if the table has not changed
        meanwhile (else the stale move is dropped and the schedule asked again). `patient`: wait
        for bots other threads are thinking for (`pump`); else leave them be (a person's submit
        never waits for another thread's bot). Returns the next wake-up, as `Table.pump` does."""
        table = self._table
        with self._lock:
            step, moves = self._step(now, 0, max_moves, patient)
        while isinstance(step, Thought):
            try:
                action = self.thinker(step.bot, table.spec.id, step.seat, step.state, step.reaction)
            except BaseException:  # the bot failed: forget its thought, wake whoever waits for it
                with self._lock:
                    self._forget(step)
                raise
            with self._lock:  # one turn of the lock applies this move and hands out the next
                if action is LATER:  # the surface thinks this bot elsewhere: it stays due
                    self._forget(step)
                    return table.clock_at(step.due.when) if step.timed else step.due.when
                moves += self._settle(step, action)
                step, moves = self._step(now, moves, max_moves, patient)
        return step

    def _step(self, now: float, moves: int, max_moves: int | None,
              patient: bool) -> tuple[float | Thought | None, int]:
        """Under the lock: apply the timeouts due by `now`, then hand out a due bot's move to think
        (`Thought`) or return the next wake-up (waiting first, if `patient`, for bots that other
        threads are thinking for); with the moves applied so far (of at most `max_moves`)."""
        table = self._table
        while True:
            busy = self._busy() if self._thinking else ()
            dues = self.plan(busy)
            wake: float | None = None
            if dues:
                due = dues[0]
                timed = table._state.deadline() is not None
                wake = table.clock_at(due.when) if timed else due.when
                due_now = (table.game_time(now) if timed else now) >= due.when
                if due_now and (max_moves is None or moves < max_moves):
                    if due.kind != TIMEOUT:
                        return self._think(due, timed), moves
                    self._timeout()
                    moves += 1
                    continue
            if not (patient and busy):
                return wake, moves
            self._pumps_waiting += 1
            try:
                self._settled.wait()
            finally:
                self._pumps_waiting -= 1

    def time_out(self, now: float) -> None:
        """Under the lock: apply the timeouts due by `now` (a passed deadline ends the turn before
        a person's move is judged), leaving due bots to whoever pumps."""
        table = self._table
        while table._status == "playing" and not table._state.is_over():
            deadline = table._state.deadline()
            if deadline is None or table.game_time(now) < deadline:
                return
            self._timeout()

    def _timeout(self) -> None:
        table = self._table
        trial = table._state.clone()
        entries: list[LogEntry] = []
        table._apply(trial, HOST, trial.timeout_action(), entries)
        table._commit(trial, entries, None)

    def _think(self, due: Due, timed: bool) -> Thought:
        """A due bot's move to be thought outside the lock: the bot's spec and a copy of the
        game (the bot sees only its seat's window of it)."""
        table = self._table
        seat = due.seat
        assert isinstance(seat, int)
        if due.kind == BOT:
            bot = Bot.parse(table._seats[seat].bot or "random")
            name, reaction = bot.name, self._reaction.get(seat)
        else:  # LIMIT: the takeover bot moves for this seat once
            assert due.kind == LIMIT
            name, reaction = Bot.parse(table._takeover or "random").name, None
        self._thinking[seat] = self._moment
        return Thought(due, seat, name, reaction, table._state.clone(), self._moment, timed)

    def _forget(self, thought: Thought) -> None:
        if self._thinking.get(thought.seat) == thought.moment:
            del self._thinking[thought.seat]
        if self._pumps_waiting:
            self._settled.notify_all()

    def _settle(self, thought: Thought, action: Action | None) -> int:
        """Under the lock: apply a bot's thought-out move if the table is still where the bot saw
        it (1), else drop it (0: the caller plans again)."""
        table = self._table
        self._forget(thought)
        if thought.moment != self._moment or table._status != "playing":
            return 0
        if action is None:
            self._waiting.add(thought.seat)
            return 0
        trial = thought.state  # the bot's copy is the game as it is now: the move is applied to it
        entries: list[LogEntry] = []
        when = thought.due.when
        if thought.timed and when > trial.now():
            table._apply(trial, HOST, trial.clock_action(when), entries)
        before = trial.version
        table._apply(trial, thought.seat, action, entries)
        if thought.due.kind == LIMIT:  # the rest of the idle person's turn follows at once (this round's)
            self.idle.settled(thought.seat, trial, {e.kind for e in trial.events(None, since=before)})
        table._commit(trial, entries, None if thought.timed else when)
        return 1


__all__ = ["Driver", "Thought"]
