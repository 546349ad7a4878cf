"""Migration 0005 on SQLite and PostgreSQL: a store of 0003 with games in it gains the people's tables
and keeps every game; downgrading drops only those tables; upgrading again works."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect, text

from ionarena.people import People
from ionarena.people import schema as people_schema
from ionarena.store import Store, resolve_url
from ionarena.store.migrate import downgrade, upgrade

from .conftest import FAST

PEOPLE_TABLES = {t.name for t in people_schema.TABLES}


def test_a_store_of_0003_gains_the_peoples_tables_and_keeps_its_games(db_url):
    engine = create_engine(resolve_url(db_url))
    upgrade(engine, "0003")
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO ion_tables (id, game, variant, players, seed, options, settings, status, "
            "created_at, updated_at, listed) VALUES ('old-game', 'dots', 'quick', 2, '7', '{}', '{}', "
            "'over', '2024-01-01 00:00:00', '2024-01-01 00:00:00', false)"))
        assert not PEOPLE_TABLES & set(inspect(conn).get_table_names())
    engine.dispose()

    with Store(db_url) as store:
        with store.engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) >= PEOPLE_TABLES
        assert [row.id for row in store.tables()] == ["old-game"]
        people = People(store, passwords=FAST)
        ada = people.accounts.create("ada", "correct horse")
        people.classes.open(ada, "9B")

    engine = create_engine(resolve_url(db_url))
    downgrade(engine, "0003")
    with engine.connect() as conn:
        names = set(inspect(conn).get_table_names())
        assert not PEOPLE_TABLES & names and "ion_tables" in names
        assert conn.execute(text("SELECT id FROM ion_tables")).scalars().all() == ["old-game"]
    engine.dispose()
    with Store(db_url) as store:  # and up again, empty
        assert People(store, passwords=FAST).accounts.find("ada") is None
