"""Classes: a teacher's class, its code, its students, and the tables it plays at.

A signed-in teacher opens a class (`open`) and gets a code (`codes`). Students join with the
code and a first name only — no account, no e-mail, nothing else (they may be children) — and
get a student token, shown once, which their browser keeps (`join`). A first name is unique in
its class (case-insensitively), so the teacher can tell everyone apart; a student who lost their
token is removed by the teacher (`remove_student`) and joins again.

Everything that names a class by its code answers the same way whether no class has that code or
the class is not the caller's (`NotFound`), so probing codes learns nothing without a student
token or the teacher's account; and the web counts every such miss against a rate limit.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from ..host.seats import hash_token
from . import schema
from .accounts import Account
from .codes import new_code, read_code
from .db import PeopleDB, aware, now
from .errors import Conflict, NotAllowed, NotFound, PeopleError
from .names import check_class_name, check_student_name, student_key

MAX_STUDENTS = 60
"""Students one class may have (a class of 28 and a few more; bounds what one code can make)."""
MAX_CLASSES = 50
"""Classes one teacher may keep at once (each is deleted after the retention period)."""

_C, _S, _T = schema.classes, schema.students, schema.class_tables


@dataclass(frozen=True, slots=True)
class ClassInfo:
    """A class: its id, code, name, teacher and when it was opened."""

    id: int
    code: str
    name: str
    teacher_id: int
    created_at: datetime

    @classmethod
    def from_row(cls, row: Any) -> ClassInfo:
        """From a row of `ion_classes`."""
        return cls(row.id, row.code, row.name, row.teacher_id, aware(row.created_at))


@dataclass(frozen=True, slots=True)
class Student:
    """A student of a class: a first name, nothing else."""

    id: int
    class_id: int
    name: str
    joined_at: datetime

    @classmethod
    def from_row(cls, row: Any) -> Student:
        """From a row of `ion_students`."""
        return cls(row.id, row.class_id, row.name, aware(row.joined_at))


@dataclass(frozen=True, slots=True)
class ClassTable:
    """A table of a class: its id, its number in the class, whether the teacher paused it."""

    table_id: str
    number: int
    paused: bool


def no_class(code: object) -> NotFound:
    """The one answer to a code that is not in use, or not the caller's."""
    shown = code if isinstance(code, str) and len(code) <= 12 else "that code"
    return NotFound(f"no class {shown} here: check the code on the board")


