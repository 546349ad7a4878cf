"""A class's tables on the hub: seating everyone, the dashboard's view, moving a student, pausing,
resuming and ending every table — the people service's classes joined to the web's tables.

- **Seating** (`seat_everyone`): every student who is not at a running table of the class is
  seated, in one action, into new tables of the chosen game, variant and size (`people.seating`:
  as few and as even as can be), bots of the chosen level filling the gaps. Every table is made
  full, so each starts at once: the class's tables start together. Tables are unlisted (only the
  class finds them) and seeded from the teacher's seed when one is given.
- **Moving** a student: they leave their table (its takeover bot plays on for them, and owns
  what it does) and sit in a free seat of the other table — one a student left. Bots that fill
  gaps keep their seats (the host seats a bot for good), so a table without a free seat refuses
  the move, saying so.
- **Pausing** holds every running table of the class on the hub: bots wait and people's moves are
  refused with "your teacher has paused the game". Bank runs in real time; its tables are not
  paused (its clock would run on) and the answer says so. **Ending** abandons every running
  table (its log and record so far are kept, and the report counts them).
- In a site of several servers each of these is done where the table is played: a move's `sit`
  and `leave`, a pause, a resume and an end are relayed to the table's owner like a move
  (`Hub.pause`, `unpause`, `abandon`), whichever server the teacher reaches.
"""

from __future__ import annotations

import contextlib
import logging
import random
from typing import Any

from ..core import IllegalAction, derive_seed, get_spec
from ..host import Table
from ..people import ClassInfo, People, PeopleError, Student
from ..people.classes import ClassTable
from ..people.owners import Owner, claim, last_owner, owners
from ..people.retention import delete_after
from ..people.seating import RUNNING, check_seating, plan_groups, where_students_sit
from ..people.views import ClassTableView, ClassView, SeatView, StudentRow, StudentSeat, StudentView
from .deps import in_thread
from .hub import Hosted, Hub, NotFound, SeatPlan
from .models import NewTables, TablesDone

log = logging.getLogger(__name__)

PAUSED = "your teacher has paused the game: wait for them to start it again"


async def _hosted(hub: Hub, tables: list[ClassTable]) -> list[tuple[ClassTable, Hosted]]:
    found = []
    for table in tables:
        try:
            found.append((table, await hub.find(table.table_id)))
        except NotFound:
            continue  # deleted, or hosted by no web process: not shown
    return found


def _seat_view(table: Table, held: dict[int, list[Owner]]) -> list[SeatView]:
    seats = []
    for info in table.seats:
        owner = last_owner(held.get(info.seat, []))
        if owner is not None and owner.student_id is not None and info.kind == "person":
            kind = "student"
        elif info.kind == "person":
            kind = "person"
        else:
            kind = info.kind
        seats.append(SeatView(seat=info.seat, name=info.display_name() or f"Player {info.seat}", kind=kind,
                              student=owner.student_id if kind == "student" and owner else None))
    return seats


def _table_view(table: ClassTable, hosted: Hosted, held: dict[int, list[Owner]]) -> ClassTableView:
    t = hosted.table
    return ClassTableView(number=table.number, id=t.id, game=t.game, variant=t.info().variant,
                          status=t.status, paused=table.paused and t.status in RUNNING, timed=t.spec.timed,
                          seats=_seat_view(t, held), url=f"/t/{t.id}", projector=f"/t/{t.id}/projector")


async def class_view(hub: Hub, people: People, info: ClassInfo) -> ClassView:
    """What the teacher's dashboard shows of the class."""
    tables = await in_thread(people.classes.tables, info)
    students = await in_thread(people.classes.students, info)
    hosted = await _hosted(hub, tables)
    ids = [t.table_id for t in tables]

    def read() -> tuple[dict[str, dict[int, list[Owner]]], dict[int, Owner]]:
        with people.db.read() as conn:
            return owners(conn, ids), where_students_sit(conn, ids)

    held, sitting = await in_thread(read)
    number = {t.table_id: t.number for t in tables}
    rows = [StudentRow(id=s.id, name=s.name, joined_at=s.joined_at.isoformat(),
                       table=number.get(sitting[s.id].table_id) if s.id in sitting else None,
                       seat=sitting[s.id].seat if s.id in sitting else None) for s in students]
    account = await in_thread(people.accounts.get, info.teacher_id)
    return ClassView(code=info.code, spoken=f"{info.code[:3]} {info.code[3:]}", name=info.name,
                     teacher=account.name if account else "",
                     created_at=info.created_at.isoformat(),
                     delete_after=delete_after(info.created_at, people.class_retention_days).isoformat(),
                     students=rows,
                     tables=[_table_view(t, h, held.get(t.table_id, {})) for t, h in hosted])


