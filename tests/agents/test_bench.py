"""`ion bench`: measurements take turns in slices, figures are medians with their spread, and the
search cost is measured beside random play. No figure is asserted to be fast: only that they exist."""

from __future__ import annotations

from ionarena.sim.bench import Figure, interleave, ratio, search_measure


def test_measurements_take_turns_and_report_medians_with_spread():
    order: list[str] = []
    values = {"a": iter([5.0, 1.0, 3.0]), "b": iter([10.0, 30.0, 20.0])}

    def measure(name: str):
        def run(seconds: float) -> dict[tuple[str, str], float]:
            assert seconds == 0.5
            order.append(name)
            return {(name, "x/s"): next(values[name])}
        return run

    figures = interleave([measure("a"), measure("b")], seconds=1.5, repeats=3)
    assert order == ["a", "b", "a", "b", "a", "b"]
    a, b = figures
    assert (a.label, a.value, a.low, a.high) == ("a", 3.0, 1.0, 5.0)
    assert (b.value, b.low, b.high) == (20.0, 10.0, 30.0)
    assert b.spread() == "10.00–30.00"


def test_a_ratio_pairs_slices_measured_together():
    top = Figure.of("ours", "steps/s", [10.0, 40.0, 30.0])
    bottom = Figure.of("theirs", "steps/s", [5.0, 10.0, 30.0])
    assert ratio("ours / theirs", top, bottom).samples == [2.0, 4.0, 1.0]
    assert ratio("ours / theirs", top, bottom).value == 2.0  # not median(top) / median(bottom) = 3


def test_search_cost_is_measured_in_iterations_and_moves():
    figures = interleave([search_measure("dots", 2, "ismcts:rollout=random", positions=2)], 0.2, 2)
    by_unit = {f.unit: f for f in figures}
    assert by_unit["iterations/s"].label == "dots 2p ismcts:rollout=random search"
    assert by_unit["iterations/s"].value > 0
    assert by_unit["steps/s"].value > by_unit["iterations/s"].value  # an iteration plays many moves


def test_ion_bench_reports_search_cost_and_refuses_a_bad_agent():
    from typer.testing import CliRunner

    from ionarena.cli.main import app
    runner = CliRunner()
    result = runner.invoke(app, ["bench", "dots", "--seconds", "0.2", "--players", "2", "--repeats", "2",
                                 "--agent", "ismcts:rollout=random"])
    assert result.exit_code == 0, result.output
    assert "iterations/s" in result.output and "determinize" in result.output
    assert "2 interleaved slices" in result.output
    bad = runner.invoke(app, ["bench", "dots", "--agent", "ismcts:speed=3"])
    assert bad.exit_code == 1
    assert "'speed'" in bad.output
