"""The projector view fills a 1920x1080 or a 1280x720 screen and reads from the back of a class:
no scrolling, the board across most of the screen, cards and text sized to the screen's height.
Its screenshot at 1920x1080 is the README's (ION_UPDATE_SCREENSHOTS=1 writes docs/screenshots/).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browsing import serve, shots_folder
from .conftest import LiveServer
from .test_browser import make, screenshot


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    yield from serve(tmp_path_factory)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shots_folder(tmp_path_factory)


SCREENS = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}

MEASURE = """() => {
  const vw = innerWidth, vh = innerHeight;
  const box = (sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { w: r.width, h: r.height };
  };
  const px = (sel) => {
    const el = document.querySelector(sel);
    return el ? parseFloat(getComputedStyle(el).fontSize) : 0;
  };
  const page = document.documentElement;
  return { vw, vh, scrollW: page.scrollWidth, scrollH: page.scrollHeight,
           board: box('.projector-grid .board-col'), felt: box('.projector-page .felt'),
           card: box('.projector-page .felt .dcard.big, .projector-page .felt .ecard'),
           log: px('.projector-page .log li'), name: px('.projector-page .seat-name') };
}"""


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", ["compound", "dots"])
def test_the_projector_view_fills_the_screen(browser: Any, server: LiveServer, shots: Path,
                                             game: str, screen: str) -> None:
    width, height = SCREENS[screen]
    seats = ["bot:medium", "bot:medium", "bot:easy"]
    made = make(server, game=game, players=3, seats=seats, seed=2, bot_delay=1.5)
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(str(err)))
    page.goto(f"{server.url}/t/{made['id']}/projector")
    page.wait_for_selector(".projector-page .felt")
    page.wait_for_selector(".projector-page .log li")
    page.wait_for_timeout(300)
    m = page.evaluate(MEASURE)
    assert m["scrollW"] <= width and m["scrollH"] <= height, "the projector view scrolls"
    assert m["board"]["w"] >= 0.6 * width, m  # the board across most of the screen
    assert m["felt"]["h"] >= 0.55 * height, m  # and down most of it
    assert m["card"]["h"] >= 0.12 * height, m  # a card is an eighth of the screen's height or more
    assert m["log"] >= 0.02 * height and m["name"] >= 0.02 * height, m  # 2 % of the height: 22 px at 1080p
    if game == "compound" and screen == "1920x1080":
        screenshot(page, shots / "projector.png")
    assert not problems
    context.close()
