"""Staged moves committed in batches (`host.staged`, `journal.commit_batch`, the store's
`actions_batch`) and a table made in one commit (`Table.open_in`), on SQLite and PostgreSQL:
nothing is current or told before its commit, and a refused commit changes nothing."""

from __future__ import annotations

import threading

import pytest

from ionarena.core import IllegalAction
from ionarena.host import Table, Update
from ionarena.host.journal import commit_batch
from ionarena.host.staged import Staged
from ionarena.store import Store, StoreError

from .test_commit import first_move, people_table


def bot_table(store: Store, seed: int) -> Table:
    """Two people and a greedy bot that moves at once (bot delay 0)."""
    from ionarena.host import TableSettings

    table = Table("dots", players=3, seed=seed, journal=store, clock=lambda: 0.0, bots={2: "greedy"},
                  settings=TableSettings(bot_delay=0.0))
    table.sit(0, "ada")
    table.sit(1, "bob")
    table.start(0.0)
    return table


def locked_elsewhere(table: Table) -> bool:
    """True if another thread cannot take the table's lock now."""
    result: list[bool] = []

    def take() -> None:
        result.append(table.lock_now())
        if result[0]:
            table.unlock()

    thread = threading.Thread(target=take)
    thread.start()
    thread.join(20)
    return not result[0]


def test_staged_moves_of_many_tables_commit_in_one_transaction_and_nobody_is_told_before(db_url):
    with Store(db_url) as store:
        tables = [people_table(store, seed) for seed in range(5)]
        told: dict[str, list[Update]] = {t.id: [] for t in tables}
        for table in tables:
            table.subscribe(None, told[table.id].append, since=0)
        moves = [first_move(t) for t in tables]
        staged = [t.stage_submit(seat, move, 0) for t, (seat, move) in zip(tables, moves, strict=True)]
        assert all(isinstance(held, Staged) for held in staged)
        # staged, not committed: the game is as it was, nobody heard of it, nothing is stored,
        # and no other thread may touch the table until it is settled
        assert all(t.version == 0 and len(told[t.id]) == 1 for t in tables)
        assert all(store.log(t.id) == [] for t in tables)
        assert all(locked_elsewhere(t) for t in tables)
        batches, writes = store.commits
        errors = commit_batch(store, [(h.table.id, h.entries, h.finish) for h in staged if h is not None])
        assert errors == [None] * len(tables)
        assert store.commits == (batches + 1, writes + len(tables))  # one transaction for all
        assert all(t.version == 0 and len(told[t.id]) == 1 for t in tables)  # committed, not yet told
        for table, held, (seat, move) in zip(tables, staged, moves, strict=True):
            assert held is not None
            settled = table.settle(held, None)
            assert settled is not None and settled.version == 1 and settled.update is not None
            assert table.version == 1 and told[table.id][-1].version == 1
            assert [(e.player, e.text) for e in store.log(table.id)] == [(seat, move)]
            assert not locked_elsewhere(table)


def test_a_refused_batch_changes_nothing_and_lets_the_tables_go(db_url):
    with Store(db_url) as store:
        tables = [people_table(store, seed) for seed in range(3)]
        told: dict[str, list[Update]] = {t.id: [] for t in tables}
        for table in tables:
            table.subscribe(None, told[table.id].append, since=0)
        staged = [t.stage_submit(*first_move(t), 0) for t in tables]
        failure = StoreError("the disk is full")
        for table, held in zip(tables, staged, strict=True):
            assert held is not None
            assert table.settle(held, failure) is None
        assert all(t.version == 0 and len(told[t.id]) == 1 and store.log(t.id) == [] for t in tables)
        assert not any(locked_elsewhere(t) for t in tables)
        for table in tables:  # the same move goes through afterwards
            assert table.submit(*first_move(table), 0).version == 1


