"""Accounts and classes end to end in Debian's headless Chromium (Playwright): a teacher and six
students on their phones — the class joins by code, is seated at three compound tables, plays (each
student tries a bond the rules refuse, then makes one), and the teacher's report lists each
student's compounds and refusals; and a person signs up, plays rated games against a bot, and finds
the rating on the profile and the leaderboard.

With ION_UPDATE_SCREENSHOTS=1 the tests write the README's screenshots of these pages to
docs/screenshots/ (otherwise to a temporary folder).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ionarena.web import create_app

from .conftest import LiveServer
from .test_browser import screenshot
from .test_browser import shots as shots
from .test_people_api import fast

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
DESK = {"width": 1280, "height": 800}
STUDENTS = ("Sam", "Ana", "Zoë <b>", "Ben", "Kai", "Mia")
CATIONS = ("H", "Na", "K")
ANIONS = ("F", "Cl", "Br", "OH")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("people-browser") / "web.sqlite3"
    with LiveServer(fast(create_app(f"sqlite:///{db}", bot_delay=0.0))) as live:
        yield live


def new_page(browser: Any, viewport: dict[str, int]) -> Any:
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(20_000)
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(str(err)))
    page.on("dialog", lambda dialog: dialog.accept())
    page.problems = problems
    return page


def sign_up(page: Any, server: LiveServer, name: str) -> None:
    page.goto(f"{server.url}/signup")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.fill("input[name=again]", "correct horse battery")
    page.click("button[type=submit]")
    page.wait_for_url("**/account")


def until(page: Any, check: Any, timeout: float = 20.0) -> None:
    """Wait for `check()` to hold (the pages' CSP allows no evaluated strings, so poll from here)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the page never got there"
        page.wait_for_timeout(50)


def cards(page: Any, selector: str) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)")]


def choose_pick(page: Any) -> Any:
    """A hand card likely to make a one-to-one bond with a card left unbonded (else any)."""
    hand = cards(page, ".hand .ecard.playable")
    if not hand:
        return None
    unbonded = cards(page, ".cseat.mine .unbonded .ecard")
    if any(c in CATIONS for c in unbonded):
        wanted = ANIONS
    elif any(c in ANIONS for c in unbonded):
        wanted = CATIONS
    else:
        wanted = CATIONS + ANIONS
    card = next((c for c in hand if c in wanted), hand[0])
    return page.locator(f".hand .ecard.playable[data-card='{card}']").first


def student_turn(page: Any, done: dict[str, bool]) -> bool:
    """One step of a student's play; True if something was clicked or typed."""
    version = page.get_attribute(".table-page", "data-version")
    bonds = page.locator(".bond-options .bond")
    if bonds.count():
        if not done["refused"]:  # first a bond the rules refuse, typed like a student would
            card = (bonds.first.get_attribute("data-move") or "").split()[1]
            page.fill("input[name=move]", f"bond {card} {card}")
            page.click(".type-move button[type=submit]")
            page.wait_for_selector(".toast.error")
            done["refused"] = True
            return True
        bonds.first.click()
        done["bonded"] = True
    else:
        pick = choose_pick(page)
        if pick is None:
            return False
        pick.click()
    deadline = time.monotonic() + 5
    while page.get_attribute(".table-page", "data-version") == version and time.monotonic() < deadline:
        page.wait_for_timeout(30)
    return True


