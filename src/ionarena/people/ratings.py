"""Ratings per game (OpenSkill, Plackett-Luce), written when a table finishes, from its record.

Who is rated in a finished game (its **participants**):
- a seat an account owned at the end of the game (`owners.last_owner`): the account, even if a
  takeover bot finished the game after its person left (leaving does not escape a loss);
- a seat a bot held from the start (not a takeover): the bot, under a fixed identity per level
  or agent, `bot:<name>` (`bot:easy`, `bot:medium`, `bot:hard`, `bot:greedy`; a reaction time
  such as `greedy@0.8` is not part of it), so playing the bots gives a person a meaningful
  rating and the bots' own ratings settle as people play them;
- guests, students and takeover bots are not rated.

A game is rated when it has at least two participants and at least one is an account, and no
account holds two seats of it (nobody rates themselves). Ranks are the game's finishing order
(`sim.ratings.finishing_ranks`: winners first, tied; then by score), kept among the participants.
Each table is considered once (`ion_rated_tables`), in the order tables finish: a single worker
thread rates them as the store reports them finished, and on start the tables finished while no
server ran are rated first (`pending`). Nothing is rated during play.

The figure shown is `mu - 3 sigma` (the conservative estimate OpenSkill calls the ordinal), with
`mu` and `sigma` beside it; fewer than `PROVISIONAL_GAMES` games mark a rating provisional.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from sqlalchemy import and_, exists, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..core import IonError
from ..host.seats import Bot
from ..sim.ratings import finishing_ranks
from ..store import StoreError
from ..store import schema as store_schema
from . import schema
from .db import PeopleDB, now
from .owners import last_owner, owners
from .views import LeaderRow, RatingView

log = logging.getLogger(__name__)

PROVISIONAL_GAMES = 5
_R = schema.ratings


GATHER_SECONDS = 0.25
"""How long the rating worker gathers finished tables before it looks at them together."""


def bot_identity(spec: str) -> str:
    """A bot seat's rated identity: `bot:<level or agent>` (reaction time left out)."""
    return f"bot:{Bot.parse(spec).name}"


def account_identity(account_id: int) -> str:
    """An account's rated identity."""
    return f"account:{account_id}"


def participants(seats: Sequence[Any], seat_owners: dict[int, list[Any]]) -> list[str | None]:
    """Each seat's rated identity, or None (see the module docstring). `seats`: rows of
    `ion_seats` (seat, kind, bot, takeover) in seat order."""
    found: list[str | None] = []
    for row in seats:
        owner = last_owner(seat_owners.get(row.seat, []))
        if owner is not None and owner.account_id is not None:
            found.append(account_identity(owner.account_id))
        elif owner is None and row.kind == "bot" and not row.takeover and row.bot:
            found.append(bot_identity(row.bot))
        else:
            found.append(None)
    return found


def rated_ranks(who: Sequence[str | None], scores: Sequence[float], winners: Sequence[int]
                ) -> list[tuple[str, int]] | None:
    """The participants with their finishing ranks, or None when the game is not rated."""
    accounts = [w for w in who if w is not None and w.startswith("account:")]
    ranks = finishing_ranks(scores, winners)
    rated = [(w, rank) for w, rank in zip(who, ranks, strict=True) if w is not None]
    if len(rated) < 2 or not accounts or len(set(accounts)) != len(accounts):
        return None
    return rated


def display(mu: float, sigma: float) -> float:
    """The figure a person reads: `mu - 3 sigma`, to one decimal."""
    return round(mu - 3 * sigma, 1)


