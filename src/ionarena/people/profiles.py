"""A player's profile: games played and won per game, recent games with their replays, ratings.

The games are the finished tables where the account owned a seat; a game counts as won when that
seat won (a shared win too). What a profile shows is the person's choice: with `show_games` off
nobody else sees their games (counts or recent ones), with `show_ratings` off nobody else sees
their ratings (and they are left off leaderboards). The person always sees their whole profile.
A disabled account's profile is not shown.
"""

from __future__ import annotations

from sqlalchemy import select

from ..store import schema as store_schema
from . import schema
from .accounts import Account
from .db import PeopleDB, aware
from .ratings import Ratings
from .views import GameTally, ProfileView, RecentGame

RECENT = 20


def profile(db: PeopleDB, ratings: Ratings, account: Account, viewer: Account | None) -> ProfileView:
    """`account`'s profile as `viewer` (None: a guest) may see it."""
    own = viewer is not None and viewer.id == account.id
    games_shown = own or account.show_games
    ratings_shown = own or account.show_ratings
    tallies: list[GameTally] = []
    recent: list[RecentGame] = []
    played = won = None
    if games_shown:
        tallies, recent = _games(db, account.id)
        played = sum(t["played"] for t in tallies)
        won = sum(t["won"] for t in tallies)
    return ProfileView(name=account.name, own=own, shows_games=account.show_games,
                       shows_ratings=account.show_ratings, played=played, won=won, games=tallies,
                       ratings=ratings.of_account(account.id) if ratings_shown else [], recent=recent)


def _games(db: PeopleDB, account_id: int) -> tuple[list[GameTally], list[RecentGame]]:
    o, t, r = schema.seat_owners, store_schema.tables, store_schema.results
    query = (select(t.c.id, t.c.game, t.c.variant, t.c.finished_at, r.c.seat, r.c.score, r.c.winner)
             .select_from(o.join(t, t.c.id == o.c.table_id)
                          .join(r, (r.c.table_id == o.c.table_id) & (r.c.seat == o.c.seat)))
             .where(o.c.account_id == account_id, t.c.status == "over")
             .distinct()
             .order_by(t.c.finished_at.desc(), t.c.id))
    with db.read() as conn:
        rows = conn.execute(query).all()
    counts: dict[str, list[int]] = {}
    recent: list[RecentGame] = []
    for row in rows:
        tally = counts.setdefault(row.game, [0, 0])
        tally[0] += 1
        tally[1] += int(bool(row.winner))
        if len(recent) < RECENT:
            finished = aware(row.finished_at).isoformat() if row.finished_at else None
            recent.append(RecentGame(table=row.id, game=row.game, variant=row.variant, seat=row.seat,
                                     score=float(row.score), won=bool(row.winner), finished_at=finished,
                                     replay=f"/t/{row.id}/replay?seat={row.seat}"))
    tallies = [GameTally(game=game, played=n, won=w) for game, (n, w) in sorted(counts.items())]
    return tallies, recent


__all__ = ["RECENT", "profile"]
