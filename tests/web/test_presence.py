"""Presence: each person's seat shows connected, away (every tab of theirs hidden) or disconnected,
pushed to everyone at the table — over the WebSocket, and in Chromium when a page hides and closes."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient

from .conftest import LiveServer, make_table
from .people import until, up_to_barrier


def seats_of(message: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["presence"] for s in message["seats"]}


def latest(ws: Any) -> dict[int, str] | None:
    """The newest presence pushed to `ws` so far (None: none since the last look)."""
    pushed = [m for m in up_to_barrier(ws) if m["type"] == "presence"]
    return seats_of(pushed[-1]) if pushed else None


def test_presence_follows_connections_and_hidden_tabs(client: TestClient) -> None:
    made = make_table(client, game="dots", players=3, seats=["human", "human", "bot:easy"],
                      names=["ada", "bob"])
    table, ada, bob = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={ada}") as mine:
        first = until(mine, "presence")
        assert seats_of(first) == {0: "connected", 1: "disconnected"}  # bots have no presence
        assert first["watching"] == 0
        with client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as theirs:
            assert latest(mine) == {0: "connected", 1: "connected"}
            theirs.send_json({"type": "presence", "away": True})
            up_to_barrier(theirs)
            assert latest(mine) == {0: "connected", 1: "away"}
            with client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as second_tab:
                until(second_tab, "presence")
                assert latest(mine) == {0: "connected", 1: "connected"}  # one shown tab is enough
            assert latest(mine) == {0: "connected", 1: "away"}
            theirs.send_json({"type": "presence", "away": "maybe"})
            assert until(theirs, "error")["code"] == 400
            theirs.send_json({"type": "presence", "away": False})
            up_to_barrier(theirs)
            assert latest(mine) == {0: "connected", 1: "connected"}
            with client.websocket_connect(f"/api/tables/{table}/ws?token=") as watcher:
                seen = until(watcher, "presence")
                assert seen["watching"] == 1 and "view" not in seen
            assert [m["watching"] for m in up_to_barrier(mine) if m["type"] == "presence"] == [1, 0]
        assert latest(mine) == {0: "connected", 1: "disconnected"}


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
