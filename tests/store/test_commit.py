"""Group commit, durability settings and the `listed` migration, on SQLite and a real PostgreSQL."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import create_engine, text

from ionarena.host import Table, Update
from ionarena.store import Store, StoreError, resolve_url
from ionarena.store.migrate import downgrade, upgrade


def people_table(store: Store, seed: int) -> Table:
    table = Table("dots", players=2, seed=seed, journal=store, clock=lambda: 0.0)
    table.sit(0, "ada")
    table.sit(1, "bob")
    table.start(0.0)
    return table


def wait_until(condition, what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.002)


class Blocker:
    """A write that holds the store's commit until released: writes that come meanwhile queue up."""

    def __init__(self, store: Store):
        self.inside = threading.Event()
        self.release = threading.Event()
        self.thread = threading.Thread(target=store._writes.write, args=("the blocker", self._work))
        self.thread.start()
        assert self.inside.wait(20)

    def _work(self, conn) -> None:
        self.inside.set()
        assert self.release.wait(20)

    def done(self) -> None:
        self.release.set()
        self.thread.join(20)


def first_move(table: Table) -> tuple[int, str]:
    seat = table.update(None).actors[0]
    return seat, table.update(seat).legal[0]


def test_tables_that_commit_at_once_share_one_transaction_and_nobody_is_told_before_it(db_url):
    with Store(db_url) as store:
        tables = [people_table(store, seed) for seed in range(6)]
        told: dict[str, list[Update]] = {t.id: [] for t in tables}
        for table in tables:
            table.subscribe(None, told[table.id].append, since=0)
        moves = [first_move(t) for t in tables]
        blocker = Blocker(store)
        batches, writes = store.commits
        threads = [threading.Thread(target=t.submit, args=(*move, 0))
                   for t, move in zip(tables, moves, strict=True)]
        for thread in threads:
            thread.start()
        wait_until(lambda: store._writes.pending() == len(tables), "the moves did not queue up")
        # queued, not committed: no table moved on and no seat heard of any move
        assert all(t.version == 0 and len(told[t.id]) == 1 for t in tables)
        assert all(store.log(t.id) == [] for t in tables)
        blocker.done()
        for thread in threads:
            thread.join(20)
        assert store.commits == (batches + 2, writes + 1 + len(tables))  # the blocker, then one for all
        for table, (seat, move) in zip(tables, moves, strict=True):
            assert table.version == 1 and told[table.id][-1].version == 1
            assert [(e.player, e.text) for e in store.log(table.id)] == [(seat, move)]


def test_a_write_that_fails_in_a_shared_transaction_fails_only_its_own_table(db_url):
    with Store(db_url) as store:
        good = [people_table(store, seed) for seed in (1, 2)]
        contested = people_table(store, 3)
        rival = Table.restore(store.table_info(contested.id), [], clock=lambda: 0.0, journal=store)
        seat, move = first_move(contested)
        contested.submit(seat, move, 0)  # version 1 is written: the rival's version 1 must fail
        blocker = Blocker(store)
        outcomes: dict[str, str] = {}

        def submit(table: Table, key: str) -> None:
            try:
                table.submit(*first_move(table), 0)
                outcomes[key] = "kept"
            except StoreError as err:
                outcomes[key] = str(err)

        threads = [threading.Thread(target=submit, args=(t, k))
                   for t, k in ((good[0], "a"), (rival, "rival"), (good[1], "b"))]
        for thread in threads:
            thread.start()
        wait_until(lambda: store._writes.pending() == 3, "the moves did not queue up")
        blocker.done()
        for thread in threads:
            thread.join(20)
        assert outcomes["a"] == outcomes["b"] == "kept"
        assert "written by someone else" in outcomes["rival"] and "\n" not in outcomes["rival"]
        assert rival.version == 0 and [e.version for e in store.log(contested.id)] == [1]
        assert all(len(store.log(t.id)) == 1 for t in good)


def synchronous(store: Store) -> str:
    with store.engine.connect() as conn:
        if store.engine.dialect.name == "sqlite":
            level = conn.execute(text("PRAGMA synchronous")).scalar()
            return {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}[level]
        return str(conn.execute(text("SHOW synchronous_commit")).scalar())


def test_sqlite_commits_reach_the_wal_and_durable_mode_waits_for_the_disk(tmp_path):
    path = tmp_path / "ion.sqlite3"
    with Store(str(path)) as store:
        assert (store.durable, synchronous(store)) == (False, "NORMAL")
        with store.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    for opened in (Store(f"sqlite:///{path}?durable=1"), Store(str(path), durable=True)):
        with opened as store:
            assert (store.durable, synchronous(store)) == (True, "FULL")
            assert store.url == f"sqlite:///{path}"  # the option is ours, not the driver's
    with Store(f"sqlite:///{path}?durable=0") as store:
        assert synchronous(store) == "NORMAL"
    with pytest.raises(StoreError, match="durable=1 or durable=0"):
        Store(f"sqlite:///{path}?durable=maybe")


def test_postgresql_commits_durably_when_asked(pg_url):
    with Store(pg_url, durable=True) as store:
        table = people_table(store, 4)
        table.submit(*first_move(table), 0)
        with store._writes.engine.connect() as conn:
            assert conn.execute(text("SHOW synchronous_commit")).scalar() == "on"
        assert len(store.log(table.id)) == 1


def old_ids(prefix: str) -> str:
    return prefix + "A1b2C3d4E5f6G7h8I9j0Kx"  # the web's old ids: a letter and 22 random characters


def test_an_older_store_upgrades_in_place_and_keeps_which_tables_were_listed(db_url):
    engine = create_engine(resolve_url(db_url))
    upgrade(engine, "0001")  # the schema as it was before tables had a `listed` flag
    rows = {old_ids("p"): True, old_ids("i"): False, "Zq3" + "x" * 19: False, "p-short": False,
            old_ids("P"): False}
    with engine.begin() as conn:
        for table_id in rows:
            conn.execute(text(
                "INSERT INTO ion_tables (id, game, variant, players, seed, options, settings, status, "
                "created_at, updated_at) VALUES (:id, 'dots', 'quick', 2, '7', '{}', '{}', 'waiting', "
                "'2024-01-01 00:00:00', '2024-01-01 00:00:00')"), {"id": table_id})
            for seat in (0, 1):
                conn.execute(text("INSERT INTO ion_seats (table_id, seat, kind, name, takeover) "
                                  "VALUES (:id, :seat, 'open', '', false)"), {"id": table_id, "seat": seat})
    engine.dispose()
    with Store(db_url) as store:
        assert {r.id: r.listed for r in store.tables(limit=10)} == rows
        assert {r.id for r in store.tables(listed=True)} == {old_ids("p")}
        again = store.load(old_ids("p"))  # seats survived the upgrade: the table loads and plays
        assert again.listed and [s.kind for s in again.seats] == ["open", "open"]
        made = Table("dots", players=2, seed=1, journal=store, listed=True)
        assert store.table_info(made.id).listed and not store.table_info(old_ids("i")).listed
    engine = create_engine(resolve_url(db_url))
    downgrade(engine, "0001")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM ion_seats")).scalar() == 2 * (len(rows) + 1)
    engine.dispose()
    with Store(db_url) as store:  # and up again: the old ids say it again
        assert {r.id: r.listed for r in store.tables(limit=10) if r.id in rows} == rows
