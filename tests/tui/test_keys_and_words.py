"""Small things a person meets at the table: Escape gives the keys back, Ctrl-C asks to leave, a
group's heading says what it asks, ↑/↓ move between rows of the hand, a long list folds its
cards, the log names your draws and each Block once, the marks of whose move it was, and a card
that goes down by itself does not let a second key press act on the next list."""

from __future__ import annotations

import time

from ionarena.core import Event, Names, get_spec
from ionarena.tui.games import ui_for
from ionarena.tui.games.base import KEYS
from ionarena.tui.screens import ConfirmScreen, LeaveScreen
from ionarena.tui.session import PlaySession
from ionarena.tui.widgets.cards import CardBox, Hand
from ionarena.tui.widgets.panes import BOTS, MINE, OTHERS, CommandLine, MovePicker, event_line

from .drive import wait_for
from .test_interaction import my_turn, run_app


def caption(app) -> str:
    return str(app.table_screen.query_one("#moves-caption").render())


def test_escape_leaves_the_command_line_and_the_number_keys_work_again():
    session = PlaySession.open("dots", players=3, seed=5, bot_delay=0)
    seen: dict = {}

    async def script(pilot, app):
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.press("slash", "p", "l")
        line = app.table_screen.query_one("#command", CommandLine)
        seen["typing"] = app.focused is line
        await pilot.press("escape")
        seen["left"] = app.focused is not line
        seen["kept"] = line.value
        await pilot.press("1")  # the first entry of the list, as before any typing
        await pilot.pause()
        picker = app.table_screen.query_one("#moves", MovePicker)
        seen["acted"] = picker.open_group is not None or session.table.version > app.latest[0].version - 1

    run_app(session, script)
    assert seen["typing"] and seen["left"] and seen["kept"] == "pl" and seen["acted"]


def test_ctrl_c_asks_to_leave_and_twice_leaves():
    session = PlaySession.open("dots", players=3, seed=5, bot_delay=0)
    seen: dict = {}

    async def script(pilot, app):
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.press("ctrl+c")
        await pilot.pause()
        seen["asked"] = isinstance(app.screen, LeaveScreen)
        await pilot.press("n")
        await pilot.pause()
        seen["stayed"] = app.screen is app.table_screen
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()

    app = run_app(session, script)
    assert seen["asked"] and seen["stayed"]
    assert app.return_code == 0 and session.table.status == "abandoned"


def test_a_group_says_what_it_asks_and_the_hand_moves_by_rows():
    session = PlaySession.open("dots", players=3, seed=5, bot_delay=0)
    seen: dict = {}

    async def script(pilot, app):
        await wait_for(pilot, lambda: my_turn(app))
        seen["before"] = caption(app)
        picker = app.table_screen.query_one("#moves", MovePicker)
        picker.open("card:dj")
        await pilot.pause()
        seen["inside"] = caption(app)
        await pilot.press("escape")
        await pilot.pause()
        seen["after"] = caption(app)
        await pilot.press("h")
        hand = app.table_screen.query_one("#hand", Hand)
        boxes = list(hand.query(CardBox))
        first = boxes.index(app.focused)
        await pilot.press("down")
        seen["down"] = boxes.index(app.focused) - first
        await pilot.press("up")
        seen["up"] = boxes.index(app.focused) - first
        seen["columns"] = hand.columns
        seen["cards"] = len(boxes)

    run_app(session, script)
    assert seen["before"] == "Play a card that matches, or draw"
    assert seen["inside"].startswith("play Double Joker: name a number:") and "Esc: back" in seen["inside"]
    assert seen["after"] == seen["before"]
    assert seen["cards"] > seen["columns"]  # two rows at least (100 columns: 6 cards a row)
    assert seen["down"] == seen["columns"] and seen["up"] == 0


def test_more_moves_than_number_keys_fold_the_cards_and_compound_says_pick():
    session = PlaySession.open("compound", players=3, seed=2, bot_delay=0)
    seen: dict = {}

    async def script(pilot, app):
        await wait_for(pilot, lambda: my_turn(app))
        picker = app.table_screen.query_one("#moves", MovePicker)
        seen["groups"] = [(g.label, len(g.choices)) for g in picker.groups]
        seen["legal"] = len(app.latest[0].legal)
        version = session.table.version
        boxes = list(app.table_screen.query("#hand CardBox").results(CardBox))
        seen["card"] = boxes[0].spec.key
        await pilot.click(boxes[0])  # a card folded into "pick a card …" still plays from the hand
        await wait_for(pilot, lambda: session.table.version > version)
        seen["picked"] = [e for e in session.table.update(0, since=version).events if e.kind == "pick"]

    run_app(session, script)
    assert seen["legal"] > KEYS and len(seen["groups"]) <= KEYS
    assert any(label == "pick a card …" and count > 1 for label, count in seen["groups"])
    assert not any(label.startswith("keep") for label, _ in seen["groups"])
    assert seen["picked"] and seen["picked"][0].data["card"] == seen["card"]


