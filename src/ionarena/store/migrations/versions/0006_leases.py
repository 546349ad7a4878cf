"""Table leases (`ion_leases`): which `ion serve` process owns each running table of a cluster.

One row per table some process owns or owned: the owner (a process's random id) and when its
lease runs out, on the database's clock. Used only by servers started with `--bus`
(`ionarena.cluster.lease`); a single server never writes it. No foreign key: a lease is taken
before its table's first row is written (no other process may take a table being made).
Downgrading drops the table.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ion_leases",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ion_leases_owner", "ion_leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_ion_leases_owner", table_name="ion_leases")
    op.drop_table("ion_leases")
