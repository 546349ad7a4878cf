"""The after-class report: per student, their games and scores, what they formed, and the bonds
or molecules they tried that the rules refused, with the reason; per class, the compounds most
often formed and most often attempted wrongly.

It is read from the class's tables as they are now (a game still running counts what happened so
far): each table's record says what was formed (`made`), its results the scores, the refused
attempts were kept as they happened (`attempts`), and the seat owners say whose each was — so a
student moved to another table takes with them only what they did themselves.

`report_csv` is the same report as one CSV row per game, compound formed or attempt refused, for
a spreadsheet; a cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`)
is written with a leading `'`.
"""

from __future__ import annotations

import contextlib
import csv
import io
from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from ..core import IonError
from ..store import StoreError
from ..store import schema as store_schema
from .attempts import of_tables, tried
from .classes import ClassInfo, ClassTable, Student
from .db import PeopleDB, now
from .made import Formed, Misnamed, formed
from .owners import Owner, owner_at, owners
from .views import FormedTally, Made, Refused, ReportView, StudentGame, StudentReport, WrongTally

TOP = 10
"""How many compounds the class's tallies list."""


class _Table:
    """What the report reads of one class table."""

    def __init__(self, number: int, row: Any, seats: dict[int, list[Owner]], results: dict[int, Any]):
        self.number = number
        self.id: str = row.id
        self.game: str = row.game
        self.variant: str = row.variant
        self.status: str = row.status
        self.seats = seats
        self.results = results
        self.made: list[Formed] = []
        self.misnamed: list[Misnamed] = []
        self.attempts: list[tuple[int, int, str, str]] = []
        """`(seat, version, text, reason)` of the attempts refused at this table."""

    def student_at(self, seat: int, version: int) -> int | None:
        """The student who owned `seat` for an action applied at game version `version`."""
        owner = owner_at(self.seats.get(seat, []), version)
        return owner.student_id if owner is not None else None


def class_report(db: PeopleDB, info: ClassInfo, students: Sequence[Student],
                 tables: Sequence[ClassTable]) -> ReportView:
    """The report of a class (see the module docstring)."""
    loaded = _load(db, tables)
    by_student: dict[int, StudentReport] = {
        s.id: StudentReport(id=s.id, name=s.name, games=[], formed=[], refused=[]) for s in students}
    for table in loaded:
        _games(table, by_student)
        _formed(table, by_student)
        for seat, version, text, reason in table.attempts:
            student = table.student_at(seat, version)
            if student in by_student:
                by_student[student]["refused"].append(Refused(table=table.number, game=table.game, text=text,
                                                              tried=tried(text), reason=reason))
        for wrong in table.misnamed:
            student = table.student_at(wrong.seat, wrong.version - 1)
            if student in by_student:
                by_student[student]["refused"].append(Refused(
                    table=table.number, game=table.game, text=f"build {wrong.formula} as {wrong.said}",
                    tried=wrong.formula, reason=wrong.reason))
    reports = list(by_student.values())
    return ReportView(code=info.code, name=info.name, made_at=now().isoformat(), tables=len(loaded),
                      students=reports, most_formed=_most_formed(reports), most_wrong=_most_wrong(reports))


def _load(db: PeopleDB, tables: Sequence[ClassTable]) -> list[_Table]:
    ids = [t.table_id for t in tables]
    number = {t.table_id: t.number for t in tables}
    t, r = store_schema.tables, store_schema.results
    with db.read() as conn:
        rows = {row.id: row for row in conn.execute(select(t.c.id, t.c.game, t.c.variant, t.c.status)
                                                     .where(t.c.id.in_(ids)))} if ids else {}
        held = owners(conn, ids)
        results: dict[str, dict[int, Any]] = {}
        if ids:
            for row in conn.execute(select(r).where(r.c.table_id.in_(ids))):
                results.setdefault(row.table_id, {})[row.seat] = row
        attempts = of_tables(conn, ids)
    loaded = []
    for table_id in ids:
        if table_id not in rows:
            continue
        table = _Table(number[table_id], rows[table_id], held.get(table_id, {}), results.get(table_id, {}))
        table.attempts = [(seat, version, text, reason) for tid, seat, version, text, reason in attempts
                          if tid == table_id]
        with contextlib.suppress(StoreError, IonError):  # unreadable: its games and attempts still count
            table.made, table.misnamed = formed(db.store.record(table_id))
        loaded.append(table)
    return loaded


def _games(table: _Table, by_student: dict[int, StudentReport]) -> None:
    for seat, seat_owners in sorted(table.seats.items()):
        last = seat_owners[-1]
        for student in dict.fromkeys(o.student_id for o in seat_owners if o.student_id is not None):
            if student not in by_student:
                continue
            result = table.results.get(seat)
            to_end = last.student_id == student
            by_student[student]["games"].append(StudentGame(
                table=table.number, game=table.game, variant=table.variant, status=table.status, seat=seat,
                score=float(result.score) if result is not None and to_end else None,
                won=bool(result.winner) if result is not None and to_end else False, to_the_end=to_end))


def _formed(table: _Table, by_student: dict[int, StudentReport]) -> None:
    counts: Counter[tuple[int, str, str]] = Counter()
    for made in table.made:
        student = table.student_at(made.seat, made.version - 1)
        if student in by_student:
            counts[(student, made.formula, made.name)] += 1
    for (student, formula, name), count in counts.items():
        by_student[student]["formed"].append(Made(table=table.number, game=table.game, formula=formula,
                                                  name=name, count=count))


def _most_formed(reports: Sequence[StudentReport]) -> list[FormedTally]:
    counts: Counter[tuple[str, str]] = Counter()
    for report in reports:
        for made in report["formed"]:
            counts[(made["formula"], made["name"])] += made["count"]
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP]
    return [FormedTally(formula=formula, name=name, count=count) for (formula, name), count in ranked]


def _most_wrong(reports: Sequence[StudentReport]) -> list[WrongTally]:
    counts: Counter[str] = Counter()
    reasons: dict[str, str] = {}
    for report in reports:
        for refused in report["refused"]:
            if refused["tried"]:
                counts[refused["tried"]] += 1
                reasons.setdefault(refused["tried"], refused["reason"])
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP]
    return [WrongTally(tried=what, count=count, reason=reasons[what]) for what, count in ranked]


CSV_COLUMNS = ("student", "table", "game", "what", "formula", "name", "count", "typed", "reason", "score",
               "won")


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def report_csv(report: ReportView) -> str:
    """The report as CSV text (see the module docstring)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for student in report["students"]:
        name = student["name"]
        for game in student["games"]:
            writer.writerow([_cell(v) for v in (name, game["table"], game["game"], "game", "", "", "", "", "",
                                                "" if game["score"] is None else f"{game['score']:g}",
                                                "yes" if game["won"] else "no")])
        for made in student["formed"]:
            writer.writerow([_cell(v) for v in (name, made["table"], made["game"], "formed", made["formula"],
                                                made["name"], made["count"], "", "", "", "")])
        for refused in student["refused"]:
            writer.writerow([_cell(v) for v in (name, refused["table"], refused["game"], "refused",
                                                refused["tried"], "", 1, refused["text"], refused["reason"],
                                                "", "")])
    return out.getvalue()


__all__ = ["CSV_COLUMNS", "class_report", "report_csv"]
