"""Bad input to the `ion` command: each case one line naming the problem, and no traceback."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ionarena.cli.main import app

runner = CliRunner()


def one_error_line(result) -> str:
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert "Traceback" not in result.output
    errors = [line for line in lines if line.startswith("error:")]
    assert len(errors) == 1, result.output
    return errors[0]


@pytest.mark.parametrize(("args", "words"), [
    (["simulate", "dots", "--records", "/no/such/folder/out.jsonl"], "does not exist"),
    (["simulate", "bank", "--reaction-time", "-1"], "--reaction-time must be seconds"),
    (["simulate", "bank", "--reaction-time", "fast"], "--reaction-time must be numbers"),
    (["simulate", "dots", "--workers", "0"], "--workers must be from 1"),
    (["simulate", "dots", "--workers", "-3"], "--workers must be from 1"),
    (["simulate", "dots", "--workers", "64"], "--workers must be from 1"),
    (["simulate", "dots", "--option", "turn_cap=0"], "turn_cap must be from 1"),
    (["simulate", "dots", "--option", "colour=red"], "no option 'colour'"),
    (["bench", "dots", "--players", "1"], "2-10 players, not 1"),
])
def test_bad_arguments_are_one_clear_line(args, words):
    assert words in one_error_line(runner.invoke(app, args))


def test_replay_of_a_file_that_is_not_utf8_is_one_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\xff\xfe\x00garbage\n")
    assert "not UTF-8" in one_error_line(runner.invoke(app, ["replay", str(path)]))


def test_one_bad_line_does_not_stop_the_other_games(tmp_path):
    records = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", "dots", "--players", "2", "--games", "3", "--seed", "1",
                                 "--records", str(records), "--json"])
    assert result.exit_code == 0, result.output
    lines = records.read_text().splitlines()
    lines[1] = lines[1][: len(lines[1]) // 2]  # a truncated record in the middle
    records.write_text("\n".join(lines) + "\n")
    every = runner.invoke(app, ["replay", str(records), "--all"])
    assert every.exit_code == 1
    assert json.loads(every.output.strip().splitlines()[-1]) == {"verified": 2, "bad": 1}
    assert "game 1: line 2" in every.output
    third = runner.invoke(app, ["replay", str(records), "--game", "2", "--quiet"])
    assert third.exit_code == 0, third.output
    assert json.loads(third.output.strip().splitlines()[-1])["verified"] is True
