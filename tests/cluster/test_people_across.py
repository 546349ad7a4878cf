"""What people do beside moves, through either server of a site: a rematch asked for through two
servers is one table at which both sit; a teacher's pause, resume, move of a student and end,
asked through the server that does not play the class's tables, take effect where they are played.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import httpx
import pytest

from ionarena import games
from ionarena.cluster import Cluster
from ionarena.cluster.follower import table_subject
from ionarena.core import IllegalAction
from ionarena.people import People
from ionarena.store import Store
from ionarena.web.class_tables import PAUSED, hold_if_paused, move_student, seat_everyone
from ionarena.web.hub import Hub, SeatPlan
from ionarena.web.models import NewTables

from .conftest import Server
from .hubs import two_hubs
from .play import make, move


def _both_at_once(calls: list[Any]) -> list[httpx.Response]:
    """Each call in a thread of its own, started together."""
    barrier = threading.Barrier(len(calls))
    answers: list[httpx.Response | None] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def _status(server: Server, table: str, want: str) -> str:
    deadline = time.monotonic() + 30
    while True:
        status = str(server.get(f"/api/tables/{table}").json()["status"])
        if status == want or time.monotonic() > deadline:
            return status
        time.sleep(0.1)


def test_two_people_asking_for_a_rematch_through_two_servers_get_one_table_and_both_sit(
        servers: list[Server]) -> None:
    a, b = servers
    game = make(a)  # A plays it
    while move(a, game, retry_for=10) is not None:
        pass
    ada, bob = game.tokens[0], game.tokens[1]
    asked = _both_at_once([lambda: a.post(f"/api/tables/{game.id}/rematch", {}, ada),
                           lambda: b.post(f"/api/tables/{game.id}/rematch", {}, bob)])
    assert [answer.status_code for answer in asked] == [201, 201], [answer.text for answer in asked]
    first, second = (answer.json() for answer in asked)
    assert first["id"] == second["id"] != game.id  # one rematch for both
    rematch = first["id"]
    tokens = {0: first["seats"][0]["token"], 1: second["seats"][1]["token"]}
    assert None not in tokens.values()
    # both asked: it starts, and each plays their seat through the other's server
    assert _status(a, rematch, "playing") == "playing"
    assert _status(b, rematch, "playing") == "playing"
    seats = a.get(f"/api/tables/{rematch}").json()["seats"]
    assert [s["kind"] for s in seats] == ["person", "person"]
    for server, seat in ((b, 0), (a, 1)):
        state = server.get(f"/api/tables/{rematch}/state", tokens[seat]).json()
        assert state["seat"] == seat
    again = type(game)(rematch, tokens)
    for turn in range(4):
        assert move(b if turn % 2 else a, again, retry_for=10) is not None
    # and either old page learns of it, through either server
    for server in (a, b):
        assert server.get(f"/api/tables/{game.id}/rematch").json()["next"] == rematch


def _teacher(server: Server) -> tuple[str, str, dict[str, str]]:
    """A teacher's bearer token, their class's code, and four students' tokens by name."""
    name = f"t{time.monotonic_ns() % 10**9}"
    account = server.post("/api/accounts", {"name": name, "password": "correct horse"})
    assert account.status_code == 201, account.text
    teacher = str(account.json()["token"])
    made = server.post("/api/classes", {"name": "9B"}, teacher)
    assert made.status_code == 201, made.text
    code = str(made.json()["code"])
    students = {}
    for name in ("Ann", "Ben", "Cat", "Dan"):
        joined = server.post(f"/api/classes/{code}/students", {"name": name})
        assert joined.status_code == 201, joined.text
        students[name] = str(joined.json()["token"])
    return teacher, code, students


def _first_move(server: Server, table: str, token: str) -> httpx.Response:
    """The student's first legal move (waiting for their turn)."""
    deadline = time.monotonic() + 30
    while True:
        state = server.get(f"/api/tables/{table}/state", token).json()
        if state["legal"] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    body = {"action": state["legal"][0], "version": state["version"]}
    return server.post(f"/api/tables/{table}/actions", body, token)


