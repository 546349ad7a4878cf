"""Tables, seats, the action log, records and results.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ion_tables",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(20), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_ion_tables_status", "ion_tables", ["status"])
    op.create_table(
        "ion_seats",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("ion_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(250), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("takeover", sa.Boolean, nullable=False),
    )
    op.create_table(
        "ion_actions",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("ion_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("player", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("game_time", sa.Float, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ion_records",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("ion_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ion_results",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("ion_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(250), nullable=False),
        sa.Column("agent", sa.String(200), nullable=True),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("winner", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    for name in ("ion_results", "ion_records", "ion_actions", "ion_seats"):
        op.drop_table(name)
    op.drop_index("ix_ion_tables_status", "ion_tables")
    op.drop_table("ion_tables")