class Ratings:
    """Ratings of one store (see the module docstring)."""

    def __init__(self, db: PeopleDB):
        from openskill.models import PlackettLuce

        self.db = db
        self.model = PlackettLuce()

    def owned(self, table_ids: Sequence[str]) -> list[str]:
        """Those of `table_ids` whose seats an account or a student ever held, in order (one read):
        only they are ever rated; a table nobody owned a seat at is never rated, nor pending."""
        with self.db.read() as conn:
            held = owners(conn, table_ids)
        return [table_id for table_id in table_ids if table_id in held]

    def rate(self, table_id: str, owned: bool = False) -> bool:
        """Rate the finished table once; True if it was rated now (False: not finished, already
        considered, or not a rated game). `owned`: `owned` has said so already (not read again)."""
        if not owned and not self.owned([table_id]):
            return False
        try:
            record = self.db.store.record(table_id)
        except (StoreError, IonError):
            return False
        if record.scores is None or record.winners is None:
            return False
        seats_t = store_schema.seats
        with self.db.read() as conn:
            status = conn.execute(select(store_schema.tables.c.status, store_schema.tables.c.game)
                                  .where(store_schema.tables.c.id == table_id)).first()
            seats = conn.execute(select(seats_t.c.seat, seats_t.c.kind, seats_t.c.bot, seats_t.c.takeover)
                                 .where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)).all()
            held = owners(conn, [table_id]).get(table_id, {})
        if status is None or status.status != "over" or len(seats) != len(record.scores):
            return False
        ranked = rated_ranks(participants(seats, held), record.scores, record.winners)
        try:
            with self.db.write() as conn:
                conn.execute(insert(schema.rated_tables).values(table_id=table_id, rated=ranked is not None,
                                                                rated_at=now()))
                if ranked is not None:
                    self._update(conn, status.game, ranked, record.winners, seats)
        except IntegrityError:
            return False  # considered already (another thread or process)
        return ranked is not None

    def _update(self, conn: Any, game: str, ranked: list[tuple[str, int]], winners: Sequence[int],
                seats: Sequence[Any]) -> None:
        who = [w for w, _ in ranked]
        current = {row.participant: row for row in conn.execute(
            select(_R).where(_R.c.game == game, _R.c.participant.in_(who)).with_for_update())}
        teams = []
        for w in who:
            row = current.get(w)
            teams.append([self.model.rating(mu=row.mu, sigma=row.sigma) if row else self.model.rating()])
        new = self.model.rate(teams, ranks=[rank for _, rank in ranked])
        for (w, rank), team in zip(ranked, new, strict=True):
            mu, sigma = float(team[0].mu), float(team[0].sigma)
            win = int(bool(winners) and rank == 0)
            row = current.get(w)
            if row is None:
                conn.execute(insert(_R).values(
                    game=game, participant=w, mu=mu, sigma=sigma, games=1, wins=win, updated_at=now(),
                    account_id=int(w.split(":", 1)[1]) if w.startswith("account:") else None,
                    bot=w.split(":", 1)[1] if w.startswith("bot:") else None))
            else:
                conn.execute(update(_R).where(_R.c.game == game, _R.c.participant == w).values(
                    mu=mu, sigma=sigma, games=row.games + 1, wins=row.wins + win, updated_at=now()))

    def pending(self, limit: int = 1000) -> list[str]:
        """Finished tables with a seat an account owns that were never considered, in the order
        they finished."""
        t, o, rated = store_schema.tables, schema.seat_owners, schema.rated_tables
        owned = exists().where(and_(o.c.table_id == t.c.id, o.c.account_id.is_not(None)))
        done = exists().where(rated.c.table_id == t.c.id)
        with self.db.read() as conn:
            return list(conn.execute(select(t.c.id).where(t.c.status == "over", owned, ~done)
                                     .order_by(t.c.finished_at, t.c.id).limit(limit)).scalars())

    def leaderboard(self, game: str, limit: int = 100) -> list[LeaderRow]:
        """Rated accounts that show their ratings, and the bots, best first (by `mu - 3 sigma`)."""
        a = schema.accounts
        query = (select(_R, a.c.name, a.c.show_ratings, a.c.disabled_at)
                 .join(a, a.c.id == _R.c.account_id, isouter=True)
                 .where(_R.c.game == game)
                 .order_by((_R.c.mu - 3 * _R.c.sigma).desc(), _R.c.participant))
        with self.db.read() as conn:
            rows = conn.execute(query).all()
        board: list[LeaderRow] = []
        for row in rows:
            if row.account_id is not None and (not row.show_ratings or row.disabled_at is not None):
                continue
            board.append(LeaderRow(rank=len(board) + 1, name=row.name if row.account_id else f"{row.bot} bot",
                                   bot=row.bot, rating=display(row.mu, row.sigma), mu=round(row.mu, 2),
                                   sigma=round(row.sigma, 2), games=row.games, wins=row.wins,
                                   provisional=row.games < PROVISIONAL_GAMES))
            if len(board) >= limit:
                break
        return board

    def of_account(self, account_id: int) -> list[RatingView]:
        """The account's rating in each game it has one in, by game."""
        with self.db.read() as conn:
            rows = conn.execute(select(_R).where(_R.c.account_id == account_id).order_by(_R.c.game)).all()
        return [RatingView(game=row.game, rating=display(row.mu, row.sigma), mu=round(row.mu, 2),
                           sigma=round(row.sigma, 2), games=row.games, wins=row.wins,
                           provisional=row.games < PROVISIONAL_GAMES) for row in rows]


