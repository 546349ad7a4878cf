"""Your turn, noticed, and a table for every hand, in Debian's chromium: the tab's title and icon
change on your turn, "Your turn" is announced to screen readers, a chime and a browser
notification come when the tab is hidden (once chosen); the invite link copies the table's address;
cards land with a short animation unless the system asks for less motion; the card on the table
says who played it; and a whole game is played with the keyboard alone, the focus staying on the
hand after each move.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from .browsing import serve
from .conftest import LiveServer
from .test_browser import make, new_page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    yield from serve(tmp_path_factory)

# The browser's notification and sound, as stand-ins that write down what the page asked of them,
# and a switch for "the tab is hidden" (headless chromium shows no notification and plays no sound).
STAND_INS = """
window.__notes = []; window.__chimes = 0; window.__hidden = false;
Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.__hidden });
window.Notification = class {
  static permission = 'granted';
  static requestPermission() { return Promise.resolve('granted'); }
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
};
window.AudioContext = class {
  constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
  resume() {}
  createOscillator() {
    window.__chimes += 1;
    return { frequency: {}, connect: (x) => x, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (x) => x };
  }
};
"""

TURN_MOVES = (".hand .dcard.playable:not(:disabled), .my-hand [data-move=draw]:not(:disabled), "
              ".my-hand .extra-moves .move:not(:disabled)")


FOCUSED_ON = "(sel) => { const a = document.activeElement; return !!a && a.matches(sel) && !a.disabled; }"
FOCUS_PLACE = """() => {
  const a = document.activeElement;
  if (!a) return null;
  return a.closest('.my-hand') ? 'hand' : a.matches('.pile-button') ? 'pile' : a.tagName;
}"""


def my_turn_move(page: Any) -> None:
    """Make any move of this seat's turn by clicking (the first playable card, else draw)."""
    page.locator(TURN_MOVES).first.click()
    if page.locator(".chooser .move").count():
        page.locator(".chooser .move").first.click()


def test_your_turn_changes_the_tab_is_announced_and_alerts_a_hidden_tab(
        browser: Any, server: LiveServer) -> None:
    made = make(server, game="dots", players=2, seats=["human", "bot:easy"], names=["Ada"], seed=21,
                bot_delay=0.3)
    page = new_page(browser)
    page.add_init_script(STAND_INS)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".table-page.my-turn")
    page.wait_for_function("() => document.title.startsWith('● Your turn')")
    assert "favicon-turn" in page.get_attribute("link[rel=icon]", "href")
    assert page.locator("[data-testid=turn-announcer]").inner_text().startswith("Your turn")
    mine = page.locator(".seat-row[aria-current=true]")
    assert mine.get_attribute("data-seat") == "0" and "(to move)" in mine.locator(".sr-only").inner_text()
    # Ada asks for a sound and a notification, then leaves the tab for another
    page.click(".alerts-menu summary")
    page.check("input[name=alert-sound]")
    page.check("input[name=alert-notify]")
    chimes = page.evaluate("window.__chimes")
    page.evaluate("window.__hidden = true")
    my_turn_move(page)
    page.wait_for_function("() => !document.title.startsWith('●')", timeout=10_000)  # the bot's turn
    assert "favicon-turn" not in page.get_attribute("link[rel=icon]", "href")
    page.wait_for_function("() => window.__notes.length > 0", timeout=15_000)  # her turn again, tab hidden
    assert page.evaluate("window.__notes[0].title") == "Your turn"
    assert page.evaluate("window.__chimes") > chimes
    assert not page.problems
    page.context.close()


def test_the_invite_link_copies_the_tables_address(browser: Any, server: LiveServer) -> None:
    made = make(server, game="compound", players=3, seats=["human", "open", "bot:easy"], names=["Ada"],
                seed=2)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.click("[data-testid=invite]")
    page.wait_for_selector("[data-testid=invite]:has-text('Link copied')")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{server.url}/t/{made['id']}"  # the table's address, never the seat's token
    context.close()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_cards_land_with_an_animation_unless_less_motion_is_asked(browser: Any, server: LiveServer,
                                                                  motion: str) -> None:
    made = make(server, game="dots", players=2, seats=["bot:easy", "bot:easy"], seed=5, bot_delay=5)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    page = context.new_page()
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector(".top-card .dcard.landed")
    name = page.evaluate("getComputedStyle(document.querySelector('.top-card .dcard')).animationName")
    assert name == ("none" if motion == "reduce" else "land")
    context.close()


def test_a_whole_game_with_the_keyboard_alone(browser: Any, server: LiveServer) -> None:
    made = make(server, game="dots", players=2, seats=["human", "bot:easy"], names=["Ada"], seed=9)
    page = new_page(browser)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".table-page .my-hand")
    target = ".hand .dcard.playable, .pile-button, .chooser .move, .my-hand .extra-moves .move"
    moves = kept = 0
    deadline = time.monotonic() + 120  # (the bot's turns take what they take on a loaded machine)
    while time.monotonic() < deadline:
        if page.locator("[data-testid=result]").count():
            break
        if not page.locator(".table-page.my-turn").count():
            page.wait_for_timeout(50)
            continue
        for _ in range(80):  # Tab to a move of this turn (never the mouse)
            if page.evaluate(FOCUSED_ON, target):
                break
            page.keyboard.press("Tab")
        else:
            pytest.fail("no move reachable with Tab")
        chooser = page.evaluate("document.activeElement.matches('.chooser .move')")
        before = page.get_attribute(".table-page", "data-version")
        played = page.evaluate("document.activeElement.matches('.hand .dcard')")
        page.keyboard.press("Enter")
        if not chooser and page.locator(".chooser .move").count():
            continue  # the card plays several ways: the chooser has the focus now
        page.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{before}'")
        moves += 1
        page.wait_for_timeout(30)
        where = page.evaluate(FOCUS_PLACE)
        kept += where in ("hand", "pile")  # on the hand, or still on the draw pile it pressed
        if played and moves < 5:
            page.wait_for_selector("[data-testid=last-move]")
    assert page.locator("[data-testid=result]").count() == 1, "the game did not end"
    assert moves >= 3 and kept == moves, (moves, kept)  # the focus stayed on the hand after every move
    assert not page.problems
    page.context.close()
