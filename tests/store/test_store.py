"""The store on SQLite and on a real PostgreSQL: the log, records, results, resume, bad databases."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import create_engine, text

from ionarena.core.record import replay
from ionarena.host import Table, TableSettings
from ionarena.store import Store, StoreError, resolve_url
from ionarena.store import schema as tables_schema


def bots_only(store: Store, game: str = "dots", seed: int = 3, **kw) -> Table:
    players = kw.pop("players", 3)
    return Table(game, players=players, bots={k: ("greedy" if game == "dots" else "random@0.7")
                                              for k in range(players)},
                 seed=seed, journal=store, clock=lambda: 0.0, **kw)


def test_every_action_is_logged_and_a_finished_game_keeps_its_record_and_results(db_url):
    with Store(db_url) as store:
        table = bots_only(store)
        table.start(0.0)
        table.pump(0.0)
        assert table.is_over()
        record = table.record()
        log = store.log(table.id)
        assert [(e.player, e.text) for e in log] == record.actions
        assert [e.version for e in log] == list(range(1, len(log) + 1))
        assert store.record(table.id) == record
        replay(store.record(table.id))
        row = store.tables()[0]
        assert (row.id, row.status, row.actions) == (table.id, "over", len(log))
        assert row.finished_at is not None
        with store.engine.connect() as conn:
            results = conn.execute(text("SELECT seat, score, winner, agent FROM ion_results "
                                        "WHERE table_id = :t ORDER BY seat"), {"t": table.id}).all()
        assert [r[0] for r in results] == [0, 1, 2]
        assert [r[1] for r in results] == record.scores
        assert [bool(r[2]) for r in results] == [s in record.winners for s in range(3)]
        assert {r[3] for r in results} == {"greedy"}


def test_resume_rebuilds_every_unfinished_table_with_its_seats_and_tokens(db_url):
    store = Store(db_url)
    person = Table("dots", players=3, bots={1: "greedy", 2: "random"}, seed=5, journal=store,
                   clock=lambda: 0.0)
    token = person.sit(0, "ada")
    person.start(0.0)
    person.pump(0.0)
    while person.version < 6 and not person.is_over():
        update = person.update(0)
        if update.legal:
            person.submit(0, update.legal[0], update.version)
        person.pump(0.0)
    timed = Table("ticker", players=3, bots={1: "random@0.4", 2: "random@1.1"}, seed=8, journal=store,
                  clock=lambda: 0.0, options={"turns": 30})
    timed.sit(0, "bob")
    timed.start(0.0)
    timed.pump(2.0)
    waiting = Table("dots", players=2, seed=1, journal=store)
    finished = bots_only(store, seed=9)
    finished.start(0.0)
    finished.pump(0.0)
    store.close()

    again = Store(db_url)
    resumed = {t.id: t for t in again.resume(clock=lambda: 100.0)}
    assert set(resumed) == {person.id, timed.id, waiting.id}
    assert resumed[person.id].record() == person.record()
    assert resumed[person.id].authenticate(token) == 0 and resumed[person.id].seats[0].name == "ada"
    assert resumed[timed.id].record() == timed.record()
    assert resumed[waiting.id].status == "waiting"
    # the timed game's clock goes on from where it stopped, on the new process's clock
    assert resumed[timed.id].game_time(100.0) == timed._state.now()
    resumed[timed.id].pump(1e6)
    assert resumed[timed.id].is_over() and again.record(timed.id).scores is not None
    again.close()


def test_a_log_that_does_not_replay_is_one_error_naming_the_table(db_url):
    store = Store(db_url)
    good = Table("dots", players=2, bots={1: "greedy"}, seed=2, journal=store, clock=lambda: 0.0)
    good.sit(0, "ada")
    good.start(0.0)
    bad = Table("dots", players=2, bots={0: "greedy", 1: "greedy"}, seed=4, journal=store, clock=lambda: 0.0,
                settings=TableSettings(bot_delay=1.0))
    bad.start(0.0)
    bad.pump(5.0)
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE ion_actions SET text = 'play joker 9' WHERE table_id = :t AND version = 3"),
                     {"t": bad.id})
    with pytest.raises(StoreError) as caught:
        store.resume()
    message = str(caught.value)
    assert bad.id in message and "action 3" in message and "play joker 9" in message
    assert "\n" not in message
    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM ion_actions WHERE table_id = :t AND version = 2"), {"t": bad.id})
    with pytest.raises(StoreError, match="jumps from version 1 to 3"):
        store.load(bad.id)
    store.close()


def test_a_version_is_written_once(db_url):
    with Store(db_url) as store:
        first = bots_only(store, seed=6, table_id="same", settings=TableSettings(bot_delay=1.0))
        first.start(0.0)
        first.pump(3.0)
        second = Table.restore(store.table_info("same"), store.log("same"), clock=lambda: 0.0, journal=store)
        first.pump(4.0)
        before = second.record()
        with pytest.raises(StoreError, match="written by someone else"):
            second.pump(1e6)
        assert second.record() == before  # the table that lost the race did not move on
        assert [e.version for e in store.log("same")] == list(range(1, first.version + 1))


def test_an_abandoned_game_keeps_its_log_and_record_so_far(db_url):
    with Store(db_url) as store:
        table = Table("dots", players=2, bots={1: "greedy"}, seed=2, journal=store, clock=lambda: 0.0)
        table.sit(0, "ada")
        table.start(0.0)
        table.pump(0.0)
        table.abandon()
        assert store.tables()[0].status == "abandoned"
        assert store.record(table.id) == table.record()
        assert store.resume() == []


def test_a_garbage_file_is_one_clear_error(tmp_path):
    path = tmp_path / "garbage.db"
    path.write_bytes(b"\x00not a database at all" * 200)
    with pytest.raises(StoreError) as caught:
        Store(str(path))
    assert "not a database" in str(caught.value) and "\n" not in str(caught.value)


def test_a_foreign_sqlite_database_is_refused_untouched(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    with pytest.raises(StoreError, match="not an Ion Arena store: it holds other tables \\(invoices\\)"):
        Store(str(path))
    with sqlite3.connect(path) as conn:
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert names == {"invoices"}


def test_a_foreign_postgresql_database_is_refused(pg_url):
    engine = create_engine(resolve_url(pg_url))
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE invoices (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    with pytest.raises(StoreError, match="holds other tables"):
        Store(pg_url)


def test_a_schema_newer_than_this_program_is_refused(db_url):
    Store(db_url).close()
    engine = create_engine(resolve_url(db_url))
    with engine.begin() as conn:
        conn.execute(text(f"UPDATE {tables_schema.VERSION_TABLE} SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(StoreError, match="newer than this program"):
        Store(db_url)


def test_a_store_with_a_table_missing_is_damaged(tmp_path):
    path = tmp_path / "ion.db"
    Store(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE ion_results")
    with pytest.raises(StoreError, match=r"damaged.*ion_results"):
        Store(str(path))


def test_the_schema_comes_from_the_migrations_shipped_in_the_package(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no alembic.ini anywhere near
    with Store(str(tmp_path / "ion.db")) as store, store.engine.connect() as conn:
        version = conn.execute(text(f"SELECT version_num FROM {tables_schema.VERSION_TABLE}")).scalar()
        from alembic.script import ScriptDirectory

        from ionarena.store.migrate import alembic_config
        assert version == ScriptDirectory.from_config(alembic_config()).get_current_head()
        names = set(conn.dialect.get_table_names(conn))
    assert {t.name for t in tables_schema.metadata.sorted_tables} <= names
    assert not list(tmp_path.glob("alembic.ini"))


def test_urls_default_to_a_file_and_map_postgresql_to_psycopg(tmp_path, monkeypatch):
    assert resolve_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert resolve_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    with pytest.raises(StoreError, match="does not exist: make it first"):  # a mistyped folder
        resolve_url(str(tmp_path / "a" / "x.db"))
    assert not (tmp_path / "a").exists()
    (tmp_path / "a").mkdir()
    assert resolve_url(str(tmp_path / "a" / "x.db")) == f"sqlite:///{tmp_path / 'a' / 'x.db'}"
    monkeypatch.setenv("ION_DB", "sqlite:///elsewhere.db")
    assert resolve_url(None) == "sqlite:///elsewhere.db"
    monkeypatch.delenv("ION_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = resolve_url(None)
    assert url.startswith(f"sqlite:///{tmp_path / 'data'}") and url.endswith("ionarena.sqlite3")


def test_an_unreachable_server_is_one_clear_error_without_the_password():
    with pytest.raises(StoreError) as caught:
        Store("postgresql://ion:secret@127.0.0.1:1/nowhere")
    assert "secret" not in str(caught.value) and "***" in str(caught.value)


def test_two_threads_submitting_for_one_version_write_one_action(db_url):
    import threading

    from ionarena.host import StaleSubmit

    with Store(db_url) as store:
        table = Table("dots", players=2, seed=13, journal=store, clock=lambda: 0.0)
        table.sit(0, "ada")
        table.sit(1, "bob")
        table.start(0.0)
        for _ in range(8):
            version = table.version
            seat = table.update(None).actors[0]
            legal = table.update(seat).legal
            barrier = threading.Barrier(2)
            outcomes: list[str] = []

            def attempt(text: str, seat: int = seat, version: int = version, barrier=barrier,
                        outcomes=outcomes):
                barrier.wait()
                try:
                    table.submit(seat, text, version)
                    outcomes.append("won")
                except StaleSubmit:
                    outcomes.append("stale")

            threads = [threading.Thread(target=attempt, args=(legal[k],)) for k in (0, -1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(outcomes) == ["stale", "won"]
        log = store.log(table.id)
        assert [e.version for e in log] == list(range(1, 9))
        assert [(e.player, e.text) for e in log] == table.record().actions