def test_a_contested_table_in_a_batch_fails_alone(db_url):
    with Store(db_url) as store:
        good = [people_table(store, seed) for seed in (1, 2)]
        contested = people_table(store, 3)
        rival = Table.restore(store.table_info(contested.id), [], clock=lambda: 0.0, journal=store)
        contested.submit(*first_move(contested), 0)  # version 1 is written: the rival's must fail
        staged = [t.stage_submit(*first_move(t), 0) for t in (good[0], rival, good[1])]
        errors = commit_batch(store, [(h.table.id, h.entries, h.finish) for h in staged if h is not None])
        assert errors[0] is None and errors[2] is None
        assert isinstance(errors[1], StoreError) and "written by someone else" in str(errors[1])
        for held, error in zip(staged, errors, strict=True):
            assert held is not None
            held.table.settle(held, error)
        assert rival.version == 0 and [e.version for e in store.log(contested.id)] == [1]
        assert all(t.version == 1 and len(store.log(t.id)) == 1 for t in good)


def test_quick_bots_due_at_once_ride_along_in_the_same_commit(db_url):
    with Store(db_url) as store:
        table = bot_table(store, seed=11)
        for _ in range(200):
            table.pump(0.0)  # whatever the bot has due first
            assert not table.is_over(), "no person's move was followed by the bot's"
            seat, move = first_move(table)
            before = table.version
            held = table.stage_submit(seat, move, before)
            assert held is not None
            if len(held.entries) > 1:
                break
            assert commit_batch(store, [(table.id, held.entries, held.finish)]) == [None]
            table.settle(held, None)
        assert held.entries[0].player == seat and {e.player for e in held.entries[1:]} == {2}
        batches, writes = store.commits
        assert commit_batch(store, [(table.id, held.entries, held.finish)]) == [None]
        assert store.commits == (batches + 1, writes + 1)  # the person's move and the bot's: one write
        settled = table.settle(held, None)
        assert settled is not None and settled.version == before + 1  # what the person's ok says
        assert table.version == before + len(held.entries)
        assert [e.version for e in store.log(table.id)][before:] == list(range(before + 1, table.version + 1))


def test_a_table_is_made_seated_and_started_in_one_commit_or_not_at_all(db_url):
    with Store(db_url) as store:
        batches, writes = store.commits
        table = Table("dots", players=2, seed=4, clock=lambda: 0.0)
        table.sit(0, "ada")
        table.sit(1, "bob")
        table.start(0.0)
        assert store.unfinished() == [] and store.commits == (batches, writes)  # nothing written yet
        table.open_in(store)
        assert store.commits == (batches + 1, writes + 1)  # the table, its seats, its start: one write
        info = store.table_info(table.id)
        assert info.status == "playing" and [s.name for s in info.seats] == ["ada", "bob"]
        assert info.seats[0].token_hash == table.seats[0].token_hash is not None
        table.submit(*first_move(table), 0)  # journaled from now on
        assert [e.version for e in store.log(table.id)] == [1]
        with pytest.raises(IllegalAction, match="journaled already"):
            table.open_in(store)  # written once: a second opening would lose nothing but fail
        moved = Table("dots", players=2, seed=5, clock=lambda: 0.0)
        moved.sit(0, "ada")
        moved.sit(1, "bob")
        moved.start(0.0)
        moved.submit(*first_move(moved), 0)
        with pytest.raises(IllegalAction, match="has moved"):
            moved.open_in(store)  # its first move would be missing from the log
        with pytest.raises(StoreError):
            store.table_info(moved.id)


def test_a_clusters_owner_announces_each_table_of_a_batch_once_committed(db_url):
    from ionarena.cluster.journal import Announcing

    with Store(db_url) as store:
        announced: list[tuple[str, object]] = []
        conflicts: list[str] = []
        journal = Announcing(store, lambda table_id, message: announced.append((table_id, message)),
                             conflicts.append)
        good = people_table(store, seed=1)
        contested = people_table(store, seed=3)
        rival = Table.restore(store.table_info(contested.id), [], clock=lambda: 0.0, journal=store)
        contested.submit(*first_move(contested), 0)
        staged = [t.stage_submit(*first_move(t), 0) for t in (good, rival)]
        errors = commit_batch(journal, [(h.table.id, h.entries, h.finish) for h in staged if h is not None])
        for held, error in zip(staged, errors, strict=True):
            assert held is not None
            held.table.settle(held, error)
        assert errors[0] is None and isinstance(errors[1], StoreError)
        assert [table_id for table_id, _ in announced] == [good.id] and conflicts == [contested.id]
