"""`ion serve` killed with SIGKILL under running games, started again on the same SQLite file: every
table goes on where it was, no accepted move is lost, seats keep their tokens, and an open browser
page reconnects to its seat by itself."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serving import ServeProcess

Server = ServeProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    serving = Server(f"sqlite:///{tmp_path / 'served.sqlite3'}")
    try:
        yield serving.start()
    finally:
        serving.stop()


def texts(state: dict[str, Any]) -> list[str]:
    return [e["text"] for e in state["events"]]


def test_sigkill_under_running_games_loses_nothing(server: Server) -> None:
    dots = server.post(
        "/api/tables",
        {
            "game": "dots",
            "players": 3,
            "seats": ["human", "bot:greedy", "bot:easy"],
            "names": ["Ada"],
            "seed": 41,
        },
    ).json()
    bots = server.post(
        "/api/tables",
        {
            "game": "compound",
            "players": 3,
            "seed": 42,
            "bot_delay": 0.05,
            "seats": ["bot:greedy", "bot:easy", "bot:random"],
        },
    ).json()
    bank = server.post(
        "/api/tables",
        {
            "game": "bank",
            "players": 3,
            "seats": ["human", "bot:random", "bot:random"],
            "names": ["Bea"],
            "seed": 43,
            "reaction_time": 0.2,
        },
    ).json()
    ada, bea = dots["seats"][0]["token"], bank["seats"][0]["token"]
    assert (
        server.post(
            f"/api/tables/{bank['id']}/actions", {"action": "team +", "version": None}, bea
        ).status_code
        == 200
    )
    for _ in range(3):  # a few of Ada's moves, each waiting for the bots
        deadline = time.monotonic() + 10
        while not (state := server.state(dots["id"], ada))["legal"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        moved = server.post(
            f"/api/tables/{dots['id']}/actions",
            {"action": state["legal"][0], "version": state["version"]},
            ada,
        )
        assert moved.status_code == 200
    time.sleep(0.5)
    tables = [dots["id"], bots["id"], bank["id"]]
    before = {table: server.state(table) for table in tables}
    assert before[bots["id"]]["status"] == "playing" and before[bots["id"]]["version"] > 0
    server.kill()

    server.start()
    for table in tables:
        after = server.state(table)
        old = before[table]
        assert after["version"] >= old["version"], table  # every move told to anyone was kept
        assert texts(after)[: len(old["events"])] == texts(old), table
    assert server.state(dots["id"], ada)["seat"] == 0
    assert server.state(bank["id"], bea)["seat"] == 0
    deadline = time.monotonic() + 15  # it was playing at the kill: it plays on (to its end, maybe)
    while server.state(bots["id"])["version"] <= before[bots["id"]]["version"]:
        assert time.monotonic() < deadline, "the bots' table did not go on after the restart"
        time.sleep(0.05)
    deadline = time.monotonic() + 10
    while not (state := server.state(dots["id"], ada))["legal"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    moved = server.post(
        f"/api/tables/{dots['id']}/actions", {"action": state["legal"][0], "version": state["version"]}, ada
    )
    assert moved.status_code == 200


def test_an_open_page_reconnects_to_its_seat_after_a_crash(server: Server, browser: Any) -> None:
    made = server.post(
        "/api/tables",
        {"game": "dots", "players": 2, "seats": ["human", "bot:greedy"], "names": ["Ada"], "seed": 5},
    ).json()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".my-hand .dcard")
    page.wait_for_selector(".conn-live")
    server.kill()
    page.wait_for_selector(".conn-reconnecting")
    server.start()
    page.wait_for_selector(".conn-live")
    deadline = time.monotonic() + 10
    while not page.locator(".my-hand .your-turn").count():
        assert time.monotonic() < deadline
        page.wait_for_timeout(50)
    before = int(page.get_attribute(".table-page", "data-version"))
    assert before == server.state(made["id"])["version"]
    target = page.locator(".hand .dcard.playable")
    (target if target.count() else page.locator(".pile-button")).first.click()
    if page.locator(".chooser .move").count():
        page.locator(".chooser .move").first.click()
    deadline = time.monotonic() + 10
    while int(page.get_attribute(".table-page", "data-version")) == before:
        assert time.monotonic() < deadline, "the move after the reconnect was not accepted"
        page.wait_for_timeout(50)
    assert page.locator(".seat-row.mine").count() == 1
    context.close()
