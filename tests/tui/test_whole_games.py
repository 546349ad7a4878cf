"""A whole game of each table game, played with the keyboard through Textual's Pilot: the table
updates in place, the log shows every event of the seat (bots' moves marked), the end shows the
result, the seed and where the game was saved — and the store holds exactly that game."""

from __future__ import annotations

import asyncio

import pytest

from ionarena.store import Store
from ionarena.tui.app import PlayApp
from ionarena.tui.games.valence import molecule_text
from ionarena.tui.screens import EndScreen
from ionarena.tui.session import PlaySession
from ionarena.tui.widgets.panes import EventLog, Players

from .drive import SIZE, play_to_the_end, screen_text

GAMES = [("dots", 4, None, 5), ("valence", 3, None, 4), ("compound", 3, "beginner", 2)]


@pytest.mark.parametrize(("game", "players", "variant", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_with_the_keyboard(tmp_path, game, players, variant, seed):
    with Store(str(tmp_path / "ion.db")) as store:
        session = PlaySession.open(game, players=players, variant=variant, seed=seed, store=store,
                                   bot_delay=0, names=["ada"])
        app = PlayApp(session)

        async def run():
            async with app.run_test(size=SIZE) as pilot:
                pressed = await play_to_the_end(pilot, app)
                end = screen_text(app)
                await pilot.press("escape")  # back to the final table
                await pilot.pause()
                log = app.table_screen.query_one("#log", EventLog)
                players = app.table_screen.query_one("#players", Players)
                on_top = app.screen
                return (pressed, end, screen_text(app), "\n".join(line.text for line in log.lines),
                        players.plain, on_top)

        try:
            pressed, end, final, log_text, players_text, on_top = asyncio.run(run())
        finally:
            session.close()
        table = session.table
        assert table.status == "over" and pressed > 0
        # the end: result, the seed, where it was saved and how to replay it
        assert "Game over." in end
        assert f"Seed {seed}:" in end and f"--seed {seed}" in end
        assert f"Saved as game {table.id}" in end and f"ion replay --table {table.id}" in end
        assert store.record(table.id) == table.record()
        # the log holds every event of seat 0, in order, once
        everything = table.update(0, since=-1).events
        logged = app.table_screen.logged
        assert [(e.version, e.kind) for e in logged] == [(e.version, e.kind) for e in everything]
        assert "▸ Player 1 (greedy)" in log_text  # a bot's move, marked
        assert "• ada (you)" in log_text  # your own
        assert on_top is app.table_screen and not isinstance(on_top, EndScreen)
        assert "ada (you)" in players_text
        if game == "valence":  # molecules with formula and name
            for stash in table.update(0).view["table"]["stashes"]:
                for formula in stash:
                    assert molecule_text(formula) in players_text
        if game == "compound":  # compounds with formula and name
            for comps in table.update(0).view["table"]["compounds"]:
                for comp in comps:
                    assert f"{comp['formula']} — {comp['name']}" in players_text
        assert "ada (you)" in final
