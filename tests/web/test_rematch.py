"""Rematch: "Play again" at a game's end — one new table for everyone who asks (two at once
included), each person their own seat and token, bots kept, a seed nobody chose, the old table
linking to it, a restart changing nothing — and in Chromium, two browsers playing again."""

from __future__ import annotations

import threading
from typing import Any

import httpx
from fastapi.testclient import TestClient

from ionarena.web import create_app

from .conftest import LiveServer, auth, make_table
from .people import play_out, until

TWO_AND_A_BOT = {"game": "dots", "players": 3, "seats": ["human", "human", "bot:easy"],
                 "names": ["ada", "bob"]}


def finished(client: TestClient, **body: Any) -> tuple[str, str, str]:
    made = make_table(client, **{**TWO_AND_A_BOT, **body})
    table, ada, bob = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    play_out(client, table, [ada, bob])
    return table, ada, bob


def rematch(client: TestClient, table: str, token: str | None) -> httpx.Response:
    return client.post(f"/api/tables/{table}/rematch", headers=auth(token) if token else {})


def test_everyone_who_asks_gets_the_same_rematch_and_their_own_seat(client: TestClient) -> None:
    made = make_table(client, **TWO_AND_A_BOT, seed=4)
    table, ada, bob = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    early = rematch(client, table, ada)
    assert early.status_code == 409 and "not over" in early.json()["detail"]
    play_out(client, table, [ada, bob])
    assert rematch(client, table, None).status_code == 401
    assert rematch(client, table, "someone-elses-token").status_code == 403

    first = rematch(client, table, ada)
    assert first.status_code == 201, first.text
    new = first.json()["id"]
    assert new != table and first.json()["url"] == f"/t/{new}"
    assert [s["token"] is not None for s in first.json()["seats"]] == [True, False, False]
    ada_new = first.json()["seats"][0]["token"]
    facts = client.get(f"/api/tables/{new}").json()
    assert facts["status"] == "waiting" and facts["listed"] is False
    assert [(s["kind"], s["name"], s["bot"]) for s in facts["seats"]] == [
        ("person", "ada", None), ("person", "bob", None), ("bot", "", "easy")]  # bots kept, people invited
    assert client.get(f"/api/tables/{new}/rematch").json() == {
        "of": table, "next": None, "asked": [], "claimed": [0], "waiting_for": [1]}
    old_facts = client.get(f"/api/tables/{table}/rematch").json()
    assert (old_facts["next"], old_facts["asked"]) == (new, [0])  # the old table links to it

    second = rematch(client, table, bob)
    assert second.status_code == 201 and second.json()["id"] == new
    bob_new = second.json()["seats"][1]["token"]
    assert [s["token"] is not None for s in second.json()["seats"]] == [False, True, False]
    assert client.get(f"/api/tables/{new}").json()["status"] == "playing"  # everyone came: it starts
    assert client.get(f"/api/tables/{new}/state", headers=auth(ada_new)).json()["seat"] == 0
    assert client.get(f"/api/tables/{new}/state", headers=auth(bob_new)).json()["seat"] == 1
    assert client.get(f"/api/tables/{new}/state", headers=auth(bob)).status_code == 403  # the old token
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[new].table.seed != hub.tables[table].table.seed  # a new deal nobody chose
    assert hub.tables[new].table.info().variant == hub.tables[table].table.info().variant


def test_asking_again_hands_a_fresh_token_and_the_one_before_stops(client: TestClient) -> None:
    table, ada, _ = finished(client)
    once = rematch(client, table, ada).json()
    again = rematch(client, table, ada).json()
    assert once["id"] == again["id"]
    old_token, new_token = once["seats"][0]["token"], again["seats"][0]["token"]
    assert old_token != new_token
    assert client.get(f"/api/tables/{once['id']}/state", headers=auth(old_token)).status_code == 403
    assert client.get(f"/api/tables/{once['id']}/state", headers=auth(new_token)).json()["seat"] == 0


def test_a_rematch_starts_without_those_who_stay_away_and_they_take_their_seat_back(
        client: TestClient) -> None:
    table, ada, bob = finished(client)
    made = rematch(client, table, ada).json()
    new, ada_new = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as old_page:
        told = until(old_page, "rematch")  # the old page links to the rematch
        assert told["next"] == new
    assert client.post(f"/api/tables/{new}/rematch/start").status_code == 401
    started = client.post(f"/api/tables/{new}/rematch/start", headers=auth(ada_new))
    assert started.status_code == 200 and started.json()["waiting_for"] == []
    facts = client.get(f"/api/tables/{new}").json()
    assert facts["status"] == "playing" and facts["seats"][1]["kind"] == "bot"  # a bot plays for bob
    again = client.post(f"/api/tables/{new}/rematch/start", headers=auth(ada_new))
    assert again.status_code == 422 and "started" in again.json()["detail"]
    late = rematch(client, table, bob)
    assert late.status_code == 201 and late.json()["id"] == new
    bob_new = late.json()["seats"][1]["token"]
    seats = client.get(f"/api/tables/{new}").json()["seats"]
    assert (seats[1]["kind"], seats[1]["name"]) == ("person", "bob")  # back in his own seat
    assert client.get(f"/api/tables/{new}/state", headers=auth(bob_new)).json()["seat"] == 1


