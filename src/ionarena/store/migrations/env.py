"""Alembic's environment: runs on the connection `ionarena.store` hands it (no alembic.ini)."""

from __future__ import annotations

from alembic import context

from ionarena.store.schema import VERSION_TABLE, metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, version_table=VERSION_TABLE,
                  render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
