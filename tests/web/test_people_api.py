"""Accounts and classes over HTTP, as an attacker would try them: session fixation, CSRF, guessing
sign-ins and class codes (rate limits), a student token used on another class, a teacher acting on
a class that is not theirs, names with HTML; and the teacher's actions (seat, pause, move, end, the
report), an account's token playing its seat, profiles that show what their owner chose."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ionarena.people.codes import ALPHABET
from ionarena.web import create_app
from tests.people.conftest import FAST

from .conftest import auth


def fast(app: Any) -> Any:
    """The app's people service with argon2id at a test's cost (test_accounts checks the real one)."""
    people = app.state.people
    people.passwords = people.accounts.passwords = FAST
    return app


@pytest.fixture
def app(db_file: str) -> Any:
    return fast(create_app(db_file, bot_delay=0.0))


@pytest.fixture
def web(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def other(app: Any, address: str = "10.0.0.2") -> TestClient:
    """Another browser (its own cookies), from `address`, on the running app."""
    return TestClient(app, client=(address, 50000))


def sign_up(client: TestClient, name: str, password: str = "correct horse") -> dict[str, Any]:
    answer = client.post("/api/accounts", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def csrf(data: dict[str, Any]) -> dict[str, str]:
    return {"X-CSRF-Token": data["csrf"]}


def open_class(client: TestClient, teacher: dict[str, Any], name: str = "9B chemistry") -> str:
    answer = client.post("/api/classes", json={"name": name}, headers=csrf(teacher))
    assert answer.status_code == 201, answer.text
    return str(answer.json()["code"])


def join(client: TestClient, code: str, name: str) -> str:
    answer = client.post(f"/api/classes/{code}/students", json={"name": name})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["token"])


def wrong_code(code: str, n: int = 0) -> str:
    letters = [c for c in ALPHABET if c != code[0]]
    return letters[n % len(letters)] + code[1:]


# -- sessions -------------------------------------------------------------------------------------

def test_a_session_id_planted_before_sign_in_is_never_the_signed_in_session(app, web):
    sign_up(web, "ada")
    mallory = other(app)
    planted = mallory.post("/api/accounts", json={"name": "mallory", "password": "correct horse"}) \
        .cookies.get("ion_session")
    assert planted
    for path, kwargs in (("/api/session", {"json": {"name": "ada", "password": "correct horse"}}),
                         ("/signin", None)):
        victim = other(app, "10.0.0.3")
        if kwargs is None:  # the sign-in form
            victim.get("/signin")
            token = victim.cookies.get("ion_form")
            victim.cookies.set("ion_session", planted)
            answer = victim.post("/signin", data={"name": "ada", "password": "correct horse", "csrf": token},
                                 follow_redirects=False)
            assert answer.status_code == 303
        else:
            victim.cookies.set("ion_session", planted)
            answer = victim.post(path, **kwargs)
            assert answer.status_code == 200
        fresh = answer.cookies.get("ion_session")
        assert fresh and fresh != planted
        assert victim.get("/api/session").json()["name"] == "ada"
        attacker = other(app, "10.0.0.4")
        attacker.cookies.set("ion_session", planted)
        assert attacker.get("/api/session").status_code == 401  # the planted id signs nobody in
        planted = fresh  # the next round plants a session that was the victim's own


def test_cookies_are_httponly_and_samesite(web):
    answer = web.post("/api/accounts", json={"name": "ada", "password": "correct horse"})
    header = answer.headers["set-cookie"].lower()
    assert "ion_session=" in header and "httponly" in header and "samesite=lax" in header


# -- CSRF -----------------------------------------------------------------------------------------

def test_every_change_a_browser_asks_for_needs_its_csrf_token(app, web):
    ada = sign_up(web, "ada")
    for headers in ({}, {"X-CSRF-Token": "guess"}, {"X-CSRF-Token": sign_up(other(app), "bob")["csrf"]}):
        assert web.post("/api/classes", json={"name": "9B"}, headers=headers).status_code == 403
        assert web.put("/api/account/privacy", json={"show_games": False, "show_ratings": False},
                       headers=headers).status_code == 403
        assert web.delete("/api/session", headers=headers).status_code == 403
    assert web.get("/api/classes").json() == []
    assert web.get("/api/session").json()["show_games"] is True  # nothing changed, still signed in
    # the forms: a hidden field instead of the header
    for data in ({"name": "9B"}, {"name": "9B", "csrf": "guess"}):
        assert web.post("/classes", data=data, follow_redirects=False).status_code == 403
        assert web.post("/account/privacy", data={**data, "show_games": "on"},
                        follow_redirects=False).status_code == 403
    assert web.get("/api/classes").json() == []
    assert web.post("/classes", data={"name": "9B", "csrf": ada["csrf"]}, follow_redirects=False) \
        .status_code == 303
    assert len(web.get("/api/classes").json()) == 1
    # a script's bearer token is no ambient credential: it needs no CSRF token
    script = other(app)
    assert script.post("/api/classes", json={"name": "9C"}, headers=auth(ada["token"])).status_code == 201


def test_forms_shown_before_signing_in_carry_their_own_token(app, web):
    sign_up(web, "ada")
    browser = other(app)
    page = browser.get("/signin")
    assert "ion_form" in page.headers["set-cookie"] and 'name="csrf"' in page.text
    refused = browser.post("/signin", data={"name": "ada", "password": "correct horse", "csrf": "guess"},
                           follow_redirects=False)
    assert refused.status_code == 403 and "ion_session" not in refused.headers.get("set-cookie", "")
    tim = other(app, "10.0.0.9")
    code = open_class(tim, sign_up(tim, "tim"))
    sam = {"code": code, "name": "Sam"}
    assert browser.post("/join", data=sam, follow_redirects=False).status_code == 403
    sam["csrf"] = browser.cookies.get("ion_form")
    joined = browser.post("/join", data=sam, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == f"/class/{code}/play"


# -- guessing -------------------------------------------------------------------------------------

def test_sign_in_tries_are_limited_by_address_and_by_name(app, web):
    sign_up(web, "ada")
    for n in range(5):  # five wrong passwords for ada, from five addresses
        guess = {"name": "ada", "password": f"guess {n}!"}
        assert other(app, f"10.1.0.{n}").post("/api/session", json=guess).status_code == 401
    late = other(app, "10.1.0.99").post("/api/session", json={"name": "ada", "password": "correct horse"})
    assert late.status_code == 429 and "wait" in late.json()["detail"]
    one = other(app, "10.2.0.1")
    for n in range(10):  # ten tries at ten names from one address
        guess = {"name": f"who{n}", "password": "guess guess"}
        assert one.post("/api/session", json=guess).status_code == 401
    assert one.post("/api/session", json={"name": "bob", "password": "guess guess"}).status_code == 429


def test_guessing_class_codes_is_limited_and_learns_nothing(app, web):
    code = open_class(web, sign_up(web, "teacher"))
    guesser = other(app, "10.3.0.1")
    answers = {guesser.post(f"/api/classes/{wrong_code(code, n)}/students", json={"name": "x"}).status_code
               for n in range(10)}
    answers |= {guesser.get(f"/api/classes/{wrong_code(code, n)}/me").status_code for n in range(10, 20)}
    assert answers == {404}
    blocked = guesser.post(f"/api/classes/{code}/students", json={"name": "x"})
    assert blocked.status_code == 429  # even the right code, once an address has guessed too often
    elsewhere = other(app, "10.3.0.2")
    assert elsewhere.post(f"/api/classes/{code}/students", json={"name": "Sam"}).status_code == 201
    # a signed-in stranger learns nothing either: "not yours" is "no such class"
    stranger = other(app, "10.3.0.3")
    token = sign_up(stranger, "stranger")["token"]
    mine = stranger.get(f"/api/classes/{code}", headers=auth(token))
    missing = stranger.get(f"/api/classes/{wrong_code(code)}", headers=auth(token))
    assert mine.status_code == missing.status_code == 404
    assert mine.json()["detail"].replace(code, "?") == missing.json()["detail"].replace(wrong_code(code), "?")


# -- classes: who may do what ----------------------------------------------------------------------

def seat(web: TestClient, teacher: dict[str, Any], code: str, **body: Any) -> dict[str, Any]:
    plan = {"game": "compound", "variant": "beginner", "size": 2, "bots": "easy", "seed": 11, **body}
    answer = web.post(f"/api/classes/{code}/tables", json=plan, headers=csrf(teacher))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_a_student_token_works_only_in_its_own_class_and_at_its_own_seat(app, web):
    teacher = sign_up(web, "teacher")
    first, second = open_class(web, teacher, "9B"), open_class(web, teacher, "9C")
    students = other(app)
    sam = join(students, first, "Sam")
    ana = join(students, second, "Ana")
    bea = join(students, second, "Bea")
    seat(web, teacher, first, size=2)
    view = seat(web, teacher, second, size=2)
    ana_table = view["tables"][0]["id"]
    assert students.get(f"/api/classes/{second}/me", headers=auth(sam)).status_code == 403
    assert students.get(f"/api/classes/{first}/me", headers=auth(sam)).json()["seat"] is not None
    # at a table of the other class, Sam's token is no seat; Ana's and Bea's are theirs
    assert students.get(f"/api/tables/{ana_table}/state", headers=auth(sam)).status_code == 403
    state = f"/api/tables/{ana_table}/state"
    assert {students.get(state, headers=auth(t)).json()["seat"] for t in (ana, bea)} == {0, 1}
    legal = students.get(f"/api/tables/{ana_table}/state", headers=auth(ana)).json()
    refused = students.post(f"/api/tables/{ana_table}/actions", headers=auth(sam),
                            json={"action": "pick H", "version": legal["version"]})
    assert refused.status_code == 403


def test_a_teacher_cannot_act_on_a_class_that_is_not_theirs(app, web):
    owner = sign_up(web, "owner")
    code = open_class(web, owner)
    join(other(app), code, "Sam")
    intruder_client = other(app, "10.4.0.1")
    intruder = sign_up(intruder_client, "intruder")
    attempts = [("get", f"/api/classes/{code}", None), ("get", f"/api/classes/{code}/report", None),
                ("get", f"/api/classes/{code}/report.csv", None),
                ("post", f"/api/classes/{code}/tables", {"game": "compound", "size": 2}),
                ("post", f"/api/classes/{code}/pause", None), ("post", f"/api/classes/{code}/end", None),
                ("post", f"/api/classes/{code}/students/1/move", {"table": 1}),
                ("delete", f"/api/classes/{code}/students/1", None), ("delete", f"/api/classes/{code}", None)]
    for method, path, body in attempts:
        for headers in (csrf(intruder), auth(intruder["token"])):
            kwargs = {"json": body} if body is not None else {}
            answer = getattr(intruder_client, method)(path, headers=headers, **kwargs)
            assert answer.status_code == 404, (method, path, answer.text)
    for page in (f"/class/{code}", f"/class/{code}/report"):
        assert intruder_client.get(page).status_code == 404
    view = web.get(f"/api/classes/{code}").json()
    assert [s["name"] for s in view["students"]] == ["Sam"] and view["tables"] == []


def test_names_with_html_are_shown_as_text_everywhere(app, web):
    teacher = sign_up(web, "teacher")
    code = open_class(web, teacher, "<script>alert('class')</script>")
    evil = "<img src=x onerror=alert(1)>"
    students = other(app)
    join(students, code, evil)
    join(students, code, "=1+2")
    seat(web, teacher, code, size=2)
    for page in (web.get(f"/class/{code}"), web.get(f"/class/{code}/report"), web.get("/account")):
        assert page.status_code == 200
        assert "<script>alert(" not in page.text and "<img src=x" not in page.text
    report = web.get(f"/class/{code}/report").text
    assert "&lt;img src=x onerror=alert(1)&gt;" in report
    rows = list(csv.reader(io.StringIO(web.get(f"/api/classes/{code}/report.csv").text)))
    assert {r[0] for r in rows[1:]} == {evil, "'=1+2"}  # a spreadsheet shows it, never runs it
    assert web.get(f"/api/classes/{code}").json()["students"][0]["name"] == evil  # JSON: as typed
    assert other(app).post("/api/accounts", json={"name": "<b>x</b>", "password": "correct horse"}) \
        .status_code == 422


# -- the teacher's actions --------------------------------------------------------------------------

def test_pause_resume_move_and_end_the_class_tables(app, web):
    teacher = sign_up(web, "teacher")
    code = open_class(web, teacher)
    students = other(app)
    tokens = {name: join(students, code, name) for name in ("Ann", "Ben", "Cat", "Dan")}
    view = seat(web, teacher, code, size=2)
    assert [len(t["seats"]) for t in view["tables"]] == [2, 2]
    assert all(s["kind"] == "student" for t in view["tables"] for s in t["seats"])
    seat_again = web.post(f"/api/classes/{code}/tables", json={"game": "compound", "size": 2},
                          headers=csrf(teacher))
    assert seat_again.status_code == 422 and "every student" in seat_again.json()["detail"]
    where = {s["name"]: s["table"] for s in view["students"]}
    ann = tokens["Ann"]
    ann_table = students.get(f"/api/classes/{code}/me", headers=auth(ann)).json()["seat"]["table"]
    # pause: moves wait, bots wait
    paused = web.post(f"/api/classes/{code}/pause", headers=csrf(teacher)).json()
    assert sorted(paused["changed"]) == [1, 2]
    state = students.get(f"/api/tables/{ann_table}/state", headers=auth(ann)).json()
    refused = students.post(f"/api/tables/{ann_table}/actions", headers=auth(ann),
                            json={"action": state["legal"][0], "version": state["version"]})
    assert refused.status_code == 422 and "paused" in refused.json()["detail"]
    hub = app.state.hub
    hosted = hub.tables[ann_table]
    hub.kick(hosted)
    assert not hosted.pumping  # a held table is never pumped: its bots wait
    assert students.get(f"/api/classes/{code}/me", headers=auth(ann)).json()["seat"]["paused"] is True
    assert web.post(f"/api/classes/{code}/resume", headers=csrf(teacher)).json()["changed"] == [1, 2]
    moved = students.post(f"/api/tables/{ann_table}/actions", headers=auth(ann),
                          json={"action": state["legal"][0], "version": state["version"]})
    assert moved.status_code == 200
    # move Ann to the other table: no free seat until someone leaves it
    other_number = 2 if where["Ann"] == 1 else 1
    partner = next(n for n, t in where.items() if t == other_number)
    ann_id = next(s["id"] for s in view["students"] if s["name"] == "Ann")
    full = web.post(f"/api/classes/{code}/students/{ann_id}/move", json={"table": other_number},
                    headers=csrf(teacher))
    assert full.status_code == 422 and "no free seat" in full.json()["detail"]
    partner_auth = auth(tokens[partner])
    partner_table = students.get(f"/api/classes/{code}/me", headers=partner_auth).json()["seat"]["table"]
    assert students.post(f"/api/tables/{partner_table}/leave", headers=partner_auth).status_code == 204
    after = web.post(f"/api/classes/{code}/students/{ann_id}/move", json={"table": other_number},
                     headers=csrf(teacher)).json()
    assert {s["name"]: s["table"] for s in after["students"]}["Ann"] == other_number
    assert students.get(f"/api/classes/{code}/me", headers=auth(ann)).json()["seat"]["table"] == partner_table
    old = next(t for t in after["tables"] if t["id"] == ann_table)
    assert [s["kind"] for s in old["seats"]].count("bot") == 1  # the takeover bot plays on for Ann's old seat
    assert students.get(f"/api/tables/{ann_table}/state", headers=auth(ann)).status_code == 403
    # end: every running table is abandoned, and what was played stays in the report
    ended = web.post(f"/api/classes/{code}/end", headers=csrf(teacher)).json()
    assert sorted(ended["changed"]) == [1, 2]
    final = web.get(f"/api/classes/{code}").json()
    assert {t["status"] for t in final["tables"]} == {"abandoned"}
    report = web.get(f"/api/classes/{code}/report").json()
    assert {s["name"] for s in report["students"]} == set(tokens)
    assert sum(len(s["games"]) for s in report["students"]) == 5  # Ann sat at two tables


def test_a_bank_table_is_not_paused_and_says_why(app, web):
    teacher = sign_up(web, "teacher")
    code = open_class(web, teacher)
    join(other(app), code, "Sam")
    seat(web, teacher, code, game="bank", variant=None, size=2)
    paused = web.post(f"/api/classes/{code}/pause", headers=csrf(teacher)).json()
    assert paused["changed"] == [] and "real time" in paused["skipped"]["1"]
    web.post(f"/api/classes/{code}/end", headers=csrf(teacher))


def test_refused_bonds_at_a_class_table_are_kept_for_the_report(app, web):
    teacher = sign_up(web, "teacher")
    code = open_class(web, teacher)
    students = other(app)
    sam = join(students, code, "Sam")
    seat(web, teacher, code, size=2)
    table = students.get(f"/api/classes/{code}/me", headers=auth(sam)).json()["seat"]["table"]
    state = students.get(f"/api/tables/{table}/state", headers=auth(sam)).json()
    for text in ("bond Na Na", "pick Xx", "bond H F F"):  # a pick is no chemistry: not kept
        answer = students.post(f"/api/tables/{table}/actions", headers=auth(sam),
                               json={"action": text, "version": state["version"]})
        assert answer.status_code == 422
    refused = web.get(f"/api/classes/{code}/report").json()["students"][0]["refused"]
    assert [(r["text"], r["tried"]) for r in refused] == [("bond Na Na", "Na2"), ("bond H F F", "HF2")]
    assert all(r["reason"] for r in refused)


# -- accounts: ratings, profiles, leaderboards -------------------------------------------------------

def play_rated_game(client: TestClient, token: str) -> str:
    """A dots game against an easy bot, made and played by the account's bearer token."""
    made = client.post("/api/tables", json={"game": "dots", "players": 2, "seats": ["human", "bot:easy"]},
                       headers=auth(token))
    assert made.status_code == 201
    table = made.json()["id"]
    for _ in range(3000):
        state = client.get(f"/api/tables/{table}/state", headers=auth(token)).json()
        if state["over"]:
            return str(table)
        if state["legal"]:
            client.post(f"/api/tables/{table}/actions", headers=auth(token),
                        json={"action": state["legal"][0], "version": state["version"]})
        else:
            time.sleep(0.005)
    raise AssertionError("the game did not end")


