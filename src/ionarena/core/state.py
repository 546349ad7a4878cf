"""The State protocol: the one contract every game implements and every surface uses.

A game is a state machine over seats `0 .. num_players - 1`:

- `actors()` lists the seats that may act now (several at once where the rules are simultaneous;
  empty when the game is over).
- `legal_actions(seat)` lists the seat's legal actions now (the hot path): every one, except where
  a move has a free-form part no list could hold, where it lists the usual choices and `apply`
  (and `parse_action`) accept the others too. Two games have such moves: bank's shop deals for
  coins are listed at prices 1 to `listed_deal_prices` (10) though any price up to
  `max_deal_price` (999) is legal, and Valence's Science Ninja builds are listed with a multiple
  choice of names for each molecule (exactly one right) though any name, written in lower case
  with single spaces, is legal (a wrong one costs that build). Everything listed is legal; an
  empty list means the seat may not act now.
- `apply(seat, action, expected=None)` checks, then mutates. An illegal action raises
  `IllegalAction` with a sentence a person understands and leaves the state exactly as it was;
  with `expected`, an action chosen against another version raises `StaleAction`.
- `version` is the number of actions applied so far.
- `view(seat)` is the seat's observation: a JSON-ready envelope common to every game (game,
  variant, players, seat, version, actors, phase, over, scores, winners, deadline, now) around the
  game's own `table`, holding nothing the rules hide from that seat (other hands, deck order,
  face-down picks). `view(None)` is a spectator's.
- `events(seat, since)` returns every event that seat may see after version `since`, as data
  (kind + fields), uncapped; words come from the game's presenter.
- `is_over()`, `scores()`, `winners()` (empty when a game ends without a winner, e.g. a turn cap
  declared a draw; several seats when they share the victory).
- `clone()` is an independent copy; `determinize(seat, rng)` is a copy in which everything hidden
  from `seat` is resampled consistently with what that seat knows, using `rng` only.
- Actions are small immutable values. `format_action(action)` is their canonical text (what a
  person types); `parse_action(seat, text)` reads it back and raises `IllegalAction` on text that
  is not a legal action of that seat now. Records, logs, the CLI, the web and IRC carry that text.

Seats are checked once, here: a seat must be an `int` (not a bool or a float) in range, or the
`HOST` for host actions; anything else raises `NoSuchSeat` before a game sees it.

Time is an input. A timed game (bank) reports `deadline()` and `now()` in game seconds and accepts
host actions, applied with `seat=HOST`: `timeout` (the deadline passed), `at <seconds>` (the clock
moved on to that time before the next move) and, in bank's lobby, `start`.

A State is not thread-safe: one thread at a time may touch it. `ionarena.host.Table` serialises all
access to a table's state.

Games implement the hooks `_apply`, `_legal_actions`, `_parse_action`, `_view` (and `phase_name`),
emit events with `_emit`, and copy the base fields with `_copy_base_into` in `clone`. The base class
keeps the action history and the event log as immutable cons lists, so a clone shares them in O(1);
pickling flattens them, so states of long games pickle and deep-copy without recursion.
"""

from __future__ import annotations

import enum
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar

from . import events as event_log
from .errors import IllegalAction, IonError, NoSuchSeat, StaleAction, quote
from .events import Audience, Event, EventNode, Payload
from .view import View

Action = Hashable
"""An action: a small immutable value whose text form is given by `State.format_action`."""

ActionT = TypeVar("ActionT", bound=Hashable)
"""A game's own action type: `DotsState` is a `State[int]`, compound's a `State[Move]`."""


class _Host(enum.Enum):
    HOST = "host"

    def __repr__(self) -> str:
        return "HOST"


HOST: Literal[_Host.HOST] = _Host.HOST
"""The actor of host events (timeouts, clock ticks, starting a lobby) in timed games. Never a seat,
never the spectator (`None`); a record writes it as `null`."""

Actor = int | Literal[_Host.HOST]
"""Who applies an action: a seat, or the host."""

History = tuple[Any, ...] | None
"""A cons list `(previous, player, action)`; `None` when empty."""


_new_event = tuple.__new__
"""Builds an `Event` from a `(version, kind, data)` tuple (what its generated `__new__` calls)."""

MAX_ACTION_TEXT = 300
"""Longer text is never a move of any game; refusing it early keeps error messages short."""


