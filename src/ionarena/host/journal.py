"""What a table tells its journal (the store) and what it gets back on resume.

A `Journal` receives a table's creation, every batch of applied actions, seat changes (people
sitting, leaving, renamed), label and status changes. `actions_applied` must make the batch
durable before it returns: the table tells no seat of an action until it has.
`ionarena.store.Store` is the SQL journal; tests use `MemoryJournal`. `commit_batch` commits the
staged moves of several tables at once (`host.staged`), in one transaction where the journal has
`actions_batch` (the store does), else one table after another. `replay_log` rebuilds a
table's game from what a journal kept (`Table.restore`); `finish_of` is what a finished game
leaves: its record and each seat's result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from ..core import HOST, GameSpec, IllegalAction, State, get_spec
from ..core.errors import RecordError, quote
from ..core.record import GameRecord, from_state
from .seats import BOT, SeatInfo, TableSettings

Status = Literal["waiting", "playing", "adjourned", "over", "abandoned"]
"""A table's life: `waiting` to start, `playing`, `adjourned` (put aside with its clock and bots
stopped until one of its people comes back: `Table.adjourn`, `Table.resume`), `over` (finished),
`abandoned` (left unfinished for good, or never started)."""
UNFINISHED: tuple[Status, ...] = ("waiting", "playing")


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One accepted action: the game version it made, who (None: the host), its text, and the
    game time after it (timed games; None otherwise)."""

    version: int
    player: int | None
    text: str
    game_time: float | None = None


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A seat's result when the game ends (kept for ratings)."""

    seat: int
    score: float
    winner: bool
    name: str
    agent: str | None
    """The bot spec that played the seat at the end, None for a person."""


@dataclass(frozen=True, slots=True)
class Finish:
    """A finished game: its record and each seat's result."""

    record: GameRecord
    results: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class TableInfo:
    """Everything a journal keeps about a table besides its action log."""

    id: str
    game: str
    variant: str
    players: int
    seed: int
    options: dict[str, Any]
    settings: TableSettings
    status: Status
    seats: tuple[SeatInfo, ...]
    listed: bool = False
    """Shown in a lobby's list of tables (the web's public tables); False: found only by its id."""
    surface: str | None = None
    """Who hosts the table and resumes it (`web`, `irc`, `terminal`; see `host.labels`)."""
    labels: Mapping[str, str] = field(default_factory=dict)
    """What its surface keeps with it (the IRC bot's channel and opener; see `host.labels`)."""


class Journal(Protocol):
    """Where a table's life is written (see the module docstring)."""

    def table_opened(self, info: TableInfo) -> None:
        """A new table (before any action)."""
        ...

    def actions_applied(self, table_id: str, entries: Sequence[LogEntry], finish: Finish | None) -> None:
        """Actions accepted, in order; `finish` when they ended the game. Durable on return."""
        ...

    def seat_changed(self, table_id: str, seat: SeatInfo) -> None:
        """Someone sat, left, was renamed, or a bot took over."""
        ...

    def labels_changed(self, table_id: str, labels: Mapping[str, str]) -> None:
        """The table's labels are now `labels` (all of them)."""
        ...

    def status_changed(self, table_id: str, status: Status, record: GameRecord | None = None) -> None:
        """The table started, was adjourned or resumed, or was abandoned (`record`: the game so
        far)."""
        ...


@dataclass
class MemoryJournal:
    """A journal in memory (tests, benchmarks): what a store would have kept."""

    tables: dict[str, TableInfo] = field(default_factory=dict)
    logs: dict[str, list[LogEntry]] = field(default_factory=dict)
    finished: dict[str, Finish] = field(default_factory=dict)

    def table_opened(self, info: TableInfo) -> None:
        """Keep the table."""
        self.tables[info.id] = info
        self.logs[info.id] = []

    def actions_applied(self, table_id: str, entries: Sequence[LogEntry], finish: Finish | None) -> None:
        """Append the entries (refusing a version out of order, as the store's UNIQUE key would)."""
        log = self.logs[table_id]
        for entry in entries:
            if entry.version != len(log) + 1:
                raise RuntimeError(f"table {table_id}: version {entry.version} after {len(log)}")
            log.append(entry)
        if finish is not None:
            self.finished[table_id] = finish
            self._set(table_id, status="over")

    def seat_changed(self, table_id: str, seat: SeatInfo) -> None:
        """Replace the seat."""
        info = self.tables[table_id]
        seats = tuple(seat if s.seat == seat.seat else s for s in info.seats)
        self._set(table_id, seats=seats)

    def labels_changed(self, table_id: str, labels: Mapping[str, str]) -> None:
        """Keep the labels."""
        self._set(table_id, labels=dict(labels))

    def status_changed(self, table_id: str, status: Status, record: GameRecord | None = None) -> None:
        """Keep the status."""
        self._set(table_id, status=status)

    def _set(self, table_id: str, **changes: Any) -> None:
        self.tables[table_id] = replace(self.tables[table_id], **changes)

    def entries(self, table_id: str) -> Sequence[LogEntry]:
        """The log of a table."""
        return self.logs[table_id]


Batch = Sequence[tuple[str, Sequence[LogEntry], Finish | None]]
"""The actions of several tables to commit at once: (table id, entries, finish) each."""


def commit_batch(journal: Journal, batch: Batch) -> list[BaseException | None]:
    """Commit every table's entries of `batch`, durable on return — in one transaction where the
    journal can (`actions_batch`, as the store's group commit does) — and say for each whether it
    was refused (the error) or committed (None). A refused one changed nothing in the journal."""
    many = getattr(journal, "actions_batch", None)
    if many is not None:
        errors: list[BaseException | None] = many(batch)
        return errors
    errors = []
    for table_id, entries, finish in batch:
        try:
            journal.actions_applied(table_id, entries, finish)
        except Exception as err:
            errors.append(err)
        else:
            errors.append(None)
    return errors


def replay_log(info: TableInfo, entries: Sequence[LogEntry]) -> tuple[GameSpec, State[Any]]:
    """The game of a journaled table, rebuilt by replaying its log, each action checked against
    its version and game time; `RecordError` names the table and the first action that does not
    replay."""
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
    return spec, state


def agent_labels(seats: Sequence[SeatInfo]) -> list[str]:
    """Who played each seat, as a record names them: the bot spec, `person` or `open`."""
    return [info.bot or "" if info.kind == BOT else info.kind for info in seats]


def finish_of(state: State[Any], seats: Sequence[SeatInfo]) -> Finish:
    """The finished game `state` as a journal keeps it: its record and each seat's result."""
    record = from_state(state, agents=agent_labels(seats))
    scores, winners = state.scores(), set(state.winners())
    results = tuple(SeatResult(seat=info.seat, score=float(scores[info.seat]), winner=info.seat in winners,
                               name=info.display_name() or f"Player {info.seat}",
                               agent=info.bot if info.kind == BOT else None)
                    for info in seats)
    return Finish(record, results)


__all__ = ["UNFINISHED", "Batch", "Finish", "Journal", "LogEntry", "MemoryJournal", "SeatResult", "Status",
           "TableInfo", "agent_labels", "commit_batch", "finish_of", "replay_log"]