def wait_for(check: Any, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("the condition never held")


def test_an_accounts_games_are_rated_and_its_profile_shows_what_it_chose(app, web):
    ada = sign_up(web, "ada")
    table = play_rated_game(web, ada["token"])
    assert web.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "ada"  # the account's name
    guest = other(app)
    profile = wait_for(lambda: (p := guest.get("/api/players/ADA").json())["ratings"] and p)
    assert profile["own"] is False and profile["played"] == 1 and profile["recent"][0]["table"] == table
    assert profile["ratings"][0]["game"] == "dots" and profile["ratings"][0]["games"] == 1
    board = {row["name"]: row for row in guest.get("/api/leaderboard/dots").json()}
    assert set(board) == {"ada", "easy bot"}
    web.put("/api/account/privacy", json={"show_games": False, "show_ratings": True}, headers=csrf(ada))
    hidden = guest.get("/api/players/ada").json()
    assert hidden["played"] is None and hidden["games"] == [] and hidden["recent"] == [] and hidden["ratings"]
    assert table not in guest.get("/@/ada").text
    web.put("/api/account/privacy", json={"show_games": False, "show_ratings": False}, headers=csrf(ada))
    assert guest.get("/api/players/ada").json()["ratings"] == []
    assert [row["name"] for row in guest.get("/api/leaderboard/dots").json()] == ["easy bot"]
    own = web.get("/api/players/ada").json()
    assert own["own"] and own["played"] == 1 and own["ratings"]  # the person always sees it all
    assert guest.get("/api/players/nobody").status_code == 404
    assert guest.get("/api/leaderboard/chess").status_code == 404


def test_the_class_flow_on_postgresql(pg_db):
    app = fast(create_app(pg_db, bot_delay=0.0))
    with TestClient(app) as web:
        teacher = sign_up(web, "teacher")
        code = open_class(web, teacher)
        students = other(app)
        sam = join(students, code, "Sam")
        join(students, code, "Ana")
        view = seat(web, teacher, code, size=2)
        table = view["tables"][0]["id"]
        state = students.get(f"/api/tables/{table}/state", headers=auth(sam)).json()
        students.post(f"/api/tables/{table}/actions", headers=auth(sam),
                      json={"action": "bond Na Na", "version": state["version"]})
        report = web.get(f"/api/classes/{code}/report").json()
        assert [r["tried"] for s in report["students"] for r in s["refused"]] == ["Na2"]
        assert web.delete(f"/api/classes/{code}", headers=csrf(teacher)).status_code == 204
        assert web.get(f"/api/classes/{code}").status_code == 404
        assert web.get(f"/api/tables/{table}").status_code == 404  # the class's games went with it


def test_classes_past_their_retention_are_purged_from_a_running_server(app, web):
    from datetime import timedelta

    from ionarena.people import schema as people_schema

    teacher = sign_up(web, "teacher")
    code = open_class(web, teacher)
    join(other(app), code, "Sam")
    table = seat(web, teacher, code, size=2)["tables"][0]["id"]
    people = app.state.people
    with people.db.write() as conn:
        conn.execute(people_schema.classes.update().values(
            created_at=people_schema.classes.c.created_at - timedelta(days=31)))
    assert web.portal.call(app.state.people_web.purge) == 1
    assert web.get(f"/api/classes/{code}").status_code == 404
    assert web.get(f"/api/tables/{table}").status_code == 404
    assert table not in app.state.hub.tables


def test_a_paused_class_table_stays_paused_when_the_server_starts_again(db_file):
    with TestClient(fast(create_app(db_file, bot_delay=0.0))) as web:
        teacher = sign_up(web, "teacher")
        code = open_class(web, teacher)
        sam = join(web, code, "Sam")
        table = seat(web, teacher, code, size=2)["tables"][0]["id"]
        assert web.post(f"/api/classes/{code}/pause", headers=csrf(teacher)).json()["changed"] == [1]
    app = fast(create_app(db_file, bot_delay=0.0))
    with TestClient(app) as web:
        assert table in app.state.hub.held
        state = web.get(f"/api/tables/{table}/state", headers=auth(sam)).json()
        refused = web.post(f"/api/tables/{table}/actions", headers=auth(sam),
                           json={"action": state["legal"][0], "version": state["version"]})
        assert refused.status_code == 422 and "paused" in refused.json()["detail"]


def test_signing_in_never_sends_a_browser_to_another_site(app, web):
    sign_up(other(app), "ada")
    for target, lands in (("/@/ada", "/@/ada"), ("//evil.example/x", "/account"),
                          ("https://evil.example/", "/account"), ("/\\evil.example", "/account")):
        web.cookies.delete("ion_session")
        web.get("/signin")  # a fresh form (signing in renews the form cookie)
        answer = web.post("/signin", data={"name": "ada", "password": "correct horse", "next": target,
                                           "csrf": web.cookies.get("ion_form")}, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == lands
