"""`Store`: tables, seats, the action log, records and results in SQL (SQLAlchemy 2 + Alembic).

    >>> store = Store("sqlite:///:memory:")          # or None: a file under the user's data folder
    >>> table = Table("dots", players=2, bots={1: "greedy"}, journal=store)   # written at once
    >>> tables = store.resume()                       # after a restart: every unfinished table

A `Store` is the `Journal` of the tables it hosts: `actions_applied` commits the batch (with the
record and results when it ends the game) before the table tells any seat. Every write goes
through one group commit (`writer.GroupCommit`): tables that commit at the same moment share one
transaction and one flush, and each caller returns only once its own write is committed.
Statements are built once at import (SQLAlchemy Core; compiled once per dialect and cached), and
there is no ORM.

Opening a database (`store.opening`) checks it is ours: an empty one is given the schema, an
older schema is upgraded, and anything else — a file that is not SQLite, a database with other
tables, a schema newer than this program — is one `StoreError`. How durable a commit is (SQLite's
WAL with `synchronous=NORMAL` by default, `durable=True` waits for the disk) is said there too.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import bindparam, case, func, insert, or_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError

from ..core import IonError, RecordError
from ..core.record import GameRecord, loads
from ..host.journal import UNFINISHED, Batch, Finish, LogEntry, Status, TableInfo
from ..host.labels import check_labels, check_surface
from ..host.seats import SeatInfo, TableSettings
from ..host.table import Clock, Table
from . import schema
from .driver_insert import DriverInsert
from .opening import check_schema, durable_option, in_memory, make_engine
from .schemalock import schema_lock
from .urls import resolve_url, safe_url
from .writer import GroupCommit, Rows, StoreError, Work, first_line

_ADD_TABLE = insert(schema.tables)
_ADD_SEATS = insert(schema.seats)
_ADD_ACTIONS = DriverInsert(schema.actions,
                            ("table_id", "version", "player", "text", "game_time", "created_at"))
"""The action log's rows (tuples in this order), the hottest write: the driver's own executemany."""
_ADD_RECORD = insert(schema.records)
_ADD_RESULTS = insert(schema.results)
_SET_TABLE = update(schema.tables).where(schema.tables.c.id == bindparam("b_table"))
"""Sets the columns its parameters name (`status`, `updated_at`, ...) of the table `b_table`."""
_SET_SEAT = update(schema.seats).where(schema.seats.c.table_id == bindparam("b_table"),
                                       schema.seats.c.seat == bindparam("b_seat"))

@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as listed by `Store.tables`."""

    id: str
    game: str
    variant: str
    players: int
    status: str
    created_at: datetime
    finished_at: datetime | None
    names: tuple[str, ...]
    actions: int
    listed: bool = False
    surface: str | None = None