class Classes:
    """Every class of a store (see the module docstring)."""

    def __init__(self, db: PeopleDB):
        self.db = db

    # -- classes --------------------------------------------------------------------------------

    def open(self, teacher: Account, name: str) -> ClassInfo:
        """A new class of `teacher`, with a fresh code."""
        name = check_class_name(name)
        with self.db.read() as conn:
            held = len(conn.execute(select(_C.c.id).where(_C.c.teacher_id == teacher.id)).all())
        if held >= MAX_CLASSES:
            raise PeopleError(f"you have {held} classes: delete some before opening another")
        for _ in range(20):
            code = new_code()
            try:
                with self.db.write() as conn:
                    conn.execute(insert(_C).values(code=code, name=name, teacher_id=teacher.id,
                                                   created_at=now()))
            except IntegrityError:
                continue  # the code is in use: draw another
            found = self.find(code)
            assert found is not None
            return found
        raise PeopleError("no free class code was found: try again")

    def find(self, code: object) -> ClassInfo | None:
        """The class with this code (as typed: case, spaces and hyphens do not matter), or None."""
        normal = read_code(code)
        if normal is None:
            return None
        with self.db.read() as conn:
            row = conn.execute(select(_C).where(_C.c.code == normal)).first()
        return ClassInfo.from_row(row) if row else None

    def taught(self, code: object, teacher: Account) -> ClassInfo:
        """The class with this code if `teacher` teaches it, else `NotFound` (the same answer as
        for a code not in use)."""
        found = self.find(code)
        if found is None or found.teacher_id != teacher.id:
            raise no_class(code)
        return found

    def of_teacher(self, teacher: Account) -> list[ClassInfo]:
        """The teacher's classes, newest first."""
        with self.db.read() as conn:
            rows = conn.execute(select(_C).where(_C.c.teacher_id == teacher.id)
                                .order_by(_C.c.created_at.desc(), _C.c.id.desc())).all()
        return [ClassInfo.from_row(row) for row in rows]

    def delete(self, info: ClassInfo) -> None:
        """Delete the class now: its students and their games (as the retention period would)."""
        from .retention import delete_classes

        with self.db.write() as conn:
            delete_classes(conn, [info.id])

    # -- students -------------------------------------------------------------------------------

    def join(self, code: object, name: str) -> tuple[Student, str]:
        """A new student of the class with this code: the student and their token (shown once)."""
        info = self.find(code)
        if info is None:
            raise no_class(code)
        name = check_student_name(name)
        token = secrets.token_urlsafe(24)
        try:
            with self.db.write() as conn:
                count = len(conn.execute(select(_S.c.id).where(_S.c.class_id == info.id)).all())
                if count >= MAX_STUDENTS:
                    raise PeopleError(f"this class has {count} students already, as many as it may have")
                if conn.execute(select(_S.c.id).where(_S.c.class_id == info.id,
                                                      _S.c.name_key == student_key(name))).first():
                    raise Conflict(_taken(name))
                conn.execute(insert(_S).values(class_id=info.id, name=name, name_key=student_key(name),
                                               token_hash=hash_token(token), joined_at=now()))
        except IntegrityError:
            raise Conflict(_taken(name)) from None
        student = self.student(info, token)
        return student, token

    def student(self, info: ClassInfo, token: object) -> Student:
        """The student of `info` whose token this is; `NotAllowed` for a token of no student of this
        class (another class's, or none at all)."""
        student = self.by_token(token) if isinstance(token, str) else None
        if student is None or student.class_id != info.id:
            raise NotAllowed("that is not a student token of this class: join with the code first")
        return student

    def by_token(self, token: str) -> Student | None:
        """The student (of any class) whose token this is, or None."""
        if not isinstance(token, str) or not 20 <= len(token) <= 200:
            return None
        with self.db.read() as conn:
            row = conn.execute(select(_S).where(_S.c.token_hash == hash_token(token))).first()
        return Student.from_row(row) if row else None

    def students(self, info: ClassInfo) -> list[Student]:
        """The class's students, in the order they joined."""
        with self.db.read() as conn:
            rows = conn.execute(select(_S).where(_S.c.class_id == info.id)
                                .order_by(_S.c.joined_at, _S.c.id)).all()
        return [Student.from_row(row) for row in rows]

    def remove_student(self, info: ClassInfo, student_id: int) -> None:
        """Remove a student from the class (their games stay, under their first name, until the
        class is deleted); they may join again with the code."""
        with self.db.write() as conn:
            done = conn.execute(delete(_S).where(_S.c.id == student_id, _S.c.class_id == info.id))
        if not done.rowcount:
            raise NotFound("no such student in this class")

    # -- tables ---------------------------------------------------------------------------------

    def tables(self, info: ClassInfo) -> list[ClassTable]:
        """The class's tables, in the order they were made."""
        with self.db.read() as conn:
            rows = conn.execute(select(_T.c.table_id, _T.c.number, _T.c.paused)
                                .where(_T.c.class_id == info.id).order_by(_T.c.number)).all()
        return [ClassTable(row.table_id, row.number, bool(row.paused)) for row in rows]

    def next_number(self, conn: Connection, info: ClassInfo) -> int:
        """The number the class's next table gets."""
        numbers = conn.execute(select(_T.c.number).where(_T.c.class_id == info.id)).scalars().all()
        return max(numbers, default=0) + 1

    @staticmethod
    def add_table(conn: Connection, info: ClassInfo, table_id: str, number: int) -> None:
        """Note a table made for the class."""
        conn.execute(insert(_T).values(table_id=table_id, class_id=info.id, number=number, paused=False,
                                       created_at=now()))

    def set_paused(self, info: ClassInfo, table_ids: Iterable[str], paused: bool) -> None:
        """Keep whether the teacher paused these tables of the class."""
        ids = list(table_ids)
        if not ids:
            return
        with self.db.write() as conn:
            conn.execute(update(_T).where(_T.c.class_id == info.id, _T.c.table_id.in_(ids))
                         .values(paused=paused))

    def class_of_table(self, table_id: str) -> int | None:
        """The id of the class a table belongs to (None: not a class's table)."""
        with self.db.read() as conn:
            return conn.execute(select(_T.c.class_id).where(_T.c.table_id == table_id)).scalar()

    def paused_tables(self) -> list[str]:
        """Every class table the teacher paused (held again when a server starts)."""
        with self.db.read() as conn:
            return list(conn.execute(select(_T.c.table_id).where(_T.c.paused.is_(True))).scalars())


def _taken(name: str) -> str:
    return (f"someone called {name} has joined this class already: add the first letter of your "
            f"surname, e.g. {name} K")


__all__ = ["MAX_STUDENTS", "ClassInfo", "ClassTable", "Classes", "Student", "no_class"]
