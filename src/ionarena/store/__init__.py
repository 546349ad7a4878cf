"""Games kept in SQL: the tables people play, their seats, the append-only action log, finished
records and results (for ratings later).

    >>> from ionarena.store import Store
    >>> from ionarena.host import Table
    >>> store = Store("sqlite:///:memory:")          # `Store()` opens `$ION_DB` or the default file
    >>> table = Table("dots", players=2, bots={0: "greedy", 1: "random"}, seed=3, journal=store)
    >>> table.start(0.0); _ = table.pump(0.0)
    >>> store.record(table.id).winners is not None
    True

- `Store(url)`: SQLite by default (a file under the user's data folder, platformdirs; or
  `$ION_DB`), any SQLAlchemy URL, a file path, or PostgreSQL through psycopg 3
  (`postgresql://…`). Opening checks the schema and runs the Alembic migrations shipped here.
- A `Store` is a table's `Journal` (`ionarena.host.journal`): each accepted action is committed
  before any seat is told of it; the game's record and results are written with its last action.
- `Store.resume(clock, surfaces=...)`: every unfinished table (of those surfaces: `ion serve`
  resumes the web's, `ion irc` the IRC bot's) rebuilt by replaying its log, verified.
- `Store.record(id)`, `Store.tables()`, `Store.log(id)`, `Store.load(id)`, `Store.top(game)`
  (the all-time table of people).
- `store.admin`: every table for whoever runs a server (`ion tables list/close`), and the queries
  of a web table's life (expiring waiting tables, tables closed since).
- Errors: `StoreError` (an `IonError`) with one sentence; a database that is not ours, a garbage
  file or a newer schema is refused before anything is read.
"""

from .store import Standing, Store, StoreError, TableRow
from .urls import ENV_VAR, default_path, resolve_url

__all__ = ["ENV_VAR", "Standing", "Store", "StoreError", "TableRow", "default_path", "resolve_url"]
