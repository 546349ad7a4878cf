"""`ion play --resume`: a terminal game killed with its terminal (kill -9) is taken up again from
the store, seat and all, and played to its end; `ion saved` offers it; what cannot be resumed says
why and changes nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ionarena.cli.main import app
from ionarena.core.record import replay
from ionarena.store import Store, StoreError

runner = CliRunner()
ION = [sys.executable, "-c", "from ionarena.cli.main import main; main()"]


def actions(db: Path) -> tuple[str, int, str]:
    """The newest game of the store: id, moves, status."""
    with Store(str(db)) as store:
        row = store.tables(limit=1)[0]
        return row.id, row.actions, row.status


def moves_made(db: Path) -> int:
    """Moves of the newest game so far (0 while the other process is still making the store)."""
    try:
        return actions(db)[1] if db.exists() else 0
    except (StoreError, IndexError):
        return 0


def wait_until(condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_a_game_killed_with_its_terminal_is_resumed_and_finished(private_store):
    db = private_store  # the default store ($ION_DB) of this test and of the process it runs
    env = {**os.environ, "ION_DB": str(db), "TERM": "dumb"}
    errors = db.parent / "stderr.txt"
    Store(str(db)).close()  # the schema first: two processes must not both create it
    command = [*ION, "play", "dots", "--players", "3", "--seed", "5", "--plain", "--name", "ada"]
    game = subprocess.Popen(command,
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=errors.open("w"),
                            env=env, text=True)
    try:
        assert game.stdin is not None
        for _ in range(4):  # four moves of ada's
            game.stdin.write("1\n")
            game.stdin.flush()
        wait_until(lambda: moves_made(db) >= 8 or game.poll() is not None)
        assert game.poll() is None, errors.read_text()
        table_id = actions(db)[0]
        # while its terminal plays it, nobody else takes it
        busy = runner.invoke(app, ["play", "--resume", table_id, "--plain"], input="")
        assert busy.exit_code == 1 and f"being played in another terminal (process {game.pid})" in busy.output
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=30)
    finally:
        if game.poll() is None:
            game.kill()
    table_id, before, status = actions(db)
    assert status == "playing"  # killed: nothing marked it abandoned
    with Store(str(db)) as store:
        played = store.record(table_id).actions
    listed = runner.invoke(app, ["saved"])
    assert f"take it up again: ion play --resume {table_id}" in listed.output

    resumed = runner.invoke(app, ["play", "--resume", table_id, "--plain"], input="1\n" * 400)
    assert resumed.exit_code == 0, resumed.output
    assert "ada (you)" in resumed.output and "Game over" in resumed.output
    with Store(str(db)) as store:
        record = store.record(table_id)
        info = store.table_info(table_id)
    assert info.status == "over" and record.actions[:len(played)] == played and len(record.actions) > before
    assert [s.kind for s in info.seats] == ["person", "bot", "bot"] and info.seats[0].name == "ada"
    replay(record)  # the whole game, before and after the kill, replays
    again = runner.invoke(app, ["play", "--resume", table_id, "--plain"], input="")
    assert again.exit_code == 1 and f"game {table_id} is over" in again.output


def test_what_cannot_be_resumed_says_why(tmp_path):
    db = str(tmp_path / "ion.db")
    left = runner.invoke(app, ["play", "dots", "--players", "3", "--db", db], input="1\nq\n")
    assert left.exit_code == 0
    with Store(db) as store:
        table_id = store.tables()[0].id
    abandoned = runner.invoke(app, ["play", "--resume", table_id, "--db", db])
    assert abandoned.exit_code == 1 and "is abandoned: there is nothing to resume" in abandoned.output
    unknown = runner.invoke(app, ["play", "--resume", "nope", "--db", db])
    assert unknown.exit_code == 1 and "has no game 'nope'" in unknown.output
    both = runner.invoke(app, ["play", "dots", "--resume", table_id, "--seed", "3", "--db", db])
    assert both.exit_code == 1 and "leave out GAME, --seed" in both.output


@pytest.mark.parametrize("surface", ["web", "irc"])
def test_a_game_of_another_surface_is_left_to_it(tmp_path, surface):
    from ionarena.host import Table
    db = str(tmp_path / "ion.db")
    with Store(db) as store:
        table = Table("dots", 3, bots={1: "greedy", 2: "greedy"}, journal=store, surface=surface)
        table.sit(0, "ada")
        table.start()
    result = runner.invoke(app, ["play", "--resume", table.id, "--db", db])
    assert result.exit_code == 1 and "not at a terminal: take your seat back there" in result.output


@pytest.mark.parametrize("db", ["{tmp}/missing/ion.db", "sqlite:///{tmp}/missing/ion.db"])
def test_a_store_in_a_folder_that_is_not_there_is_refused_with_a_sentence(tmp_path, db):
    where = db.format(tmp=tmp_path)
    for command in (["play", "dots", "--plain", "--db", where], ["saved", "--db", where],
                    ["replay", "--table", "x", "--db", where]):
        result = runner.invoke(app, command, input="q\n")
        assert result.exit_code == 1, result.output
        assert f"the folder '{tmp_path / 'missing'}' does not exist: make it first" in result.output
    assert not (tmp_path / "missing").exists()
