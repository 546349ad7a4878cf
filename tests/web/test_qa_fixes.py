"""What a second browser QA pass of `ion serve` found (/work/wt/qa-reports/web.md), each checked in
Debian's chromium: a dots card that asks a choice says it in words; bank writes team − with a minus
sign; the chat button never lies over a control; the phone's hand dock lets go of the board once
the game is over.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import ionarena

from . import board_harness as harness
from .browsing import serve
from .conftest import LiveServer
from .test_browser import make, new_page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    yield from serve(tmp_path_factory)


def test_a_double_joker_and_a_gift_ask_their_choice_in_words(browser: Any, server: LiveServer) -> None:
    """The chooser said "Play dj: name 1 … name 6", the engine's words."""
    spec = ionarena.get_spec("dots")
    page = new_page(browser)
    harness.show(page, server.url, spec.position({"hands": [["dj", "gift 1|2", "3|4"], ["2|5", "5|6"]],
                                                  "top": "1|3"}))
    page.click(".my-hand .playable[data-card=dj]")
    chooser = page.locator(".chooser")
    asked = chooser.inner_text()
    assert "Double Joker" in asked and "dj" not in asked.split()
    assert "name 1" not in asked
    page.click(".chooser button.move >> text=4")
    assert harness.sent(page) == ["play dj name 4"]
    gift = page.locator(".my-hand .playable[data-card^=gift]")
    gift.click()
    asked = page.locator(".chooser").inner_text()
    assert "Gift" in asked and "give Double Joker" in asked and "play gift" not in asked
    assert "dj" not in asked.split()
    page.locator(".chooser button.move").first.click()
    assert harness.sent(page)[-1].startswith("play gift 1|2 give ")
    assert not page.problems
    page.context.close()


def test_bank_writes_team_minus_and_negative_points_with_a_minus_sign(browser: Any,
                                                                      server: LiveServer) -> None:
    """"team - · -16800 pts" read as dashes beside the gauge's "−10" and the flash's "−1000":
    the page writes team − and −16800 (the moves sent stay `team -`, as typed)."""
    spec = ionarena.get_spec("bank")
    page = new_page(browser)
    state = spec.position({"teams": "+-", "hands": {0: ["++", "-"]}, "scores": [300, -1600], "charge": -4})
    harness.show(page, server.url, state)
    board = page.locator(".bank-board").inner_text()
    assert "team −" in board and "team -" not in board
    assert "−1600" in board and "-1600" not in board
    assert "−4" in board and "-4" not in board  # the gauge's charge
    module = "/static/js/games/bank-words.js"
    said = page.evaluate("""async (module) => {
      const words = await import(module);
      return words.words({ kind: 'join', text: 'Bob joins team -.' }, { names: ['Ada', 'Bob'], seat: 0 });
    }""", module)
    assert said == "Bob joins team −."
    assert not page.problems
    page.context.close()


COVERED = """() => {
  const toggle = document.querySelector('[data-testid=chat-toggle]').getBoundingClientRect();
  const controls = [...document.querySelectorAll(
    '.table-page button, .table-page input, .table-page a, .table-page select')]
    .filter((el) => !el.closest('.chat'));
  return controls.filter((el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    return r.left < toggle.right && r.right > toggle.left && r.top < toggle.bottom && r.bottom > toggle.top;
  }).map((el) => el.outerHTML.slice(0, 80));
}"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_chat_button_lies_over_no_control(browser: Any, server: LiveServer,
                                              size: tuple[int, int]) -> None:
    """At 1280x720 the floating chat button covered the typed move's Play button: on a laptop or a
    projector it sits in the table's head, in the flow, and still opens the chat."""
    made = make(server, game="compound", players=3, seats=["human", "bot:easy", "bot:easy"], seed=17,
                names=["Ada"])
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".table-page.my-turn [data-testid=chat-toggle]")
    toggle = page.locator("[data-testid=chat-toggle]")
    assert toggle.evaluate("(el) => getComputedStyle(el).position") != "fixed"  # nothing scrolls under it
    assert toggle.evaluate("(el) => !!el.closest('.table-head')")
    bottom = page.evaluate("document.documentElement.scrollHeight - innerHeight")
    for scroll in range(0, bottom + 40, 40):  # wherever the page is scrolled to
        page.evaluate(f"scrollTo(0, {scroll})")
        assert page.evaluate(COVERED) == [], f"at scroll {scroll}"
    page.click("[data-testid=chat-toggle]")
    assert page.locator(".chat-drawer").is_visible()
    context.close()


def play_out(server: LiveServer, made: dict[str, Any]) -> None:
    """Every seat of `made` plays its first legal move until the game is over."""
    tokens = [seat["token"] for seat in made["seats"] if seat["token"]]
    with httpx.Client(base_url=server.url, timeout=10) as client:
        for _ in range(4000):
            for token in tokens:
                headers = {"Authorization": f"Bearer {token}"}
                state = client.get(f"/api/tables/{made['id']}/state", headers=headers).json()
                assert "over" in state, state
                if state["over"]:
                    return
                if state["legal"]:
                    client.post(f"/api/tables/{made['id']}/actions", headers=headers,
                                json={"action": state["legal"][0], "version": state["version"]})
    raise AssertionError("the game did not end")