async def seat_everyone(hub: Hub, people: People, info: ClassInfo, plan: NewTables) -> ClassView:
    """Seat every student not at a running table into new tables (see the module docstring)."""
    spec = get_spec(plan.game)
    variant = check_seating(spec, plan.variant, plan.size, plan.bots)
    students = await in_thread(people.classes.students, info)
    tables = await in_thread(people.classes.tables, info)

    def sitting_now() -> dict[int, Owner]:
        with people.db.read() as conn:
            return where_students_sit(conn, [t.table_id for t in tables])

    sitting = await in_thread(sitting_now)
    waiting = [s for s in students if s.id not in sitting]
    if not waiting:
        raise PeopleError("nobody has joined yet" if not students else
                          "every student sits at a running table already: end the tables first, "
                          "or wait for new students")
    rng = random.Random(derive_seed(plan.seed, "seating")) if plan.seed is not None else None
    groups = plan_groups(waiting, plan.size, rng)
    made: list[tuple[Hosted, list[Student]]] = []
    for index, group in enumerate(groups):
        seats = [SeatPlan("human", name=s.name) for s in group]
        seats += [SeatPlan("bot", bot=plan.bots)] * (plan.size - len(group))
        seed = derive_seed(plan.seed, "table", index) if plan.seed is not None else None
        hosted, _tokens = await hub.create(spec.id, players=plan.size, variant=variant, seats=seats,
                                           seed=seed, listed=False)
        made.append((hosted, group))  # the seat tokens are dropped: students play with their own token

    def note() -> None:
        with people.db.write() as conn:
            number = people.classes.next_number(conn, info)
            for offset, (hosted, group) in enumerate(made):
                people.classes.add_table(conn, info, hosted.id, number + offset)
                for seat, student in enumerate(group):
                    claim(conn, hosted.id, seat, 0, student_id=student.id)

    await in_thread(note)
    return await class_view(hub, people, info)


async def move_student(hub: Hub, people: People, info: ClassInfo, student_id: int, number: int) -> ClassView:
    """Move a student to the class's table `number` (see the module docstring)."""
    students = {s.id: s for s in await in_thread(people.classes.students, info)}
    student = students.get(student_id)
    if student is None:
        raise PeopleError("no such student in this class")
    tables = await in_thread(people.classes.tables, info)
    target = next((t for t in tables if t.number == number), None)
    if target is None:
        raise PeopleError(f"this class has no table {number}")
    to = await hub.current(await hub.find(target.table_id))  # (a seat left at its owner just now)
    if to.table.status not in RUNNING:
        raise PeopleError(f"table {number} is {to.table.status}: choose a running table")
    free = [s.seat for s in to.table.seats if s.kind == "open" or (s.kind == "bot" and s.takeover)]
    if not free:
        raise PeopleError(f"table {number} has no free seat: its bots keep their seats; move a student "
                          "away from it first")

    def where() -> dict[int, Owner]:
        with people.db.read() as conn:
            return where_students_sit(conn, [t.table_id for t in tables])

    now_at = (await in_thread(where)).get(student_id)
    if now_at is not None and now_at.table_id == to.id:
        raise PeopleError(f"{student.name} sits at table {number} already")
    seat = free[0]
    await hub.sit(to, seat, student.name)
    moves: list[tuple[str, int, int, int | None]] = [(to.id, seat, to.table.version, student.id)]
    if now_at is not None:
        old = await hub.find(now_at.table_id)
        with contextlib.suppress(IllegalAction):  # the seat was already left (a bot plays it)
            await hub.leave(old, now_at.seat)
        moves.append((old.id, now_at.seat, old.table.version, None))

    def note() -> None:
        with people.db.write() as conn:
            for table_id, at, since, who in moves:
                claim(conn, table_id, at, since, student_id=who)

    await in_thread(note)
    return await class_view(hub, people, info)


