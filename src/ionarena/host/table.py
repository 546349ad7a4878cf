"""`Table`: one game hosted for people and bots — the authority every surface talks to.

A table holds a game's `State` and its seats (a person, a bot, or open). Surfaces never touch the
state: they call

- `sit(seat, name) -> token` and `leave(seat)`; `seat_bot(seat, spec)` puts a bot in an open
  seat (a lobby's "fill the empty seats with bots"); `authenticate(token) -> seat`;
- `start(now)`: the game's clock starts (and bots begin to move) once the people have seen it;
  `adjourn()` puts a game aside (its clock and bots stop) until `resume(now)`; `abandon()`;
- `submit(seat, text, expected_version) -> Update`: a person's move as text. `StaleSubmit`
  (a `StaleAction`) carries the current update when the game has moved on since
  `expected_version`; `IllegalAction` says why a move is refused; nothing changes on error.
  `expected_version=None` applies the move to the game as it is (chat-like surfaces of a real-time
  game, where versions move while a person types);
- `ask(seat, text) -> str | None`: a question answered from the seat's own view
  (`GameSpec.answer`, e.g. bank's `inv`, `help`); None when the text is not a question;
- `pump(now, max_moves=None) -> wake-up time | None`: applies every bot move and timeout due by
  `now` (at most `max_moves` of them: a surface serving many tables pumps again later rather
  than let one table of fast bots play to its end in one call) and says when something is next
  due (None: nothing until someone acts); how bots think is `host.driver`'s;
- `update(seat, since)` (polling) or `subscribe(seat, callback)`: per-seat `Update`s
  (`host.updates`: version, view, events, legal moves as text, actors, deadline, over).

The table does no I/O and reads no clock but the injected `clock` (any float seconds, e.g.
`time.monotonic`; tests pass a fake). Times in updates (`deadline`) and `pump`'s result are on
that clock. Timed games run in game seconds: the table maps its clock onto the game's from
`start` on, and applies `at <t>` before each move so a record replays its timing exactly.

Every call takes the table's lock (a State is not thread-safe): two threads submitting against
the same version — exactly one wins, the other gets `StaleSubmit`. Each accepted action is
applied to a copy of the state, written to the journal (the store commits it), and only then made
current and told to any seat (`_commit`). Who sits where (`sit`, `leave`, `seat_bot`,
`rename`, `retoken`, `authenticate`) is `host.seating.Seating`'s, which `Table` inherits. The
table's two other jobs are parts of their own, called under its lock: `host.driver.Driver`
(bots' thinking: the schedule, the moment counter, moves thought outside the lock) and
`host.updates.Updates` (the update cache and subscribers).
"""

from __future__ import annotations

import math
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import HOST, Action, Actor, GameSpec, IllegalAction, NoSuchSeat, State
from ..core.errors import quote
from ..core.record import GameRecord, from_state
from ..core.registry import check_seed, get_spec
from ..core.rng import new_seed
from . import staged
from .bots import Thinker
from .driver import Driver
from .journal import Finish, Journal, LogEntry, Status, TableInfo, agent_labels, finish_of, replay_log
from .labels import check_labels, check_surface, merge_labels
from .scheduler import Due
from .seating import Seating
from .seats import BOT as BOT_SEAT
from .seats import PERSON, Bot, SeatInfo, TableSettings, check_takeover, first_seats
from .staged import Staged
from .takeover import IdleRun
from .updates import Callback, StaleSubmit, Subscription, Update, Updates

Clock = Callable[[], float]


def new_table_id() -> str:
    """An unguessable table id (about 128 random bits, URL-safe) that starts with a letter or a
    digit: an id that began with `-` was taken for an option by `ion tables close ID` (one in 64)."""
    while True:
        table_id = secrets.token_urlsafe(16)
        if table_id[0].isalnum():
            return table_id


NOT_PLAYING: dict[Status, str] = {
    "waiting": "the game has not started yet", "over": "the game is over", "abandoned": "the game is over",
    "adjourned": "the game is adjourned: it goes on when one of its players comes back"}
"""Why a table that is not playing refuses a move."""


