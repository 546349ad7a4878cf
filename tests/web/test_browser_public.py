"""The lobby and the table page for a public server, in Debian's chromium: a seed typed in the
lobby is kept to its last digit and shown to whoever comes to join as a practice deal (desktop and
phone), and an adjourned table is listed, explained to a spectator and resumed by its seat's link.
Screenshots go to a temporary folder (look at them with ION_KEEP_SHOTS=<folder>)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ionarena.web import create_app
from ionarena.web.limits import Limits

from .conftest import LiveServer

TOP = "18446744073709551615"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("public") / "web.sqlite3"
    limits = Limits(idle_minutes=0.01, presence_seconds=0.3, sweep_seconds=0.1)
    with LiveServer(create_app(f"sqlite:///{db}", bot_delay=0.0, limits=limits)) as live:
        yield live


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    kept = os.environ.get("ION_KEEP_SHOTS")
    if kept:
        Path(kept).mkdir(parents=True, exist_ok=True)
        return Path(kept)
    return tmp_path_factory.mktemp("shots")


def page_at(browser: Any, width: int = 1280, height: int = 800) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def test_a_seed_typed_in_the_lobby_is_kept_exactly_and_shown_to_joiners(browser: Any, server: LiveServer,
                                                                         shots: Path) -> None:
    maker = page_at(browser)
    maker.goto(server.url + "/")
    maker.fill("input[name=name]", "Ada")
    maker.select_option("select[name=seat-1]", "open")
    maker.click("summary:has-text('Seed')")
    maker.fill("input[name=seed]", TOP)
    maker.screenshot(path=str(shots / "lobby-seed.png"), full_page=True)
    maker.click("button[type=submit]")
    maker.wait_for_selector(".table-page")
    table = maker.url.split("/t/")[1].split("#")[0]
    assert httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()["practice"] == TOP
    for width, height, name in ((1280, 800, "join-practice.png"), (390, 844, "join-practice-phone.png")):
        joiner = page_at(browser, width, height)
        joiner.goto(f"{server.url}/t/{table}")
        note = joiner.wait_for_selector(".practice-note")
        assert TOP in note.inner_text() and "every hand" in note.inner_text()
        joiner.screenshot(path=str(shots / name), full_page=True)
        box = note.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width  # read whole on a phone
        joiner.context.close()
    lobby = page_at(browser)
    lobby.goto(server.url + "/")
    row = lobby.wait_for_selector(f"[data-table='{table}'] .practice")
    assert "practice deal" in row.inner_text()
    maker.context.close()
    lobby.context.close()


def test_an_adjourned_table_is_listed_explained_and_resumed_by_its_seats_link(
        browser: Any, server: LiveServer, shots: Path) -> None:
    made = httpx.post(f"{server.url}/api/tables", timeout=10, json={
        "game": "dots", "players": 2, "seats": ["human", "human"], "names": ["Ada", "Bea"]}).json()
    table, token = made["id"], made["seats"][0]["token"]
    deadline = time.monotonic() + 30
    lobby_rows = f"{server.url}/api/tables"  # (the lobby's list: reading it is not being at the table)
    while table not in {t["id"] for t in httpx.get(lobby_rows, timeout=10).json()["adjourned"]}:
        assert time.monotonic() < deadline, "the table was not adjourned"
        time.sleep(0.2)
    lobby = page_at(browser)
    lobby.goto(server.url + "/")
    row = lobby.wait_for_selector(f"[data-table='{table}']")
    assert "adjourned" in row.inner_text()
    lobby.screenshot(path=str(shots / "lobby-adjourned.png"), full_page=True)
    watcher = page_at(browser)
    watcher.goto(f"{server.url}/t/{table}")
    watcher.wait_for_selector("[data-testid=adjourned]")
    watcher.screenshot(path=str(shots / "table-adjourned.png"), full_page=True)
    seat = page_at(browser)
    seat.goto(f"{server.url}/t/{table}#token={token}")
    seat.wait_for_selector(".table-page[data-status=playing]")
    assert seat.locator("[data-testid=adjourned]").count() == 0
    for page in (lobby, watcher, seat):
        page.context.close()
