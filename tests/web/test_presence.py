"""Presence: each person's seat shows connected, away (every tab of theirs hidden) or disconnected,
pushed to everyone at the table — over the WebSocket, and in Chromium when a page hides and closes."""

from __future__ import annotations

import time
from typing import Any

import httpx
from fastapi.testclient import TestClient

from .conftest import LiveServer, make_table
from .people import until, up_to_barrier


def seats_of(message: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["presence"] for s in message["seats"]}


class Watch:
    """The presence one connection has been told, read up to a barrier as it changes."""

    def __init__(self, ws: Any):
        self.ws = ws
        self.seats: dict[int, str] | None = None
        self.watching: list[int] = []

    def look(self) -> dict[int, str] | None:
        for message in up_to_barrier(self.ws):
            if message["type"] == "presence":
                self.seats = seats_of(message)
                self.watching.append(message["watching"])
        return self.seats

    def becomes(self, expected: dict[int, str], seconds: float = 10.0) -> bool:
        """Whether the presence told becomes `expected` (the server notices a connection's end
        a moment after its client closes it)."""
        deadline = time.monotonic() + seconds
        while self.look() != expected:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True


def test_presence_follows_connections_and_hidden_tabs(client: TestClient) -> None:
    made = make_table(client, game="dots", players=3, seats=["human", "human", "bot:easy"],
                      names=["ada", "bob"])
    table, ada, bob = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={ada}") as ws:
        first = until(ws, "presence")
        assert seats_of(first) == {0: "connected", 1: "disconnected"}  # bots have no presence
        assert first["watching"] == 0
        mine = Watch(ws)
        with client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as theirs:
            up_to_barrier(theirs)  # it has joined: its arrival was pushed before this
            assert mine.look() == {0: "connected", 1: "connected"}
            theirs.send_json({"type": "presence", "away": True})
            up_to_barrier(theirs)
            assert mine.look() == {0: "connected", 1: "away"}
            with client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as second_tab:
                up_to_barrier(second_tab)
                assert mine.look() == {0: "connected", 1: "connected"}  # one shown tab is enough
            assert mine.becomes({0: "connected", 1: "away"})
            theirs.send_json({"type": "presence", "away": "maybe"})
            assert until(theirs, "error")["code"] == 400
            theirs.send_json({"type": "presence", "away": False})
            up_to_barrier(theirs)
            assert mine.look() == {0: "connected", 1: "connected"}
            before = len(mine.watching)
            with client.websocket_connect(f"/api/tables/{table}/ws?token=") as watcher:
                seen = until(watcher, "presence")
                assert seen["watching"] == 1 and set(seen) == {"type", "seats", "watching"}
            deadline = time.monotonic() + 10
            while mine.watching[before:][-1:] != [0] and time.monotonic() < deadline:
                mine.look()
            assert mine.watching[before:] == [1, 0]
        assert mine.becomes({0: "connected", 1: "disconnected"})


def hide(page: Any, hidden: bool) -> None:
    """The tab hidden or shown, as the browser tells a page: `visibilityState` and the event."""
    page.evaluate("""(hidden) => {
        Object.defineProperty(document, 'visibilityState',
                              {configurable: true, get: () => hidden ? 'hidden' : 'visible'});
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
        document.dispatchEvent(new Event('visibilitychange'));
    }""", hidden)


def test_a_seat_shows_away_when_its_tab_hides_and_disconnected_when_it_closes(
        browser: Any, live_server: LiveServer) -> None:
    made = httpx.post(f"{live_server.url}/api/tables", json={
        "game": "dots", "players": 3, "seats": ["human", "human", "bot:easy"], "names": ["ada", "bob"]},
        timeout=10).json()
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{live_server.url}/t/{made['id']}#token={made['seats'][seat]['token']}")
        page.wait_for_selector(".table-page")
        pages.append(page)
    ada, bob = pages
    bob_row = ".seat-row[data-seat='1'] .presence"
    ada.wait_for_selector(f"{bob_row}[data-presence=connected]")
    assert ada.locator(".seat-row[data-seat='2'] .presence").count() == 0  # the bot's seat
    hide(bob, True)
    ada.wait_for_selector(f"{bob_row}[data-presence=away]")
    assert ada.get_attribute(bob_row, "aria-label") == "away (tab hidden)"
    hide(bob, False)
    ada.wait_for_selector(f"{bob_row}[data-presence=connected]")
    bob.context.close()
    ada.wait_for_selector(f"{bob_row}[data-presence=disconnected]")
    ada.context.close()