class Table(Seating):
    """One game hosted for people and bots (see the module docstring)."""

    def __init__(self, game: str, players: int | None = None, *,
                 bots: Mapping[int, str | Bot] | None = None, seed: int | None = None,
                 variant: str | None = None, options: Mapping[str, object] | None = None,
                 settings: TableSettings | None = None, table_id: str | None = None,
                 clock: Clock = time.monotonic, journal: Journal | None = None, listed: bool = False,
                 surface: str | None = None, labels: Mapping[str, str] | None = None):
        """A new table of `game` (every seat open but those in `bots`: seat -> bot spec such as
        `greedy` or `greedy@0.8`). The seed comes from `new_seed()` unless given. With a
        `journal`, the table is written to it at once. `listed`: a lobby may list it (the web's
        public tables); otherwise only those who know its id find it. `surface` (`web`, `irc`,
        `terminal`) says who hosts it and resumes it after a restart; `labels` are what that
        surface keeps with it (`host.labels`)."""
        surface = check_surface(surface)
        labels = check_labels(labels)
        spec = get_spec(game)
        state = spec.make(players=players, seed=new_seed() if seed is None else check_seed(seed),
                          variant=variant, **dict(options or {}))
        settings = settings or TableSettings()
        seats = first_seats(state.num_players, bots or {}, state.check_seat)
        self._setup(spec, state, table_id or new_table_id(), seats, settings, "waiting", clock, journal,
                    bool(listed), surface, labels)
        if journal is not None:
            journal.table_opened(self.info())

    @classmethod
    def restore(cls, info: TableInfo, entries: Sequence[LogEntry], *, clock: Clock = time.monotonic,
                journal: Journal | None = None) -> Table:
        """A table rebuilt from its journal by replaying its log, each action checked against its
        version and game time; `RecordError` names the table and the first action that does not
        replay. A table that was playing starts again now (its game clock goes on from where it
        stopped)."""
        spec, state = replay_log(info, entries)
        table = cls.__new__(cls)
        status: Status = "over" if state.is_over() else info.status
        table._setup(spec, state, info.id, list(info.seats), info.settings, status, clock, journal,
                     info.listed, info.surface, dict(info.labels))
        if status == "playing":
            table._begin(clock())
        return table

    def _setup(self, spec: GameSpec, state: State[Any], table_id: str, seats: list[SeatInfo],
               settings: TableSettings, status: Status, clock: Clock, journal: Journal | None,
               listed: bool, surface: str | None, labels: dict[str, str]) -> None:
        self._lock = threading.RLock()
        self._staged: Staged | None = None
        """A move staged and not yet settled (`host.staged`; the thread holding it holds the lock)."""
        self.id = table_id
        self.spec = spec
        self._state = state
        self._seats = seats
        self.settings = settings
        self._status: Status = status
        self.clock = clock
        self.journal = journal
        self.listed = listed
        """A lobby may list the table (the web's public tables); else only its id finds it."""
        self.surface = surface
        """Who hosts the table (`web`, `irc`, `terminal`; None: not said)."""
        self._labels = labels
        self._origin = 0.0
        self._offset = state.now()
        self._changed_at = 0.0
        """When the table last changed, on its clock (untimed games' bot delays and move limits
        count from it)."""
        self._takeover = check_takeover(settings.takeover, spec.id)
        self._driver = Driver(self, self._lock)
        self._updates = Updates(self)
        for info in seats:
            if info.kind == BOT_SEAT:
                self._driver.seat_bot(info)

    @property
    def thinker(self) -> Thinker:
        """Thinks a due bot's move outside the lock (`host.bots.Thinker`; a surface may set it)."""
        return self._driver.thinker

    @thinker.setter
    def thinker(self, thinker: Thinker) -> None:
        self._driver.thinker = thinker

    @property
    def idle(self) -> IdleRun:
        """Seats whose takeover bot is finishing an idle person's turn, and its moves per seat."""
        return self._driver.idle

    # -- facts ------------------------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's id."""
        return self.spec.id

    @property
    def seed(self) -> int:
        """The game's seed (keep it from players until the game is over: it rebuilds every hand)."""
        return self._state.seed

    @property
    def players(self) -> int:
        """How many seats."""
        return self._state.num_players

    @property
    def version(self) -> int:
        """The game version (actions applied)."""
        return self._state.version

    @property
    def status(self) -> Status:
        """`waiting`, `playing`, `adjourned`, `over` or `abandoned`."""
        return self._status

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Who holds each seat."""
        return tuple(self._seats)

    @property
    def labels(self) -> dict[str, str]:
        """What the table's surface keeps with it (a copy; `set_labels` changes them)."""
        with self._lock:
            return dict(self._labels)

    def label(self, key: str) -> str | None:
        """One label (None where it is not set), read without a copy of them all: the labels are
        replaced whole when they change, never changed in place (read at each state sent)."""
        return self._labels.get(key)

    def set_labels(self, changes: Mapping[str, str | None]) -> dict[str, str]:
        """Set labels (a None value removes one), journaled; returns them all. `IllegalAction`
        if the result is not valid labels (nothing changes)."""
        with self._lock:
            labels = merge_labels(self._labels, changes)
            if labels != self._labels:
                if self.journal is not None:
                    self.journal.labels_changed(self.id, labels)
                self._labels = labels
            return dict(labels)

    def info(self) -> TableInfo:
        """What a journal keeps of this table."""
        with self._lock:
            state = self._state
            return TableInfo(id=self.id, game=self.spec.id, variant=state.variant, players=state.num_players,
                             seed=state.seed, options=dict(state.options), settings=self.settings,
                             status=self._status, seats=tuple(self._seats), listed=self.listed,
                             surface=self.surface, labels=dict(self._labels))

    def open_in(self, journal: Journal) -> None:
        """Write a table made without a journal to `journal` as it is now, and journal it there
        from now on: a table made, seated and started at once is one write, not one a change.
        `IllegalAction` for a table that has a journal already or an action to lose."""
        with self._lock:
            if self.journal is not None or self._state.version:
                raise IllegalAction(f"table {self.id} is journaled already or has moved")
            journal.table_opened(self.info())
            self.journal = journal

    def record(self) -> GameRecord:
        """The game so far as a record (seed + config + action log; scores once over)."""
        with self._lock:
            return from_state(self._state, agents=agent_labels(self._seats))

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._state.is_over()

    def finish(self) -> Finish | None:
        """The finished game's record and results (None while it is not over)."""
        with self._lock:
            return finish_of(self._state, self._seats) if self._state.is_over() else None

    def _finished(self) -> bool:
        return self._status in ("over", "abandoned")

    # -- the game's life ----------------------------------------------------------------------------

    def start(self, now: float | None = None) -> None:
        """Start the game: bots begin to move and a timed game's clock runs from `now`."""
        with self._lock:
            self._set_status("playing", now, was="waiting", refused="not waiting to start")

    def abandon(self) -> None:
        """Stop an unfinished game for good (its log and record so far are kept)."""
        with self._lock:
            if not self._finished():
                self._set_status("abandoned")

    def adjourn(self) -> None:
        """Put a game being played aside (journaled): its clock stops and its bots wait until
        `resume`. A timed game goes on from the game time of its last action, as after a restart."""
        with self._lock:
            self._set_status("adjourned", was="playing", refused="not playing")

    def resume(self, now: float | None = None) -> None:
        """An adjourned game goes on from `now` (journaled)."""
        with self._lock:
            self._set_status("playing", now, was="adjourned", refused="not adjourned")

    def _set_status(self, status: Status, now: float | None = None, *, was: Status | None = None,
                    refused: str = "") -> None:
        """Journal the new status and take it (`playing`: the game's clock runs from `now`); if the
        table's status is not `was`, `IllegalAction` (`the table is <status>, <refused>`)."""
        if was is not None and self._status != was:
            raise IllegalAction(f"the table is {self._status}, {refused}")
        if self.journal is not None:
            self.journal.status_changed(self.id, status, self.record() if status == "abandoned" else None)
        if status == "adjourned":
            self._offset = self._state.now()
        self._status = status
        if status == "playing":
            self._begin(self.clock() if now is None else now)
        self._notify()

    def _begin(self, now: float) -> None:
        self._updates.changed()
        self._origin = now
        self._offset = self._state.now()
        self._changed_at = now

    def game_time(self, now: float) -> float:
        """The game seconds of a timed game at `now` on the table's clock."""
        if self._status != "playing":
            return self._offset
        return self._offset + max(0.0, now - self._origin)

    def clock_at(self, game_seconds: float) -> float:
        """When a timed game reaches `game_seconds`, on the table's clock."""
        return self._origin + (game_seconds - self._offset)

    # -- moves --------------------------------------------------------------------------------------

    def submit(self, seat: int, text: str, expected_version: int | None = None) -> Update:
        """A person's move (see the module docstring); returns the seat's new update."""
        now = self.clock()
        with self._lock:
            seat = self._check_submit(seat, text, expected_version)
        self._driver.drive(now, None, patient=False)  # bots due by now move first (not under the lock)
        with self._lock:
            seat = self._check_submit(seat, text, expected_version)
            trial, entries = self._trial(seat, expected_version, now)
            if trial.deadline() is not None:
                at = math.floor(self.game_time(now) * 1000) / 1000
                if at > trial.now():
                    self._apply(trial, HOST, trial.clock_action(at), entries)
            self._apply(trial, seat, trial.parse_action(seat, text), entries)
            self._driver.idle.person_moved(seat)
            self._commit(trial, entries, now)
            return self._updates.update(seat, self._updates.told(seat) if expected_version is None
                                        else expected_version)

    def _check_submit(self, seat: int, text: str, expected_version: int | None) -> int:
        seat = self._state.check_seat(seat)
        if self._seats[seat].kind != PERSON:
            held = "a bot's" if self._seats[seat].kind == BOT_SEAT else "open"
            raise IllegalAction(f"seat {seat} is {held}: only the person sitting there moves for it")
        if not isinstance(text, str):
            raise IllegalAction(f"a move is text, not {quote(text)}")
        if expected_version is not None and (expected_version.__class__ is not int or expected_version < 0):
            raise IllegalAction(f"a version is a whole number, not {quote(expected_version)}")
        return seat

    def host_submit(self, text: str, expected_version: int | None = None) -> Update:
        """A host action (bank's lobby `start`) asked for by whoever runs the table — the person at
        their own terminal game, an operator on IRC; the surface decides who may. Returns the
        spectator's update. `timeout` and `at <t>` stay the scheduler's: they are refused here."""
        now = self.clock()
        self._driver.drive(now, None, patient=False)
        with self._lock:
            trial, entries = self._trial(None, expected_version, now)
            if not isinstance(text, str) or text.split()[:1] in (["timeout"], ["at"]):
                raise IllegalAction("timeouts and the clock are the table's own")
            self._apply(trial, HOST, trial.parse_action(HOST, text), entries)
            self._commit(trial, entries, now)
            return self._updates.update(None, self._updates.told(None))

    def _trial(self, reader: int | None, expected_version: int | None,
               now: float) -> tuple[State[Any], list[LogEntry]]:
        """Under the lock, for a move made at `now` against `expected_version`: apply the timeouts
        due by then, refuse a stale move (`StaleSubmit` with `reader`'s update) or a game not being
        played; a copy of the game to apply the move to, and a list for its log entries."""
        self._driver.time_out(now)
        state = self._state
        if expected_version is not None and expected_version != state.version:
            raise StaleSubmit(expected_version, state.version,
                              self._updates.update(reader, min(expected_version, state.version)))
        if self._status != "playing":
            raise IllegalAction(NOT_PLAYING[self._status])
        return state.clone(), []

    def ask(self, seat: int | None, text: str) -> str | None:
        """The answer to a question asked from `seat` (bank's `inv`, `help`), from that seat's own
        view; None when `text` is not a question of this game."""
        with self._lock:
            seat = self._reader(seat)
            if not isinstance(text, str) or self.spec.answer is None:
                return None
            return self.spec.answer(self._state.view(seat), text)

    def pump(self, now: float | None = None, max_moves: int | None = None) -> float | None:
        """Apply every bot move and timeout due by `now` (default: the clock), or only the first
        `max_moves` of them; return when the next one is due on the table's clock (at or before
        `now` when `max_moves` left some due), or None when nothing is scheduled. Bots think
        outside the table's lock; a bot that another thread is thinking for is waited for (not
        under the lock), so what `pump` returns counts its move."""
        if max_moves is not None and (max_moves.__class__ is not int or max_moves < 1):
            raise ValueError(f"max_moves is a whole number of at least 1, not {max_moves!r}")
        return self._driver.drive(self.clock() if now is None else now, max_moves, patient=True)

    def wake(self) -> float | None:
        """When `pump` next has something to do, on the table's clock (None: nothing scheduled;
        at or before now: something is due). Applies nothing."""
        with self._lock:
            due = self.next_due()
            timed = self._state.deadline() is not None
            return None if due is None else self.clock_at(due.when) if timed else due.when

    def next_due(self) -> Due | None:
        """The next scheduled thing (game seconds in timed games), without applying anything."""
        with self._lock:
            dues = self._driver.plan()
            return dues[0] if dues else None

    # -- apply and commit ---------------------------------------------------------------------------

    def _apply(self, trial: State[Any], actor: Actor, action: Action, entries: list[LogEntry]) -> None:
        """Apply `action` to `trial` (a copy of the game) and note its log entry."""
        trial.apply(actor, action)
        entries.append(LogEntry(trial.version, None if actor is HOST else actor,
                                trial.format_action(action),
                                round(trial.now(), 3) if self.spec.timed else None))

    def _commit(self, trial: State[Any], entries: list[LogEntry], changed_at: float | None = None) -> None:
        """Journal the entries (durable on return), then make `trial` current and tell every
        subscriber; `changed_at`: the moment of the change on the table's clock (untimed games'
        bot delays and move limits count from it)."""
        finish = finish_of(trial, self._seats) if trial.is_over() else None
        if self.journal is not None:
            self.journal.actions_applied(self.id, entries, finish)
        self._take(trial, finish, changed_at)

    def _take(self, trial: State[Any], finish: Finish | None, changed_at: float | None) -> None:
        """Under the lock, once `trial`'s actions are journaled: make it current and tell every
        subscriber."""
        self._state = trial
        self._driver.game_moved()
        if changed_at is not None:
            self._changed_at = changed_at
        if finish is not None:
            self._status = "over"
        self._notify()

    def lock_now(self) -> bool:
        """Take the table's lock if nobody holds it (True), without waiting; `unlock` lets it go.
        For a surface that would rather make a tiny call (`authenticate`, `update`) in its own
        thread now than hand it to another: between the two, call only methods that write nothing."""
        return self._lock.acquire(blocking=False)

    def unlock(self) -> None:
        """Let go of the lock `lock_now` took."""
        self._lock.release()

    # -- staged moves (a batch of tables committed at once: `host.staged`) ---------------------------

    def stage_submit(self, seat: int, text: str, expected_version: int | None = None) -> Staged | None:
        """A person's move applied to a copy of the game and held, uncommitted, with the table's
        lock kept by this thread until `settle` (see `host.staged`); None when this move must take
        `submit`'s way (the lock is busy, something is due first, a timed game)."""
        return staged.stage_submit(self, seat, text, expected_version)

    def stage_pump(self, now: float | None = None) -> Staged | staged.Idle | None:
        """A quick bot's move due by `now` applied to a copy and held as `stage_submit`'s; `Idle`
        when nothing is due yet (with the next wake-up); None when `pump` must do it."""
        return staged.stage_pump(self, self.clock() if now is None else now)

    def settle(self, held: Staged, error: BaseException | None) -> staged.Settled | None:
        """A staged move's end: committed (`error` None) — made current, subscribers told — or
        refused (nothing changed); the table's lock is let go either way."""
        return staged.settle(self, held, error)

    # -- updates ------------------------------------------------------------------------------------

    def update(self, seat: int | None, since: int | None = None) -> Update:
        """The seat's update now, with its events after version `since` (default: since the last
        update this table produced for that seat)."""
        with self._lock:
            seat = self._reader(seat)
            return self._updates.update(seat, self._updates.told(seat) if since is None else since)

    def subscribe(self, seat: int | None, callback: Callback, since: int = -1) -> Subscription:
        """Call `callback(update)` now (events after `since`: by default the whole game) and after
        every change of the table, each time with the events since the previous call."""
        with self._lock:
            return self._updates.subscribe(self._reader(seat), callback, since)

    def _reader(self, seat: int | None) -> int | None:
        return None if seat is None else self._state.check_seat(seat)

    def _notify(self, moved: bool = True) -> None:
        """The table changed: fresh updates for every subscriber; if `moved` (the game, a seat's
        holder or the status changed, not just a name), a new moment: bots thinking for the old
        one are stale."""
        if moved:
            self._driver.moved()
        self._updates.notify()


__all__ = ["Callback", "Clock", "NoSuchSeat", "StaleSubmit", "Subscription", "Table", "Update",
           "new_table_id"]