def test_the_log_names_your_draws_tells_a_block_once_and_marks_whose_move():
    session = PlaySession.open("dots", players=3, seed=5, bot_delay=0)
    seen: dict = {}

    async def script(pilot, app):
        await wait_for(pilot, lambda: my_turn(app))
        hand = list(app.latest[0].view["table"]["hand"])
        await pilot.press("slash", *"draw", "enter")
        await wait_for(pilot, lambda: any(e.kind == "draw" for e in app.table_screen.logged))
        await wait_for(pilot, lambda: my_turn(app))
        seen["hand before"], seen["hand after"] = hand, app.latest[0].view["table"]["hand"]
        seen["log"] = "\n".join(entry[1].plain for entry in app.table_screen.event_log.entries)

    run_app(session, script)
    came = [c for c in seen["hand after"] if c not in seen["hand before"]]
    from ionarena.games.dots.present import card_name
    assert f"(you) draws 1 card. (you got {card_name(came[0])})" in seen["log"]
    spec = get_spec("dots")
    names = Names(0, ("ada", "", ""))
    block = [Event(7, "block_draw", {"player": 1, "card": "block 3|6"}),
             Event(7, "play", {"player": 1, "card": "block 3|6"})]
    told = " ".join(spec.presenter.describe(e, names) for e in block)
    assert told.count("Block 3|6") == 1 and "takes no cards" in told
    seats = ({"kind": "person"}, {"kind": "bot"}, {"kind": "person"})
    marks = [event_line(spec, Event(1, "draw", {"player": p, "count": 1}), names, seats).plain[:2]
             for p in (0, 1, 2)]
    assert marks == [MINE, BOTS, OTHERS] and len(set(marks)) == 3  # hot-seat: the other person is not "you"


def test_the_last_card_going_down_by_itself_holds_the_keys_for_a_moment():
    """valence: "once only one kind of card is left, the rest go down by themselves"
    (docs/rules/valence.md); a second press of the key meant for that card must not act on the
    next list."""
    ui = ui_for("valence")
    names = Names(0, ())
    before = {"phase": "place", "seat": 0, "table": {"placing": ["F", "Na"]}}
    after = {"phase": "build", "seat": 0, "table": {"placing": []}}
    assert ui.went_on(before, after) is not None
    assert ui.went_on({**before, "table": {"placing": ["H", "H", "O"]}}, before) is None
    label = ui.classify("place F", before, names).label
    assert label == "place F, then Na goes down by itself"
    session = PlaySession.open("valence", players=3, seed=4, bot_delay=0, names=["ada"])
    seen: dict = {}

    async def script(pilot, app):
        screen = app.table_screen
        screen.hold = 60.0  # a loaded machine may take long between two steps: the moment lasts here
        for _ in range(4000):
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("y")
                continue
            update = app.latest.get(0)
            placing = update.view["table"]["placing"] if update is not None else []
            if my_turn(app) and update.view["phase"] == "place" and len(placing) == len(set(placing)) == 2:
                break
            if my_turn(app):
                screen.action_number(1)
            else:
                await pilot.pause(0.01)
        else:
            raise AssertionError("never two cards to place")
        screen.action_number(1)  # place one: the other goes down by itself
        await wait_for(pilot, lambda: my_turn(app) and app.latest[0].view["phase"] != "place", step=0.001)
        version = session.table.version
        screen.action_number(1)  # the second press, at once
        await pilot.pause(0.05)
        seen["ignored"] = session.table.version == version and app.sending is False
        seen["said"] = str(screen.query_one("#message").render())
        seen["held"] = screen.hold_until > time.monotonic()
        screen.hold_until = time.monotonic()  # the moment has passed
        screen.action_number(1)  # a press after looking acts
        await wait_for(pilot, lambda: session.table.version > version or app.sending
                       or screen.query_one("#moves", MovePicker).open_group is not None)

    run_app(session, script)
    assert seen["held"] and seen["ignored"], seen["said"]
    assert "look, then choose again" in seen["said"]
