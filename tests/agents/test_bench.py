"""`ion bench`: measurements take turns in slices, figures are medians with their spread, and the
search cost is measured beside random play. No figure is asserted to be fast: only that they exist."""

from __future__ import annotations

import gc

import pytest

from ionarena.core import get_spec
from ionarena.sim.bench import Figure, apply_micros, interleave, ratio, recorded_games, search_measure


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


class _CountingState:
    """A stand-in state on a fake clock: making it costs 1,000 ticks, each `apply` 1 tick (and
    notes whether the garbage collector was running)."""

    def __init__(self, clock: list[float], collector_seen: list[bool]):
        self.clock = clock
        self.collector_seen = collector_seen
        clock[0] += 1000

    def apply(self, player: int, action: object) -> None:
        self.clock[0] += 1
        self.collector_seen.append(gc.isenabled())


def test_apply_is_timed_on_replayed_moves_alone_with_the_collector_paused():
    clock = [0.0]
    collector_seen: list[bool] = []
    games = [(7, [(0, "a"), (1, "b"), (0, "c")]), (8, [(1, "d")])]
    made: list[int] = []

    def make(seed: int) -> _CountingState:
        made.append(seed)
        return _CountingState(clock, collector_seen)

    micros = apply_micros(make, games, clock=lambda: clock[0])  # type: ignore[arg-type]
    assert made == [7, 8]
    assert micros == 1e6  # 4 ticks over 4 calls: making the states (2,000 ticks) is not timed
    assert collector_seen == [False] * 4
    assert gc.isenabled()


def test_recorded_games_replay_to_their_end():
    spec = get_spec("compound")

    def make(seed: int):
        return spec.make(players=2, seed=seed)
    games = recorded_games(make, 200)
    assert sum(len(moves) for _, moves in games) >= 200
    for game_seed, moves in games:
        state = make(game_seed)
        for player, action in moves:
            state.apply(player, action)
        assert state.is_over()


def test_ion_bench_report_is_consistent():
    """Each untimed game's report has a step's µs beside steps/s, the call costs, and apply / step
    taken slice by slice (its values are not asserted: they are timings)."""
    from ionarena.cli.bench import run_bench
    figures = run_bench("compound", 0.1, [2], repeats=2, agent=None)
    by_key = {(f.label, f.unit): f for f in figures}
    steps = by_key[("compound 2p random play", "steps/s")]
    step = by_key[("compound 2p random play", "us/step")]
    assert step.samples == [pytest.approx(1e6 / x) for x in steps.samples]
    for call in ("legal_actions", "apply", "clone", "determinize"):
        figure = by_key[(f"compound 2p {call}", "us/call")]
        assert len(figure.samples) == 2 and all(x > 0 for x in figure.samples)
    apply = by_key[("compound 2p apply", "us/call")]
    share = by_key[("compound 2p apply / random play step", "x")]
    assert share.samples == [pytest.approx(a / s) for a, s in zip(apply.samples, step.samples, strict=True)]
