"""Opening a store's database: the engine, how durable its commits are, and checking it is ours.

Durability. SQLite runs in WAL mode with `synchronous=NORMAL` by default: a transaction is in the
WAL file when its commit returns, so it survives the process being killed (`kill -9`, a crash);
only the loss of the machine itself (an OS crash, a power cut) can take the last moments'
commits with it. `Store(url, durable=True)`, or `?durable=1` on the URL (`durable_option`), makes
each commit wait for the disk (`synchronous=FULL`; group commit shares that flush among the tables
committing together). PostgreSQL commits as its server is set (by default durably,
`synchronous_commit=on`); `durable=True` insists on that for the store's connections
(`make_engine`).

Opening a database checks it is ours (`check_schema`): an empty one is given the schema (Alembic
migrations shipped in the package), an older schema is upgraded, and anything else — a database
with other tables, a schema newer than this program, one of ours with tables missing — is one
`StoreError`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.pool import StaticPool

from . import schema
from .writer import StoreError

YES, NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def durable_option(url: str) -> tuple[str, bool | None]:
    """`url` without its `durable=` query option, and that option (None where it is not given)."""
    if "durable" not in url:
        return url, None
    try:
        parsed = make_url(url)
    except ArgumentError:
        return url, None
    if "durable" not in parsed.query:
        return url, None
    value = parsed.query["durable"]
    word = (value[-1] if isinstance(value, tuple) else value).strip().lower()
    if word not in YES + NO:
        raise StoreError(f"durable={word!r} in the database URL: say durable=1 or durable=0")
    return parsed.difference_update_query(["durable"]).render_as_string(hide_password=False), word in YES


def in_memory(url: str) -> bool:
    """True for an SQLite database in memory (one connection shared by every thread)."""
    return url in ("sqlite://", "sqlite:///:memory:")


def make_engine(url: str, durable: bool) -> Engine:
    """The engine of the database at `url`, its connections set as `durable` says (see the module
    docstring); SQLite's also enforce foreign keys."""
    if url.startswith("sqlite"):
        memory = in_memory(url)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               poolclass=StaticPool if memory else None)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            cursor.close()

        return engine
    engine = create_engine(url, pool_pre_ping=True)
    if durable and engine.dialect.name == "postgresql":
        @event.listens_for(engine, "connect")
        def _synchronous(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("SET synchronous_commit TO on")
            cursor.close()
            dbapi_conn.commit()

    return engine


def check_schema(engine: Engine, conn: Connection, where: str) -> None:
    """Give an empty database the schema or upgrade an older one (on `engine`), after reading on
    `conn` what it holds; `StoreError` (naming the database as `where`) if it is not ours."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from .migrate import alembic_config, upgrade

    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head()
    names = set(inspect(conn).get_table_names())
    current = MigrationContext.configure(conn, opts={"version_table": schema.VERSION_TABLE}) \
        .get_current_revision() if schema.VERSION_TABLE in names else None
    conn.rollback()
    if current is None:
        others = sorted(names - {schema.VERSION_TABLE})
        if others:
            shown = ", ".join(others[:5]) + (" …" if len(others) > 5 else "")
            raise StoreError(f"{where} is not an Ion Arena store: it holds other tables ({shown})")
        upgrade(engine)
        return
    known = {rev.revision for rev in script.walk_revisions()}
    if current not in known:
        raise StoreError(f"{where} has Ion Arena schema {current!r}, newer than this program "
                         f"knows (up to {head!r}): upgrade Ion Arena")
    if current != head:
        upgrade(engine)
    missing = {t.name for t in schema.metadata.sorted_tables} - names
    if current == head and missing:
        raise StoreError(f"{where} is a damaged Ion Arena store: tables "
                         f"{', '.join(sorted(missing))} are missing")


__all__ = ["NO", "YES", "check_schema", "durable_option", "in_memory", "make_engine"]
