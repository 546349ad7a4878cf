"""A full-screen game whose terminal went away is taken up again (`ion play --resume`): the seat
comes back with the whole log of the game so far, and the game is played to its end."""

from __future__ import annotations

import asyncio

from ionarena.store import Store
from ionarena.tui.app import PlayApp
from ionarena.tui.session import PlaySession

from .drive import SIZE, play_to_the_end, wait_for


def test_a_game_left_playing_is_resumed_on_the_full_screen(tmp_path):
    db = str(tmp_path / "ion.db")
    first_store = Store(db)
    session = PlaySession.open("dots", players=3, seed=5, store=first_store, bot_delay=0, names=["ada"],
                               options={"turn_cap": 16})
    app = PlayApp(session)

    async def first():
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(app.latest.get(0) and app.latest[0].legal) and not app.sending)
            await pilot.press("1")
            await wait_for(pilot, lambda: session.table.version > 3 and bool(app.latest[0].legal)
                           and not app.sending)

    asyncio.run(first())
    session.driver.stop()  # the terminal is gone: nothing closes the table, it stays "playing"
    played = session.table.record().actions
    first_store.close()

    with Store(db) as store:
        assert store.table_info(session.table.id).status == "playing"
        resumed = PlaySession.resume(store, session.table.id)
        assert resumed.seats == (0,) and resumed.table.seats[0].name == "ada"
        again = PlayApp(resumed)
        seen = {}

        async def second():
            async with again.run_test(size=SIZE) as pilot:
                await wait_for(pilot, lambda: again.table_screen.update_shown is not None)
                seen["logged"] = len(again.table_screen.logged)
                await play_to_the_end(pilot, again)

        try:
            asyncio.run(second())
        finally:
            resumed.close()
        record = store.record(session.table.id)
        assert store.table_info(session.table.id).status == "over"
    assert record.actions[:len(played)] == played and len(record.actions) > len(played)
    assert seen["logged"] >= len(played)  # the log starts with the game so far
