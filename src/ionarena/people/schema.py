"""The people's tables (SQLAlchemy Core), as migration 0005 makes them, beside the store's.

- `ion_accounts`: a person's account: name as typed (2 to 24 letters, digits, `_`, `-`), `name_key`
  (lower case, unique), the argon2 hash of the password, when made, `disabled_at` (the server's
  owner disabled it: no sign-in), and what the profile shows (`show_games`, `show_ratings`).
- `ion_sessions`: a signed-in browser (`kind` `cookie`, with its CSRF token) or a script's bearer
  token (`token`): only the SHA-256 of the secret is kept; each expires.
- `ion_seat_owners`: whose a seat is from a game version on (`since`): an account, a class's
  student, or nobody (a bot took over when a student was moved). A student plays their seat with
  their student token, an account's script with its bearer token (`web.people_hooks`), so no
  seat token of theirs is kept anywhere.
- `ion_ratings`: one OpenSkill rating (`mu`, `sigma`) per game and participant: an account
  (`account_id`) or a bot level (`bot`), with games and wins counted.
- `ion_rated_tables`: finished tables already considered for ratings (`rated`: whether they were
  rated), so a table is rated once, in the order tables finish, even after a restart.
- `ion_classes`: a teacher's class: its code (6 letters), name, teacher, when opened.
- `ion_students`: a class's students: a first name (unique in the class, case-insensitively) and
  the SHA-256 of the student's token.
- `ion_class_tables`: the tables of a class, numbered 1, 2, … in the order they were made, and
  whether the teacher paused them.
- `ion_attempts`: bonds and molecules a seat at a class table tried that the rules refused, with
  the reason, for the teacher's report.

Deleting a table (`ion_tables`) deletes its owners, attempts and class link; deleting an account
deletes its sessions, ratings and classes, and leaves its seats to nobody (`SET NULL`).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    true,
)

from ..store.schema import metadata  # one schema, one migration history: the store's

_TABLE = "ion_tables.id"

accounts = Table(
    "ion_accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(24), nullable=False),
    Column("name_key", String(24), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("disabled_at", DateTime(timezone=True), nullable=True),
    Column("show_games", Boolean, nullable=False, server_default=true()),
    Column("show_ratings", Boolean, nullable=False, server_default=true()),
)

sessions = Table(
    "ion_sessions", metadata,
    Column("secret_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("ion_accounts.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("csrf", String(64), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Index("ix_ion_sessions_account", "account_id"),
)

classes = Table(
    "ion_classes", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(6), nullable=False, unique=True),
    Column("name", String(80), nullable=False),
    Column("teacher_id", Integer, ForeignKey("ion_accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_ion_classes_teacher", "teacher_id"),
)

students = Table(
    "ion_students", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("ion_classes.id", ondelete="CASCADE"), nullable=False),
    Column("name", String(32), nullable=False),
    Column("name_key", String(100), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("joined_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("class_id", "name_key", name="uq_ion_students_name"),
)

class_tables = Table(
    "ion_class_tables", metadata,
    Column("table_id", String(64), ForeignKey(_TABLE, ondelete="CASCADE"), primary_key=True),
    Column("class_id", Integer, ForeignKey("ion_classes.id", ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("paused", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_ion_class_tables_class", "class_id"),
)

seat_owners = Table(
    "ion_seat_owners", metadata,
    Column("table_id", String(64), ForeignKey(_TABLE, ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("since", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("ion_accounts.id", ondelete="SET NULL"), nullable=True),
    Column("student_id", Integer, ForeignKey("ion_students.id", ondelete="SET NULL"), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_ion_seat_owners_account", "account_id"),
    Index("ix_ion_seat_owners_student", "student_id"),
)

ratings = Table(
    "ion_ratings", metadata,
    Column("game", String(32), primary_key=True),
    Column("participant", String(220), primary_key=True),
    Column("account_id", Integer, ForeignKey("ion_accounts.id", ondelete="CASCADE"), nullable=True),
    Column("bot", String(200), nullable=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_ion_ratings_account", "account_id"),
)

rated_tables = Table(
    "ion_rated_tables", metadata,
    Column("table_id", String(64), ForeignKey(_TABLE, ondelete="CASCADE"), primary_key=True),
    Column("rated", Boolean, nullable=False),
    Column("rated_at", DateTime(timezone=True), nullable=False),
)

attempts = Table(
    "ion_attempts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(64), ForeignKey(_TABLE, ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("text", String(300), nullable=False),
    Column("reason", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_ion_attempts_table", "table_id"),
)

TABLES = (accounts, sessions, classes, students, class_tables, seat_owners, ratings, rated_tables, attempts)
"""The people's tables (on the store's `metadata`, beside its own)."""

__all__ = ["TABLES", "accounts", "attempts", "class_tables", "classes", "metadata", "rated_tables", "ratings",
           "seat_owners", "sessions", "students"]
