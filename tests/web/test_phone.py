"""On a phone (390x844 and 360x740, touch), in Debian's chromium: every game's table and the lobby
fit the screen's width (no sideways scrolling), and on your turn your hand and every move you can
make are on the first screen, uncovered, and big enough for a thumb.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .browsing import serve, shots_folder
from .conftest import LiveServer
from .test_browser import make, screenshot

PHONES = {"390x844": (390, 844), "360x740": (360, 740)}

TABLES: dict[str, dict[str, Any]] = {
    "dots": {"game": "dots", "players": 3, "seats": ["human", "bot:easy", "bot:easy"], "seed": 5},
    "compound": {"game": "compound", "players": 3, "seats": ["human", "bot:easy", "bot:easy"], "seed": 17},
    "valence": {"game": "valence", "players": 3, "seats": ["human", "bot:easy", "bot:easy"], "seed": 7},
    "bank": {"game": "bank", "players": 4, "seats": ["human", "bot:random", "bot:random", "bot:random"],
             "seed": 3, "reaction_time": 0.05, "options": {"teams": "+-+-", "move_time": 60}},
}

# How much wider than the screen the page is laid out (a touch browser widens its layout viewport
# to the content, so `innerWidth` grows with it: the screen's width is the measure).
WIDER = "document.documentElement.scrollWidth - screen.width"

# Where is each legal move offered on the first screen? A control whose `data-move` is the move, or a
# playable card the move names (`play 3|6` -> the card 3|6, `pick Cl` -> Cl); uncovered means the
# point at its middle hits it (the hand's dock lies over the board).
REACH = """(legal) => {
  const vw = innerWidth, vh = innerHeight;
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 24));
    return !!hit && (hit === el || el.contains(hit));
  };
  const controls = [...document.querySelectorAll('[data-move], .playable[data-card]')];
  const offers = (el, move) => el.dataset.move === move
    || (el.dataset.card && !el.dataset.move && move.slice(move.indexOf(' ') + 1).startsWith(el.dataset.card));
  const missing = legal.filter((m) => !controls.some((el) => offers(el, m) && seen(el)));
  const small = controls.filter((el) => seen(el) && el.getBoundingClientRect().height < 40)
    .map((el) => el.outerHTML.slice(0, 80));
  const hand = document.querySelector('.my-hand').getBoundingClientRect();
  return { overflow: document.documentElement.scrollWidth - screen.width, missing, small,
           hand: [hand.top, hand.bottom], vh, scrollY };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    yield from serve(tmp_path_factory)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shots_folder(tmp_path_factory)


@pytest.fixture(scope="module")
def tables(server: LiveServer) -> dict[str, dict[str, Any]]:
    return {game: make(server, names=["Ada"], **body) for game, body in TABLES.items()}


@pytest.fixture(scope="module", params=list(PHONES))
def phone(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    width, height = PHONES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(str(err)))
    page.problems = problems
    yield page
    context.close()


def legal_moves(server: LiveServer, made: dict[str, Any]) -> list[str]:
    state = httpx.get(f"{server.url}/api/tables/{made['id']}/state",
                      headers={"Authorization": f"Bearer {made['seats'][0]['token']}"}, timeout=10).json()
    moves: list[str] = state["legal"]
    return moves


@pytest.mark.parametrize("game", list(TABLES))
def test_your_turn_fits_the_first_screen(phone: Any, server: LiveServer, tables: dict[str, Any],
                                         game: str, shots: Path) -> None:
    made = tables[game]
    phone.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    phone.wait_for_selector(".table-page.my-turn .my-hand :is(.playable, [data-move])", timeout=20_000)
    phone.wait_for_timeout(300)  # the card faces' catalogue, the last layout
    legal = legal_moves(server, made)
    assert legal
    found = phone.evaluate(REACH, legal)
    assert found["overflow"] <= 0, f"{game}: the page is {found['overflow']} px wider than the screen"
    assert found["scrollY"] == 0
    top, bottom = found["hand"]
    assert top >= 0 and bottom <= found["vh"] + 0.5, f"{game}: the hand is at {top}..{bottom}"
    assert found["missing"] == [], f"{game}: moves not on the first screen: {found['missing']}"
    assert found["small"] == [], f"{game}: controls too small for a thumb: {found['small']}"
    if game == "dots" and phone.viewport_size["width"] == 390:
        screenshot(phone, shots / "phone.png")
    assert not phone.problems


def test_the_lobby_fits_and_the_tables_menu_folds_away(phone: Any, server: LiveServer,
                                                       tables: dict[str, Any]) -> None:
    phone.goto(server.url + "/")
    phone.wait_for_selector(".lobby .table-row")
    for game in ("bank", "compound", "valence", "dots"):  # each game's own fields
        phone.click(f".game-tile[data-game={game}]")
        assert phone.evaluate(WIDER) <= 0, game
    start = phone.locator("button[type=submit]")
    box = start.bounding_box()
    assert box is not None and box["y"] + box["height"] <= phone.viewport_size["height"]  # held in reach
    made = tables["dots"]
    phone.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    phone.wait_for_selector(".table-page .menu-toggle")
    assert not phone.locator(".head-links a.rules-link").is_visible()  # folded: the board comes first
    phone.click(".menu-toggle")
    assert phone.locator(".head-links a.rules-link").is_visible()
    assert phone.locator("[data-testid=invite]").is_visible()
    assert phone.evaluate(WIDER) <= 0
    assert not phone.problems


@pytest.mark.parametrize("path", ["/rules/bank", "/rules/valence", "/rules/compound", "/rules/dots",
                                  "/docs/api", "/replay"])
def test_the_rules_the_api_and_watch_a_record_fit_a_phone(phone: Any, server: LiveServer, path: str) -> None:
    """Wide tables scroll inside their box and long code wraps (at 360 px the bank's rules were
    laid out 525 px wide, valence's 690, the API page 606, and the record's file field 389)."""
    phone.goto(server.url + path)
    phone.wait_for_selector("main, .doc-page, .replay-page")
    assert phone.evaluate(WIDER) <= 0, f"{path} is {phone.evaluate(WIDER)} px wider than the screen"
    assert not phone.problems


def test_every_link_of_the_top_bar_is_on_the_screen(phone: Any, server: LiveServer) -> None:
    """The top bar wraps on a phone: at 390 px "Join a class" and "Account" were cut off at the
    screen's edge in a strip that scrolled sideways with nothing to say so."""
    phone.goto(server.url + "/")
    phone.wait_for_selector("header.top nav a")
    width = phone.viewport_size["width"]
    outside = phone.evaluate("""(width) => [...document.querySelectorAll('header.top nav a')]
      .filter((a) => a.offsetParent !== null)
      .filter((a) => { const r = a.getBoundingClientRect(); return r.left < 0 || r.right > width; })
      .map((a) => a.textContent.trim())""", width)
    assert outside == []
