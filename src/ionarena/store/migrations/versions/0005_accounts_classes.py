"""People: accounts, sessions, seat owners, ratings, classes, students and refused attempts.

New tables only (`ionarena.people.schema` describes each); no table of the store changes. Every
table of a game a person or a class played keeps working without them: guests own no seat.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TABLE_ID = "ion_tables.id"
NEW = ("ion_attempts", "ion_rated_tables", "ion_ratings", "ion_seat_owners", "ion_class_tables",
       "ion_students", "ion_classes", "ion_sessions", "ion_accounts")
"""The tables this revision makes, the dependent ones first (the order downgrade drops them in)."""


def _when(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "ion_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        _when("created_at"),
        _when("disabled_at", nullable=True),
        sa.Column("show_games", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("show_ratings", sa.Boolean, nullable=False, server_default=sa.true()),
    )
    op.create_table(
        "ion_sessions",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("ion_accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=True),
        _when("created_at"),
        _when("expires_at"),
    )
    op.create_index("ix_ion_sessions_account", "ion_sessions", ["account_id"])
    op.create_table(
        "ion_classes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(6), nullable=False, unique=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("teacher_id", sa.Integer, sa.ForeignKey("ion_accounts.id", ondelete="CASCADE"),
                  nullable=False),
        _when("created_at"),
    )
    op.create_index("ix_ion_classes_teacher", "ion_classes", ["teacher_id"])
    op.create_table(
        "ion_students",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("ion_classes.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(100), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        _when("joined_at"),
        sa.UniqueConstraint("class_id", "name_key", name="uq_ion_students_name"),
    )
    op.create_table(
        "ion_class_tables",
        sa.Column("table_id", sa.String(64), sa.ForeignKey(TABLE_ID, ondelete="CASCADE"), primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("ion_classes.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("paused", sa.Boolean, nullable=False),
        _when("created_at"),
    )
    op.create_index("ix_ion_class_tables_class", "ion_class_tables", ["class_id"])
    op.create_table(
        "ion_seat_owners",
        sa.Column("table_id", sa.String(64), sa.ForeignKey(TABLE_ID, ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("since", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("ion_accounts.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("ion_students.id", ondelete="SET NULL"),
                  nullable=True),
        _when("created_at"),
    )
    op.create_index("ix_ion_seat_owners_account", "ion_seat_owners", ["account_id"])
    op.create_index("ix_ion_seat_owners_student", "ion_seat_owners", ["student_id"])
    op.create_table(
        "ion_ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("participant", sa.String(220), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("ion_accounts.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        _when("updated_at"),
    )
    op.create_index("ix_ion_ratings_account", "ion_ratings", ["account_id"])
    op.create_table(
        "ion_rated_tables",
        sa.Column("table_id", sa.String(64), sa.ForeignKey(TABLE_ID, ondelete="CASCADE"), primary_key=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        _when("rated_at"),
    )
    op.create_table(
        "ion_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey(TABLE_ID, ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        _when("created_at"),
    )
    op.create_index("ix_ion_attempts_table", "ion_attempts", ["table_id"])


def downgrade() -> None:
    for name in NEW:
        op.drop_table(name)
