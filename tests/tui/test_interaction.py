"""What a person does at the table: type with completion and history, pick a card then its option,
confirm a move that throws points away, read the rules, pass the keyboard (hot-seat), leave."""

from __future__ import annotations

import asyncio

from ionarena.store import Store
from ionarena.tui.app import PlayApp
from ionarena.tui.screens import ConfirmScreen, PassScreen, RulesScreen, TableScreen
from ionarena.tui.session import PlaySession
from ionarena.tui.widgets.panes import CommandLine, MovePicker

from .drive import SIZE, screen_text, settle, wait_for


def run_app(session: PlaySession, script) -> PlayApp:
    app = PlayApp(session)

    async def run():
        async with app.run_test(size=SIZE) as pilot:
            await script(pilot, app)

    try:
        asyncio.run(run())
    finally:
        session.close()
    return app


def my_turn(app: PlayApp, seat: int = 0) -> bool:
    update = app.latest.get(seat)
    return (update is not None and bool(update.legal) and app.shown == seat and not app.sending
            and not app._flush_due and app.table_screen.update_shown is update)


def test_typed_moves_complete_are_remembered_and_bad_ones_change_nothing():
    session = PlaySession.open("dots", players=3, seed=5, bot_delay=0)
    seen: dict[str, object] = {}

    async def script(pilot, app):
        await wait_for(pilot, lambda: my_turn(app))
        legal = app.latest[0].legal
        line = app.table_screen.query_one("#command", CommandLine)
        await pilot.press("slash")
        assert app.focused is line
        await pilot.press(*"play 9|9", "enter")  # not a card of this deck
        await settle(pilot, app)
        seen["refused"] = str(app.table_screen.query_one("#message").render())
        seen["version after refusal"] = session.table.version
        seen["version before"] = app.latest[0].version
        await pilot.press("up")  # history
        seen["history"] = line.value
        line.value = ""
        first_play = next(m for m in legal if m.startswith("play "))
        await pilot.press(*first_play[:6])
        await pilot.pause()
        await pilot.press("right")  # accept the completion
        seen["completed"] = line.value
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.table.version > seen["version before"])
        seen["expected"] = next(m for m in legal if m.lower().startswith(first_play[:6].lower()))

    run_app(session, script)
    assert str(seen["refused"]).startswith("! ")
    assert seen["version after refusal"] == seen["version before"]
    assert seen["history"] == "play 9|9"
    assert seen["completed"] == seen["expected"]


def test_a_card_opens_its_options_and_escape_goes_back():
    """Long choices are grouped: the Double Joker is one entry, then the number to name."""
    session = PlaySession.open("dots", players=3, seed=5, bot_delay=0)
    seen: dict[str, object] = {}

    async def script(pilot, app):
        await wait_for(pilot, lambda: my_turn(app))
        picker = app.table_screen.query_one("#moves", MovePicker)
        dj = next(g for g in picker.groups if g.key == "card:dj")
        seen["top level"] = [g.label for g in picker.groups]
        await pilot.press("h")  # the hand
        boxes = list(app.table_screen.query("#hand CardBox"))
        target = next(i for i, b in enumerate(boxes) if b.spec.key == "dj")
        start = boxes.index(app.focused)
        for _ in range((target - start) % len(boxes)):
            await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        seen["open"] = picker.open_group.key if picker.open_group else None
        seen["options"] = [str(o.prompt) for o in picker.options]
        await pilot.press("escape")
        seen["closed"] = picker.open_group
        seen["choices"] = len(dj.choices)

    run_app(session, script)
    assert seen["open"] == "card:dj" and seen["closed"] is None
    assert seen["choices"] == 6 and len(seen["options"]) == 7  # back + name 1..6
    assert any("name 3" in o for o in seen["options"])
    assert "play Double Joker: name a number" in seen["top level"]


