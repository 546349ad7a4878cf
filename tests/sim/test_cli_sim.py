"""`ion tournament`, `ion analyze` and `ion simulate --backend` at the command line."""

from __future__ import annotations

import json
import sys

from typer.testing import CliRunner

from ionarena.cli.main import app

runner = CliRunner()


def test_tournament_json_has_ratings_matrix_and_fair_seats():
    result = runner.invoke(app, ["tournament", "dots", "--agents", "greedy:eps=0.1,random", "--games", "15",
                                 "--players", "3", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 16  # rounded up to whole blocks of 2
    assert [r["agent"] for r in data["ratings"]] == ["greedy:eps=0.1", "random"]  # specs label results
    assert {(p["agent"], p["opponent"]) for p in data["pairings"]} == {("greedy:eps=0.1", "random"),
                                                                       ("random", "greedy:eps=0.1")}
    seats = {(s["agent"], s["label"]): s["games"] for s in data["seats"]}
    assert set(seats.values()) == {8}  # each agent sat in each seat in half of the games
    assert "each seat once" in data["seating"]


def test_tournament_table_and_plots(tmp_path):
    folder = tmp_path / "plots"
    result = runner.invoke(app, ["tournament", "dots", "--agents", "random,greedy", "--games", "8",
                                 "--players", "2", "--plots", str(folder)])
    assert result.exit_code == 0, result.output
    assert "ratings" in result.stdout and "head to head" in result.stdout
    for name in ("ratings.png", "scores.png", "pairwise.png", "seats.png"):
        assert (folder / name).read_bytes()[:4] == b"\x89PNG"


def test_analyze_writes_a_report(tmp_path):
    folder = tmp_path / "report"
    result = runner.invoke(app, ["analyze", "dots", "--games", "12", "--players", "3", "--seed", "5",
                                 "--report", str(folder)])
    assert result.exit_code == 0, result.output
    text = (folder / "report.md").read_text()
    command = ("ion analyze dots --variant quick --players 3 --agents greedy --games 12 --seed 5 "
               f"--report {folder}")
    assert command in text
    assert (folder / "report.html").exists() and (folder / "seat_advantage.png").exists()


def test_analyze_without_report_prints_tables():
    result = runner.invoke(app, ["analyze", "dots", "--games", "6", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "Wins by seat" in result.stdout and "Value of each card kind" in result.stdout


def test_bad_input_is_one_clear_line():
    cases = [
        (["tournament", "dots", "--agents", "greedy"], "at least two agents"),
        (["tournament", "dots", "--agents", "greedy,greedy"], "each agent once"),
        (["tournament", "dots", "--agents", "greedy,nobody"], "nobody"),
        (["tournament", "dots", "--agents", "greedy,random", "--workers", "0"], "--workers"),
        (["tournament", "dots", "--agents", "greedy,random", "--backend", "spark"], "backends: local, ray"),
        (["simulate", "dots", "--games", "2", "--address", "auto"], "--address is for --backend ray"),
        (["analyze", "dots", "--games", "0"], "--games must be at least 1"),
        (["analyze", "dots", "--players", "11"], "2-10 players"),
        (["analyze", "dots", "--variant", "marathon"], "no variant"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 1, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_analyze_refuses_a_file_as_report_folder(tmp_path):
    target = tmp_path / "taken"
    target.write_text("x")
    result = runner.invoke(app, ["analyze", "dots", "--games", "2", "--report", str(target)])
    assert result.exit_code == 1 and "is a file" in result.stderr
    assert target.read_text() == "x"


def test_missing_extras_stop_before_playing_with_the_install_line(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if matplotlib were not installed
    result = runner.invoke(app, ["analyze", "dots", "--games", "5", "--report", str(tmp_path / "r")])
    assert result.exit_code == 1 and "pip install 'ionarena[analysis]'" in result.stderr
    assert not (tmp_path / "r").exists()
    result = runner.invoke(app, ["tournament", "dots", "--agents", "greedy,random", "--plots", str(tmp_path)])
    assert result.exit_code == 1 and "pip install 'ionarena[analysis]'" in result.stderr
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    result = runner.invoke(app, ["simulate", "dots", "--games", "3", "--backend", "ray"])
    assert result.exit_code == 1 and "pip install 'ionarena[ray]'" in result.stderr
