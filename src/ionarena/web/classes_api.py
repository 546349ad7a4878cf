"""The classes API: a teacher's classes, students joining, seating, the dashboard's actions, the report.

    POST   /api/classes                          {"name"} -> {"code", ...}        (a signed-in teacher)
    GET    /api/classes                          the teacher's classes
    GET    /api/classes/{code}                   the dashboard: students, tables (seats, status)
    DELETE /api/classes/{code}                   delete the class now (students and games)
    POST   /api/classes/{code}/students          {"name"} -> a student token     (anyone with the code)
    GET    /api/classes/{code}/me                the student's seat now            (the student)
    DELETE /api/classes/{code}/students/{id}     remove a student
    POST   /api/classes/{code}/students/{id}/move {"table"}: to a free seat of that table
    POST   /api/classes/{code}/tables            {"game","variant","size","bots"}: seat everyone, start
    POST   /api/classes/{code}/pause | resume | end   every running table
    GET    /api/classes/{code}/report            the after-class report (JSON); report.csv: as CSV

A teacher is an account (session cookie with `X-CSRF-Token` for changes, or a bearer token); a
student is their student token (`Authorization: Bearer`, or the cookie `/join` sets), which also
plays their seat at whichever table of the class they sit at now. 404 answers alike a code not in
use and a class that is not the caller's; 403 a student token of another class; 429 too many
wrong codes from one address.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response

from ..people import ClassInfo, NotFound, Student
from ..people.report import class_report, report_csv
from ..people.retention import delete_after
from ..people.views import ClassView, ReportView, StudentView
from . import class_tables
from .deps import (
    SEAT_COOKIE,
    Changing,
    HubDep,
    PeopleDep,
    Signed,
    address,
    class_student,
    in_thread,
    secure,
    set_student_cookie,
    student_token,
    teacher_class,
)
from .models import (
    ClassLine,
    ClassMade,
    JoinClass,
    Joined,
    MoveStudent,
    NewClass,
    NewTables,
    TablesDone,
)

router = APIRouter(prefix="/api/classes", tags=["classes"])

CODE = Path(description="The class's code (6 letters; case, spaces and hyphens do not matter).",
            min_length=1, max_length=40)
STUDENT = Path(description="The student's id (from the dashboard).", ge=1, le=2**31 - 1)
ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "Not signed in."},
    403: {"description": "No CSRF token (a browser's change), or a student token of another class."},
    404: {"description": "No such class (or not yours)."},
    409: {"description": "A student of that name has joined already."},
    422: {"description": "Refused, with the reason."},
    429: {"description": "Too many wrong codes (or joins) from this address: wait."},
}


def taught(request: Request, code: Annotated[str, CODE], session: Signed, people: PeopleDep) -> ClassInfo:
    """The class with this code, taught by the signed-in caller."""
    return teacher_class(request, code, session, people)


def taught_change(request: Request, code: Annotated[str, CODE], session: Changing,
                  people: PeopleDep) -> ClassInfo:
    """The class with this code, taught by the caller, for a change (CSRF checked)."""
    return teacher_class(request, code, session, people)


def studying(request: Request, code: Annotated[str, CODE], people: PeopleDep) -> tuple[ClassInfo, Student]:
    """The class and the calling student."""
    return class_student(request, code, people)


Taught = Annotated[ClassInfo, Depends(taught)]
TaughtChange = Annotated[ClassInfo, Depends(taught_change)]
Studying = Annotated[tuple[ClassInfo, Student], Depends(studying)]


def _line(info: ClassInfo, days: float) -> ClassLine:
    return ClassLine(code=info.code, name=info.name, created_at=info.created_at.isoformat(),
                     delete_after=delete_after(info.created_at, days).isoformat(),
                     dashboard=f"/class/{info.code}")


@router.post("", status_code=201, response_model=ClassMade, responses=ERRORS,
             summary="Open a class: its code for the board")
def open_class(body: NewClass, session: Changing, people: PeopleDep) -> ClassMade:
    info = people.classes.open(session.account, body.name)
    return ClassMade(code=info.code, spoken=f"{info.code[:3]} {info.code[3:]}", name=info.name,
                     dashboard=f"/class/{info.code}", join=f"/join?code={info.code}")


@router.get("", response_model=list[ClassLine], responses=ERRORS, summary="Your classes, newest first")
def my_classes(session: Signed, people: PeopleDep) -> list[ClassLine]:
    return [_line(info, people.class_retention_days) for info in people.classes.of_teacher(session.account)]


@router.get("/{code}", responses=ERRORS, summary="A class as its dashboard shows it")
async def dashboard(info: Taught, hub: HubDep, people: PeopleDep) -> ClassView:
    return await class_tables.class_view(hub, people, info)


@router.delete("/{code}", status_code=204, responses=ERRORS,
               summary="Delete the class now: its students and their games")
async def delete_class(info: TaughtChange, hub: HubDep, people: PeopleDep) -> Response:
    tables = await in_thread(people.classes.tables, info)
    await class_tables.abandon_tables(hub, [t.table_id for t in tables])
    await in_thread(people.classes.delete, info)
    return Response(status_code=204)


@router.post("/{code}/students", status_code=201, response_model=Joined, responses=ERRORS,
             summary="Join a class with its code and a first name: returns the student token (shown once)")
def join(code: Annotated[str, CODE], body: JoinClass, request: Request, response: Response,
         people: PeopleDep) -> Joined:
    people.limits.check_misses(address(request))
    people.limits.joining(address(request))
    try:
        student, token = people.classes.join(code, body.name)
    except NotFound:
        people.limits.missed(address(request))
        raise
    info = people.classes.find(code)
    assert info is not None
    set_student_cookie(response, request, info.code, token)
    return Joined(token=token, id=student.id, name=student.name, url=f"/class/{info.code}/play")


@router.get("/{code}/me", responses=ERRORS, summary="The calling student: their table and seat now")
async def me(studying: Studying, request: Request, response: Response, hub: HubDep,
             people: PeopleDep) -> StudentView:
    info, student = studying
    view = await class_tables.student_view(hub, people, info, student)
    token = student_token(request, info.code)
    if view["seat"] is not None and token:  # the table page plays the seat with this cookie
        response.set_cookie(SEAT_COOKIE + view["seat"]["table"], token, max_age=2 * 24 * 3600, path="/",
                            httponly=True, samesite="strict", secure=secure(request))
    return view


@router.delete("/{code}/students/{student}", responses=ERRORS,
               summary="Remove a student (they may join again with the code)")
async def remove_student(info: TaughtChange, student: Annotated[int, STUDENT], hub: HubDep,
                         people: PeopleDep) -> ClassView:
    await in_thread(people.classes.remove_student, info, student)
    return await class_tables.class_view(hub, people, info)


@router.post("/{code}/students/{student}/move", responses=ERRORS,
             summary="Move a student to a free seat of another table of the class")
async def move(info: TaughtChange, student: Annotated[int, STUDENT], body: MoveStudent, hub: HubDep,
               people: PeopleDep) -> ClassView:
    return await class_tables.move_student(hub, people, info, student, body.table)


@router.post("/{code}/tables", responses=ERRORS,
             summary="Seat every student not at a running table into new tables (bots fill the gaps); "
                     "they start together")
async def seat(info: TaughtChange, body: NewTables, hub: HubDep, people: PeopleDep) -> ClassView:
    return await class_tables.seat_everyone(hub, people, info, body)


@router.post("/{code}/pause", response_model=TablesDone, responses=ERRORS,
             summary="Pause every running table (bank, in real time, is left running)")
async def pause(info: TaughtChange, hub: HubDep, people: PeopleDep) -> TablesDone:
    return await class_tables.pause_all(hub, people, info)


@router.post("/{code}/resume", response_model=TablesDone, responses=ERRORS,
             summary="Every paused table moves again")
async def resume(info: TaughtChange, hub: HubDep, people: PeopleDep) -> TablesDone:
    return await class_tables.resume_all(hub, people, info)


@router.post("/{code}/end", response_model=TablesDone, responses=ERRORS,
             summary="End every running table (what was played is kept)")
async def end(info: TaughtChange, hub: HubDep, people: PeopleDep) -> TablesDone:
    return await class_tables.end_all(hub, people, info)


def _report(info: ClassInfo, people: PeopleDep) -> ReportView:
    return class_report(people.db, info, people.classes.students(info), people.classes.tables(info))


@router.get("/{code}/report", responses=ERRORS,
            summary="The after-class report: each student's games, compounds formed and attempts refused")
def report(info: Taught, people: PeopleDep) -> ReportView:
    return _report(info, people)


@router.get("/{code}/report.csv", responses={**ERRORS, 200: {"content": {"text/csv": {}}}},
            summary="The after-class report as CSV (one row per game, compound formed or attempt refused)")
def report_as_csv(info: Taught, people: PeopleDep) -> Response:
    text = report_csv(_report(info, people))
    return Response(content=text, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="ion-class-{info.code}-report.csv"'})


__all__ = ["router"]