def test_the_phones_hand_dock_lets_go_of_the_board_once_the_game_is_over(browser: Any,
                                                                         server: LiveServer) -> None:
    """The dock (your hand held at the bottom of the screen) stayed after the end, empty, over the
    board and the players' compounds."""
    made = make(server, game="compound", players=2, seats=["human", "human"], names=["Ada", "Bob"], seed=5)
    play_out(server, made)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".table-page[data-status=over] .my-hand")
    assert page.locator(".my-hand").evaluate("(el) => getComputedStyle(el).position") == "static"
    context.close()


def test_the_projector_view_opened_on_a_phone_fits_its_width(browser: Any, server: LiveServer) -> None:
    """The table's address in the projector's head (a long line without a space) laid the page out
    480 px wide at 390."""
    made = make(server, game="valence", players=3, seats=["bot:easy"] * 3, seed=7)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{made['id']}/projector")
    page.wait_for_selector(".projector-page .projector-address")
    assert page.evaluate("document.documentElement.scrollWidth - screen.width") <= 0
    context.close()


def test_compound_declarations_say_the_compound_and_the_card_kept(browser: Any, server: LiveServer) -> None:
    """The declare buttons read "bond Mn2 SO4 = MnSO4 — …" and "unbonded" (the typed moves): they
    now say the compound first, and which card stays unbonded."""
    spec = ionarena.get_spec("compound")
    state = spec.position({"players": 2, "hands": [["Ca", "Cl"], ["K", "K"]],
                           "unbonded": [["H", "Mn"], ["Na"]]})
    state.apply(0, state.parse_action(0, "pick Cl"))
    state.apply(1, state.parse_action(1, "pick K"))
    page = new_page(browser)
    harness.show(page, server.url, state)
    bond = page.locator(".my-hand [data-move='bond H Cl = HCl — hydrogen chloride']")
    assert bond.inner_text().startswith("HCl hydrogen chloride")
    keep = page.locator(".my-hand [data-move=unbonded]")
    assert keep.inner_text() == "keep Cl unbonded"
    keep.click()
    assert harness.sent(page) == ["unbonded"]
    assert not page.problems
    page.context.close()


def test_a_replay_on_a_phone_large_type_beside_its_words_the_hand_undocked(browser: Any,
                                                                           server: LiveServer) -> None:
    """At 390 px the "large type (class)" checkbox sat above its words, and a seat's hand was docked
    over the board of a replay, where no move is made."""
    made = make(server, game="dots", players=2, seats=["human", "human"], names=["Ada", "Bob"], seed=8)
    play_out(server, made)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{made['id']}/replay")
    box = page.locator("label:has-text('large type') input[type=checkbox]")
    box.wait_for()
    words = page.locator("label:has-text('large type')")
    label, tick = words.bounding_box(), box.bounding_box()
    assert label is not None and tick is not None
    assert label["height"] <= tick["height"] + 6, (label, tick)  # one line: the box and its words
    page.goto(f"{server.url}/t/{made['id']}/replay?seat=0")  # a seat's view: its hand, not docked
    page.wait_for_selector(".replay-page .my-hand")
    assert page.locator(".my-hand").evaluate("(el) => getComputedStyle(el).position") == "static"
    context.close()


def test_a_table_waiting_for_players_shows_nobody_choosing(browser: Any, server: LiveServer) -> None:
    """A compound table waiting for its last player said every seat was "choosing…", the hand
    "picking" and the players' list marked who was to move, before anyone could."""
    made = make(server, game="compound", players=3, seats=["human", "open", "bot:easy"], names=["Ada"])
    page = new_page(browser)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".table-page[data-status=waiting] .compound-board .cseat")
    board = page.locator(".compound-board").inner_text()
    assert "choosing" not in board and "picking" not in board
    assert page.locator(".players .seat-row.acting").count() == 0
    page.locator("[data-join], [data-fill=bots]").first.click()  # fill the seat: the game starts
    page.wait_for_selector(".table-page[data-status=playing] .badge.wait")  # now someone chooses
    assert not page.problems
    page.context.close()


def test_a_seat_link_opened_in_a_tab_already_watching_the_table_seats_it(browser: Any,
                                                                         server: LiveServer) -> None:
    """Pasting your seat's link into a tab that shows the table changes only the address's hash:
    the page went on as a spectator (and an adjourned table stayed adjourned)."""
    made = make(server, game="dots", players=2, seats=["human", "human"], names=["Ada", "Bob"], seed=2)
    page = new_page(browser)
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector(".table-page .join-bar, .table-page .dots-board")
    assert page.locator(".my-hand").count() == 0  # watching
    page.evaluate("(token) => { location.hash = 'token=' + encodeURIComponent(token); }",
                  made["seats"][1]["token"])
    page.wait_for_selector(".table-page .my-hand")
    assert "Bob (you)" in page.locator(".players").inner_text()
    assert "token" not in page.url  # the link's secret leaves the address bar, as on a first visit
    assert not page.problems
    page.context.close()