async def _running(hub: Hub, people: People, info: ClassInfo) -> list[tuple[ClassTable, Hosted]]:
    tables = await in_thread(people.classes.tables, info)
    return [(t, h) for t, h in await _hosted(hub, tables) if h.table.status in RUNNING]


async def pause_all(hub: Hub, people: People, info: ClassInfo) -> TablesDone:
    """Hold every running table of the class that is not timed."""
    done = TablesDone(changed=[])
    held: list[str] = []
    for table, hosted in await _running(hub, people, info):
        if hosted.table.spec.timed:
            done.skipped[str(table.number)] = f"{hosted.table.spec.title} runs in real time: end it instead"
            continue
        await hub.pause(hosted, PAUSED)
        held.append(hosted.id)
        done.changed.append(table.number)
    await in_thread(people.classes.set_paused, info, held, True)
    return done


async def resume_all(hub: Hub, people: People, info: ClassInfo) -> TablesDone:
    """Every paused table of the class moves again."""
    done = TablesDone(changed=[])
    freed: list[str] = []
    for table, hosted in await _hosted(hub, await in_thread(people.classes.tables, info)):
        if table.paused or hosted.id in hub.held:
            await hub.unpause(hosted)
            freed.append(hosted.id)
            done.changed.append(table.number)
    await in_thread(people.classes.set_paused, info, freed, False)
    return done


async def end_all(hub: Hub, people: People, info: ClassInfo) -> TablesDone:
    """Abandon every running table of the class (what was played is kept)."""
    done = TablesDone(changed=[])
    for table, hosted in await _running(hub, people, info):
        await hub.abandon(hosted)
        done.changed.append(table.number)
    return done


async def student_view(hub: Hub, people: People, info: ClassInfo, student: Student) -> StudentView:
    """What a student's page reads: their seat now (None: waiting for the teacher)."""
    tables = await in_thread(people.classes.tables, info)

    def where() -> Owner | None:
        with people.db.read() as conn:
            return where_students_sit(conn, [t.table_id for t in tables]).get(student.id)

    owner = await in_thread(where)
    seat: StudentSeat | None = None
    if owner is not None:
        table = next(t for t in tables if t.table_id == owner.table_id)
        try:
            hosted = await hub.find(owner.table_id)
        except NotFound:
            hosted = None
        if hosted is not None:
            seat = StudentSeat(table=hosted.id, number=table.number, game=hosted.table.game, seat=owner.seat,
                               url=f"/t/{hosted.id}",
                               paused=table.paused and hosted.table.status in RUNNING)
    return StudentView(id=student.id, name=student.name, class_name=info.name, code=info.code, seat=seat)


async def hold_paused(hub: Hub, people: People) -> int:
    """Hold again the class tables a teacher had paused, by id, before the hub resumes its tables
    (so not one bot moves there first); returns how many."""
    paused = await in_thread(people.classes.paused_tables)
    for table_id in paused:
        hub.held[table_id] = PAUSED
    return len(paused)


async def hold_if_paused(hub: Hub, people: People, hosted: Hosted) -> None:
    """A class table this server takes over from another (a site of several): held if its teacher
    paused it, else not (`Hub.taking_over`)."""
    try:
        paused = hosted.id in await in_thread(people.classes.paused_tables)
    except Exception:  # (the store is down: the table is taken over as it was held here)
        log.exception("table %s: cannot read whether its class paused it", hosted.id)
        return
    if paused:
        hub.held[hosted.id] = PAUSED
    else:
        hub.held.pop(hosted.id, None)


async def abandon_tables(hub: Hub, table_ids: list[str]) -> None:
    """Stop the running tables among these (their class is being deleted) and let the hub forget
    them."""
    for table_id in table_ids:
        hosted: Any = hub.tables.get(table_id)
        if hosted is None and hub.cluster is not None:  # played by another server of the site?
            with contextlib.suppress(NotFound):
                hosted = await hub.find(table_id)
        if hosted is None:
            continue
        if hosted.table.status in RUNNING:
            await hub.abandon(hosted)  # (relayed to the server that plays it)
        hub.release(hosted)


__all__ = ["PAUSED", "abandon_tables", "class_view", "end_all", "hold_if_paused", "hold_paused",
           "move_student",
           "pause_all", "resume_all", "seat_everyone", "student_view"]