def test_leaving_a_card_unbonded_asks_first():
    """compound: a revealed card left unbonded scores nothing (docs/rules/compound.md), so the
    screen asks before sending `unbonded` while a bond is possible; No sends nothing."""
    session = PlaySession.open("compound", players=3, seed=2, variant="beginner", bot_delay=0)
    seen: dict[str, object] = {}

    async def script(pilot, app):
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                break
            if my_turn(app):
                await pilot.press("1")
            else:
                await pilot.pause(0.01)
        assert isinstance(app.screen, ConfirmScreen)
        seen["question"] = screen_text(app)
        version = session.table.version
        await pilot.press("n")
        await settle(pilot, app)
        seen["unchanged"] = session.table.version == version
        seen["said"] = str(app.table_screen.query_one("#message").render())
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await wait_for(pilot, lambda: session.table.version > version)
        events = session.table.update(0, since=version).events
        seen["kinds"] = [e.kind for e in events if e.data.get("player") == 0]

    run_app(session, script)
    assert "Leave your card unbonded? It scores nothing" in seen["question"]
    assert seen["unchanged"] and "Not sent." in seen["said"]
    assert "unbonded" in seen["kinds"]


def test_the_rules_pane_shows_ion_rules():
    session = PlaySession.open("valence", players=2, seed=1, bot_delay=0)
    seen: dict[str, object] = {}

    async def script(pilot, app):
        await wait_for(pilot, lambda: app.table_screen.update_shown is not None)
        await pilot.press("question_mark")
        await pilot.pause()
        seen["rules"] = isinstance(app.screen, RulesScreen)
        seen["text"] = screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        seen["back"] = isinstance(app.screen, TableScreen)

    run_app(session, script)
    from ionarena.cli.info import rules_text
    title = rules_text("valence").splitlines()[0].lstrip("# ").strip()
    assert seen["rules"] and seen["back"]
    assert title[:30] in seen["text"]


def test_hot_seat_hides_each_hand_until_the_keyboard_is_passed():
    session = PlaySession.open("dots", players=3, seats=(0, 2), names=["ada", "bo"], seed=5, bot_delay=0)
    seen: dict[str, list] = {"passes": [], "hidden": [], "shown": []}

    async def script(pilot, app):
        for _ in range(600):
            await pilot.pause()
            if isinstance(app.screen, PassScreen):
                text = screen_text(app)
                seen["passes"].append(app.screen.person)
                seen["hidden"].append("Your hand" not in text and "Pass the keyboard to" in text)
                await pilot.press("enter")
                await settle(pilot, app)
                seat = app.shown
                seen["shown"].append(seat)
                own = session.table.update(seat, since=-1).events
                mine = {(e.version, e.kind, repr(e.data)) for e in own}
                assert all((e.version, e.kind, repr(e.data)) in mine for e in app.table_screen.logged)
                if len(seen["shown"]) >= 4:
                    return
                continue
            seat = app.shown
            if seat is not None and my_turn(app, seat):
                await pilot.press("1")
            else:
                await pilot.pause(0.01)

    run_app(session, script)
    assert seen["passes"][:2] == ["ada", "bo"]
    assert all(seen["hidden"])
    assert seen["shown"][:2] == [0, 2] and set(seen["shown"]) == {0, 2}


def test_leaving_asks_and_keeps_the_game_as_abandoned(tmp_path):
    with Store(str(tmp_path / "ion.db")) as store:
        session = PlaySession.open("dots", players=2, seed=3, bot_delay=0, store=store)
        seen: dict[str, object] = {}

        async def script(pilot, app):
            await wait_for(pilot, lambda: my_turn(app))
            await pilot.press("q")
            await pilot.pause()
            seen["asked"] = isinstance(app.screen, ConfirmScreen)
            await pilot.press("y")
            await pilot.pause()

        app = run_app(session, script)
        assert seen["asked"]
        assert store.tables()[0].status == "abandoned"
        lines = "\n".join(line.plain for line in app.end_lines())
        assert "You left the game" in lines and f"ion replay --table {session.table.id}" in lines
