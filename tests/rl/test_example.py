"""The training example runs, plots, and its policy beats its own start (a short, seeded run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from .need import require_rl

require_rl()

EXAMPLE = Path(__file__).parents[2] / "examples" / "dots_reinforce.py"


def _load():
    spec = importlib.util.spec_from_file_location("dots_reinforce", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_short_training_run_raises_the_win_rate_and_plots_it(tmp_path):
    example = _load()
    png = tmp_path / "curve.png"
    curve = example.main(["--episodes", "60", "--batch", "20", "--eval-every", "60", "--eval-games", "60",
                          "--quiet", "--plot", str(png)])
    assert [games for games, _ in curve] == [0, 20, 40, 60]
    assert all(0.0 <= rate <= 1.0 for _, rate in curve)
    assert curve[-1][1] >= curve[0][1] + 0.1, curve
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
