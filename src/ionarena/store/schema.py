"""The store's tables (SQLAlchemy Core), as the newest migration leaves them.

- `ion_tables`: one row per table (a hosted game): game, variant, players, seed (decimal text: a
  64-bit unsigned seed does not fit a signed BIGINT), options and table settings (JSON), status
  (`waiting`, `playing`, `over`, `abandoned`), `listed` (a lobby lists it: the web's public
  tables; migration 0002), created/updated/finished times (UTC). `updated_at` is the last
  change of the table's own row or seats (status, a seat taken); each action keeps its own time.
  `surface` (migration 0003): who hosts the table and resumes it (`web`, `irc`, `terminal`;
  NULL for tables made before, which `ion serve` resumes as it always did); `labels`: JSON text
  by name that its surface keeps with it (the IRC bot's channel and opener; NULL: none). The IRC
  bot kept those in a table of its own, `ion_irc_games`, until migration 0003 folded it in.
- `ion_seats`: who holds each seat: kind (`person`, `bot`, `open`), name, token hash (SHA-256 hex,
  never the token), bot spec, whether a bot took the seat over from a person who left.
- `ion_actions`: the append-only action log: table, version (1 for the first action), player (NULL
  for the host), the action's text, the game time after it (timed games). Primary key (table,
  version): a version is written once.
- `ion_records`: the finished (or abandoned) game's record as JSON text.
- `ion_results`: each seat's final score and win, name and agent, for ratings.
- `ion_leases` (migration 0006): which server process of a cluster (`ion serve --bus`) owns each
  running table, and until when (`ionarena.cluster.lease`); a single server never writes it.
- `ion_chat` (migration 0004): the table's chat, kept with the game so replays show it: a line's
  id (ascending: the order it was said in), its room (`players`, `spectators`), the seat that
  said it (NULL: a spectator), the name it was said under, the text, the game version it was said
  at and when.

Every name starts with `ion_` so the store can share a PostgreSQL database with other schemas'
tables only if they are empty (see `Store`); Alembic's version table is `ion_schema_version`.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

VERSION_TABLE = "ion_schema_version"

metadata = MetaData()

tables = Table(
    "ion_tables", metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("variant", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", String(20), nullable=False),
    Column("options", JSON, nullable=False),
    Column("settings", JSON, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("listed", Boolean, nullable=False, server_default=false()),
    Column("surface", String(16), nullable=True),
    Column("labels", JSON, nullable=True),
    Index("ix_ion_tables_status", "status"),
    Index("ix_ion_tables_surface", "surface"),
)

seats = Table(
    "ion_seats", metadata,
    Column("table_id", String(64), ForeignKey("ion_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(250), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("bot", String(200), nullable=True),
    Column("takeover", Boolean, nullable=False),
)

actions = Table(
    "ion_actions", metadata,
    Column("table_id", String(64), ForeignKey("ion_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("player", Integer, nullable=True),
    Column("text", Text, nullable=False),
    Column("game_time", Float, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

records = Table(
    "ion_records", metadata,
    Column("table_id", String(64), ForeignKey("ion_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("record", Text, nullable=False),
    Column("finished", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

results = Table(
    "ion_results", metadata,
    Column("table_id", String(64), ForeignKey("ion_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(250), nullable=False),
    Column("agent", String(200), nullable=True),
    Column("score", Float, nullable=False),
    Column("winner", Boolean, nullable=False),
)

chat = Table(
    "ion_chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(64), ForeignKey("ion_tables.id", ondelete="CASCADE"), nullable=False),
    Column("room", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(250), nullable=False),
    Column("text", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_ion_chat_table", "table_id", "id"),
)

leases = Table(
    "ion_leases", metadata,
    Column("table_id", String(64), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Index("ix_ion_leases_owner", "owner"),
)
