"""The `ion` command, driven in-process through Typer's test runner (real games where needed)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import ionarena
from ionarena.cli.main import app

runner = CliRunner()
GAMES = [spec.id for spec in ionarena.all_specs()]
needs_dots = pytest.mark.skipif("dots" not in GAMES, reason="the dots game is not registered")


def test_help_lists_every_command():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("games", "rules", "play", "simulate", "replay", "bench"):
        assert command in result.output


def test_games_lists_every_registered_game_with_players():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for spec in ionarena.all_specs():
        assert spec.id in result.output
        assert f"{spec.min_players}-{spec.max_players}" in result.output


def test_unknown_game_is_one_clear_error():
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 1
    assert "no game called 'chess'" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_rules_render_from_the_docs(game):
    result = runner.invoke(app, ["rules", game])
    assert result.exit_code == 0, result.output
    assert len(result.output.splitlines()) > 20


@needs_dots
def test_simulate_json_reports_every_seat_and_agent():
    result = runner.invoke(app, ["simulate", "dots", "--players", "4", "--games", "30",
                                 "--agents", "greedy,random", "--seed", "7", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 30 and len(summary["seats"]) == 4
    assert [s["agent"] for s in summary["seats"]] == ["greedy", "random", "greedy", "random"]
    assert {a["agent"] for a in summary["agents"]} == {"greedy", "random"}
    wins = sum(s["wins"] for s in summary["seats"])
    assert wins + summary["draws"] >= 30 - sum(s["shared_wins"] for s in summary["seats"])
    for seat in summary["seats"]:
        assert seat["ci_low"] <= seat["win_rate"] <= seat["ci_high"]


@needs_dots
def test_simulate_results_do_not_depend_on_worker_count(tmp_path):
    outputs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.jsonl"
        result = runner.invoke(app, ["simulate", "dots", "--players", "3", "--games", "24",
                                     "--agents", "greedy,random", "--seed", "3", "--json",
                                     "--workers", workers, "--records", str(path)])
        assert result.exit_code == 0, result.output
        summary = json.loads(result.output)
        for key in ("seconds", "games_per_second"):
            summary.pop(key)
        outputs.append((summary, path.read_text()))
    assert outputs[0] == outputs[1]


@needs_dots
def test_simulate_table_and_records_then_replay_verifies(tmp_path):
    path = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["simulate", "dots", "--players", "4", "--games", "15",
                                 "--agents", "greedy,random", "--records", str(path)])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "games/s" in result.output
    assert len(path.read_text().splitlines()) == 15
    result = runner.invoke(app, ["replay", str(path), "--game", "12"])
    assert result.exit_code == 0, result.output
    assert '"verified": true' in result.output


@needs_dots
def test_replay_of_a_tampered_record_names_the_first_bad_action(tmp_path):
    path = tmp_path / "out.jsonl"
    runner.invoke(app, ["simulate", "dots", "--players", "2", "--games", "2", "--records", str(path)])
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    record["actions"][3][1] = "play joker 9"
    lines[1] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(path), "--game", "1", "--quiet"])
    assert result.exit_code == 1
    assert "action 3" in result.output and "play joker 9" in result.output
    assert len([line for line in result.output.splitlines() if line.strip()]) == 1


@needs_dots
def test_replay_of_a_corrupt_file_is_one_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"game": "dots", "players": 2\n')
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "not valid JSON" in result.output


def test_simulate_rejects_bad_options_clearly():
    result = runner.invoke(app, ["simulate", GAMES[0] if GAMES else "dots", "--games", "0"])
    assert result.exit_code != 0
    result = runner.invoke(app, ["simulate", "chess"])
    assert result.exit_code == 1 and "no game called" in result.output
