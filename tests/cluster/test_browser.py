"""A person's page on the server that does not own their table (issue 29): it shows the moves
made through the owner, and a move clicked on it is played at the owner."""

from __future__ import annotations

import time
from typing import Any

from tests.web.conftest import browser  # noqa: F401  (a fixture: skips where chromium is missing)

from .conftest import Server
from .play import make, move


def test_a_page_on_the_other_server_shows_the_game_and_plays_a_clicked_move(
        servers: list[Server], browser: Any) -> None:  # noqa: F811
    a, b = servers
    game = make(a)  # A owns the table; seat 0's page is on B
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    try:
        page.goto(f"{b.url}/t/{game.id}#token={game.tokens[0]}")
        while True:  # moves through A until seat 1 has moved and seat 0 may draw
            state = b.get(f"/api/tables/{game.id}/state", game.tokens[0]).json()
            if "draw" in state["legal"] and any(seat == 1 for seat, _ in game.acked.values()):
                break
            move(a, game, retry_for=10)
        page.get_by_role("button", name="Draw a card").wait_for(timeout=30_000)
        told = [e["text"] for e in state["events"] if e["text"].startswith("Player 1 ")]
        assert told, state["events"]
        page.get_by_text(told[-1], exact=False).first.wait_for(timeout=30_000)  # seat 1's move, from A
        version = state["version"]
        page.get_by_role("button", name="draw", exact=True).first.click()
        deadline = time.monotonic() + 30
        while a.get(f"/api/tables/{game.id}/state").json()["version"] <= version:  # played at A
            assert time.monotonic() < deadline, "the clicked move did not reach the table's owner"
            time.sleep(0.1)
        page.get_by_text("Player 0 (you) draws").first.wait_for(timeout=30_000)
    finally:
        page.close()
