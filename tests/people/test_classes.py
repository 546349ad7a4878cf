"""Classes without the web: codes easy to read aloud, students with a first name only, seating as
even as can be, the after-class report read from the tables' records and the refused attempts
(whose each was, across a move), its CSV, and retention."""

from __future__ import annotations

import csv
import io
import random
from collections import Counter
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from ionarena.host import Table
from ionarena.people import Conflict, NotAllowed, NotFound, PeopleError
from ionarena.people import schema as people_schema
from ionarena.people.attempts import is_attempt, tried
from ionarena.people.codes import ALPHABET, new_code, read_code
from ionarena.people.owners import claim
from ionarena.people.report import class_report, report_csv
from ionarena.people.retention import purge
from ionarena.people.seating import plan_groups
from ionarena.store import schema as store_schema

from .conftest import play_out


def test_codes_are_six_letters_without_vowels_or_look_alikes():
    assert len(ALPHABET) == 19 and not set(ALPHABET) & set("AEIOUYL0123456789")
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == 6 and set(c) <= set(ALPHABET) for c in codes)
    assert read_code("bcd-fgh") == read_code(" BCD FGH ") == "BCDFGH"
    assert read_code("BCDFGA") is None and read_code("BCDFG") is None and read_code(None) is None


def test_seating_is_as_few_and_as_even_tables_as_can_be():
    sizes = {(n, size): sorted(len(g) for g in plan_groups(list(range(n)), size, random.Random(1)))
             for n, size in ((6, 2), (7, 4), (28, 2), (5, 4), (1, 3), (9, 4))}
    assert sizes == {(6, 2): [2, 2, 2], (7, 4): [3, 4], (28, 2): [2] * 14, (5, 4): [2, 3], (1, 3): [1],
                     (9, 4): [3, 3, 3]}
    assert sorted(s for group in plan_groups(list(range(9)), 4) for s in group) == list(range(9))  # all, once
    assert plan_groups([], 4) == []


def test_students_join_with_a_first_name_unique_in_their_class(people):
    teacher = people.accounts.create("teacher", "correct horse")
    first = people.classes.open(teacher, "9B chemistry")
    second = people.classes.open(teacher, "9C chemistry")
    sam, token = people.classes.join(first.code.lower(), "Sam")
    with pytest.raises(Conflict, match=r"(?i)someone called sam has joined"):
        people.classes.join(first.code, "  sam ")
    people.classes.join(second.code, "Sam")  # another class: fine
    assert people.classes.student(first, token) == sam
    with pytest.raises(NotAllowed):
        people.classes.student(second, token)  # a student token of another class
    with pytest.raises(NotFound):
        people.classes.join("BCDFGH" if first.code != "BCDFGH" else "BCDFGJ", "Ana")
    with pytest.raises(PeopleError):
        people.classes.join(first.code, "")
    people.classes.remove_student(first, sam.id)
    people.classes.join(first.code, "Sam")  # removed: may join again


def test_attempts_are_kept_as_what_they_would_have_made():
    assert [tried(t) for t in ("bond Na Na", "bond Na2", "bond H F F", "bond Mg OH OH", "bond Fe3 Cl Cl",
                               "build Na O H as sodium hydroxide", "build NaOH", "bond Cl Na = NaCl")] == [
        "Na2", "Na2", "HF2", "Mg(OH)2", "FeCl2", "NaOH", "NaOH", "ClNa"]
    assert is_attempt("compound", "bond Na Na") and is_attempt("valence", "BUILD NaOH")
    assert not is_attempt("compound", "pick Na") and not is_attempt("dots", "bond Na")


def _class_table(people, info, game, seats, seed, number, variant=None):
    """A class table where `seats` (seat -> student) play; the other seats are greedy bots."""
    players = 2
    table = Table(game, players=players, seed=seed, variant=variant, journal=people.store, clock=lambda: 0.0,
                  bots={s: "greedy" for s in range(players) if s not in seats})
    for seat, student in seats.items():
        table.sit(seat, student.name)
    with people.db.write() as conn:
        people.classes.add_table(conn, info, table.id, number)
        for seat, student in seats.items():
            claim(conn, table.id, seat, 0, student_id=student.id)
    table.start(0.0)
    return table