class State(ABC, Generic[ActionT]):
    """Base class of every game state. See the module docstring for the contract."""

    game_id: ClassVar[str] = ""
    timed: ClassVar[bool] = False
    """True for games with clocks (the view envelope then carries `deadline` and `now`)."""
    EVENT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Field names of events emitted with a tuple payload, by kind."""

    __slots__ = ("_events", "_hidden_before", "_history", "_observer", "_version", "num_players", "options",
                 "seed", "variant")

    def __init__(self, num_players: int, variant: str, seed: int, options: dict[str, Any] | None = None):
        self.num_players = num_players
        self.variant = variant
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self._history: History = None
        self._events: EventNode = None
        self._version = 0
        self._observer: int | None = None
        self._hidden_before = -1
        """In a determinized copy: events up to this version are shown as `_observer` saw them."""

    # -- the protocol -------------------------------------------------------------------------

    @abstractmethod
    def actors(self) -> list[int]:
        """Seats that may act now; empty when the game is over."""

    def legal_actions(self, player: Actor) -> list[ActionT]:
        """The legal actions of `player` now (empty if they may not act): all of them but the
        free-form ones the module docstring names (bank's deals above the listed prices, Science
        Ninja names), which `apply` accepts too."""
        if player.__class__ is int and 0 <= player < self.num_players:
            return self._legal_actions(player)
        if player is HOST:
            return []
        raise self._no_such_seat(player)

    @abstractmethod
    def _legal_actions(self, player: int) -> list[ActionT]:
        """The game's legal actions of a valid seat."""

    def apply(self, player: Actor, action: ActionT, expected: int | None = None) -> None:
        """Check and apply `action` for `player`; raise `IllegalAction` and change nothing if illegal.

        `expected` is the version the action was chosen against: if the game has moved on since,
        `StaleAction` is raised and nothing changes.
        """
        if player is not HOST and (player.__class__ is not int
                                   or not 0 <= player < self.num_players):
            raise self._no_such_seat(player)
        if expected is not None and expected != self._version:
            raise StaleAction(expected, self._version)
        events = self._events
        self._version += 1
        try:
            self._apply(player, action)
        except BaseException:
            self._version -= 1
            self._events = events
            raise
        self._history = (self._history, player, action)

    @abstractmethod
    def _apply(self, player: Actor, action: ActionT) -> None:
        """The game's own check-then-mutate step (the seat is already known to be valid)."""

    @property
    def version(self) -> int:
        """How many actions have been applied."""
        return self._version

    def view(self, player: int | None) -> View:
        """What `player` may see (None: a spectator), as JSON-ready data: the common envelope
        around the game's own `table`."""
        if player is not None and (player.__class__ is not int or not 0 <= player < self.num_players):
            raise self._no_such_seat(player)  # check_seat, inline: this is the observation hot path
        over = self.is_over()
        if self.timed:
            deadline, now = self.deadline(), round(self.now(), 3)
        else:
            deadline = now = None
        return {
            "game": self.game_id,
            "variant": self.variant,
            "players": self.num_players,
            "seat": player,
            "version": self._version,
            "actors": self.actors(),
            "phase": self.phase_name(),
            "over": over,
            "scores": self.public_scores(),
            "winners": self.winners() if over else [],
            "deadline": deadline,
            "now": now,
            "table": self._view(player),
        }

    @abstractmethod
    def _view(self, player: int | None) -> Mapping[str, Any]:
        """The game's own part of the view of a valid seat (None: a spectator)."""

    def phase_name(self) -> str:
        """A short name of the game's phase for the view envelope (`play`, `pick`, `shop`, `over`)."""
        return "over" if self.is_over() else "play"

    def public_scores(self) -> list[float]:
        """The scores every seat may see now (the envelope's `scores`)."""
        return self.scores()

    def events(self, player: int | None, since: int = -1) -> list[Event]:
        """Every event `player` (None: a spectator) may see that belongs to a version after `since`,
        oldest first. `since=-1` gives the whole game from the deal."""
        if player is not None and (player.__class__ is not int or not 0 <= player < self.num_players):
            raise self._no_such_seat(player)
        if since.__class__ is not int:
            raise IonError(f"events since a version: a whole number, not {quote(since)}")
        if self._hidden_before >= 0:  # a determinized copy: its past as its observer saw it
            nodes = event_log.visible_nodes(self._events, player, since, self._observer, self._hidden_before)
            return [Event(version, kind, self._event_data(kind, payload)) for version, kind, payload in nodes]
        # The common case in one pass over the newest events (observations read a few at a time);
        # the same filter as `visible_nodes`, each event built without NamedTuple's __new__ call.
        data = self._event_data
        found: list[Event] = []
        node = self._events
        while node is not None:
            older, version, kind, payload, seen_by, public = node
            if version <= since:
                break
            if seen_by is None or (player is not None and player in seen_by):
                found.append(_new_event(Event, (version, kind, data(kind, payload))))
            elif public is not None:
                found.append(_new_event(Event, (version, kind, data(kind, public))))
            node = older
        found.reverse()
        return found

    def _emit(self, kind: str, payload: Payload = (), seen_by: Audience = None,
              public: Payload | None = None) -> None:
        """Record an event of the action being applied (or of the setup, version 0).

        `seen_by=None`: everyone sees it. Otherwise only those seats see `payload`; everyone else
        (spectators too) sees `public` if given, or nothing.
        """
        self._events = (self._events, self._version, kind, payload, seen_by, public)

    def _event_data(self, kind: str, payload: Payload) -> dict[str, Any]:
        """An event's fields as JSON-ready data (games override to turn card codes into text)."""
        if isinstance(payload, dict):
            return dict(payload)
        return dict(zip(self.EVENT_FIELDS[kind], payload, strict=True))

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each player's score (final once `is_over()`)."""

    def winners(self) -> list[int]:
        """Players who won; by default every player tied at the top score once the game is over."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (search agents call this thousands of times: keep it fast)."""

    def determinize(self, player: int | None, rng: random.Random) -> Self:
        """A copy with everything hidden from `player` resampled with `rng` (never the state's own RNG).

        The copy's past events are what `player` saw, whichever seat asks: a search that reads
        another seat's events in the copy learns nothing `player` did not know.
        """
        if player is not None:
            self.check_seat(player)
        copy = self._determinize(player, rng)
        copy._observer = player
        copy._hidden_before = self._version
        return copy

    @abstractmethod
    def _determinize(self, player: int | None, rng: random.Random) -> Self:
        """The game's resampling (see `determinize`)."""

    @abstractmethod
    def format_action(self, action: ActionT) -> str:
        """The canonical text of `action`."""

    def parse_action(self, player: Actor, text: str) -> ActionT:
        """The action `text` means for `player` now; `IllegalAction` with a reason if none."""
        if player is not HOST and (player.__class__ is not int
                                   or not 0 <= player < self.num_players):
            raise self._no_such_seat(player)
        if not isinstance(text, str):
            raise IllegalAction(f"a move is text, not {quote(text)}")
        if len(text) > MAX_ACTION_TEXT:
            raise IllegalAction(f"{quote(text)} is too long to be a move")
        return self._parse_action(player, text)

    @abstractmethod
    def _parse_action(self, player: Actor, text: str) -> ActionT:
        """The game's parser (seat valid, text a short string)."""

    # -- optional parts -----------------------------------------------------------------------

    def deadline(self) -> float | None:
        """Game time (seconds) at which the host must apply `timeout`; None for untimed games."""
        return None

    def now(self) -> float:
        """Current game time in seconds (0 for untimed games)."""
        return 0.0

    def timeout_action(self) -> ActionT:
        """The host's `timeout` as this game's action value (what `parse_action(HOST, "timeout")`
        gives; a timed game may return it without parsing: hosts apply it often)."""
        return self.parse_action(HOST, "timeout")

    def clock_action(self, when: float) -> ActionT:
        """The host's `at <when>` (the clock moves on to `when` game seconds, to the millisecond) as
        this game's action value, like `parse_action(HOST, f"at {when:.3f}")`; `apply` checks it."""
        return self.parse_action(HOST, f"at {when:.3f}")

    def stats(self) -> dict[str, float]:
        """Per-game figures for statistics (e.g. turns played); summed and averaged by `ion simulate`."""
        return {}

    # -- helpers built on the protocol ----------------------------------------------------------

    def check_seat(self, player: object) -> int:
        """`player` as a seat, or `NoSuchSeat` (a bool, a float, the host or a number out of range)."""
        if player.__class__ is not int or not 0 <= player < self.num_players:
            raise self._no_such_seat(player)
        return player

    def _no_such_seat(self, player: object) -> NoSuchSeat:
        if player is HOST:
            return NoSuchSeat("the host is not a seat")
        return NoSuchSeat(f"there is no seat {quote(player)} in a {self.num_players}-player game "
                          f"(seats 0 to {self.num_players - 1})")

    def apply_text(self, player: Actor, text: str, expected: int | None = None) -> ActionT:
        """Parse `text` for `player` and apply it; return the action applied."""
        if expected is not None and expected != self._version:
            raise StaleAction(expected, self._version)
        action = self.parse_action(player, text)
        self.apply(player, action)
        return action

    def history(self) -> list[tuple[Actor, ActionT]]:
        """Every applied action, oldest first, as `(player, action)` pairs."""
        items: list[tuple[Actor, ActionT]] = []
        node = self._history
        while node is not None:
            node, player, action = node
            items.append((player, action))
        items.reverse()
        return items

    def require_actor(self, player: Actor) -> int:
        """Raise `IllegalAction` unless `player` may act now; return it as an int."""
        if player is HOST or player not in self.actors():
            if self.is_over():
                raise IllegalAction("the game is over")
            if player is HOST:
                raise IllegalAction("the host has nothing to do now")
            raise IllegalAction(f"it is not Player {player}'s turn")
        return player

    def _copy_base_into(self, other: State[ActionT]) -> None:
        """Copy the base fields into a fresh instance (for `clone` implementations)."""
        other.num_players = self.num_players
        other.variant = self.variant
        other.seed = self.seed
        other.options = self.options  # never mutated after construction: shared
        other._history = self._history
        other._events = self._events
        other._version = self._version
        other._observer = self._observer
        other._hidden_before = self._hidden_before

    # -- pickling: flat, whatever the length of the game --------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if name not in fields and hasattr(self, name):
                    fields[name] = getattr(self, name)
        fields["_history"] = self.history()
        fields["_events"] = event_log.flatten(self._events)
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        history: History = None
        for player, action in fields.pop("_history"):
            history = (history, player, action)
        self._history = history
        self._events = event_log.rebuild(fields.pop("_events"))
        for name, value in fields.items():
            object.__setattr__(self, name, value)
