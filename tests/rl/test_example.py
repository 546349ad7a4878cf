"""The training example runs, plots, and its policy beats its own start (a short, seeded run)."""

from __future__ import annotations

from ..scripts import load_script
from .need import require_rl

require_rl()


def _load():
    return load_script("examples/dots_reinforce.py", "dots_reinforce")


def test_a_short_training_run_raises_the_win_rate_and_plots_it(tmp_path):
    example = _load()
    png = tmp_path / "curve.png"
    curve = example.main(["--episodes", "60", "--batch", "20", "--eval-every", "60", "--eval-games", "60",
                          "--quiet", "--plot", str(png)])
    assert [games for games, _ in curve] == [0, 20, 40, 60]
    assert all(0.0 <= rate <= 1.0 for _, rate in curve)
    assert curve[-1][1] >= curve[0][1] + 0.1, curve
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
