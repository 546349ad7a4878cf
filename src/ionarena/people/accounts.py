"""Accounts: a name and a password, and what the person chose to show on their profile.

Guests need none of this: an account is for a person who wants their games, results and ratings
to follow them. The server's owner manages accounts with `ion accounts` (create, reset a
password, disable, delete); people make their own on the site.

Deleting an account keeps its games, anonymised: its seats belong to nobody, and the name those
seats (and their results) carry becomes `Player <seat>`, as for anyone who never gave a name;
its sessions, ratings and classes go (a class's students and games with it, as when a class's
retention period ends).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from ..store import schema as store_schema
from . import schema
from .db import PeopleDB, aware, now
from .errors import Conflict, NotFound, NotSignedIn, PeopleError
from .names import check_account_name, check_password, name_key
from .passwords import Passwords

_A = schema.accounts


@dataclass(frozen=True, slots=True)
class Account:
    """A person's account as the site knows it (never the password's hash)."""

    id: int
    name: str
    created_at: datetime
    disabled: bool
    show_games: bool
    """The profile lists the games played (counts, recent games with their replays)."""
    show_ratings: bool
    """The profile shows the ratings, and the account appears on leaderboards."""

    @classmethod
    def from_row(cls, row: Any) -> Account:
        """An account from a row of `ion_accounts`."""
        return cls(id=row.id, name=row.name, created_at=aware(row.created_at),
                   disabled=row.disabled_at is not None, show_games=bool(row.show_games),
                   show_ratings=bool(row.show_ratings))


class BadSignIn(NotSignedIn):
    """A wrong name or password (which of the two is not said)."""


class Accounts:
    """Every account of a store (see the module docstring)."""

    def __init__(self, db: PeopleDB, passwords: Passwords):
        self.db = db
        self.passwords = passwords

    def create(self, name: str, password: str) -> Account:
        """A new account; `Conflict` if the name (in any case) is taken, `PeopleError` if the name
        or the password is not acceptable."""
        name = check_account_name(name)
        hashed = self.passwords.hash(check_password(password))
        try:
            with self.db.write() as conn:
                if conn.execute(select(_A.c.id).where(_A.c.name_key == name_key(name))).first():
                    raise Conflict(f"the name {name} is taken: choose another")
                conn.execute(insert(_A).values(name=name, name_key=name_key(name), password_hash=hashed,
                                               created_at=now(), show_games=True, show_ratings=True))
        except IntegrityError:
            raise Conflict(f"the name {name} is taken: choose another") from None
        account = self.find(name)
        assert account is not None
        return account

    def find(self, name: str) -> Account | None:
        """The account called `name` (in any case), or None."""
        if not isinstance(name, str) or len(name) > 100:
            return None
        with self.db.read() as conn:
            row = conn.execute(select(_A).where(_A.c.name_key == name_key(name))).first()
        return Account.from_row(row) if row else None

    def get(self, account_id: int) -> Account | None:
        """The account with this id, or None."""
        with self.db.read() as conn:
            row = conn.execute(select(_A).where(_A.c.id == account_id)).first()
        return Account.from_row(row) if row else None

    def named(self, name: str) -> Account:
        """The account called `name`, or `NotFound`."""
        account = self.find(name)
        if account is None:
            raise NotFound(f"there is no account called {name[:40]}")
        return account

    def sign_in(self, name: str, password: str) -> Account:
        """The account if `password` is its password; `BadSignIn` otherwise (the same sentence and
        about the same time whether the name exists or not); `NotSignedIn` for a disabled account
        (said only to someone who knows its password)."""
        key = name_key(name) if isinstance(name, str) and len(name) <= 100 else ""
        with self.db.read() as conn:
            row = conn.execute(select(_A).where(_A.c.name_key == key)).first() if key else None
        if not isinstance(password, str) or len(password) > 200:
            password = ""
        if not self.passwords.check(row.password_hash if row else None, password) or row is None:
            raise BadSignIn("wrong name or password")
        account = Account.from_row(row)
        if account.disabled:
            raise NotSignedIn(f"the account {account.name} is disabled: ask this server's owner")
        if self.passwords.needs_rehash(row.password_hash):
            hashed = self.passwords.hash(password)
            with self.db.write() as conn:
                conn.execute(update(_A).where(_A.c.id == account.id).values(password_hash=hashed))
        return account

    def set_password(self, name: str, password: str) -> Account:
        """A new password for the account (every session and token of it ends)."""
        account = self.named(name)
        hashed = self.passwords.hash(check_password(password))
        with self.db.write() as conn:
            conn.execute(update(_A).where(_A.c.id == account.id).values(password_hash=hashed))
            conn.execute(delete(schema.sessions).where(schema.sessions.c.account_id == account.id))
        return account

    def set_disabled(self, name: str, disabled: bool) -> Account:
        """Disable the account (no sign-in; every session and token ends) or enable it again."""
        account = self.named(name)
        with self.db.write() as conn:
            conn.execute(update(_A).where(_A.c.id == account.id)
                         .values(disabled_at=now() if disabled else None))
            if disabled:
                conn.execute(delete(schema.sessions).where(schema.sessions.c.account_id == account.id))
        return self.named(name)

    def set_privacy(self, account_id: int, *, show_games: bool, show_ratings: bool) -> Account:
        """What the account's profile shows (and whether it is on leaderboards)."""
        with self.db.write() as conn:
            done = conn.execute(update(_A).where(_A.c.id == account_id)
                                .values(show_games=bool(show_games), show_ratings=bool(show_ratings)))
            if not done.rowcount:
                raise NotFound("that account no longer exists")
        account = self.get(account_id)
        assert account is not None
        return account

    def delete(self, name: str) -> int:
        """Delete the account, keeping its games anonymised (see the module docstring); returns
        how many seats were anonymised."""
        account = self.named(name)
        from .retention import delete_classes

        with self.db.write() as conn:
            class_ids = list(conn.execute(select(schema.classes.c.id)
                                          .where(schema.classes.c.teacher_id == account.id)).scalars())
            delete_classes(conn, class_ids)
            seats = _anonymise(conn, account.id)
            conn.execute(delete(_A).where(_A.c.id == account.id))
        return seats

    def everyone(self) -> list[Account]:
        """Every account, by name."""
        with self.db.read() as conn:
            rows = conn.execute(select(_A).order_by(_A.c.name_key)).all()
        return [Account.from_row(row) for row in rows]


def _anonymise(conn: Connection, account_id: int) -> int:
    """The account's seats belong to nobody and are called `Player <seat>` (results too)."""
    owners = schema.seat_owners
    held = conn.execute(select(owners.c.table_id, owners.c.seat).where(owners.c.account_id == account_id)
                        .distinct()).all()
    seats, results = store_schema.seats, store_schema.results
    for table_id, seat in held:
        conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                         seats.c.kind == "person").values(name=""))
        conn.execute(update(results).where(results.c.table_id == table_id, results.c.seat == seat)
                     .values(name=f"Player {seat}"))
    conn.execute(update(owners).where(owners.c.account_id == account_id).values(account_id=None))
    return len(held)


__all__ = ["Account", "Accounts", "BadSignIn", "PeopleError"]