def test_a_teachers_pause_move_and_end_through_the_other_server_take_effect_where_tables_are_played(
        servers: list[Server]) -> None:
    a, b = servers
    teacher, code, students = _teacher(a)
    plan = {"game": "compound", "variant": "beginner", "size": 2, "bots": "easy", "seed": 11}
    seated = a.post(f"/api/classes/{code}/tables", plan, teacher)  # A makes (and plays) the tables
    assert seated.status_code == 200, seated.text
    view: dict[str, Any] = seated.json()
    ann = students["Ann"]
    ann_table = a.get(f"/api/classes/{code}/me", ann).json()["seat"]["table"]

    paused = b.post(f"/api/classes/{code}/pause", {}, teacher)  # through B, which plays none of them
    assert paused.status_code == 200, paused.text
    assert sorted(paused.json()["changed"]) == [1, 2]
    refused = _first_move(a, ann_table, ann)  # A, where the table is played, holds it
    assert refused.status_code == 422 and "paused" in refused.json()["detail"], refused.text
    assert b.get(f"/api/classes/{code}/me", ann).json()["seat"]["paused"] is True
    resumed = b.post(f"/api/classes/{code}/resume", {}, teacher)
    assert resumed.status_code == 200 and sorted(resumed.json()["changed"]) == [1, 2], resumed.text
    assert _first_move(a, ann_table, ann).status_code == 200

    where = {s["name"]: s["table"] for s in view["students"]}
    other_number = 2 if where["Ann"] == 1 else 1
    partner = next(name for name, number in where.items() if number == other_number)
    partner_table = a.get(f"/api/classes/{code}/me", students[partner]).json()["seat"]["table"]
    assert a.post(f"/api/tables/{partner_table}/leave", {}, students[partner]).status_code == 204
    ann_id = next(s["id"] for s in view["students"] if s["name"] == "Ann")
    moved = b.post(f"/api/classes/{code}/students/{ann_id}/move", {"table": other_number}, teacher)
    assert moved.status_code == 200, moved.text
    assert a.get(f"/api/classes/{code}/me", ann).json()["seat"]["table"] == partner_table
    assert a.get(f"/api/tables/{ann_table}/state", ann).status_code == 403  # her old seat is the bot's

    ended = b.post(f"/api/classes/{code}/end", {}, teacher)
    assert ended.status_code == 200 and sorted(ended.json()["changed"]) == [1, 2], ended.text
    for table in (ann_table, partner_table):
        assert _status(a, table, "abandoned") == "abandoned"  # at A, which played them


def test_a_paused_class_table_taken_over_by_another_server_stays_paused(pg_url: str, redis_url: str) -> None:
    """A teacher paused a class table after B started (so B did not hold it when it started); A,
    which played it, stops: B takes it over held, and a move there is refused as paused."""
    games.load_all()

    async def scenario() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        hubs = [Hub(store, cluster=Cluster(store, redis_url, ttl=60)) for store in stores]
        a, b = hubs
        people = People(stores[1])
        b.taking_over.append(lambda hosted: hold_if_paused(b, people, hosted))
        for hub in hubs:
            await hub.open()
        try:
            hosted, _ = await a.create("dots", players=2, variant=None, seats=[SeatPlan("human")] * 2)
            teacher = await asyncio.to_thread(people.accounts.create, "teacher", "correct horse")
            info = await asyncio.to_thread(people.classes.open, teacher, "9B")

            def note() -> None:
                with people.db.write() as conn:
                    people.classes.add_table(conn, info, hosted.id, 1)
                people.classes.set_paused(info, [hosted.id], True)

            await asyncio.to_thread(note)
            mirror = await b.find(hosted.id)
            await b.pause(mirror, PAUSED)  # relayed to A, which plays it
            b.held.pop(hosted.id)  # (as if B had not heard: only the store says it is paused)
            b.watch(mirror, +1)  # someone is at the table through B: B takes it at once
            await a.close()
            for _ in range(600):
                if mirror.remote is None:
                    break
                await asyncio.sleep(0.05)
            assert mirror.remote is None, "B did not take the table over"
            assert b.held.get(hosted.id) == PAUSED
            seat = mirror.table.update(None).actors[0]
            with pytest.raises(IllegalAction, match="paused"):
                await b.submit(mirror, seat, mirror.table.update(seat).legal[0], mirror.table.version)
        finally:
            await b.close()
            for store in stores:
                store.close()

    asyncio.run(scenario())


