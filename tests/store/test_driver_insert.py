"""The action log's rows go to the database driver's own executemany (`store.driver_insert`), on
SQLite (positional parameters) and PostgreSQL (named ones): what is written is what SQLAlchemy's
own INSERT writes, value for value, and a row that cannot be written fails its transaction."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from ionarena.host import Table
from ionarena.store import Store, schema
from ionarena.store.driver_insert import DriverInsert

NOW = datetime(2026, 12, 4, 21, 30, 5, 123456, tzinfo=UTC)


def _log(store: Store, table_id: str) -> list[tuple[object, ...]]:
    a = schema.actions.c
    with store.engine.connect() as conn:
        rows = conn.execute(select(a.version, a.player, a.text, a.game_time, a.created_at)
                            .where(a.table_id == table_id).order_by(a.version)).all()
    return [tuple(row) for row in rows]


@pytest.mark.parametrize("columns", [
    ("table_id", "version", "player", "text", "game_time", "created_at"),  # the table's order
    ("created_at", "text", "table_id", "game_time", "player", "version"),  # another
])
def test_rows_written_by_the_driver_read_back_as_sqlalchemys_own(db_url, columns):
    with Store(db_url) as store:
        ours, theirs = (Table("dots", players=2, seed=seed, journal=store).id for seed in (1, 2))
        rows = [{"version": 1, "player": 0, "text": "play 12", "game_time": None, "created_at": NOW},
                {"version": 2, "player": None, "text": "deal", "game_time": 3.25, "created_at": NOW},
                {"version": 3, "player": 1, "text": "pass ‘é’", "game_time": 0.0, "created_at": NOW}]
        driver = DriverInsert(schema.actions, columns)
        with store.engine.begin() as conn:
            driver.executemany(conn, [tuple({**row, "table_id": ours}[c] for c in columns) for row in rows])
            conn.execute(insert(schema.actions), [{**row, "table_id": theirs} for row in rows])
        written = _log(store, ours)
        assert written == _log(store, theirs)
        assert [r[:4] for r in written] == [(1, 0, "play 12", None), (2, None, "deal", 3.25),
                                            (3, 1, "pass ‘é’", 0.0)]
        assert all(r[4].replace(tzinfo=UTC) == NOW for r in written)  # (SQLite keeps no zone)


def test_a_row_that_cannot_be_written_fails_its_transaction_and_writes_nothing(db_url):
    with Store(db_url) as store:
        table_id = Table("dots", players=2, seed=1, journal=store).id
        driver = DriverInsert(schema.actions, ("table_id", "version", "player", "text", "game_time",
                                               "created_at"))
        with pytest.raises(IntegrityError), store.engine.begin() as conn:
            driver.executemany(conn, [(table_id, 1, 0, "a", None, NOW), (table_id, 1, 0, "b", None, NOW)])
        assert _log(store, table_id) == []


def test_a_column_the_table_lacks_is_refused_at_once():
    with pytest.raises(ValueError, match="ion_actions has no column turn"):
        DriverInsert(schema.actions, ("table_id", "turn"))
