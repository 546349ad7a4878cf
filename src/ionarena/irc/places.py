"""Where the bot's games are: the channel of each table it hosts and the nick in each seat.

The store (`ionarena.store`) keeps tables, seats, action logs and results; it does not know
about IRC. The bot keeps one small table of its own beside the store's, `ion_irc_games`: the
table id, the channel, the nicks by seat (they follow nick changes, which the store's seat names
do not) and who opened the game. On a restart the bot resumes exactly the unfinished tables
listed there (a database shared with `ion serve` holds tables that are not the bot's).

Also here: the all-time table (`top`) read from the store's results, people only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Column, DateTime, Engine, Integer, MetaData, String, Table, Text, func, select, update
from sqlalchemy import insert as sql_insert

from ..store import schema

metadata = MetaData()

games = Table(
    "ion_irc_games", metadata,
    Column("table_id", String(64), primary_key=True),
    Column("channel", String(200), nullable=False),
    Column("nicks", Text, nullable=False),
    Column("host", String(250), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


@dataclass(frozen=True, slots=True)
class Place:
    """One of the bot's tables: its channel, the nick by seat ("" for bots) and its opener."""

    table_id: str
    channel: str
    nicks: tuple[str, ...]
    host: str


class Places:
    """The bot's `ion_irc_games` table in the store's database (see the module docstring)."""

    def __init__(self, engine: Engine):
        """Create the table if it is missing (after the store has checked its own schema)."""
        self.engine = engine
        metadata.create_all(engine, checkfirst=True)

    def add(self, place: Place) -> None:
        """Keep a new table's place."""
        with self.engine.begin() as conn:
            conn.execute(sql_insert(games).values(table_id=place.table_id, channel=place.channel,
                                                  nicks=json.dumps(list(place.nicks)), host=place.host,
                                                  created_at=datetime.now(UTC)))

    def set_nicks(self, table_id: str, nicks: tuple[str, ...]) -> None:
        """The nicks by seat changed (a nick change)."""
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.table_id == table_id)
                         .values(nicks=json.dumps(list(nicks))))

    def unfinished(self) -> list[Place]:
        """The bot's tables that are still waiting or playing, oldest first."""
        t = schema.tables
        query = (select(games.c.table_id, games.c.channel, games.c.nicks, games.c.host)
                 .join(t, t.c.id == games.c.table_id)
                 .where(t.c.status.in_(("waiting", "playing")))
                 .order_by(games.c.created_at, games.c.table_id))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [Place(table_id, channel, tuple(json.loads(nicks)), host)
                for table_id, channel, nicks, host in rows]

    def get(self, table_id: str) -> Place | None:
        """The place of one table, None if it is not the bot's."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games.c.table_id, games.c.channel, games.c.nicks, games.c.host)
                               .where(games.c.table_id == table_id)).first()
        return None if row is None else Place(row[0], row[1], tuple(json.loads(row[2])), row[3])

    def top(self, game: str | None = None, limit: int = 5) -> list[tuple[str, int, int, float]]:
        """The all-time table of people (not bots) in finished games: (name, games, wins, total
        score), most wins first, then most points."""
        r, t = schema.results, schema.tables
        wins = func.sum(func.cast(r.c.winner, Integer))
        query = (select(r.c.name, func.count().label("games"), wins.label("wins"),
                        func.sum(r.c.score).label("total"))
                 .join(t, t.c.id == r.c.table_id)
                 .where(r.c.agent.is_(None))
                 .group_by(r.c.name)
                 .order_by(wins.desc(), func.sum(r.c.score).desc(), r.c.name)
                 .limit(limit))
        if game is not None:
            query = query.where(t.c.game == game)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [(name, int(count), int(won or 0), float(total or 0)) for name, count, won, total in rows]
