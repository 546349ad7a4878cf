"""The defects a new player found at the tables, each fixed and checked in Debian's chromium: a
double-click plays one card; compound marks the picked card only until the reveal; replay's "Seen
by" stays at its move; a finished game draws its trophy and takes each score apart; dots stops
asking for a next card once the game is over; bank's gauge label keeps clear of its title, its
objects and shop speak words and its objects are clickable; valence places the card clicked, names
each molecule in a stash with its points and shows the 10 points that win.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import ionarena

from . import board_harness as harness
from .browsing import moves_sent, serve
from .conftest import LiveServer
from .test_browser import make, new_page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    yield from serve(tmp_path_factory)


def finished(server: LiveServer, game: str, seed: int) -> dict[str, Any]:
    """An all-bot table of `game`, played to its end (bots move at once)."""
    made = make(server, game=game, players=3, seats=["bot:easy", "bot:easy", "bot:random"], seed=seed,
                bot_delay=0)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if httpx.get(f"{server.url}/api/tables/{made['id']}", timeout=10).json()["status"] == "over":
            return made
        time.sleep(0.1)
    raise AssertionError(f"the {game} bots did not finish")


def test_a_double_click_on_a_board_card_plays_one_card(browser: Any, server: LiveServer) -> None:
    made = make(server, game="dots", players=2, seats=["human", "bot:easy"], names=["Ada"], seed=11)
    page = new_page(browser)
    sent = moves_sent(page)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    for _ in range(40):  # a turn with a card that plays one way only (no chooser)
        page.wait_for_selector(".table-page.my-turn", timeout=15_000)
        cards = page.locator(".hand .dcard.playable").all()
        single = [c for c in cards if not (c.get_attribute("data-card") or "dj").startswith(("joker", "dj"))]
        if single:
            break
        page.locator(".hand [data-move=draw]").click()
        page.wait_for_timeout(200)
    else:
        pytest.fail("never a playable card")
    before = len(sent)
    single[0].dblclick()
    page.wait_for_timeout(800)
    assert len(sent) - before == 1, sent[before:]
    assert page.locator(".toast.error").count() == 0  # no "The game moved on: choose again."
    assert not page.problems
    page.context.close()


def test_compound_marks_the_picked_cards_only_until_the_reveal(browser: Any, server: LiveServer) -> None:
    # the other two seats are people who pick only when told below: bots picking after a delay
    # revealed the picks before the marks were counted whenever the machine was slow
    made = make(server, game="compound", players=3, seats=["human"] * 3, names=["Ada"], seed=17)
    page = new_page(browser)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".my-hand .tiles [data-move=two]")
    assert page.locator(".hand .ecard[data-card=Cl]").count() == 3
    page.click(".my-hand .tiles [data-move=two]")  # Play Two: K and one of the three Cl
    page.wait_for_selector(".hand .ecard.playable[data-card=K]")
    page.click(".hand .ecard.playable[data-card=K]")
    page.wait_for_selector(".hand .ecard.selected[data-card=K]")
    page.click(".hand .ecard.playable[data-card=Cl] >> nth=0")
    page.wait_for_selector(".my-hand .badge.ok")  # picked, face down
    assert page.locator(".hand .ecard.selected").count() == 2  # K and one Cl, not every Cl
    assert page.locator(".hand .ecard.selected[data-card=Cl]").count() == 1
    for seat in (1, 2):  # the others pick a card each: the picks are revealed
        headers = {"Authorization": f"Bearer {made['seats'][seat]['token']}"}
        state = httpx.get(f"{server.url}/api/tables/{made['id']}/state", headers=headers).json()
        pick = next(move for move in state["legal"] if move.startswith("pick "))
        answer = httpx.post(f"{server.url}/api/tables/{made['id']}/actions", headers=headers,
                            json={"action": pick, "version": None})
        assert answer.status_code == 200, answer.text
    page.wait_for_selector(".bond-options .bond", timeout=15_000)  # revealed: KCl to declare
    assert page.locator(".hand .ecard[data-card=Cl]").count() == 2
    assert page.locator(".hand .ecard.selected").count() == 0  # the picks have left the hand
    assert not page.problems
    page.context.close()


def test_changing_seen_by_keeps_the_replay_at_its_move(browser: Any, server: LiveServer) -> None:
    made = finished(server, "dots", seed=4)
    page = new_page(browser)
    page.goto(f"{server.url}/t/{made['id']}/replay")
    page.wait_for_selector(".replay-page[data-step='0']")
    for _ in range(6):
        page.click("[data-testid=forward]")
    page.wait_for_selector(".replay-page[data-step='6']")
    move = int(page.locator(".replay-controls .muted").inner_text().rsplit("move ", 1)[1])
    page.select_option("select[aria-label='Whose view']", "1")
    page.wait_for_function("() => document.querySelector('.replay-page select').value === '1'")
    page.wait_for_timeout(500)
    step = int(page.get_attribute(".replay-page", "data-step"))
    now = int(page.locator(".replay-controls .muted").inner_text().rsplit("move ", 1)[1])
    assert step > 0 and 0 < now <= move, (step, now, move)
    assert not page.problems
    page.context.close()


@pytest.mark.parametrize(("game", "column"), [("dots", "Cards left"), ("compound", "Compounds"),
                                               ("valence", "Reactions made")])
def test_a_finished_game_draws_its_trophy_and_takes_each_score_apart(
        browser: Any, server: LiveServer, game: str, column: str) -> None:
    made = finished(server, game, seed=3)
    page = new_page(browser)
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector("[data-testid=result]")
    text = page.locator("body").inner_text()
    assert "🏆" not in text
    if "without a winner" not in page.locator("[data-testid=result]").inner_text():
        assert page.locator(".seat-row.winner svg.trophy").count() >= 1
    breakdown = page.locator("[data-testid=breakdown]")
    assert breakdown.locator("th", has_text=column).count() == 1
    assert breakdown.locator("tbody tr").count() == 3
    if game == "dots":
        assert page.locator("[data-testid=needs]").count() == 0  # no "Next card must show" after the end
        state = httpx.get(f"{server.url}/api/tables/{made['id']}/state", timeout=10).json()
        sizes = state["view"]["table"]["hand_sizes"]
        cells = [int(breakdown.locator(f"tr[data-seat='{s}'] td").nth(2).inner_text()) for s in range(3)]
        assert cells == sizes  # the cards left in each hand
    assert not page.problems
    page.context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_bank_gauge_label_keeps_clear_of_its_title(browser: Any, server: LiveServer, width: int) -> None:
    spec = ionarena.get_spec("bank")
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    harness.show(page, server.url, spec.position({"teams": "+-", "charge": 0}))
    title = page.locator(".vault-title").bounding_box()
    label = page.locator(".gauge-needle span").bounding_box()
    assert title and label
    apart = label["y"] >= title["y"] + title["height"] or label["x"] >= title["x"] + title["width"]
    assert apart, (title, label)
    context.close()


def test_bank_objects_and_the_shop_in_words_objects_clickable(browser: Any, server: LiveServer) -> None:
    spec = ionarena.get_spec("bank")
    page = new_page(browser)
    harness.show(page, server.url, spec.position({"teams": "+-", "hands": {0: ["++", "-"]},
                                                  "objects": {0: {":": 1, "x2": 1, "useless": 2}}}))
    inventory = page.locator(".inventory")
    assert "[:] Move Time ×1" in inventory.inner_text() and "[×2] Double ×1" in inventory.inner_text()
    assert "Useless ×2" in inventory.inner_text()
    assert page.locator(".inventory span.chip[data-object=useless]").count() == 1  # no use: not a button
    page.click(".inventory button[data-object=':']")
    assert harness.sent(page) == [":"]
    page.click(".inventory button[data-object=x2]")  # [×2] doubles a card: which one?
    choice = page.locator(".inventory .chooser [data-move='x2 ++']")
    assert choice.inner_text() == "++ doubled"
    choice.click()
    assert harness.sent(page) == [":", "x2 ++"]
    shop_open = spec.position({"teams": "+-", "phase": "shop", "on_sale": [":", "x2", "r", "s"],
                               "objects": {0: {"¢": 9}}})
    harness.show(page, server.url, shop_open)
    shop = page.locator(".shop")
    assert "[:] Move Time 4¢" in " ".join(shop.inner_text().split())
    page.click(".shop [data-move='buy :']")
    assert harness.sent(page) == ["buy :"]
    assert not page.problems
    page.context.close()


def test_valence_places_the_card_clicked_and_shows_stashes_with_points(
        browser: Any, server: LiveServer) -> None:
    spec = ionarena.get_spec("valence")
    page = new_page(browser)
    harness.show(page, server.url, spec.position({
        "hands": [["H", "H", "O", "Cl"], ["Na", "F"], ["K"]], "stashes": [["NaOH"], ["HCl", "He"], []],
        "phase": "place", "placing": ["H", "Cl"], "discard": ["F"]}))
    # placing moves the used cards: those are the ones to click, not the hand's H (another card)
    assert page.locator(".my-hand .hand .ecard.playable").count() == 0
    page.click("[data-testid=placing] .ecard.playable[data-card=H]")
    assert harness.sent(page) == ["place H"]
    stash = page.locator(".cseat[data-seat='1'] .stash").inner_text()
    assert "HCl" in stash
    assert "hydrogen chloride" in stash and "helium" in stash
    naoh = page.locator(".cseat[data-seat='0'] [data-molecule=NaOH]").inner_text()
    assert "sodium hydroxide" in naoh and "4" in naoh
    assert "10 points" in page.locator("[data-testid=target]").inner_text()
    assert "4 / 10" in page.locator(".cseat[data-seat='0'] .target").inner_text()
    assert not page.problems
    page.context.close()
