"""`ion replay --watch` steps through a record on the table screen; `ion play` picks the full
screen only at a terminal (`--plain` and pipes get the line-based mode, which tests and screen
readers use); hot-seat needs the full screen."""

from __future__ import annotations

import asyncio
import json

from typer.testing import CliRunner

from ionarena.agents import make_agent
from ionarena.cli.main import app as ion
from ionarena.core import get_spec
from ionarena.core.record import from_state
from ionarena.tui.replay import ReplayApp, frames
from ionarena.tui.widgets.panes import EventLog

from .drive import SIZE

runner = CliRunner()


def finished_record(game="dots", players=3, seed=4):
    spec = get_spec(game)
    state = spec.make(players=players, seed=seed)
    agents = [make_agent("greedy", game, seat) for seat in range(players)]
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, agents[seat].act(state, seat))
    return from_state(state, agents=["greedy"] * players), state


def test_watch_steps_on_and_back_and_changes_whose_view():
    record, final = finished_record()
    app = ReplayApp(record)
    seen: dict[str, object] = {}

    def log_lines():
        return [line.text for line in app.screen_table.query_one("#log", EventLog).lines]

    async def run():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            seen["start"] = (app.index, len(log_lines()))
            for _ in range(5):
                await pilot.press("right")
            await pilot.pause()
            seen["five"] = (app.index, app.screen_table.update_shown.version, len(app.screen_table.logged))
            await pilot.press("left")
            await pilot.pause()
            seen["four"] = app.screen_table.update_shown.version
            await pilot.press("v")  # seat 0's view: its hand is shown
            await pilot.pause()
            seen["hand"] = [b.spec.key for b in app.screen_table.query("#hand CardBox")]
            await pilot.press("end")
            await pilot.pause()
            seen["end"] = (app.index, app.screen_table.update_shown.over)

    asyncio.run(run())
    steps = frames(record)
    assert seen["start"][0] == 0
    index, version, logged = seen["five"]
    assert index == 5 and version == steps[5][1].version
    assert logged == len(steps[5][1].events(None, -1))  # the log: every event so far, once
    assert seen["four"] == steps[4][1].version
    assert seen["hand"] == steps[4][1].view(0)["table"]["hand"]
    assert seen["end"] == (len(steps) - 1, True)
    assert steps[-1][1].scores() == final.scores()


def test_watch_needs_a_terminal(tmp_path):
    record, _ = finished_record()
    path = tmp_path / "games.jsonl"
    path.write_text(record.to_json() + "\n")
    result = runner.invoke(ion, ["replay", str(path), "--watch"])
    assert result.exit_code == 1
    assert "--watch needs a terminal" in result.output


def test_play_without_a_terminal_is_the_line_based_game(tmp_path):
    db = str(tmp_path / "ion.db")
    result = runner.invoke(ion, ["play", "dots", "--players", "2", "--seed", "3", "--bots", "random",
                                 "--db", db], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Your moves:" in result.output and "Seed 3:" in result.output
    plain = runner.invoke(ion, ["play", "dots", "--players", "2", "--seed", "3", "--bots", "random",
                                "--db", db, "--plain"], input="1\n" * 400)
    assert plain.exit_code == 0 and "Your moves:" in plain.output
    listed = runner.invoke(ion, ["replay", "--table", result.output.split("Saved as game ")[1].split()[0],
                                 "--db", db, "--quiet"])
    assert json.loads(listed.output.splitlines()[-1])["verified"] is True


def test_hot_seat_needs_the_full_screen_and_real_seats(tmp_path):
    db = str(tmp_path / "ion.db")
    result = runner.invoke(ion, ["play", "dots", "--players", "3", "--seats", "0,2", "--db", db])
    assert result.exit_code == 1 and "hot-seat" in result.output and "full-screen" in result.output
    bad = runner.invoke(ion, ["play", "dots", "--seats", "0,x", "--db", db])
    assert bad.exit_code == 1 and "--seats must be seat numbers" in bad.output
    one = runner.invoke(ion, ["play", "dots", "--players", "2", "--seats", "1", "--seed", "2", "--db", db],
                        input="1\n" * 400)
    assert one.exit_code == 0 and "you are seat 1" in one.output