def test_a_rematch_survives_a_restart(db_file: str) -> None:
    with TestClient(create_app(db_file, bot_delay=0.0)) as client:
        table, ada, bob = finished(client)
        new = rematch(client, table, ada).json()["id"]
    with TestClient(create_app(db_file, bot_delay=0.0)) as client:
        assert client.get(f"/api/tables/{new}").json()["status"] == "waiting"
        answer = rematch(client, table, bob)
        assert answer.status_code == 201 and answer.json()["id"] == new
        assert client.get(f"/api/tables/{new}").json()["status"] == "playing"


def test_two_people_asking_at_the_same_moment_get_one_table(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url, timeout=20) as http:
        made = http.post("/api/tables", json=TWO_AND_A_BOT).json()
        tokens = [made["seats"][0]["token"], made["seats"][1]["token"]]
        table = made["id"]
        for _ in range(4000):
            states = [http.get(f"/api/tables/{table}/state", headers=auth(t)).json() for t in tokens]
            if states[0]["over"]:
                break
            for token, state in zip(tokens, states, strict=True):
                if state["legal"]:
                    http.post(f"/api/tables/{table}/actions", headers=auth(token),
                              json={"action": state["legal"][0], "version": state["version"]})
    start = threading.Barrier(4)
    answers: list[httpx.Response] = []

    def ask(token: str) -> None:
        with httpx.Client(base_url=live_server.url, timeout=20) as own:
            start.wait()
            answers.append(own.post(f"/api/tables/{table}/rematch", headers=auth(token)))

    threads = [threading.Thread(target=ask, args=(token,)) for token in tokens * 2]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [a.status_code for a in answers] == [201] * 4
    assert len({a.json()["id"] for a in answers}) == 1
    listed = httpx.get(f"{live_server.url}/api/tables/{answers[0].json()['id']}").json()
    assert listed["status"] == "playing"


# -- in Chromium --------------------------------------------------------------------------------------


def test_two_browsers_play_again_at_the_same_new_table(browser: Any, live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url, timeout=20) as http:
        made = http.post("/api/tables", json={**TWO_AND_A_BOT, "seed": 9}).json()
        table = made["id"]
        tokens = [made["seats"][0]["token"], made["seats"][1]["token"]]
        pages = []
        for token in tokens:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.problems = []
            page.on("pageerror", lambda err, page=page: page.problems.append(str(err)))
            page.goto(f"{live_server.url}/t/{table}#token={token}")
            page.wait_for_selector(".table-page")
            pages.append(page)
        for _ in range(4000):  # the game is played to its end through the API
            states = [http.get(f"/api/tables/{table}/state", headers=auth(t)).json() for t in tokens]
            if states[0]["over"]:
                break
            for token, state in zip(tokens, states, strict=True):
                if state["legal"]:
                    http.post(f"/api/tables/{table}/actions", headers=auth(token),
                              json={"action": state["legal"][0], "version": state["version"]})
    ada, bob = pages
    ada.wait_for_selector("[data-testid=result]")
    ada.click("[data-testid=play-again]")
    ada.wait_for_url(lambda url: f"/t/{table}" not in url)
    new = ada.url.split("/t/")[1].split("#")[0]
    ada.wait_for_selector(".table-page[data-status=waiting]")
    assert ada.inner_text("[data-testid=waiting-for]") == "bob"
    bob.wait_for_selector("[data-testid=play-again]")
    bob.wait_for_selector("[data-testid=rematch] >> text=ada wants to play again")
    bob.click("[data-testid=play-again]")
    bob.wait_for_url(f"{live_server.url}/t/{new}")
    for page, seat in ((ada, 0), (bob, 1)):
        page.wait_for_selector(".table-page[data-status=playing]")
        assert page.locator(f".seat-row.mine[data-seat='{seat}']").count() == 1  # each in their own seat
        assert "token" not in page.url
    for page in pages:
        assert page.problems == []
        page.context.close()


def test_the_rematch_seat_cookie_is_secure_over_https(db_file: str) -> None:
    """Like every other seat cookie: `Secure` when the page is served over HTTPS (a cookie holding
    a seat must never travel in clear)."""
    with TestClient(create_app(db_file, bot_delay=0.0), base_url="https://testserver") as client:
        table, ada, _ = finished(client)
        answer = rematch(client, table, ada)
        assert answer.status_code == 201
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith("ion_seat_") and "secure" in cookie.lower(), cookie
