"""Ratings per game, written when a table finishes, from its record: an account against a bot gets a
rating, each bot level under one fixed identity; games with fewer than two participants, or an
account in two seats, are not rated; a table is rated once; nothing is rated during play; and the
tables finished while no server ran are rated, in order, when the service starts."""

from __future__ import annotations

import threading
from types import SimpleNamespace

from sqlalchemy import select

from ionarena.people import People
from ionarena.people import schema as people_schema
from ionarena.people.ratings import bot_identity, rated_ranks

from .conftest import FAST, owned_table, play_out


def test_an_account_playing_a_bot_is_rated_and_the_bot_under_its_level(people_both):
    people = people_both
    ada = people.accounts.create("ada", "correct horse")
    table = owned_table(people, "dots", {1: "easy"}, {0: ada.id}, seed=4)
    table.start(0.0)
    table.pump(0.0)
    assert people.ratings.rate(table.id) is False  # "never during play": a running table is not rated
    play_out(table)
    assert people.ratings.rate(table.id) is True
    assert people.ratings.rate(table.id) is False  # once
    record = people.store.record(table.id)
    won = 0 in record.winners
    mine = people.ratings.of_account(ada.id)
    assert [(r["game"], r["games"], r["wins"]) for r in mine] == [("dots", 1, int(won))]
    assert (mine[0]["mu"] > 25) == won  # the winner's estimate rises, the loser's falls
    board = people.ratings.leaderboard("dots")
    assert {row["name"] for row in board} == {"ada", "easy bot"}
    assert [row["bot"] for row in board if row["name"] == "easy bot"] == ["easy"]


def test_bot_identities_are_fixed_by_level_or_agent():
    assert bot_identity("easy") == "bot:easy"
    assert bot_identity("greedy@0.8") == bot_identity("greedy") == "bot:greedy"
    assert bot_identity("ismcts:ms=300") == "bot:ismcts:ms=300"


def test_who_is_rated():
    # ranks: the winners first, then by score; only participants (not guests) are kept
    assert rated_ranks(["account:1", "bot:easy"], [5.0, 9.0], [1]) == [("account:1", 1), ("bot:easy", 0)]
    assert rated_ranks(["account:1", None, "bot:hard"], [3.0, 9.0, 1.0], [1]) == [("account:1", 1),
                                                                                   ("bot:hard", 2)]
    assert rated_ranks(["account:1", None], [3.0, 1.0], [0]) is None  # one participant
    assert rated_ranks(["bot:easy", "bot:hard"], [3.0, 1.0], [0]) is None  # no account: bots alone
    assert rated_ranks(["account:1", "account:1", "bot:easy"], [3, 2, 1], [0]) is None  # oneself


def test_a_guest_against_an_account_is_not_rated_and_neither_is_a_takeover(people):
    ada = people.accounts.create("ada", "correct horse")
    table = owned_table(people, "dots", {}, {0: ada.id}, seed=5)
    table.sit(1, "guest")
    table.start(0.0)
    while table.version < 4:
        update = table.update(table.update(None).actors[0])
        table.submit(update.seat, update.legal[0], update.version)
    table.leave(1)  # the guest goes: the takeover bot finishes, and is no rated bot
    play_out(table, person_seats=(0,))
    assert people.ratings.rate(table.id) is False
    with people.db.read() as conn:
        marked = conn.execute(select(people_schema.rated_tables.c.rated)
                              .where(people_schema.rated_tables.c.table_id == table.id)).scalar()
    assert marked is False  # considered, and not rated
    assert people.ratings.of_account(ada.id) == []


def test_an_account_that_leaves_is_still_rated(people):
    ada = people.accounts.create("ada", "correct horse")
    table = owned_table(people, "dots", {1: "easy"}, {0: ada.id}, seed=6)
    table.start(0.0)
    table.pump(0.0)
    table.leave(0)  # the takeover bot plays on: leaving does not escape a loss
    play_out(table, person_seats=())
    assert people.ratings.rate(table.id) is True
    assert people.ratings.of_account(ada.id)[0]["games"] == 1


def test_tables_finished_while_no_server_ran_are_rated_when_the_service_starts(people):
    ada = people.accounts.create("ada", "correct horse")
    tables = []
    for seed in (1, 2, 3):
        table = owned_table(people, "dots", {1: "medium"}, {0: ada.id}, seed=seed)
        play_out(table)
        tables.append(table.id)
    assert people.ratings.pending() == tables  # in the order they finished
    again = People(people.store, passwords=FAST)
    try:
        again.start()
        assert again.ratings_worker is not None
        again.ratings_worker.wait()
    finally:
        again.close()
    assert people.ratings.pending() == []
    assert people.ratings.of_account(ada.id)[0]["games"] == 3


def test_the_store_hands_each_finished_table_to_the_ratings(people):
    ada = people.accounts.create("ada", "correct horse")
    people.start()
    people.store.finish_listeners.append(people.finished)
    table = owned_table(people, "dots", {1: "easy"}, {0: ada.id}, seed=9)
    play_out(table)
    assert people.ratings_worker is not None
    people.ratings_worker.wait()
    assert people.ratings.of_account(ada.id)[0]["games"] == 1


def test_tables_finished_together_are_looked_at_in_one_read_and_only_owned_ones_rated(people, monkeypatch):
    """The rating worker gathers the tables finished within `GATHER_SECONDS`: one read finds the
    tables anyone owned a seat at, and only they are rated (a bots' table is never read back)."""
    from ionarena.people import ratings as ratings_module

    ada = people.accounts.create("ada", "correct horse")
    people.start()
    people.store.finish_listeners.append(people.finished)
    reads: list[list[str]] = []
    rated: list[str] = []
    real_owners, real_rate = ratings_module.owners, people.ratings.rate
    monkeypatch.setattr(ratings_module, "owners",
                        lambda conn, ids: reads.append(list(ids)) or real_owners(conn, ids))
    monkeypatch.setattr(people.ratings, "rate",
                        lambda table_id, *more: rated.append(table_id) or real_rate(table_id, *more))
    both_over = threading.Event()  # the gathering lasts until both are over, however slow the machine
    monkeypatch.setattr(ratings_module, "time", SimpleNamespace(sleep=lambda seconds: both_over.wait(30)))
    owned = owned_table(people, "dots", {1: "easy"}, {0: ada.id}, seed=9)
    bots_only = owned_table(people, "dots", {0: "easy", 1: "easy"}, {}, seed=10)
    play_out(owned)
    play_out(bots_only, person_seats=())
    both_over.set()
    assert people.ratings_worker is not None
    people.ratings_worker.wait()
    assert reads[0] == [owned.id, bots_only.id]  # both finished within the gathering: one read
    assert reads[1:] == [[owned.id]]  # and rating it reads its owners once more (who sat when), not twice
    assert rated == [owned.id]
    assert people.ratings.of_account(ada.id)[0]["games"] == 1
