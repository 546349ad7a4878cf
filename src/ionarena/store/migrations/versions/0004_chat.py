"""The table chat (`ion_chat`): what people said at a table, kept with the game.

One row per line: its room (`players`: the seated people's; `spectators`: the watchers'), the
seat that said it (NULL for a spectator), the name it was said under, the text, and the game
version it was said at (a replay shows each line at its moment). Rows go with their table
(`ON DELETE CASCADE`). Downgrading drops the table and every line in it.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ion_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("ion_tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("room", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(250), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ion_chat_table", "ion_chat", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_ion_chat_table", table_name="ion_chat")
    op.drop_table("ion_chat")