class Standing(NamedTuple):
    """One person's line of the all-time table (`Store.top`)."""

    name: str
    games: int
    wins: int
    points: float


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Games kept in SQL (see the module docstring)."""

    def __init__(self, url: str | None = None, *, durable: bool | None = None):
        """Open (and if needed create or upgrade) the store at `url`: a SQLAlchemy URL
        (`sqlite:///path`, `postgresql://user@host/db`), a file path, or None for `$ION_DB` or
        the default file under the user's data folder. `durable`: each commit waits for the
        disk (see `store.opening`; default: the URL's `?durable=`, else off)."""
        self.url, asked = durable_option(resolve_url(url))
        self.durable = bool(asked) if durable is None else durable
        self.finish_listeners: list[Callable[[str], None]] = []
        """Called with a table's id once its finished game is committed (quick: they hand it on;
        the people service rates it, `people.ratings`)."""
        self.where = safe_url(self.url)
        try:
            self.engine = make_engine(self.url, self.durable)
            self._writes = GroupCommit(self.engine, self.where, keep_connection=not in_memory(self.url))
            with schema_lock(self.engine), self.engine.connect() as conn:
                check_schema(self.engine, conn, self.where)
        except StoreError:
            self.close()
            raise
        except SQLAlchemyError as err:
            self.close()
            raise StoreError(f"{self.where} cannot be used as an Ion Arena store: "
                             f"{first_line(err)}") from None

    def close(self) -> None:
        """Release the database connections."""
        writes = getattr(self, "_writes", None)
        if writes is not None:
            writes.close()
        engine = getattr(self, "engine", None)
        if engine is not None:
            engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def commits(self) -> tuple[int, int]:
        """(transactions, writes) committed so far by this store: their ratio is how many
        writes one commit served (group commit)."""
        return self._writes.batches, self._writes.writes

    # -- the Journal a table writes to ----------------------------------------------------------------

    def table_opened(self, info: TableInfo) -> None:
        """Write a new table and its seats."""
        now = _now()
        row = {"id": info.id, "game": info.game, "variant": info.variant, "players": info.players,
               "seed": str(info.seed), "options": info.options, "settings": info.settings.to_dict(),
               "status": info.status, "listed": bool(info.listed), "created_at": now, "updated_at": now,
               "finished_at": None, "surface": info.surface, "labels": dict(info.labels) or None}
        seats = [self._seat_row(info.id, s) for s in info.seats]
        # as rows: the tables made at once go in one executemany, their seats in another
        self._writes.write(f"table {info.id}", rows={_ADD_TABLE: [row], _ADD_SEATS: seats})

    def actions_applied(self, table_id: str, entries: Sequence[LogEntry], finish: Finish | None) -> None:
        """Commit the entries (and the record and results when `finish`) before returning; tables
        that commit at the same moment share one transaction."""
        now = _now()
        rows = [(table_id, e.version, e.player, e.text, e.game_time, now) for e in entries]

        def work(conn: Connection) -> None:
            assert finish is not None
            self._write_finish(conn, table_id, finish, now)

        # the rows of every table committing now go in one executemany
        self._writes.write(f"table {table_id}", None if finish is None else work, rows={_ADD_ACTIONS: rows})
        if finish is not None:
            self._finished(table_id)

    def actions_batch(self, batch: Batch) -> list[BaseException | None]:
        """`actions_applied` for several tables at once, in one transaction (one executemany of
        every action row); each table's error, or None once its actions are committed. A table
        whose write fails (its version written by someone else) fails alone: the others commit."""
        now = _now()
        writes: list[tuple[str, Work | None, Rows | None]] = []
        for table_id, entries, finish in batch:
            rows = [(table_id, e.version, e.player, e.text, e.game_time, now) for e in entries]
            work = None if finish is None else self._finish_work(table_id, finish, now)
            writes.append((f"table {table_id}", work, {_ADD_ACTIONS: rows}))
        errors = self._writes.write_many(writes)
        for (table_id, _, finish), error in zip(batch, errors, strict=True):
            if finish is not None and error is None:
                self._finished(table_id)
        return errors

    def _finish_work(self, table_id: str, finish: Finish, now: datetime) -> Work:
        def work(conn: Connection) -> None:
            self._write_finish(conn, table_id, finish, now)
        return work

    def _finished(self, table_id: str) -> None:
        for listener in self.finish_listeners:
            try:
                listener(table_id)
            except Exception:  # a listener's failure must not fail the table's move
                logging.getLogger(__name__).exception("table %s: a finish listener failed", table_id)

    def seat_changed(self, table_id: str, seat: SeatInfo) -> None:
        """Replace one seat."""
        row = self._seat_row(table_id, seat)
        values = {k: v for k, v in row.items() if k not in ("table_id", "seat")}
        now = _now()

        def work(conn: Connection) -> None:
            conn.execute(_SET_SEAT, {"b_table": table_id, "b_seat": seat.seat, **values})
            conn.execute(_SET_TABLE, {"b_table": table_id, "updated_at": now})

        self._writes.write(f"table {table_id}", work)

    def labels_changed(self, table_id: str, labels: Mapping[str, str]) -> None:
        """Keep a table's labels (all of them)."""
        values = {"b_table": table_id, "labels": dict(labels) or None, "updated_at": _now()}

        def work(conn: Connection) -> None:
            conn.execute(_SET_TABLE, values)

        self._writes.write(f"table {table_id}", work)

    def status_changed(self, table_id: str, status: Status, record: GameRecord | None = None) -> None:
        """Keep a table's status (and its record so far when it is abandoned)."""
        now = _now()
        values: dict[str, Any] = {"b_table": table_id, "status": status, "updated_at": now}
        if status in ("over", "abandoned"):
            values["finished_at"] = now
        text = None if record is None else record.to_json()

        def work(conn: Connection) -> None:
            conn.execute(_SET_TABLE, values)
            if text is not None:
                conn.execute(_ADD_RECORD, {"table_id": table_id, "record": text, "finished": False,
                                           "created_at": now})

        self._writes.write(f"table {table_id}", work)

    @staticmethod
    def _write_finish(conn: Connection, table_id: str, finish: Finish, now: datetime) -> None:
        conn.execute(_ADD_RECORD, {"table_id": table_id, "record": finish.record.to_json(), "finished": True,
                                   "created_at": now})
        conn.execute(_ADD_RESULTS, [
            {"table_id": table_id, "seat": r.seat, "name": r.name, "agent": r.agent, "score": r.score,
             "winner": r.winner} for r in finish.results])
        conn.execute(_SET_TABLE, {"b_table": table_id, "status": "over", "finished_at": now,
                                  "updated_at": now})

    @staticmethod
    def _seat_row(table_id: str, seat: SeatInfo) -> dict[str, Any]:
        return {"table_id": table_id, "seat": seat.seat, "kind": seat.kind, "name": seat.name,
                "token_hash": seat.token_hash, "bot": seat.bot, "takeover": seat.takeover}

    # -- reading --------------------------------------------------------------------------------------

    def table_info(self, table_id: str, conn: Connection | None = None) -> TableInfo:
        """What the store keeps of a table; `StoreError` if there is none."""
        if conn is None:
            with self._read() as conn:
                return self.table_info(table_id, conn)
        row = conn.execute(select(schema.tables).where(schema.tables.c.id == table_id)).mappings().first()
        if row is None:
            raise StoreError(f"{self.where} has no game {table_id!r}")
        seat_rows = conn.execute(select(schema.seats).where(schema.seats.c.table_id == table_id)
                                 .order_by(schema.seats.c.seat)).mappings().all()
        try:
            seats = tuple(SeatInfo(seat=s["seat"], kind=s["kind"], name=s["name"], token_hash=s["token_hash"],
                                   bot=s["bot"], takeover=bool(s["takeover"])) for s in seat_rows)
            return TableInfo(id=row["id"], game=row["game"], variant=row["variant"], players=row["players"],
                             seed=int(row["seed"]), options=dict(row["options"]),
                             settings=TableSettings.from_dict(dict(row["settings"])), status=row["status"],
                             seats=seats, listed=bool(row["listed"]), surface=check_surface(row["surface"]),
                             labels=check_labels(row["labels"]))
        except (TypeError, ValueError, IonError) as err:
            raise StoreError(f"table {table_id} in {self.where} is damaged: {err}") from None

    def log(self, table_id: str, conn: Connection | None = None) -> list[LogEntry]:
        """A table's action log, oldest first."""
        if conn is None:
            with self._read() as conn:
                return self.log(table_id, conn)
        rows = conn.execute(select(schema.actions.c.version, schema.actions.c.player, schema.actions.c.text,
                                   schema.actions.c.game_time)
                            .where(schema.actions.c.table_id == table_id)
                            .order_by(schema.actions.c.version)).all()
        return [LogEntry(version, player, text, game_time) for version, player, text, game_time in rows]

    def load(self, table_id: str, clock: Clock = time.monotonic) -> Table:
        """One table rebuilt by replaying its log (verified), journaling to this store."""
        with self._read() as conn:
            info = self.table_info(table_id, conn)
            entries = self.log(table_id, conn)
        try:
            table = Table.restore(info, entries, clock=clock, journal=self)
        except RecordError as err:
            raise StoreError(f"cannot resume {err}") from None
        if table.status == "over" and info.status != "over":
            finish = table.finish()
            assert finish is not None
            now = _now()
            self._writes.write(f"table {table_id}",
                               lambda conn: self._write_finish(conn, table_id, finish, now))
            self._finished(table_id)
        return table

    def resume(self, clock: Clock = time.monotonic, *,
               surfaces: Collection[str | None] | None = None) -> list[Table]:
        """Every unfinished table, rebuilt by replaying its log and verified, oldest first; with
        `surfaces`, only the tables those surfaces host (see `unfinished`). One that does not
        replay is one `StoreError` naming it (and no table is returned)."""
        return [self.load(table_id, clock) for table_id in self.unfinished(surfaces)]

    def unfinished(self, surfaces: Collection[str | None] | None = None) -> list[str]:
        """The ids of the unfinished (`waiting`, `playing`) tables, oldest first; with `surfaces`,
        only of the tables those surfaces host (None among them: the tables that name no
        surface, made before migration 0003)."""
        t = schema.tables
        query = select(t.c.id).where(t.c.status.in_(UNFINISHED)).order_by(t.c.created_at, t.c.id)
        if surfaces is not None:
            named = [s for s in surfaces if s is not None]
            unnamed = len(named) != len(surfaces)
            query = query.where(or_(t.c.surface.in_(named), t.c.surface.is_(None)) if unnamed
                                else t.c.surface.in_(named))
        with self._read() as conn:
            return list(conn.execute(query).scalars().all())

    def record(self, table_id: str) -> GameRecord:
        """The record of a game: the stored one once finished or abandoned, else rebuilt from its log."""
        with self._read() as conn:
            text = conn.execute(select(schema.records.c.record)
                                .where(schema.records.c.table_id == table_id)).scalar()
            if text is not None:
                try:
                    return loads(text, where=f"the record of game {table_id}")
                except RecordError as err:
                    raise StoreError(str(err)) from None
            info = self.table_info(table_id, conn)
            entries = self.log(table_id, conn)
        return GameRecord(game=info.game, players=info.players, seed=info.seed, variant=info.variant,
                          actions=[(e.player, e.text) for e in entries], options=dict(info.options),
                          agents=[s.bot or s.kind if s.kind == "bot" else s.kind for s in info.seats])

    def tables(self, status: str | None = None, limit: int = 50, *,
               listed: bool | None = None) -> list[TableRow]:
        """The most recent tables (newest first), optionally only those with `status`, and only
        the listed (`listed=True`) or unlisted ones."""
        t = schema.tables
        count = (select(func.count()).select_from(schema.actions)
                 .where(schema.actions.c.table_id == t.c.id).scalar_subquery())
        query = select(t.c.id, t.c.game, t.c.variant, t.c.players, t.c.status, t.c.created_at,
                       t.c.finished_at, t.c.listed, t.c.surface, count.label("actions")) \
            .order_by(t.c.created_at.desc(), t.c.id)
        if status is not None:
            query = query.where(t.c.status == status)
        if listed is not None:
            query = query.where(t.c.listed == listed)
        with self._read() as conn:
            rows = conn.execute(query.limit(limit)).mappings().all()
            names: dict[str, list[str]] = {}
            if rows:
                for table_id, seat, kind, name, bot in conn.execute(
                        select(schema.seats.c.table_id, schema.seats.c.seat, schema.seats.c.kind,
                               schema.seats.c.name, schema.seats.c.bot)
                        .where(schema.seats.c.table_id.in_([r["id"] for r in rows]))
                        .order_by(schema.seats.c.table_id, schema.seats.c.seat)):
                    names.setdefault(table_id, []).append(
                        SeatInfo(seat, kind, name=name, bot=bot).display_name() or f"Player {seat}")
        return [TableRow(id=r["id"], game=r["game"], variant=r["variant"], players=r["players"],
                         status=r["status"], created_at=r["created_at"], finished_at=r["finished_at"],
                         names=tuple(names.get(r["id"], ())), actions=r["actions"], listed=bool(r["listed"]),
                         surface=r["surface"])
                for r in rows]

    def top(self, game: str | None = None, limit: int = 10, *, surface: str | None = None) -> list[Standing]:
        """The all-time table of people (not bots) in finished games — of one `game` and one
        `surface` if given: each name's games, wins and total points, most wins first, then most
        points, then by name. People are told apart by the name they played under."""
        if limit.__class__ is not int or limit < 1:
            raise ValueError(f"limit is a whole number of at least 1, not {limit!r}")
        r, t = schema.results, schema.tables
        wins = func.sum(case((r.c.winner, 1), else_=0))
        points = func.sum(r.c.score)
        query = (select(r.c.name, func.count().label("games"), wins.label("wins"), points.label("points"))
                 .join(t, t.c.id == r.c.table_id)
                 .where(r.c.agent.is_(None))
                 .group_by(r.c.name)
                 .order_by(wins.desc(), points.desc(), r.c.name)
                 .limit(limit))
        if game is not None:
            query = query.where(t.c.game == game)
        if surface is not None:
            query = query.where(t.c.surface == surface)
        with self._read() as conn:
            rows = conn.execute(query).all()
        return [Standing(name, int(games), int(won or 0), float(total or 0.0))
                for name, games, won, total in rows]

    def _read(self) -> _Reading:
        return _Reading(self)


class _Reading:
    """`with store._read() as conn:` a read; database errors become `StoreError`."""

    def __init__(self, store: Store):
        self.store = store
        self.conn: Connection | None = None

    def __enter__(self) -> Connection:
        try:
            self.conn = self.store.engine.connect()
        except SQLAlchemyError as err:
            raise StoreError(f"{self.store.where}: cannot read: {first_line(err)}") from None
        return self.conn

    def __exit__(self, exc_type: Any, exc: BaseException | None, tb: Any) -> None:
        assert self.conn is not None
        self.conn.close()
        if isinstance(exc, SQLAlchemyError):
            raise StoreError(f"{self.store.where}: cannot read: {first_line(exc)}") from None


__all__ = ["Standing", "Store", "StoreError", "TableRow"]
