"""Every game at the terminal people have (80×24) and a roomy one (120×40): the table, your hand,
your moves and the last events are all on the screen — nothing clipped, the log wrapped inside its
pane — and the end box fits 80 columns with the whole replay command. Each screen is also saved
as an SVG (what a person sees; the same as docs/screenshots/tui-*.svg)."""

from __future__ import annotations

import asyncio
import re

import pytest

from ionarena.store import Store
from ionarena.tui.app import PlayApp
from ionarena.tui.screens import ConfirmScreen, EndScreen, TableScreen
from ionarena.tui.session import ManualClock, PlaySession
from ionarena.tui.widgets.cards import CardBox
from ionarena.tui.widgets.panes import EventLog

from .drive import screen_text, wait_for

SIZES = [(80, 24), (120, 40)]


def ready(app: PlayApp) -> bool:
    update = app.latest.get(0)
    return (update is not None and bool(update.legal) and not app.sending and not app._flush_due
            and app.table_screen.update_shown is update and isinstance(app.screen, TableScreen))


async def moves(pilot, app: PlayApp, count: int, clock: ManualClock | None = None) -> None:
    """Make `count` moves with the `1` key (confirming what asks), then wait for the next turn."""
    made = 0
    for _ in range(3000):
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
            continue
        if ready(app):
            if made == count:
                return
            await pilot.press("1")
            made += 1
        elif clock is not None:
            clock.advance(0.1)
            await pilot.pause(0.01)
        else:
            await pilot.pause(0.01)
    raise AssertionError("never my turn")


def face(spec) -> tuple[str, str]:
    """A card as a one-line chip (small terminal) or as a box (its first line)."""
    return (spec.short, spec.lines[0])


def essentials(game: str, view: dict) -> list[str | tuple[str, str]]:
    """What a person must see to play `game` at this moment, besides hand, moves and log (a pair:
    either will do)."""
    t = view["table"]
    if game == "dots":
        from ionarena.tui.games.dots import card_spec
        return ["On the table", face(card_spec(t["top"])), "Next card must show"]
    if game == "valence":
        from ionarena.tui.games.valence import element_spec
        return ["Discard pile", face(element_spec(t["discard_top"])), f"Element Deck {t['deck_size']}",
                "Molecule Bank"]
    if game == "compound":
        return ["Center", f"Deck {t['deck']} cards", t["goals"][0]["name"]]
    return ["Pot", "Teams", "On turn:", "Your coins:", "Charge"]


def visible(widget, screen) -> bool:
    """The widget is laid out wholly inside the screen (nothing of it cut off)."""
    region = widget.region
    return region.area > 0 and screen.region.contains_region(region)


GAMES = {"dots": dict(players=4, seed=5, count=2), "valence": dict(players=3, seed=4, count=5),
         "compound": dict(players=3, seed=2, count=3),
         "bank": dict(players=4, seed=11, count=2, options={"lobby": False, "move_time": 3.0})}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_hand_moves_and_last_events_are_on_screen(tmp_path, game, size):
    spec = GAMES[game]
    clock = ManualClock() if game == "bank" else None
    session = PlaySession.open(game, players=spec["players"], seed=spec["seed"], bot_delay=0, names=["ada"],
                               options=spec.get("options"), clock=clock)
    app = PlayApp(session)
    seen: dict = {}

    async def run():
        async with app.run_test(size=size) as pilot:
            await moves(pilot, app, spec["count"], clock)
            await pilot.pause(0.05)
            screen = app.table_screen
            seen["text"] = screen_text(app)
            seen["view"] = app.latest[0].view
            seen["hand"] = [b for b in screen.query("#hand CardBox").results(CardBox)]
            seen["hand visible"] = [visible(b, screen) for b in seen["hand"]]
            seen["board visible"] = [visible(b, screen) for b in screen.query("#board CardBox")]
            picker = screen.query_one("#moves")
            seen["moves visible"] = visible(picker, screen) and picker.option_count > 0
            seen["first move"] = str(picker.get_option_at_index(0).prompt)
            log = screen.query_one("#log", EventLog)
            seen["log width"] = log.scrollable_content_region.width
            seen["log lines"] = [line.cell_length for line in log.lines]
            seen["log right"] = log.region.right
            seen["last event"] = log.lines[-1].text.strip() if log.lines else ""
            clock_widget = screen.query_one("#clock")
            seen["clock"] = str(clock_widget.render())
            seen["clock room"] = clock_widget.content_size.width
            seen["classes"] = set(screen.classes)
            app.save_screenshot(f"{game}.svg", str(tmp_path))

    try:
        asyncio.run(run())
    finally:
        session.close()
    width, height = size
    text = seen["text"]
    assert len(text.splitlines()) == height
    for words in essentials(game, seen["view"]):
        either = words if isinstance(words, tuple) else (words,)
        assert any(w in text for w in either), f"{words!r} is not on the {width}x{height} screen:\n{text}"
    # your hand: the cards on screen (the first rows at least)
    assert seen["hand"] and all(seen["hand visible"][:3])
    assert any(w in text for w in face(seen["hand"][0].spec))
    assert all(seen["board visible"])
    # your moves: the list is there, the first one readable
    assert seen["moves visible"] and seen["first move"].split(" ", 1)[1][:12] in text
    # the last events: wrapped inside the log's pane, the newest on screen
    assert seen["log right"] <= width
    assert max(seen["log lines"]) <= seen["log width"]
    assert seen["last event"] and seen["last event"][:20] in text
    if game == "bank":  # the move clock with its seconds
        assert re.search(r"\d\.\d s$", seen["clock"]) and len(seen["clock"]) <= seen["clock room"]
        assert seen["clock"] in text  # the whole clock, its seconds last, on the screen
    assert ("-short" in seen["classes"]) == (height < 30)
    svg = (tmp_path / f"{game}.svg").read_text()
    assert "ada" in svg and svg.startswith("<svg")


def test_the_end_box_fits_80_columns_with_the_whole_replay_command(tmp_path, monkeypatch):
    monkeypatch.setenv("ION_DB", str(tmp_path / "ion.db"))  # the default store: no --db to print
    with Store(None) as store:
        session = PlaySession.open("dots", players=3, seed=5, bot_delay=0, names=["ada"], store=store,
                                   options={"turn_cap": 12})
        app = PlayApp(session)
        seen: dict = {}

        async def run():
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_for(pilot, lambda: ready(app))
                for _ in range(3000):
                    await pilot.pause()
                    if isinstance(app.screen, EndScreen):
                        break
                    if isinstance(app.screen, ConfirmScreen):
                        await pilot.press("y")
                    elif ready(app):
                        await pilot.press("1")
                    else:
                        await pilot.pause(0.01)
                await pilot.pause(0.05)
                seen["text"] = screen_text(app)
                box = app.screen.query_one(".end")
                seen["box"] = box.region
                seen["screen"] = app.screen.region

        try:
            asyncio.run(run())
        finally:
            session.close()
        table = session.table
    assert seen["screen"].contains_region(seen["box"]) and seen["box"].width <= 80
    lines = seen["text"].splitlines()
    replay = f"ion replay --table {table.id}"
    assert any(replay in line for line in lines), seen["text"]
    again = session.deal_again_command()
    assert "--option turn_cap=12" in again and any(again in line for line in lines)
