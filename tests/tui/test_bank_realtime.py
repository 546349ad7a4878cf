"""The bank game in real time on a fake clock: bots move on their own clocks while the screen
shows the move clock running down; a card clicked is played; a turn let run out costs 1000
points ("No move within 3 seconds ... -1000 points", docs/rules/bank.md)."""

from __future__ import annotations

import asyncio

from ionarena.tui.app import PlayApp
from ionarena.tui.screens import EndScreen
from ionarena.tui.session import ManualClock, PlaySession
from ionarena.tui.widgets.cards import CardBox
from ionarena.tui.widgets.panes import EventLog, MoveClock

from .drive import SIZE, wait_for


def test_a_bank_round_on_a_fake_clock(tmp_path):
    clock = ManualClock()
    session = PlaySession.open("bank", players=4, seed=11, clock=clock, names=["ada"],
                               options={"rounds": 1, "round_time": 14.0, "move_time": 3.0})
    app = PlayApp(session)
    seen: dict[str, object] = {}

    def mine() -> bool:
        update = app.latest.get(0)
        return (update is not None and update.view["phase"] == "play" and 0 in update.actors
                and not app._flush_due and app.table_screen.update_shown is update)

    def log_text() -> str:
        return "\n".join(line.text for line in app.table_screen.query_one("#log", EventLog).lines)

    async def tick(pilot, seconds: float = 0.1) -> None:
        clock.advance(seconds)
        await pilot.pause(0.005)
        await pilot.pause()

    async def run():
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: app.table_screen.update_shown is not None)
            assert app.latest[0].view["phase"] == "lobby"
            assert "Pick a team" in str(app.table_screen.query_one("#moves-caption").render())
            await pilot.press("slash")  # type a move
            await pilot.press(*"team +", "enter")
            await wait_for(pilot, lambda: app.latest[0].view["table"]["teams"][0] == "+")
            # bots pick their teams on their own clocks; the game starts when every seat has one
            for _ in range(200):
                if mine():
                    break
                await tick(pilot)
            assert mine(), "never my turn"
            move_clock = app.table_screen.query_one("#clock", MoveClock)
            seen["clock"] = str(move_clock.render())
            await tick(pilot, 1.0)
            move_clock.tick()
            seen["clock later"] = str(move_clock.render())
            boxes = [b for b in app.table_screen.query("#hand CardBox").results(CardBox) if b.playable]
            played = boxes[0].spec.key
            await pilot.click(boxes[0])  # the mouse plays a card
            await wait_for(pilot, lambda: f"ada (you) plays {played}" in log_text())
            # the next turn of mine: let the clock run out
            for _ in range(200):
                await tick(pilot)
                if mine():
                    break
            await tick(pilot, 3.1)
            await wait_for(pilot, lambda: "ada (you) ran out of time" in log_text())
            seen["penalty"] = log_text()
            for _ in range(400):
                if isinstance(app.screen, EndScreen):
                    break
                await tick(pilot, 0.25)
            seen["end"] = isinstance(app.screen, EndScreen)

    try:
        asyncio.run(run())
    finally:
        session.close()
    assert "Your move" in seen["clock"] and "3.0 s" in seen["clock"]
    assert "2.0 s" in seen["clock later"]  # the clock runs down with the table's clock
    assert "ada (you) ran out of time: -1000 points." in str(seen["penalty"])
    assert seen["end"] and session.table.status == "over"
