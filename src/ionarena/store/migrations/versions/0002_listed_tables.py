"""Tables say whether a lobby lists them (`ion_tables.listed`).

Until now the web said it in the table id (`p…` listed, `i…` by invite). Existing tables keep
what they had: listed exactly when their id says so, as the web read it (a `p` and more than 20
characters); every other table (terminal, IRC) is not listed.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN: a batch copy of ion_tables would cascade-delete its seats and actions
    op.add_column("ion_tables", sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))
    tables = sa.table("ion_tables", sa.column("id", sa.String), sa.column("listed", sa.Boolean))
    op.execute(tables.update()
               .where(sa.func.substr(tables.c.id, 1, 1) == "p", sa.func.length(tables.c.id) > 20)
               .values(listed=True))


def downgrade() -> None:
    op.drop_column("ion_tables", "listed")
