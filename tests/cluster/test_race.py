"""Two processes racing for one table (issue 29): one lease, one owner; and where two believe they
own a table (a lease lost to a long pause), the store's unique (table, version) lets only one
write of each version commit, before anyone is told of it.

In one process, on the real PostgreSQL: each "process" is a `Store` (its own connections) and its
own `Leases`, raced from threads released together by a barrier."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from ionarena import games
from ionarena.cluster.lease import Leases
from ionarena.host import Table
from ionarena.host.mirror import catch_up
from ionarena.host.table import new_table_id
from ionarena.store import Store, StoreError


def race(*runs: Callable[[], Any]) -> list[Any]:
    """Run the functions in threads released at the same instant; their results (or exceptions)."""
    barrier = threading.Barrier(len(runs))
    results: list[Any] = [None] * len(runs)

    def go(index: int, run: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            results[index] = run()
        except Exception as err:
            results[index] = err

    threads = [threading.Thread(target=go, args=(i, run)) for i, run in enumerate(runs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def test_of_two_processes_claiming_one_table_at_once_exactly_one_owns_it(pg_url: str) -> None:
    with Store(pg_url) as one, Store(pg_url) as two:
        first, second = Leases(one.engine, "one"), Leases(two.engine, "two")
        for _ in range(20):
            table = new_table_id()
            won = race(lambda t=table: first.claim(t), lambda t=table: second.claim(t))
            assert sorted(won) == [False, True], won
            owner = "one" if won[0] else "two"
            assert first.owner_of(table) == owner
            loser = second if won[0] else first
            assert table not in loser.renew()


def test_a_lease_nobody_renews_is_taken_over_and_its_old_owner_learns_it(pg_url: str) -> None:
    with Store(pg_url) as store:
        # (the taker's own lease long: a loaded machine's pause before the last look must not
        # let it run out too, as it did once in CI)
        dead, alive = Leases(store.engine, "dead", ttl=1.0), Leases(store.engine, "alive", ttl=60)
        table = new_table_id()
        assert dead.claim(table)
        assert not alive.claim(table)  # live: refused
        deadline = time.monotonic() + 30
        while not alive.claim(table):  # once the lease has run out (the database's clock)
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert table not in dead.renew()  # the old owner's next renewal tells it
        assert alive.owner_of(table) == "alive"


def test_two_owners_of_one_table_never_both_apply_a_version(pg_url: str) -> None:
    games.load_all()
    with Store(pg_url) as one, Store(pg_url) as two:
        mine = Table("dots", 2, journal=one, table_id=new_table_id())
        mine.sit(0, "Ann")
        mine.sit(1, "Bob")
        mine.start()
        theirs = two.load(mine.id)  # a second owner, as after a lease lost to a long pause
        owners = ((mine, one), (theirs, two))

        def submit(table: Table, pick: int) -> tuple[int, str]:
            seat = table.update(None).actors[0]
            text = table.update(seat).legal[pick]
            return table.submit(seat, text, table.version).version, text

        for _ in range(10):  # each round both owners move at the same version, at the same instant
            for table, store in owners:  # (the loser of the last round reads what it missed)
                catch_up(table, store.table_info(table.id), store.log(table.id))
            version = mine.version
            assert theirs.version == version
            results = race(lambda: submit(mine, 0), lambda: submit(theirs, -1))
            won = [r for r in results if not isinstance(r, Exception)]
            lost = [r for r in results if isinstance(r, Exception)]
            assert len(won) == 1 and len(lost) == 1, results  # never both
            assert isinstance(lost[0], StoreError) and "written by someone else" in str(lost[0])
            loser = owners[results.index(lost[0])][0]
            assert loser.version == version  # refused before it was applied or told to anyone
            log = {e.version: e.text for e in one.log(mine.id)}
            assert won[0] == (version + 1, log[version + 1])  # the winner's move is the stored one
        assert sorted(log) == list(range(1, len(log) + 1))