def test_a_student_moved_through_a_server_that_has_not_heard_of_a_seat_left_is_moved(
        pg_url: str, redis_url: str) -> None:
    """B mirrors the class's table; its partner left their seat at A, which plays it, and B has not
    been told yet (the bus is not the truth; the store is): the teacher's move through B reads the
    table as committed, finds the free seat, and seats the student there."""
    games.load_all()

    async def scenario() -> None:
        async with two_hubs(pg_url, redis_url, ttl=60) as (stores, (a, b)):
            people_a, people_b = People(stores[0]), People(stores[1])
            name = f"t{time.monotonic_ns()}"
            teacher = await asyncio.to_thread(people_a.accounts.create, name, "correct horse")
            info = await asyncio.to_thread(people_a.classes.open, teacher, "9B")
            for name in ("Ann", "Ben", "Cat", "Dan"):
                await asyncio.to_thread(people_a.classes.join, info.code, name)
            plan = NewTables(game="compound", variant="beginner", size=2, bots="easy", seed=11)
            view = await seat_everyone(a, people_a, info, plan)  # A makes (and plays) both tables
            where = {s["name"]: s["table"] for s in view["students"]}
            ids = {t["number"]: t["id"] for t in view["tables"]}
            other = 2 if where["Ann"] == 1 else 1
            partner = next(name for name, number in where.items() if number == other)
            ann = next(s["id"] for s in view["students"] if s["name"] == "Ann")

            mirror = await b.find(ids[other])  # B follows the table A plays ...
            assert mirror.remote is not None and b.cluster is not None
            await b.cluster.bus.unsubscribe(table_subject(ids[other]))  # ... and hears no more of it
            owned = a.tables[ids[other]]
            seat = next(s.seat for s in owned.table.seats if s.name == partner)
            await a.leave(owned, seat)
            assert mirror.table.seats[seat].kind == "person"  # B's mirror does not know

            await move_student(b, people_b, info, ann, other)
            assert owned.table.seats[seat].name == "Ann"  # seated where the table is played

    asyncio.run(scenario())


def test_a_class_deleted_through_the_other_server_ends_its_tables_where_they_are_played(
        servers: list[Server]) -> None:
    a, b = servers
    teacher, code, _ = _teacher(a)
    plan = {"game": "compound", "variant": "beginner", "size": 2, "bots": "easy"}
    seated = a.post(f"/api/classes/{code}/tables", plan, teacher)
    assert seated.status_code == 200, seated.text
    tables = [t["id"] for t in seated.json()["tables"]]
    deleted = httpx.delete(f"{b.url}/api/classes/{code}", headers={"Authorization": f"Bearer {teacher}"},
                           timeout=15)
    assert deleted.status_code == 204, deleted.text
    for table in tables:  # A, which played them, ended them before their games were deleted
        assert _status(a, table, "abandoned") == "abandoned"


def test_the_spectators_chat_is_closed_through_the_other_server(servers: list[Server]) -> None:
    a, b = servers
    game = make(a)
    closed = httpx.put(f"{b.url}/api/tables/{game.id}/chat/spectators", json={"open": False},
                       headers={"Authorization": f"Bearer {game.tokens[0]}"}, timeout=15)
    assert closed.status_code == 200 and closed.json() == {"spectators": False}, closed.text
    assert a.get(f"/api/tables/{game.id}/chat").json()["spectators"] is False  # at A, which plays it
