"""Tables say which surface hosts them (`ion_tables.surface`) and keep its labels (`labels`).

The IRC bot kept its tables' channel, nicks by seat and opener in a table of its own beside the
store's, `ion_irc_games`, made with `create_all` outside the migrations. Its rows move here:
each of those tables gets `surface = 'irc'` and the labels `channel` and `opener`; the nicks,
which followed nick changes there, become the names of the people's seats (the store's seats
follow nick changes now, `Table.rename`). Then `ion_irc_games` is dropped. Every other table
keeps `surface` NULL (made before tables said who hosts them; `ion serve` resumes those, as it
resumed every unfinished table before).

Downgrading makes `ion_irc_games` again from the IRC tables' labels and seat names.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

IRC_GAMES = "ion_irc_games"

tables = sa.table("ion_tables", sa.column("id", sa.String), sa.column("surface", sa.String),
                  sa.column("labels", sa.JSON), sa.column("created_at", sa.DateTime(timezone=True)))
seats = sa.table("ion_seats", sa.column("table_id", sa.String), sa.column("seat", sa.Integer),
                 sa.column("kind", sa.String), sa.column("name", sa.String))


def _irc_games(metadata: sa.MetaData) -> sa.Table:
    """`ion_irc_games` as the IRC bot made it."""
    return sa.Table(
        IRC_GAMES, metadata,
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("channel", sa.String(200), nullable=False),
        sa.Column("nicks", sa.Text, nullable=False),
        sa.Column("host", sa.String(250), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def upgrade() -> None:
    # plain ADD COLUMNs: a batch copy of ion_tables would cascade-delete its seats and actions
    op.add_column("ion_tables", sa.Column("surface", sa.String(16), nullable=True))
    op.add_column("ion_tables", sa.Column("labels", sa.JSON, nullable=True))
    op.create_index("ix_ion_tables_surface", "ion_tables", ["surface"])
    bind = op.get_bind()
    if IRC_GAMES not in sa.inspect(bind).get_table_names():
        return
    games = _irc_games(sa.MetaData())
    rows = bind.execute(sa.select(games.c.table_id, games.c.channel, games.c.nicks, games.c.host)).all()
    for table_id, channel, nicks, opener in rows:
        bind.execute(tables.update().where(tables.c.id == table_id)
                     .values(surface="irc", labels={"channel": channel, "opener": opener}))
        try:
            names = json.loads(nicks)
        except ValueError:
            names = []
        for seat, nick in enumerate(names if isinstance(names, list) else []):
            if isinstance(nick, str) and nick:
                person = (seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "person")
                bind.execute(seats.update().where(*person).values(name=nick[:250]))
    op.drop_table(IRC_GAMES)


def downgrade() -> None:
    bind = op.get_bind()
    games = _irc_games(sa.MetaData())
    games.create(bind, checkfirst=True)
    rows = bind.execute(sa.select(tables.c.id, tables.c.labels, tables.c.created_at)
                        .where(tables.c.surface == "irc")).all()
    for table_id, labels, created_at in rows:
        labels = labels or {}
        held = bind.execute(sa.select(seats.c.seat, seats.c.kind, seats.c.name)
                            .where(seats.c.table_id == table_id).order_by(seats.c.seat)).all()
        nicks = [name if kind == "person" else "" for _, kind, name in held]
        bind.execute(games.insert().values(table_id=table_id, channel=str(labels.get("channel", "")),
                                           nicks=json.dumps(nicks), host=str(labels.get("opener", "")),
                                           created_at=created_at or datetime.now(UTC)))
    op.drop_index("ix_ion_tables_surface", table_name="ion_tables")
    op.drop_column("ion_tables", "labels")
    op.drop_column("ion_tables", "surface")
