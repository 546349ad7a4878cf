"""`Table`: one game hosted for people and bots — the authority every surface talks to.

A table holds a game's `State` and its seats (a person, a bot, or open). Surfaces never touch the
state: they call

- `sit(seat, name) -> token` and `leave(seat)`; `seat_bot(seat, spec)` puts a bot in an open
  seat (a lobby's "fill the empty seats with bots"); `authenticate(token) -> seat`;
- `start(now)`: the game's clock starts (and bots begin to move) once the people have seen it;
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
  due (None: nothing until someone acts);
- `update(seat, since)` (polling) or `subscribe(seat, callback)`: per-seat `Update`s — version,
  view, the events that seat may see since its last update, its legal moves as text, actors,
  deadline, over. `seat=None` is a spectator. An update is built once per table version and
  reader: every subscriber of one seat, and the answer to that seat's own move, share it (and
  its view: treat it as read-only).

The table does no I/O and reads no clock but the injected `clock` (any float seconds, e.g.
`time.monotonic`; tests pass a fake). Times in updates (`deadline`) and `pump`'s result are on
that clock. Timed games run in game seconds: the table maps its clock onto the game's from
`start` on, and applies `at <t>` before each move so a record replays its timing exactly.

Every call takes the table's lock (a State is not thread-safe): two threads submitting against
the same version — exactly one wins, the other gets `StaleSubmit`. Callbacks run under that lock,
in version order: they must be quick (an asyncio surface does `loop.call_soon_threadsafe(...)`)
and may call the table's read methods. Each accepted action is applied to a copy of the state,
written to the journal (the store commits it), and only then made current and told to any seat.

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
receiver).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..agents import Agent, BadAgentSpec, check_spec
from ..core import (
    HOST,
    Actor,
    Event,
    GameSpec,
    IllegalAction,
    NoSuchSeat,
    StaleAction,
    State,
    View,
    get_spec,
    new_seed,
)
from ..core.errors import RecordError, quote
from ..core.record import GameRecord, from_state
from ..core.registry import check_seed
from .bots import LATER, Thinker, bot_agent, bot_delay, think
from .journal import Finish, Journal, LogEntry, SeatResult, Status, TableInfo
from .labels import check_labels, check_surface
from .scheduler import BOT, LIMIT, TIMEOUT, Due, plan
from .seats import BOT as BOT_SEAT
from .seats import OPEN, PERSON, Bot, SeatInfo, TableSettings, check_name, new_token, token_matches
from .takeover import IdleRun

log = logging.getLogger(__name__)

Clock = Callable[[], float]


def new_table_id() -> str:
    """An unguessable table id (128 random bits, URL-safe)."""
    import secrets
    return secrets.token_urlsafe(16)


@dataclass(frozen=True, slots=True)
class Update:
    """What one seat (None: a spectator) learns of the table at one version."""

    table: str
    seat: int | None
    version: int
    since: int
    """`events` are every event the seat may see with a version after this one."""
    view: View
    events: tuple[Event, ...]
    legal: tuple[str, ...]
    """The seat's legal moves as text (empty when it may not act)."""
    actors: tuple[int, ...]
    deadline: float | None
    """When the next deadline passes, on the table's clock (a timed game's clock, or the move
    limit of an untimed table); None if there is none."""
    over: bool
    status: Status
    names: tuple[str, ...]
    """Display names by seat ("" where a presenter should say `Player <n>`)."""
    seats: tuple[dict[str, Any], ...]
    """Who holds each seat: `{seat, kind, name, bot}`."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data (events as `Event.to_json()`)."""
        return {"table": self.table, "seat": self.seat, "version": self.version, "since": self.since,
                "view": self.view, "events": [e.to_json() for e in self.events], "legal": list(self.legal),
                "actors": list(self.actors), "deadline": self.deadline, "over": self.over,
                "status": self.status, "names": list(self.names), "seats": list(self.seats)}


Callback = Callable[[Update], None]


class _Thought(NamedTuple):
    """A due bot move handed out to be thought outside the table's lock: the bot (spec name and
    reaction time), the seat's copy of the game at `moment`, and when the move is due."""

    due: Due
    seat: int
    bot: str
    reaction: float | None
    state: State
    moment: int
    timed: bool