def test_a_rematch_that_waits_says_so_once_and_nobody_is_to_move(browser: Any, server: LiveServer) -> None:
    """A rematch waiting for Bob also said "The game starts when every seat is taken. Share this
    page's address: …" (an address cut off at a phone's edge), and Ada's hand said "to move"."""
    made = make(server, game="dots", players=3, seats=["human", "human", "bot:easy"], names=["Ada", "Bob"],
                seed=6)
    play_out(server, made)
    asked = httpx.post(f"{server.url}/api/tables/{made['id']}/rematch", timeout=10,
                       headers={"Authorization": f"Bearer {made['seats'][0]['token']}"}).json()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{asked['id']}#token={asked['seats'][0]['token']}")
    page.wait_for_selector(".table-page[data-status=waiting] [data-testid=rematch]")
    page.wait_for_selector(".my-hand .dcard")
    assert "every seat is taken" not in page.locator(".table-page").inner_text()
    # whoever the deal puts first, nobody is marked to move before the rematch starts
    assert page.locator(".my-hand .your-turn, .opponent.acting, .seat-row.acting").count() == 0
    assert "waiting for" in page.locator("[data-testid=rematch]").inner_text()
    other = make(server, game="dots", players=2, seats=["human", "open"], names=["Ada"])  # not a rematch
    page.goto(f"{server.url}/t/{other['id']}#token={other['seats'][0]['token']}")
    note = page.locator("[data-testid=waiting-note]")
    note.wait_for()
    box = note.bounding_box()
    right = note.locator(".address").evaluate("(el) => el.getBoundingClientRect().right")
    assert box is not None and right <= box["x"] + box["width"]  # the address wraps inside its note
    context.close()


def test_a_waiting_tables_head_leaves_room_for_its_title_on_a_small_phone(browser: Any,
                                                                          server: LiveServer) -> None:
    """At 360 px a waiting table's head showed "Ion:…": "waiting for players", "live", "1 watching"
    and the menu left the title one word."""
    made = make(server, game="compound", players=2, seats=["human", "open"], names=["Ada"])
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector(".table-page[data-status=waiting] .join-bar")
    title = page.locator(".table-head h1").bounding_box()
    assert title is not None and title["width"] >= 120, title
    assert page.locator(".table-head .status").inner_text() == "waiting"
    context.close()


def test_the_first_tab_on_a_table_skips_to_your_hand(browser: Any, server: LiveServer) -> None:
    """With the keyboard the first card of the hand was 19 Tabs away (the site's links, the table's
    menu); now the first Tab offers "Skip to your hand", and the next Tab is a card."""
    made = make(server, game="dots", players=2, seats=["human", "bot:easy"], names=["Ada"], seed=5)
    page = new_page(browser)
    page.goto(f"{server.url}/t/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".table-page.my-turn .my-hand .playable")
    page.keyboard.press("Tab")
    skip = page.locator("[data-testid=skip-to-hand]")
    assert skip.evaluate("(el) => el === document.activeElement") and skip.is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("() => !!document.activeElement.closest('.my-hand')")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('.my-hand .dcard, .my-hand [data-move]')")
    assert not page.problems
    page.context.close()


def test_valence_cards_to_place_are_thumb_sized_on_a_phone(browser: Any, server: LiveServer) -> None:
    """The cards being placed (the ones to tap) were drawn small: 40 px wide at 390, the symbol over
    the valence, the name gone."""
    spec = ionarena.get_spec("valence")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    harness.show(page, server.url, spec.position({
        "hands": [["H", "H", "O", "Cl"], ["Na", "F"], ["K"]], "stashes": [["NaOH"], ["HCl", "He"], []],
        "phase": "place", "placing": ["H", "Cl"], "discard": ["F"]}))
    for card in page.locator("[data-testid=placing] .ecard.playable").all():
        box = card.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    context.close()


def test_the_projectors_stashes_are_read_from_the_back_of_a_class(browser: Any,
                                                                   server: LiveServer) -> None:
    """On a 1280x720 projector valence's stashes and molecule bank were smaller than the projector's
    own text (14.7 and 13.6 px beside 15.1): they are at least as large now."""
    spec = ionarena.get_spec("valence")
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    harness.show(page, server.url, spec.position({
        "hands": [["H", "O"], ["Na", "F"], ["K"]], "stashes": [["NaOH", "H2O"], ["HCl"], []]}), seat=None)
    page.evaluate("document.getElementById('harness').className = 'projector-page'")
    text, sizes = page.evaluate("""() => [
      parseFloat(getComputedStyle(document.getElementById('harness')).fontSize),
      [...document.querySelectorAll('.compounds .compound, .molecule-bank .chip')]
        .map((el) => parseFloat(getComputedStyle(el).fontSize))]""")
    assert sizes and min(sizes) >= text, (text, sizes)
    context.close()
