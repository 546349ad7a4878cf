"""People fixtures: the people service over a fresh store on SQLite and on PostgreSQL, and a helper
that plays a table to its end (a person's seat moved by its legal moves, bots by the table)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from ionarena import games as game_registry
from ionarena.host import Table
from ionarena.people import People
from ionarena.people.owners import claim
from ionarena.people.passwords import Passwords
from ionarena.store import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store location: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'people.sqlite3'}"
    from tests.store.conftest import fresh_database

    database = fresh_database("ion_people")
    request.addfinalizer(database.close)
    return next(database)


FAST = Passwords(PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1))
"""argon2id at a test's cost (one test checks the real parameters: `test_accounts`)."""


def _people(url: str) -> Iterator[People]:
    game_registry.load_all()
    with Store(url) as store:
        service = People(store, passwords=FAST)
        try:
            yield service
        finally:
            service.close()


@pytest.fixture
def people(tmp_path: Path) -> Iterator[People]:
    """The people service over a fresh SQLite store."""
    yield from _people(f"sqlite:///{tmp_path / 'people.sqlite3'}")


@pytest.fixture
def people_both(db_url: str) -> Iterator[People]:
    """The people service over a fresh SQLite store, then a fresh PostgreSQL database."""
    yield from _people(db_url)


def play_out(table: Table, person_seats: tuple[int, ...] = (0,), choose: int = 0) -> None:
    """Play `table` to its end: each person's seat makes its `choose`-th legal move (the last if
    fewer), bots move when pumped."""
    if table.status == "waiting":
        table.start(0.0)
    for _ in range(5000):
        if table.is_over():
            return
        table.pump(0.0)
        for seat in person_seats:
            update = table.update(seat)
            if update.legal and not table.is_over():
                table.submit(seat, update.legal[min(choose, len(update.legal) - 1)], update.version)
    raise AssertionError("the game did not end")


def owned_table(people: People, game: str, bots: dict[int, str], owners: dict[int, int], *, players: int = 2,
                seed: int = 1, variant: str | None = None) -> Table:
    """A table of the store whose person seats (`owners`: seat -> account id) are claimed."""
    table = Table(game, players=players, bots=bots, seed=seed, variant=variant, journal=people.store,
                  clock=lambda: 0.0)
    for seat in owners:
        table.sit(seat, f"person {seat}")
    with people.db.write() as conn:
        for seat, account_id in owners.items():
            claim(conn, table.id, seat, 0, account_id=account_id)
    return table
