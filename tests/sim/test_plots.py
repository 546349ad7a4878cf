"""Charts people can read: a long title is wrapped inside the figure, never cut off, and the
legend sits outside the plot, never over a bar or an error bar."""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from matplotlib.figure import Figure

from ionarena.sim import plots

LONG = "Win rate by agent and seat — compound (standard), 6 players, 100000 games, seed 18446744073709551615"


def drawn(monkeypatch) -> list[Figure]:
    """Keep every figure the module saves (drawn, so its layout is final)."""
    kept: list[Figure] = []
    original = plots._save

    def keep(figure, path):
        kept.append(figure)
        return original(figure, path)

    monkeypatch.setattr(plots, "_save", keep)
    return kept


def inside(figure: Figure, artist) -> bool:
    box = artist.get_window_extent(figure._get_renderer())
    whole = figure.bbox
    return (box.x0 >= whole.x0 - 1 and box.x1 <= whole.x1 + 1
            and box.y0 >= whole.y0 - 1 and box.y1 <= whole.y1 + 1)


def test_a_long_title_fits_and_the_legend_covers_no_error_bar(tmp_path, monkeypatch):
    kept = drawn(monkeypatch)
    labels = ["greedy", "random", "medium"]
    plots.interval_bars(tmp_path / "seats.png", LONG, labels, [0.95, 0.5, 0.98], [0.6, 0.2, 0.7],
                        [1.0, 0.8, 1.0], "win rate (%)", "agent", reference=0.25, reference_label="one in 4")
    plots.ratings_chart(tmp_path / "ratings.png", LONG, labels, [30.0, 20.0, 25.0], [7.0, 7.0, 7.0])
    for figure in kept:
        figure.draw_without_rendering()
        axes = figure.axes[0]
        assert inside(figure, axes.title), "the title is cut off"
        assert len(axes.title.get_text().splitlines()) >= 2  # wrapped, not shrunk away
        legend = figure.legends[0] if figure.legends else axes.get_legend()
        assert legend is not None and inside(figure, legend)
        plot_area = axes.get_window_extent(figure._get_renderer())
        assert not legend.get_window_extent().overlaps(plot_area), "the legend lies over the plot"
