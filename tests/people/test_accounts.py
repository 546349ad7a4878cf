"""Accounts and sessions on SQLite and PostgreSQL: argon2 hashes, one sentence for a wrong name or
password, names unique in any case, disabling and new passwords ending every session, and deleting
an account keeping its games anonymised."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from ionarena.core.record import replay
from ionarena.people import BadSignIn, Conflict, NotSignedIn, PeopleError
from ionarena.people import schema as people_schema
from ionarena.people.sessions import COOKIE, TOKEN
from ionarena.store import schema as store_schema

from .conftest import owned_table, play_out


def test_an_account_keeps_only_an_argon2_hash_and_signs_in_with_its_password(tmp_path):
    from ionarena.people import People
    from ionarena.store import Store

    with Store(f"sqlite:///{tmp_path / 'real.sqlite3'}") as store:
        people = People(store)  # argon2-cffi's own parameters, as `ion serve` uses them
        ada = people.accounts.create("Ada_L", "correct horse")
        with people.db.read() as conn:
            stored = conn.execute(select(people_schema.accounts.c.password_hash)).scalar()
        assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$") and "correct horse" not in stored
        assert people.accounts.sign_in("ada_l", "correct horse") == ada  # the name in any case


def test_a_wrong_name_or_password_is_one_sentence(people):
    ada = people.accounts.create("Ada_L", "correct horse")
    assert people.accounts.sign_in("ada_l", "correct horse") == ada  # the name in any case
    with pytest.raises(BadSignIn, match="wrong name or password") as wrong_password:
        people.accounts.sign_in("Ada_L", "correct horsE")
    with pytest.raises(BadSignIn, match="wrong name or password") as no_such_name:
        people.accounts.sign_in("nobody", "correct horse")
    assert str(wrong_password.value) == str(no_such_name.value)  # which of the two is not said


def test_names_are_unique_in_any_case_and_must_be_plain(people):
    people.accounts.create("ada", "correct horse")
    with pytest.raises(Conflict, match="taken"):
        people.accounts.create("ADA", "another password")
    for bad in ("<b>x</b>", "a", "x" * 25, "-lead", "ada lovelace", "ädä"):
        with pytest.raises(PeopleError, match="cannot be an account name"):
            people.accounts.create(bad, "correct horse")
    with pytest.raises(PeopleError, match="at least 8"):
        people.accounts.create("bob", "short")


def test_disabling_or_a_new_password_ends_every_session_and_token(people):
    ada = people.accounts.create("ada", "correct horse")
    cookie, _ = people.sessions.open(ada, COOKIE)
    token, _ = people.sessions.open(ada, TOKEN)
    assert people.sessions.find(cookie, COOKIE) is not None and people.sessions.find(token, TOKEN) is not None
    assert people.sessions.find(cookie, TOKEN) is None  # a cookie's secret is no bearer token
    people.accounts.set_password("ada", "a new password")
    assert people.sessions.find(cookie, COOKIE) is None and people.sessions.find(token, TOKEN) is None
    with pytest.raises(BadSignIn):
        people.accounts.sign_in("ada", "correct horse")
    people.accounts.sign_in("ada", "a new password")
    cookie, _ = people.sessions.open(ada, COOKIE)
    people.accounts.set_disabled("ada", True)
    assert people.sessions.find(cookie, COOKIE) is None
    with pytest.raises(NotSignedIn, match="disabled"):
        people.accounts.sign_in("ada", "a new password")
    people.accounts.set_disabled("ada", False)
    assert people.accounts.sign_in("ada", "a new password").name == "ada"


def test_a_hash_made_with_other_parameters_is_replaced_at_sign_in(people):
    from argon2 import PasswordHasher

    old = PasswordHasher(time_cost=1, memory_cost=4096, parallelism=1).hash("correct horse")
    ada = people.accounts.create("ada", "correct horse")
    with people.db.write() as conn:
        conn.execute(people_schema.accounts.update().values(password_hash=old))
    people.accounts.sign_in("ada", "correct horse")
    with people.db.read() as conn:
        stored = conn.execute(select(people_schema.accounts.c.password_hash)
                              .where(people_schema.accounts.c.id == ada.id)).scalar()
    assert stored != old and not people.passwords.needs_rehash(stored)


def test_deleting_an_account_keeps_its_games_anonymised(people_both):
    people = people_both
    ada = people.accounts.create("ada", "correct horse")
    bob = people.accounts.create("bob", "correct horse")
    table = owned_table(people, "dots", {1: "greedy"}, {0: ada.id})
    table.rename(0, "ada")
    play_out(table)
    other = owned_table(people, "dots", {1: "greedy"}, {0: bob.id})
    other.rename(0, "bob")
    play_out(other)
    people.ratings.rate(table.id)
    people.sessions.open(ada, COOKIE)
    assert people.accounts.delete("ada") == 1
    assert people.accounts.find("ada") is None
    seats, results = store_schema.seats, store_schema.results
    with people.db.read() as conn:
        names = dict(conn.execute(select(seats.c.table_id, seats.c.name).where(seats.c.seat == 0)).all())
        result_names = dict(conn.execute(select(results.c.table_id, results.c.name)
                                         .where(results.c.seat == 0)).all())
        owners = conn.execute(select(people_schema.seat_owners.c.account_id)
                              .where(people_schema.seat_owners.c.table_id == table.id)).scalars().all()
        left = conn.execute(select(people_schema.sessions)).all()
        rated = conn.execute(select(people_schema.ratings.c.participant)).scalars().all()
    assert names == {table.id: "", other.id: "bob"}  # presenters say "Player 0" for a nameless seat
    assert result_names == {table.id: "Player 0", other.id: "bob"}
    assert owners == [None] and not left
    assert not any(p.startswith(f"account:{ada.id}") for p in rated)
    assert replay(people.store.record(table.id)).is_over()  # the game itself is kept
