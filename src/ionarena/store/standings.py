"""The all-time table with people told apart by who they are, not by the name they played under.

`Store.top` groups results by the seat's name. A surface that knows more — the IRC bot knows the
services account of a logged-in nick and keeps it in the table's labels — passes `identity`:
`identity(labels, seat, name)` returns the key one person's results share (their account, else
their name). Results of finished tables (people only) are read and summed here: wins, games and
points, most wins first, then most points, then by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sqlalchemy import select

from . import schema
from .store import Standing, Store

Identity = Callable[[Mapping[str, str], int, str], str]


def standings(store: Store, identity: Identity, game: str | None = None, limit: int = 10, *,
              surface: str | None = None) -> list[Standing]:
    """The all-time table of people (not bots) in finished games of `game` and `surface` if
    given, each person being one `identity` (see the module docstring)."""
    if limit.__class__ is not int or limit < 1:
        raise ValueError(f"limit is a whole number of at least 1, not {limit!r}")
    r, t = schema.results, schema.tables
    query = (select(r.c.seat, r.c.name, r.c.score, r.c.winner, t.c.labels)
             .join(t, t.c.id == r.c.table_id).where(r.c.agent.is_(None)))
    if game is not None:
        query = query.where(t.c.game == game)
    if surface is not None:
        query = query.where(t.c.surface == surface)
    totals: dict[str, list[float]] = {}
    with store._read() as conn:
        for seat, name, score, winner, labels in conn.execute(query):
            key = identity(labels or {}, int(seat), str(name))
            line = totals.setdefault(key, [0, 0, 0.0])
            line[0] += 1
            line[1] += 1 if winner else 0
            line[2] += float(score)
    ranked = sorted(totals.items(), key=lambda item: (-item[1][1], -item[1][2], item[0]))
    return [Standing(name, int(games), int(wins), points) for name, (games, wins, points) in ranked[:limit]]


__all__ = ["Identity", "standings"]