def test_a_class_joins_by_code_plays_three_compound_tables_and_gets_its_report(
    browser: Any, server: LiveServer, shots: Path
) -> None:
    teacher = new_page(browser, PROJECTOR)
    sign_up(teacher, server, "Ms_Curie")
    teacher.fill("form[aria-label='Open a class'] input[name=name]", "9B chemistry")
    teacher.click("form[aria-label='Open a class'] button[type=submit]")
    teacher.wait_for_selector(".dashboard")
    code = teacher.get_attribute("#people-app", "data-code")
    students = []
    for index, name in enumerate(STUDENTS):
        page = new_page(browser, PHONE)
        page.goto(f"{server.url}/join")
        if index == 0:
            screenshot(page, shots / "class-join.png")
        page.fill("input[name=code]", f"{code[:3].lower()} {code[3:].lower()}")  # as read off the board
        page.fill("input[name=name]", name)
        page.click("button[type=submit]")
        page.wait_for_selector("[data-testid=waiting]")
        assert name in page.inner_text("[data-testid=waiting]")
        students.append(page)
    screenshot(students[0], shots / "class-waiting.png")
    teacher.wait_for_selector(".dashboard[data-students='6']")
    assert "Zoë <b>" in teacher.inner_text(".student-list")  # a name with HTML is shown as typed
    teacher.select_option("select[name=game]", "compound")
    teacher.select_option("select[name=variant]", "beginner")
    teacher.select_option("select[name=size]", "2")
    teacher.click("[data-action=seat]")
    teacher.wait_for_selector(".class-table[data-table='3'] .mini-board .compound-board")
    assert teacher.locator(".class-table").count() == 3
    lines = teacher.locator(".class-table .mini-board .round-line")
    until(teacher, lambda: lines.count() == 3)
    at_start = lines.all_inner_texts()  # "Round 1 of 3 · turn 1 · …" at each table
    for page in students:  # each student's page follows them to their table
        page.wait_for_selector(".table-page .compound-board .hand .ecard")

    progress = {name: {"refused": False, "bonded": False} for name in STUDENTS}
    deadline = time.monotonic() + 150
    shot = False
    while not all(p["bonded"] and p["refused"] for p in progress.values()):
        assert time.monotonic() < deadline, f"the students did not all bond in time: {progress}"
        moved = False
        for name, page in zip(STUDENTS, students, strict=True):  # all play on: picks wait for everyone
            moved = student_turn(page, progress[name]) or moved
        if not shot and sum(p["bonded"] for p in progress.values()) >= 2:
            screenshot(students[0], shots / "class-student.png")
            screenshot(teacher, shots / "class-dashboard.png")
            shot = True
        if not moved:
            students[0].wait_for_timeout(50)
    # the small boards are live: every table has moved on from where it started
    until(teacher, lambda: all(a != b for a, b in zip(at_start, lines.all_inner_texts(), strict=True)))
    with teacher.context.expect_page() as opened:
        teacher.click(".class-table[data-table='1'] a:text('Projector view')")
    projector = opened.value
    projector.wait_for_selector(".projector-page .compound-board")
    projector.close()
    teacher.click("[data-action=end]")
    until(teacher, lambda: teacher.locator(".class-table[data-status='playing']").count() == 0)
    teacher.click("text=After-class report")
    teacher.wait_for_selector(".student-report")
    teacher.set_viewport_size(DESK)
    screenshot(teacher, shots / "class-report.png")
    for name in STUDENTS:
        section = teacher.locator(f".student-report[data-student='{name}']")
        formed = section.locator(".formed li").all_inner_texts()
        refused = section.locator(".refused li").all_inner_texts()
        assert formed and all(re.match(r"\S+ \w+", text) for text in formed), (name, formed)
        assert refused and all("bond" in text for text in refused), (name, refused)
    assert teacher.locator("[data-testid=most-formed] li").count() >= 1
    assert teacher.locator("[data-testid=most-wrong] li").count() >= 1
    for page in (teacher, *students):
        assert not page.problems, page.problems
        page.context.close()


def test_a_person_signs_up_plays_rated_games_against_a_bot_and_sees_the_rating(
    browser: Any, server: LiveServer, shots: Path
) -> None:
    page = new_page(browser, PHONE)
    page.goto(f"{server.url}/signup")
    screenshot(page, shots / "signup.png")
    sign_up(page, server, "ada")
    page.set_viewport_size(DESK)
    for _ in range(2):
        page.goto(f"{server.url}/")
        page.wait_for_selector(".lobby .game-tile")
        page.click(".game-tile[data-game=dots]")
        page.select_option("select[name=players]", "2")
        page.fill("input[name=name]", "whoever")  # a signed-in person sits under the account's name
        page.select_option("select[name=seat-1]", "bot:easy")
        page.click("button[type=submit]")
        page.wait_for_selector(".table-page .dots-board")
        for _ in range(1500):
            if page.locator("[data-testid=result]").count():
                break
            for selector in (".chooser .move", ".hand .dcard.playable", ".pile-button",
                             ".extra-moves .move:visible", ".moves .move:visible",
                             ".moves details.move-group:not([open]) > summary"):
                found = page.locator(selector)
                if found.count():
                    version = page.get_attribute(".table-page", "data-version")
                    found.first.click()
                    deadline = time.monotonic() + 3
                    while page.get_attribute(".table-page", "data-version") == version \
                            and time.monotonic() < deadline:
                        page.wait_for_timeout(20)
                    break
            else:
                page.wait_for_timeout(50)
        assert page.locator("[data-testid=result]").count() == 1, "the game did not end"
        assert "ada" in page.inner_text(".players")
    deadline = time.monotonic() + 20
    while True:  # the ratings are written when each table finishes, in their own thread
        page.goto(f"{server.url}/@/ada")
        rows = page.locator("[data-testid=ratings] tr[data-game=dots] td")
        if (rows.count() and rows.nth(3).inner_text() == "2") or time.monotonic() > deadline:
            break
        page.wait_for_timeout(200)
    assert page.inner_text("[data-testid=played]") == "2"
    assert rows.nth(3).inner_text() == "2"  # two rated games of dots
    screenshot(page, shots / "profile.png")
    page.click("[data-testid=ratings] a")  # to the dots leaderboard
    page.wait_for_selector("[data-testid=leaderboard]")
    rows_shown = page.locator("[data-testid=leaderboard] tbody tr")
    names = [rows_shown.nth(i).get_attribute("data-name") for i in range(rows_shown.count())]
    assert set(names) == {"ada", "easy bot"}
    screenshot(page, shots / "leaderboard.png")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
    assert not page.problems, page.problems
    page.context.close()