def _not_playing(status: Status) -> str:
    """Why a table that is not playing refuses a move."""
    if status == "adjourned":
        return "the game is adjourned: it goes on when one of its players comes back"
    return "the game is over" if status in ("over", "abandoned") else "the game has not started yet"


def _ignore(update: Update) -> None:
    """The callback of a cancelled subscription."""


class Subscription:
    """A surface's callback for one seat; `cancel()` stops it."""

    __slots__ = ("active", "callback", "seat", "seen")

    def __init__(self, seat: int | None, callback: Callback, seen: int):
        self.seat = seat
        self.callback = callback
        self.seen = seen
        self.active = True

    def cancel(self) -> None:
        """No more updates. The callback is let go at once (a finished table may never change
        again to drop the subscription itself, and its callback holds a whole connection)."""
        self.active = False
        self.callback = _ignore


class StaleSubmit(StaleAction):
    """A move chosen against an older version; `update` is the seat's current update (with the
    events since the version the move was chosen against)."""

    def __init__(self, expected: int, current: int, update: Update):
        super().__init__(expected, current)
        self.update = update


class Table:
    """One game hosted for people and bots (see the module docstring)."""

    def __init__(self, game: str, players: int | None = None, *,
                 bots: Mapping[int, str | Bot] | None = None, seed: int | None = None,
                 variant: str | None = None, options: Mapping[str, Any] | None = None,
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
        seats = [SeatInfo(seat, OPEN) for seat in range(state.num_players)]
        for seat, bot in (bots or {}).items():
            seat = state.check_seat(seat)
            seats[seat] = SeatInfo(seat, BOT_SEAT, bot=str(Bot.parse(bot)))
        self._setup(spec, state, table_id or new_table_id(), seats, settings, "waiting", clock, journal)
        self.listed = bool(listed)
        self.surface = surface
        self._labels = labels
        if journal is not None:
            journal.table_opened(self.info())

    @classmethod
    def restore(cls, info: TableInfo, entries: Sequence[LogEntry], *, clock: Clock = time.monotonic,
                journal: Journal | None = None) -> Table:
        """A table rebuilt from its journal by replaying its log, each action checked against its
        version and game time; `RecordError` names the table and the first action that does not
        replay. A table that was playing starts again now (its game clock goes on from where it
        stopped)."""
        where = f"table {info.id}"
        try:
            spec = get_spec(info.game)
            state = spec.make(players=info.players, seed=info.seed, variant=info.variant, **info.options)
        except (IllegalAction, KeyError, ValueError) as err:
            raise RecordError(f"{where}: {err}") from None
        if [s.seat for s in info.seats] != list(range(state.num_players)):
            raise RecordError(f"{where}: its seats do not match a {state.num_players}-player game")
        for index, entry in enumerate(entries, start=1):
            who = "host" if entry.player is None else f"player {entry.player}"
            if entry.version != index:
                raise RecordError(f"{where}: the action log jumps from version {index - 1} "
                                  f"to {entry.version}")
            try:
                state.apply_text(HOST if entry.player is None else entry.player, entry.text)
            except IllegalAction as err:
                raise RecordError(f"{where}: action {index} ({who}: {quote(entry.text)}) does not "
                                  f"replay: {err}") from None
            if entry.game_time is not None and abs(state.now() - entry.game_time) > 1e-6:
                raise RecordError(f"{where}: action {index} replays to game time {state.now():g}, "
                                  f"not the logged {entry.game_time:g}")
        table = cls.__new__(cls)
        status: Status = "over" if state.is_over() else info.status
        table._setup(spec, state, info.id, list(info.seats), info.settings, status, clock, journal)
        table.listed = info.listed
        table.surface = info.surface
        table._labels = dict(info.labels)
        if status == "playing":
            table._begin(clock())
        return table

    def _setup(self, spec: GameSpec, state: State, table_id: str, seats: list[SeatInfo],
               settings: TableSettings, status: Status, clock: Clock, journal: Journal | None) -> None:
        self._lock = threading.RLock()
        self._settled = threading.Condition(self._lock)
        """Notified when a bot's thought is settled or the table changes (pumps wait on it)."""
        self._moment = 0
        """Counts the table's changes (actions, seats, status): a bot's move thought out at one
        moment is applied only at that moment."""
        self._thinking: dict[int, int] = {}
        """Seat -> the moment a bot is thinking for it (outside the lock, in some thread)."""
        self._pumps_waiting = 0
        """Pumps waiting on `_settled` for another thread's bot."""
        self.id = table_id
        self.spec = spec
        self._state = state
        self._seats = seats
        self.settings = settings
        self._status: Status = status
        self.clock = clock
        self.journal = journal
        self._origin = 0.0
        self._offset = state.now()
        self._changed_at = 0.0
        self._waiting: set[int] = set()
        self._subs: list[Subscription] = []
        self._told: dict[int | None, int] = {}
        self._memo: dict[Any, Any] = {}
        """What updates are made of at the current version (cleared by every change)."""
        self.listed = False
        self.surface = None  # who hosts the table (`web`, `irc`, `terminal`; None: not said)
        self._labels = {}
        self._reaction: dict[int, float] = {}
        self._pacers: dict[int, Agent] = {}
        """Bot seats whose bot chooses its moment in a timed game (a pace rule), with that bot."""
        self.thinker: Thinker = think
        """Thinks a due bot's move outside the lock (`host.bots.Thinker`; a surface may replace it)."""
        self._takeover = settings.takeover
        self.idle = IdleRun()
        """Seats whose takeover bot is finishing an idle person's turn, and its moves per seat."""
        if self._takeover is not None:  # an unknown bot fails now, not mid-game
            try:
                check_spec(Bot.parse(self._takeover).name, spec.id)
            except BadAgentSpec:
                if self._takeover != TableSettings().takeover:
                    raise
                self._takeover = "random"  # the default takeover where a game has no greedy bot
        for info in seats:
            if info.kind == BOT_SEAT:
                self._seat_bot(info)

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

    def set_labels(self, changes: Mapping[str, str | None]) -> dict[str, str]:
        """Set labels (a None value removes one), journaled; returns them all. `IllegalAction`
        if the result is not valid labels (nothing changes)."""
        with self._lock:
            merged: dict[str, object] = dict(self._labels)
            for name, value in changes.items():
                if value is None:
                    merged.pop(name, None)
                else:
                    merged[name] = value
            labels = check_labels(merged)
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

    def record(self) -> GameRecord:
        """The game so far as a record (seed + config + action log; scores once over)."""
        with self._lock:
            return from_state(self._state, agents=self._agent_labels())

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._state.is_over()

    def finish(self) -> Finish | None:
        """The finished game's record and results (None while it is not over)."""
        with self._lock:
            return self._finish(self._state) if self._state.is_over() else None

    # -- seats --------------------------------------------------------------------------------------

    def sit(self, seat: int, name: str) -> str:
        """Seat a person called `name` in an open seat (or one a bot took over when its person
        left); return the seat's token (kept only as a hash)."""
        with self._lock:
            seat = self._state.check_seat(seat)
            current = self._seats[seat]
            if current.kind == PERSON:
                raise IllegalAction(f"seat {seat} is taken")
            if current.kind == BOT_SEAT and not current.takeover:
                raise IllegalAction(f"seat {seat} is a bot's seat")
            if self._status in ("over", "abandoned"):
                raise IllegalAction("the game is over")
            token = new_token()
            from .seats import hash_token
            self._set_seat(SeatInfo(seat, PERSON, name=check_name(name), token_hash=hash_token(token)))
            return token

    def leave(self, seat: int) -> None:
        """The person in `seat` goes: the takeover bot plays on for them (if the table has one),
        else the seat is open again."""
        with self._lock:
            seat = self._state.check_seat(seat)
            if self._seats[seat].kind != PERSON:
                raise IllegalAction(f"nobody sits in seat {seat}")
            takeover = self._takeover
            if takeover is None or self._status in ("over", "abandoned"):
                self._set_seat(SeatInfo(seat, OPEN))
            else:
                self._set_seat(SeatInfo(seat, BOT_SEAT, bot=takeover, takeover=True))

    def seat_bot(self, seat: int, spec: str | Bot) -> None:
        """Put a bot (`greedy`, `ismcts:ms=300`, `greedy@0.8`) in an open seat; it holds the seat
        for good (nobody may sit there afterwards). `IllegalAction` if the seat is not open, the
        game is over or the bot is unknown."""
        with self._lock:
            seat = self._state.check_seat(seat)
            if self._status in ("over", "abandoned"):
                raise IllegalAction("the game is over")
            if self._seats[seat].kind != OPEN:
                raise IllegalAction(f"seat {seat} is not open")
            try:
                bot = Bot.parse(spec)
                check_spec(bot.name, self.spec.id)
            except BadAgentSpec as err:
                raise IllegalAction(str(err)) from None
            self._set_seat(SeatInfo(seat, BOT_SEAT, bot=str(bot)))

    def rename(self, seat: int, name: str) -> None:
        """The person in `seat` is now called `name` (an IRC nick change), journaled; the seat,
        its token and the game stay as they are. `IllegalAction` if nobody sits there, the name
        is not a valid display name, or the game is over (its results keep the names it ended
        with)."""
        with self._lock:
            seat = self._state.check_seat(seat)
            info = self._seats[seat]
            if info.kind != PERSON:
                raise IllegalAction(f"nobody sits in seat {seat}")
            if self._status in ("over", "abandoned"):
                raise IllegalAction("the game is over")
            name = check_name(name)
            if name == info.name:
                return
            renamed = info.with_changes(name=name)
            if self.journal is not None:
                self.journal.seat_changed(self.id, renamed)
            self._seats[seat] = renamed
            self._notify(moved=False)

    def retoken(self, seat: int) -> str:
        """A fresh token for the person in `seat` (the one before stops working), journaled; the
        seat, its name and the game stay as they are (a web rematch hands each person their seat
        this way). `IllegalAction` if nobody sits there."""
        with self._lock:
            seat = self._state.check_seat(seat)
            info = self._seats[seat]
            if info.kind != PERSON:
                raise IllegalAction(f"nobody sits in seat {seat}")
            token = new_token()
            from .seats import hash_token
            renewed = info.with_changes(token_hash=hash_token(token))
            if self.journal is not None:
                self.journal.seat_changed(self.id, renewed)
            self._seats[seat] = renewed
            return token

    def authenticate(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        if not isinstance(token, str):
            return None
        with self._lock:
            for info in self._seats:
                if info.kind == PERSON and token_matches(token, info.token_hash):
                    return info.seat
            return None

    def _set_seat(self, info: SeatInfo) -> None:
        if self.journal is not None:
            self.journal.seat_changed(self.id, info)
        self._seats[info.seat] = info
        self._reaction.pop(info.seat, None)
        self._pacers.pop(info.seat, None)
        self._waiting.discard(info.seat)
        if info.kind == BOT_SEAT:
            self._seat_bot(info)
        self._notify()

    def _seat_bot(self, info: SeatInfo) -> None:
        """Note a bot seat's reaction time (the seat's, else the table's, else the bot's own), and its
        bot if that bot chooses its moment."""
        bot = Bot.parse(info.bot or "random")
        given = bot.reaction_time if bot.reaction_time is not None else self.settings.reaction_time
        agent = bot_agent(bot.name, self.spec.id, info.seat, 0, 0, given)
        self._reaction[info.seat] = float(agent.reaction_time)
        if self.spec.timed and hasattr(agent, "delay"):
            self._pacers[info.seat] = agent

    # -- the game's life ----------------------------------------------------------------------------

    def start(self, now: float | None = None) -> None:
        """Start the game: bots begin to move and a timed game's clock runs from `now`."""
        with self._lock:
            if self._status != "waiting":
                raise IllegalAction(f"the table is {self._status}, not waiting to start")
            if self.journal is not None:
                self.journal.status_changed(self.id, "playing")
            self._status = "playing"
            self._begin(self.clock() if now is None else now)
            self._notify()

    def _begin(self, now: float) -> None:
        self._memo.clear()
        self._origin = now
        self._offset = self._state.now()
        self._changed_at = now

    def abandon(self) -> None:
        """Stop an unfinished game for good (its log and record so far are kept)."""
        with self._lock:
            if self._status in ("over", "abandoned"):
                return
            if self.journal is not None:
                self.journal.status_changed(self.id, "abandoned", self.record())
            self._status = "abandoned"
            self._notify()

    def adjourn(self) -> None:
        """Put a game being played aside (journaled): its clock stops and its bots wait until
        `resume`. A timed game goes on from the game time of its last action, as after a restart."""
        with self._lock:
            if self._status != "playing":
                raise IllegalAction(f"the table is {self._status}, not playing")
            if self.journal is not None:
                self.journal.status_changed(self.id, "adjourned")
            self._offset = self._state.now()
            self._status = "adjourned"
            self._notify()

    def resume(self, now: float | None = None) -> None:
        """An adjourned game goes on from `now` (journaled)."""
        with self._lock:
            if self._status != "adjourned":
                raise IllegalAction(f"the table is {self._status}, not adjourned")
            if self.journal is not None:
                self.journal.status_changed(self.id, "playing")
            self._status = "playing"
            self._begin(self.clock() if now is None else now)
            self._notify()

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
        self._drive(now, None, patient=False)  # bots due by now move first (not under the lock)
        with self._lock:
            seat = self._check_submit(seat, text, expected_version)
            self._time_out(now)
            state = self._state
            if expected_version is not None and expected_version != state.version:
                raise StaleSubmit(expected_version, state.version,
                                  self._update(seat, since=min(expected_version, state.version)))
            if self._status != "playing":
                raise IllegalAction(_not_playing(self._status))
            trial = state.clone()
            entries: list[LogEntry] = []
            if trial.deadline() is not None:
                at = math.floor(self.game_time(now) * 1000) / 1000
                if at > trial.now():
                    self._apply(trial, HOST, trial.clock_action(at), entries)
            self._apply(trial, seat, trial.parse_action(seat, text), entries)
            self.idle.person_moved(seat)
            self._commit(trial, entries, now)
            return self._update(seat, since=self._told.get(seat, -1) if expected_version is None
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
        self._drive(now, None, patient=False)
        with self._lock:
            self._time_out(now)
            state = self._state
            if expected_version is not None and expected_version != state.version:
                raise StaleSubmit(expected_version, state.version,
                                  self._update(None, since=min(expected_version, state.version)))
            if self._status != "playing":
                raise IllegalAction(_not_playing(self._status))
            if not isinstance(text, str) or text.split()[:1] in (["timeout"], ["at"]):
                raise IllegalAction("timeouts and the clock are the table's own")
            trial = state.clone()
            entries: list[LogEntry] = []
            self._apply(trial, HOST, trial.parse_action(HOST, text), entries)
            self._commit(trial, entries, now)
            return self._update(None, since=self._told.get(None, -1))

    def ask(self, seat: int | None, text: str) -> str | None:
        """The answer to a question asked from `seat` (bank's `inv`, `help`), from that seat's own
        view; None when `text` is not a question of this game."""
        with self._lock:
            if seat is not None:
                seat = self._state.check_seat(seat)
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
        return self._drive(self.clock() if now is None else now, max_moves, patient=True)

    def wake(self) -> float | None:
        """When `pump` next has something to do, on the table's clock (None: nothing scheduled;
        at or before now: something is due). Applies nothing."""
        with self._lock:
            dues = self._plan()
            if not dues:
                return None
            return self.clock_at(dues[0].when) if self._state.deadline() is not None else dues[0].when

    def next_due(self) -> Due | None:
        """The next scheduled thing (game seconds in timed games), without applying anything."""
        with self._lock:
            dues = self._plan()
            return dues[0] if dues else None

    def _plan(self, busy: Collection[int] = ()) -> list[Due]:
        if self._status != "playing":
            return []
        state = self._state
        skip: Collection[int] = self._waiting if not busy else self._waiting | set(busy)
        if state.deadline() is not None:
            return plan(state, self._delays(state), skip=skip)
        delays = dict.fromkeys(self._reaction, self.settings.bot_delay)
        dues = plan(state, delays, self._changed_at, skip=skip, limit=self.settings.move_limit)
        return self.idle.due(dues, self._changed_at, state.actors()) if self.idle.seats else dues

    def _delays(self, state: State) -> Mapping[int, float]:
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

    def _drive(self, now: float, max_moves: int | None, *, patient: bool) -> float | None:
        """Apply what is due by `now` (at most `max_moves` moves): timeouts under the lock, bots'
        moves thought outside it (`_Thought`) and applied under it if the table has not changed
        meanwhile (else the stale move is dropped and the schedule asked again). `patient`: wait
        for bots other threads are thinking for (`pump`); else leave them be (a person's submit
        never waits for another thread's bot). Returns the next wake-up, as `pump` does."""
        with self._lock:
            step, moves = self._step(now, 0, max_moves, patient)
        while isinstance(step, _Thought):
            try:
                action = self.thinker(step.bot, self.spec.id, step.seat, step.state, step.reaction)
            except BaseException:  # the bot failed: forget its thought, wake whoever waits for it
                with self._lock:
                    self._forget(step)
                raise
            with self._lock:  # one turn of the lock applies this move and hands out the next
                if action is LATER:  # the surface thinks this bot elsewhere: it stays due
                    self._forget(step)
                    return self.clock_at(step.due.when) if step.timed else step.due.when
                moves += self._settle(step, action)
                step, moves = self._step(now, moves, max_moves, patient)
        return step

    def _step(self, now: float, moves: int, max_moves: int | None,
              patient: bool) -> tuple[float | _Thought | None, int]:
        """Under the lock: apply the timeouts due by `now`, then hand out a due bot's move to think
        (`_Thought`) or return the next wake-up (waiting first, if `patient`, for bots that other
        threads are thinking for); with the moves applied so far (of at most `max_moves`)."""
        while True:
            busy = self._busy() if self._thinking else ()
            dues = self._plan(busy)
            wake: float | None = None
            if dues:
                due = dues[0]
                timed = self._state.deadline() is not None
                wake = self.clock_at(due.when) if timed else due.when
                due_now = (self.game_time(now) if timed else now) >= due.when
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

    def _time_out(self, now: float) -> None:
        """Under the lock: apply the timeouts due by `now` (a passed deadline ends the turn before
        a person's move is judged), leaving due bots to whoever pumps."""
        while self._status == "playing" and not self._state.is_over():
            deadline = self._state.deadline()
            if deadline is None or self.game_time(now) < deadline:
                return
            self._timeout()

    def _timeout(self) -> None:
        trial = self._state.clone()
        entries: list[LogEntry] = []
        self._apply(trial, HOST, trial.timeout_action(), entries)
        self._commit(trial, entries, None)

    def _think(self, due: Due, timed: bool) -> _Thought:
        """A due bot's move to be thought outside the lock: the bot's spec and a copy of the
        game (the bot sees only its seat's window of it)."""
        seat = due.seat
        assert isinstance(seat, int)
        if due.kind == BOT:
            bot = Bot.parse(self._seats[seat].bot or "random")
            name, reaction = bot.name, self._reaction.get(seat)
        else:  # LIMIT: the takeover bot moves for this seat once
            assert due.kind == LIMIT
            name, reaction = Bot.parse(self._takeover or "random").name, None
        self._thinking[seat] = self._moment
        return _Thought(due, seat, name, reaction, self._state.clone(), self._moment, timed)

    def _forget(self, thought: _Thought) -> None:
        if self._thinking.get(thought.seat) == thought.moment:
            del self._thinking[thought.seat]
        if self._pumps_waiting:
            self._settled.notify_all()

    def _settle(self, thought: _Thought, action: Any) -> int:
        """Under the lock: apply a bot's thought-out move if the table is still where the bot saw
        it (1), else drop it (0: the caller plans again)."""
        self._forget(thought)
        if thought.moment != self._moment or self._status != "playing":
            return 0
        if action is None:
            self._waiting.add(thought.seat)
            return 0
        trial = thought.state  # the bot's copy is the game as it is now: the move is applied to it
        entries: list[LogEntry] = []
        when = thought.due.when
        if thought.timed and when > trial.now():
            self._apply(trial, HOST, trial.clock_action(when), entries)
        self._apply(trial, thought.seat, action, entries)
        if thought.due.kind == LIMIT:  # the rest of the idle person's turn follows at once
            self.idle.settled(thought.seat, trial)
        self._commit(trial, entries, None if thought.timed else when)
        return 1

    def _apply(self, trial: State, actor: Actor, action: Any, entries: list[LogEntry]) -> None:
        trial.apply(actor, action)
        entries.append(LogEntry(trial.version, None if actor is HOST else actor,
                                trial.format_action(action),
                                round(trial.now(), 3) if self.spec.timed else None))

    def _commit(self, trial: State, entries: list[LogEntry], changed_at: float | None = None) -> None:
        """Journal the entries (durable on return), then make `trial` current and tell every
        subscriber; `changed_at`: the moment of the change on the table's clock (untimed games'
        bot delays and move limits count from it)."""
        finish = self._finish(trial) if trial.is_over() else None
        if self.journal is not None:
            self.journal.actions_applied(self.id, entries, finish)
        self._state = trial
        self._waiting.clear()
        if changed_at is not None:
            self._changed_at = changed_at
        if finish is not None:
            self._status = "over"
        self._notify()

    def _agent_labels(self) -> list[str]:
        return [info.bot or "" if info.kind == BOT_SEAT else info.kind for info in self._seats]

    def _finish(self, state: State) -> Finish:
        record = from_state(state, agents=self._agent_labels())
        scores, winners = state.scores(), set(state.winners())
        results = tuple(SeatResult(seat=info.seat, score=float(scores[info.seat]),
                                   winner=info.seat in winners,
                                   name=info.display_name() or f"Player {info.seat}",
                                   agent=info.bot if info.kind == BOT_SEAT else None)
                        for info in self._seats)
        return Finish(record, results)

    # -- updates ------------------------------------------------------------------------------------

    def update(self, seat: int | None, since: int | None = None) -> Update:
        """The seat's update now, with its events after version `since` (default: since the last
        update this table produced for that seat)."""
        with self._lock:
            if seat is not None:
                seat = self._state.check_seat(seat)
            return self._update(seat, self._told.get(seat, -1) if since is None else since)

    def subscribe(self, seat: int | None, callback: Callback, since: int = -1) -> Subscription:
        """Call `callback(update)` now (events after `since`: by default the whole game) and after
        every change of the table, each time with the events since the previous call."""
        with self._lock:
            if seat is not None:
                seat = self._state.check_seat(seat)
            sub = Subscription(seat, callback, since)
            self._subs.append(sub)
            self._deliver(sub)
            return sub

    def _deliver(self, sub: Subscription) -> None:
        update = self._update(sub.seat, sub.seen)
        sub.seen = update.version
        try:
            sub.callback(update)
        except Exception:  # a broken surface must not break the table
            log.exception("table %s: a subscriber of seat %s failed", self.id, sub.seat)

    def _notify(self, moved: bool = True) -> None:
        """The table changed: fresh updates for every subscriber; if `moved` (the game, a seat's
        holder or the status changed, not just a name), a new moment: bots thinking for the old
        one are stale."""
        if moved:
            self._moment += 1
            if self._pumps_waiting:
                self._settled.notify_all()
        self._memo.clear()
        self._subs = [sub for sub in self._subs if sub.active]
        for sub in list(self._subs):
            if sub.active:
                self._deliver(sub)

    def _deadline(self) -> float | None:
        state = self._state
        if self._status != "playing" or state.is_over():
            return None
        deadline = state.deadline()
        if deadline is not None:
            return self.clock_at(deadline)
        limit = self.settings.move_limit
        if limit is not None and any(self._seats[p].kind != BOT_SEAT for p in state.actors()):
            return self._changed_at + limit
        return None

    def _update(self, seat: int | None, since: int) -> Update:
        """The seat's update with the events after `since`: built once per version and `since`
        (every subscriber of a seat shares it), from parts built once per version."""
        state = self._state
        version = state.version
        since = max(-1, min(since, version))
        self._told[seat] = version
        memo = self._memo
        key = (seat, since)
        update: Update | None = memo.get(key)
        if update is not None:
            return update
        common = memo.get("common")
        if common is None:
            common = memo["common"] = (tuple(state.actors()), self._deadline(), state.is_over(),
                                       tuple(info.display_name() for info in self._seats),
                                       tuple(info.public() for info in self._seats))
        actors, deadline, over, names, seats = common
        view_key = ("view", seat)
        view = memo.get(view_key)
        if view is None:
            view = memo[view_key] = state.view(seat)
            legal: tuple[str, ...] = ()
            if seat is not None and self._status == "playing" and seat in actors:
                legal = tuple(state.format_action(a) for a in state.legal_actions(seat))
            memo[("legal", seat)] = legal
        update = memo[key] = Update(table=self.id, seat=seat, version=version, since=since, view=view,
                                    events=tuple(state.events(seat, since)), legal=memo[("legal", seat)],
                                    actors=actors, deadline=deadline, over=over, status=self._status,
                                    names=names, seats=seats)
        return update


__all__ = ["Callback", "Clock", "NoSuchSeat", "StaleSubmit", "Subscription", "Table", "Update",
           "new_table_id"]
