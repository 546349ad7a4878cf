"""`benchmarks/bench_web.py` prints each tree's CPU a move as a multiple of the first tree's,
measured side by side in one run: the figure the docs quote (absolute ones swing with the
machine). Figures are made up here: no timing is asserted."""

from __future__ import annotations

from typing import Any

import pytest

from ..scripts import load_script


def load_bench() -> Any:
    return load_script("benchmarks/bench_web.py", "bench_web_under_test")


def test_each_tree_is_given_as_a_multiple_of_the_first(capsys: pytest.CaptureFixture[str]) -> None:
    load_bench().print_ratios({"before": 0.0012, "start": 0.0006, "now": 0.00048})
    assert capsys.readouterr().out == "  cpu a move against before: start 0.500x, now 0.400x\n"


@pytest.mark.parametrize("per_move", [{"now": 0.0005}, {"before": 0.0, "now": 0.0005}, {}])
def test_no_ratio_without_a_first_tree_to_compare_with(per_move: dict[str, float],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    load_bench().print_ratios(per_move)
    assert capsys.readouterr().out == ""
