"""`People`: the people service of one store — accounts, sessions, ratings, classes, attempts.

    >>> people = People(store)                    # the store's database holds the people's tables
    >>> ada = people.accounts.create("ada", "correct horse battery")
    >>> secret, session = people.sessions.open(ada, "cookie")
    >>> people.start()                            # rate tables as the store says they finish
    >>> people.finished(table_id)                 # (the store's finish listener) rated in a thread

It owns no sockets and no tables: the web hands it requests, and the store tells it when a table
finishes (`finished`). Each part has one job and its own module.
"""

from __future__ import annotations

from ..store import Store
from .accounts import Accounts
from .attempts import Attempts
from .classes import Classes
from .db import PeopleDB
from .limits import Limits
from .passwords import Passwords
from .ratings import Ratings, RatingWorker
from .retention import DEFAULT_DAYS
from .sessions import Sessions


class People:
    """Everything the people service keeps for one store (see the module docstring)."""

    def __init__(self, store: Store, *, passwords: Passwords | None = None, limits: Limits | None = None,
                 class_retention_days: float = DEFAULT_DAYS):
        """Over an open store (its migrations made the people's tables). `class_retention_days`:
        how long a class's students and games are kept (see `retention`)."""
        if not 0 < class_retention_days <= 3650:
            raise ValueError(f"a class is kept 1 to 3650 days, not {class_retention_days!r}")
        self.store = store
        self.db = PeopleDB(store)
        self.passwords = passwords or Passwords()
        self.accounts = Accounts(self.db, self.passwords)
        self.sessions = Sessions(self.db)
        self.ratings = Ratings(self.db)
        self.ratings_worker: RatingWorker | None = None
        self.classes = Classes(self.db)
        self.attempts = Attempts(self.db)
        self.limits = limits or Limits()
        self.class_retention_days = class_retention_days

    def start(self) -> None:
        """Rate tables as they finish (a thread of its own), beginning with those finished while
        no server ran."""
        if self.ratings_worker is None:
            self.ratings_worker = RatingWorker(self.ratings)
            self.ratings_worker.catch_up()

    def finished(self, table_id: str) -> None:
        """A table of the store finished: its ratings are written soon (never during play). Before
        `start` (or after `close`) nothing is lost: `start` rates what was never rated."""
        worker = self.ratings_worker
        if worker is not None:
            worker.finished(table_id)

    def close(self) -> None:
        """Finish the ratings handed in, then stop."""
        worker, self.ratings_worker = self.ratings_worker, None
        if worker is not None:
            worker.close()


__all__ = ["People"]
