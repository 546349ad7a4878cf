"""bank for beginners, in Debian's chromium: the lobby's "new to bank?" (6 seconds a move), a
countdown before each round, the move clock red in its last second, a flash with the −1000 on a
timeout, `skip` asking twice, and the end: the banner names the winning team, the breakdown shows
the penalties, the log speaks no game-clock seconds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .browsing import moves_sent, serve
from .conftest import LiveServer
from .test_browser import make, new_page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    yield from serve(tmp_path_factory)


def test_new_to_bank_in_the_lobby_gives_six_second_moves_after_a_countdown(
        browser: Any, server: LiveServer) -> None:
    page = new_page(browser)
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=bank]")
    page.select_option("select[name=players]", "2")
    page.fill("input[name=name]", "Ada")
    page.select_option("select[name=seat-1]", "bot:random")
    assert page.locator("#opt-countdown").input_value() == "3"  # every bank table made here counts down
    page.check("input[name=new-to-bank]")
    assert page.locator("#opt-move_time").input_value() == "6"
    page.click("button[type=submit]")
    page.wait_for_selector(".bank-board .team-pick")
    table_id = page.url.rsplit("/", 1)[1]
    page.click(".team-pick [data-move='team +']")
    countdown = page.locator("[data-testid=round-countdown]")
    countdown.wait_for()
    assert "Round 1 starts in" in countdown.inner_text()
    assert page.locator(".bank-clocks .clock").count() == 0  # no move clock runs during the countdown
    page.wait_for_selector(".bank-clocks .clock", timeout=10_000)
    assert page.locator("[data-testid=round-countdown]").count() == 0
    view = httpx.get(f"{server.url}/api/tables/{table_id}/state", timeout=10).json()["view"]
    assert view["table"]["move_time"] == 6.0
    assert not page.problems
    page.context.close()


def test_a_timeout_flashes_the_clock_warns_and_skip_asks_twice(browser: Any, server: LiveServer) -> None:
    made = make(server, game="bank", players=2, seats=["human", "bot:random"], names=["Ada"], seed=8,
                reaction_time=0.2, options={"teams": "+-", "move_time": 2.5, "countdown": 1})
    page = new_page(browser)
    sent = moves_sent(page)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".bank-board")
    # Ada moves first: her clock, first calm, then red in its last second, then the flash
    page.wait_for_selector(".bank-board.my-move .clock:not(.last-second)", timeout=10_000)
    page.wait_for_selector(".bank-board .clock.last-second", timeout=5_000)
    flash = page.locator("[data-testid=penalty-flash].mine")
    flash.wait_for(timeout=5_000)
    assert "Time’s up!" in flash.inner_text() and "−1000 points" in flash.inner_text()
    assert page.get_attribute("[data-testid=penalty-flash].mine", "role") == "alert"
    # her next turn: skip asks before it costs 1000 points
    page.wait_for_selector(".bank-board.my-move .hand [data-move=skip]", timeout=10_000)
    skip = page.locator(".hand [data-move=skip]")
    skip.click()
    assert "Really skip?" in skip.inner_text()
    page.wait_for_timeout(150)
    assert "skip" not in sent
    skip.click()
    page.wait_for_selector(".log .ev-skip", timeout=5_000)
    assert sent.count("skip") == 1
    # Ada leaves (her −2000 is shared by the player left): the game is over; the banner names the
    # winning team, the breakdown shows where every point came from
    page.fill("input[name=move]", "quit")
    page.press("input[name=move]", "Enter")
    result = page.locator("[data-testid=result]")
    result.wait_for(timeout=10_000)
    final = httpx.get(f"{server.url}/api/tables/{made['id']}/state", timeout=10).json()["view"]["table"]
    assert final["winning_team"] in ("+", "-")
    assert f"team {final['winning_team'].replace('-', '−')} wins as a team" in result.inner_text()
    breakdown = page.locator("[data-testid=breakdown]")
    assert breakdown.locator("th", has_text="Penalties").count() == 1
    assert "−2000 (2×)" in breakdown.locator("tr[data-seat='0']").inner_text()
    assert "−2000" in breakdown.locator("tr[data-seat='1']").inner_text()  # the quitter's points, shared
    log = page.locator(".log").inner_text()
    assert "Round 1 of 3 starts." in log
    assert not re.search(r"\d+\.\d s\b", log), log  # no "it ends at 181.0 s": the board counts real seconds
    assert not page.problems
    page.context.close()