class RatingWorker:
    """Rates finished tables in the order they are handed in, on one thread of its own (a
    finishing table's thread only hands the id over). The tables handed in within
    `GATHER_SECONDS` are looked at together: one read finds those anyone owned a seat at, and
    only they are read and rated (most tables of a busy server are bots' and guests')."""

    def __init__(self, ratings: Ratings):
        self.ratings = ratings
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="ion-ratings")
        self._last: Future[Any] | None = None
        self._lock = threading.Lock()
        self._gathered: list[str] = []
        """Handed in, not yet looked at: the batch that `_last` will rate."""
        self.closed = False

    def finished(self, table_id: str) -> None:
        """A table finished: rate it soon. Safe from any thread, quick."""
        with self._lock:
            if self.closed:
                return
            self._gathered.append(table_id)
            if len(self._gathered) == 1:  # the first of a batch: it is rated after the gathering
                self._last = self._pool.submit(self._rate_gathered)

    def _rate_gathered(self) -> None:
        if not self.closed:
            time.sleep(GATHER_SECONDS)
        with self._lock:
            batch, self._gathered = self._gathered, []
        try:
            owned, known = self.ratings.owned(batch), True
        except Exception:
            log.exception("could not read who owned the seats of %d finished tables", len(batch))
            owned, known = batch, False  # each is looked at alone, as before
        for table_id in owned:
            self._rate(table_id, known)

    def catch_up(self) -> None:
        """Rate, in order, the finished tables never considered (a server that was down)."""
        with self._lock:
            if not self.closed:
                self._last = self._pool.submit(self._catch_up)

    def _rate(self, table_id: str, owned: bool = False) -> None:
        try:
            self.ratings.rate(table_id, owned)
        except Exception:  # one table's failure must not stop the others' ratings
            log.exception("table %s: could not rate it", table_id)

    def _catch_up(self) -> None:
        try:
            for table_id in self.ratings.pending():
                self._rate(table_id)
        except Exception:
            log.exception("could not rate the tables finished while no server ran")

    def wait(self) -> None:
        """Wait until everything handed in so far is rated."""
        with self._lock:
            last = self._last
        if last is not None:
            last.result()

    def close(self) -> None:
        """Finish what was handed in, then stop."""
        with self._lock:
            self.closed = True
        self._pool.shutdown(wait=True)


__all__ = ["GATHER_SECONDS", "PROVISIONAL_GAMES", "RatingWorker", "Ratings", "account_identity",
           "bot_identity", "display", "participants", "rated_ranks"]
