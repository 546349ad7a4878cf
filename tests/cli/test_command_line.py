"""The `ion` command as a person meets it: one rule for `--seed` everywhere, `--help` without a
type after a flag, and a tournament's tables readable in an 80-column terminal."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from ionarena.cli.main import app

runner = CliRunner()

SEEDED = [["play", "dots", "--plain"], ["simulate", "dots", "--games", "2"],
          ["tournament", "dots", "--agents", "greedy,random", "--games", "2"],
          ["analyze", "dots", "--games", "2"]]


@pytest.mark.parametrize("command", SEEDED, ids=[c[0] for c in SEEDED])
@pytest.mark.parametrize("seed", ["-5", str(2**64)])
def test_every_command_takes_the_same_seeds(command, seed):
    result = runner.invoke(app, [*command, "--seed", seed], input="q\n")
    assert result.exit_code == 1
    assert f"error: --seed: a seed is a whole number from 0 to 2**64 - 1, not {seed}" in result.output


def test_the_largest_seed_is_a_seed_for_a_run_too():
    result = runner.invoke(app, ["simulate", "dots", "--games", "1", "--seed", str(2**64 - 1), "--json"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", ["play", "replay", "simulate", "tournament", "saved", "serve"])
def test_help_shows_no_type_after_a_flag(command):
    result = runner.invoke(app, [command, "--help"], terminal_width=100)
    assert result.exit_code == 0
    assert "<bool>" not in result.output
    flat = re.sub(r"[\s│]+", " ", result.output)  # the help's box, its wrapped lines read as one
    assert "--help Show this message and exit" in flat
    if command in ("play", "replay"):
        assert "<int>" in result.output or "<str>" in result.output  # options with values keep theirs


def test_a_tournament_reads_in_80_columns():
    agents = ["greedy", "random", "easy", "medium", "ismcts:ms=2"]
    result = runner.invoke(app, ["tournament", "dots", "--players", "6", "--agents", ",".join(agents),
                                 "--games", "5"], terminal_width=80, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    rows = [line for line in lines if re.match(r"\d+\s+\S", line)]  # the ratings, one line each
    assert len(rows) == len(agents)
    for agent in agents:
        line = rf"\d+\s+{re.escape(agent)}\s+-?\d+\.\d\s+\d+\.\d ± \d+\.\d"
        assert any(re.match(line, row) for row in rows)
    for seat in range(6):
        assert f"seat {seat}" in result.output
    assert all(re.search(r"\d+% \(\d+–\d+\)", row) for row in rows)  # the win rate whole, with its CI
