"""End to end in a real headless Chromium (Debian's, driven by Playwright): a table made in the
lobby and a whole dots game played by clicking, compound turns, part of a bank round, and two
seats in two browser contexts that never see each other's hand.

The tests also take the screenshots the README shows: set ION_UPDATE_SCREENSHOTS=1 to write them
to docs/screenshots/ (otherwise they go to a temporary folder and are only checked to exist).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ionarena.web import create_app

from .conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("browser") / "web.sqlite3"
    with LiveServer(create_app(f"sqlite:///{db}", bot_delay=0.0)) as live:
        yield live


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if os.environ.get("ION_UPDATE_SCREENSHOTS") == "1":
        folder = ROOT / "docs" / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return tmp_path_factory.mktemp("screenshots")


def new_page(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(str(err)))
    page.problems = problems
    return page


def make(server: LiveServer, **body: Any) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def seat_page(browser: Any, server: LiveServer, made: dict[str, Any], seat: int = 0) -> Any:
    page = new_page(browser)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][seat]['token']}")
    page.wait_for_selector(".table-page")
    return page


def version(page: Any) -> int:
    return int(page.get_attribute(".table-page", "data-version"))


def click_and_wait(page: Any, locator: Any) -> None:
    """Click, then wait (briefly) for the table to move on."""
    before = version(page)
    locator.first.click()
    deadline = time.monotonic() + 3
    while version(page) == before and time.monotonic() < deadline:
        page.wait_for_timeout(20)  # (a refused click leaves the version: the toast says why)


def screenshot(page: Any, path: Path) -> None:
    """A screenshot of the page; for the README (docs/screenshots) kept small: 128 colours."""
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    if path.parent == ROOT / "docs" / "screenshots":
        from PIL import Image

        with Image.open(path) as image:
            small = image.convert("RGB").quantize(
                colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
            )
        small.save(path, optimize=True)


def test_a_whole_dots_game_made_in_the_lobby_and_played_by_clicking(
    browser: Any, server: LiveServer, shots: Path
) -> None:
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector(".lobby .game-tile")
    make(server, game="compound", players=3, seats=["open", "bot:easy", "bot:medium"])  # a table to list
    page.wait_for_selector(".tables .table-row")
    screenshot(page, shots / "lobby.png")
    page.click(".game-tile[data-game=dots]")
    page.select_option("select[name=players]", "2")
    page.fill("input[name=name]", "Ada")
    page.select_option("select[name=seat-1]", "bot:medium")
    page.click("button[type=submit]")
    page.wait_for_selector(".table-page .dots-board .my-hand")
    assert "/t/" in page.url and "token" not in page.url  # the seat link is kept, not shown
    took_shot = False
    for _ in range(800):
        if page.locator("[data-testid=result]").count():
            break
        if not took_shot and page.locator(".hand .dcard.playable").count() >= 2:
            screenshot(page, shots / "dots.png")
            took_shot = True
        for selector in (
            ".chooser .move",
            ".hand .dcard.playable",
            ".pile-button",
            ".extra-moves .move:visible",
            ".moves .move:visible",
            ".moves details.move-group:not([open]) > summary",  # a long group is folded: open it
        ):
            found = page.locator(selector)
            if found.count():
                click_and_wait(page, found)
                break
        else:
            page.wait_for_timeout(50)
    result = page.locator("[data-testid=result]")
    assert result.count() == 1, "the game did not end"
    assert "wins" in result.inner_text() or "without a winner" in result.inner_text()
    assert page.locator(".log li").count() > 5
    assert not page.problems
    # the finished game steps move by move on the replay page
    page.click("text=Replay move by move")
    page.wait_for_selector(".replay-page")
    assert page.get_attribute(".replay-page", "data-step") == "0"
    page.click("[data-testid=forward]")
    page.wait_for_selector(".replay-page[data-step='1']")
    page.context.close()


def test_compound_turns_show_who_has_picked_never_what(browser: Any, server: LiveServer, shots: Path) -> None:
    made = make(
        server, game="compound", players=3, seats=["human", "bot:medium", "bot:easy"], names=["Ada"], seed=17
    )
    page = new_page(browser)
    received: list[dict[str, Any]] = []
    page.on(
        "websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(json.loads(payload)))
    )
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".compound-board .hand .ecard")
    screenshot(page, shots / "compound.png")
    start = version(page)
    turns = 0
    for _ in range(60):
        if turns >= 4:
            break
        for selector in (".hand .ecard.playable", ".bond-options .bond", ".moves .move:visible"):
            found = page.locator(selector)
            if found.count():
                click_and_wait(page, found)
                turns += 1
                break
        else:
            page.wait_for_timeout(100)
    assert turns >= 4 and version(page) > start
    assert page.locator(".log li").count() >= 3
    # whether others have picked is shown; their picked cards never reach this page: each state holds
    # the spectator's table plus this seat's own hand and pick, nothing more
    public = set(httpx.get(f"{server.url}/api/tables/{made['id']}/state").json()["view"]["table"])
    states = [m for m in received if m.get("type") == "state"]
    assert states and all(m["seat"] == 0 for m in states)
    for state in states:
        assert set(state["view"]["table"]) <= public | {"hand", "your_pick"}
        assert all(isinstance(flag, bool) for flag in state["view"]["table"].get("committed", []))
    badges = page.locator(".cseat .badge").all_inner_texts()
    assert all(text in ("picked ✓", "choosing…", "you have picked") for text in badges)
    assert not page.problems
    page.context.close()


def test_part_of_a_bank_round_in_real_time(browser: Any, server: LiveServer, shots: Path) -> None:
    made = make(
        server,
        game="bank",
        players=4,
        seats=["human", "bot:random", "bot:random", "bot:random"],
        names=["Ada"],
        seed=3,
        reaction_time=0.4,
    )
    page = seat_page(browser, server, made)
    page.wait_for_selector(".bank-board")
    page.locator(".moves .move[data-move='team +']").click()
    page.wait_for_selector(".bank-board .hand .bcard", timeout=20_000)  # the round is dealt
    assert page.locator(".gauge").count() == 1
    mine = 0
    deadline = time.monotonic() + 12
    took_shot = False
    while time.monotonic() < deadline and mine < 3:
        cards = page.locator(".bank-board .hand .bcard.playable")
        if cards.count():
            if not took_shot:
                screenshot(page, shots / "bank.png")
                took_shot = True
            cards.first.click()
            mine += 1
            page.wait_for_timeout(300)
        else:
            page.wait_for_timeout(60)
    assert mine >= 1, "never had a move in 12 seconds"
    log = page.locator(".log li").all_inner_texts()
    assert any("Ada (you)" in line for line in log)
    clock = page.locator(".bank-clocks .clock")
    assert clock.count() == 1 or page.locator(".round-clock").count() == 1
    assert not page.problems
    page.context.close()


def test_two_seats_in_two_browsers_never_see_each_others_hand(
    browser: Any, server: LiveServer, shots: Path
) -> None:
    made = make(server, game="dots", players=2, seats=["human", "human"], names=["Ada", "Bob"], seed=29)
    tokens = [s["token"] for s in made["seats"]]
    hands = [
        httpx.get(
            f"{server.url}/api/tables/{made['id']}/state", headers={"Authorization": f"Bearer {t}"}
        ).json()["view"]["table"]["hand"]
        for t in tokens
    ]
    assert hands[0] != hands[1]
    received: list[dict[str, Any]] = []
    page_b = new_page(browser)
    page_b.on(
        "websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(json.loads(payload)))
    )
    page_b.goto(f"{server.url}/t/{made['id']}#token={tokens[1]}")
    page_b.wait_for_selector(".my-hand .dcard")
    page_a = seat_page(browser, server, made, seat=0)
    page_a.wait_for_selector(".my-hand .dcard")
    shown = [
        page.locator(".my-hand .hand .dcard").evaluate_all("cards => cards.map(c => c.dataset.card)")
        for page in (page_a, page_b)
    ]
    assert shown == hands
    # one move by whoever is to move, then B's page has had the whole game so far
    mover = page_a if page_a.locator(".my-hand .your-turn").count() else page_b
    for selector in (".chooser .move", ".hand .dcard.playable", ".pile-button"):
        if mover.locator(selector).count():
            click_and_wait(mover, mover.locator(selector))
            if mover.locator(".chooser .move").count():
                click_and_wait(mover, mover.locator(".chooser .move"))
            break
    page_b.wait_for_timeout(300)
    states = [m for m in received if m.get("type") == "state"]
    assert states and all(m["seat"] == 1 and m["view"]["seat"] == 1 for m in states)
    assert all("hand" not in json.dumps(m["events"]) for m in states)
    assert states[0]["view"]["table"]["hand"] == hands[1]
    page_a.context.close()
    page_b.context.close()


def test_valence_table_and_projector_view(browser: Any, server: LiveServer, shots: Path) -> None:
    made = make(
        server, game="valence", players=3, seats=["human", "bot:medium", "bot:medium"], names=["Ada"], seed=7
    )
    page = seat_page(browser, server, made)
    page.wait_for_selector(".valence-board .hand .ecard")
    screenshot(page, shots / "valence.png")
    page.context.close()
    watched = make(
        server,
        game="compound",
        players=3,
        seats=["bot:medium", "bot:medium", "bot:easy"],
        seed=2,
        bot_delay=0.05,
    )
    projector = new_page(browser)
    projector.goto(f"{server.url}/t/{watched['id']}/projector")
    projector.wait_for_selector(".projector-page .compound-board")
    projector.wait_for_selector("[data-testid=chemistry]", timeout=30_000)  # a compound formed, explained
    assert projector.locator(".my-hand").count() == 0  # a spectator holds no hand
    # (the README's projector screenshot is test_projector's, at 1920x1080)
    assert not projector.problems
    projector.context.close()


def test_a_seated_person_fills_the_empty_seats_with_bots_and_the_game_starts(
    browser: Any, server: LiveServer
) -> None:
    made = make(server, game="dots", players=3, seats=["human", "open", "open"], names=["Ada"], seed=31)
    page = seat_page(browser, server, made)
    page.wait_for_selector(".fill-bar")
    assert page.get_attribute(".table-page", "data-status") == "waiting"
    watcher = new_page(browser)
    watcher.goto(f"{server.url}/t/{made['id']}")
    watcher.wait_for_selector(".join-bar")
    assert watcher.locator(".fill-bar").count() == 0  # a spectator may join, not fill the seats
    page.select_option(".fill-bar select", "easy")
    page.click("[data-fill=bots]")
    page.wait_for_selector(".table-page[data-status=playing]")
    watcher.wait_for_selector(".table-page[data-status=playing]")
    assert page.locator(".fill-bar").count() == 0
    kinds = page.locator(".seat-row .seat-kind").all_inner_texts()
    assert kinds[1:] == ["bot · easy", "bot · easy"]
    assert not page.problems and not watcher.problems
    page.context.close()
    watcher.context.close()