def test_the_report_says_who_formed_what_and_what_was_refused_even_across_a_move(people_both):
    people = people_both
    teacher = people.accounts.create("teacher", "correct horse")
    info = people.classes.open(teacher, "9B")
    sam, _ = people.classes.join(info.code, "Sam")
    ana, _ = people.classes.join(info.code, "=HYPERLINK(\"x\")")
    table = _class_table(people, info, "compound", {0: sam, 1: ana}, seed=3, number=1, variant="beginner")
    # play until Sam has bonded once, trying a wrong bond first
    refused_at = None
    for _ in range(400):
        table.pump(0.0)
        for seat in (0, 1):
            update = table.update(seat)
            bonds = [m for m in update.legal if m.startswith("bond ")]
            if seat == 0 and bonds and refused_at is None:
                card = bonds[0].split()[1]
                with pytest.raises(Exception, match="not a compound") as refused:
                    table.submit(0, f"bond {card} {card}", update.version)
                people.attempts.note(table.id, 0, table.version, f"bond {card} {card}", str(refused.value))
                refused_at = table.version
            if update.legal:
                table.submit(seat, bonds[0] if bonds else update.legal[0], update.version)
        if refused_at is not None and any(e.kind == "bond" and e.data["player"] == 0
                                          for e in table.update(None, -1).events):
            break
    moved_at = table.version
    table.leave(0)  # Sam is moved away: the takeover bot plays on for the seat, and owns what it does
    with people.db.write() as conn:
        claim(conn, table.id, 0, moved_at, student_id=None)
    play_out(table, person_seats=(1,))
    events = table.update(None, -1).events
    sams = Counter((e.data["formula"]) for e in events if e.kind == "bond" and e.data["player"] == 0
                   and e.version <= moved_at)
    after = [e for e in events if e.kind == "bond" and e.data["player"] == 0 and e.version > moved_at]
    report = class_report(people.db, info, people.classes.students(info), people.classes.tables(info))
    by_name = {s["name"]: s for s in report["students"]}
    assert Counter({m["formula"]: m["count"] for m in by_name["Sam"]["formed"]}) == sams and sams
    assert after, "the takeover bot bonded after the move (the seed's game is long enough)"
    assert [r["text"].split()[0] for r in by_name["Sam"]["refused"]] == ["bond"]
    assert "not a compound" in by_name["Sam"]["refused"][0]["reason"]
    assert by_name["Sam"]["games"][0]["to_the_end"] is False and by_name["Sam"]["games"][0]["score"] is None
    ana_game = by_name['=HYPERLINK("x")']["games"][0]
    assert ana_game["to_the_end"] and ana_game["score"] == people.store.record(table.id).scores[1]
    assert report["most_wrong"][0]["tried"] == by_name["Sam"]["refused"][0]["tried"]
    assert report["most_formed"] and report["most_formed"][0]["count"] >= 1
    rows = list(csv.reader(io.StringIO(report_csv(report))))
    students = {row[0] for row in rows[1:]}
    assert students == {"Sam", "'=HYPERLINK(\"x\")"}  # a spreadsheet shows it, never runs it
    assert rows[[r[3] for r in rows].index("refused")][:4] == ["Sam", "1", "compound", "refused"]


def test_a_valence_report_names_the_molecules(people):
    teacher = people.accounts.create("teacher", "correct horse")
    info = people.classes.open(teacher, "9B")
    sam, _ = people.classes.join(info.code, "Sam")
    table = _class_table(people, info, "valence", {0: sam}, seed=2, number=1)
    play_out(table)
    report = class_report(people.db, info, people.classes.students(info), people.classes.tables(info))
    formed = report["students"][0]["formed"]
    assert formed, "Sam built molecules"
    for made in formed:
        assert made["name"] and made["name"] != made["formula"] and made["name"][0].islower()


def test_classes_past_their_retention_are_deleted_with_their_students_and_games(people_both):
    people = people_both
    teacher = people.accounts.create("teacher", "correct horse")
    old = people.classes.open(teacher, "last month")
    new = people.classes.open(teacher, "today")
    for info, seed in ((old, 1), (new, 2)):
        student, _ = people.classes.join(info.code, "Sam")
        table = _class_table(people, info, "dots", {0: student}, seed=seed, number=1)
        people.attempts.note(table.id, 0, table.version, "bond x", "not a compound")
        play_out(table)
    kept = people.classes.tables(new)[0].table_id
    gone = people.classes.tables(old)[0].table_id
    with people.db.write() as conn:
        conn.execute(people_schema.classes.update().where(people_schema.classes.c.id == old.id)
                     .values(created_at=old.created_at - timedelta(days=31)))
    purged = purge(people.db, 30)
    assert (purged.classes, purged.students, purged.tables) == (1, 1, [gone])
    assert people.classes.find(old.code) is None and people.classes.find(new.code) is not None
    with people.db.read() as conn:
        left = set(conn.execute(select(store_schema.tables.c.id)).scalars())
        actions = conn.execute(select(func.count()).select_from(store_schema.actions)
                               .where(store_schema.actions.c.table_id == gone)).scalar()
    assert left == {kept} and actions == 0
    assert people.accounts.find("teacher") is not None


def test_a_long_name_whose_case_folding_grows_still_joins(people_both):
    people = people_both
    info = people.classes.open(people.accounts.create("teacher", "correct horse"), "9B")
    student, _ = people.classes.join(info.code, "ß" * 32)  # 32 characters, 64 once case-folded
    assert student.name == "ß" * 32
    with pytest.raises(Conflict):
        people.classes.join(info.code, "\u1e9e" * 32)  # capital sharp s: the same name in capitals
