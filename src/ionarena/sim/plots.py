"""PNG charts for tournaments and balance reports, drawn with matplotlib's Agg renderer.

Every chart has a title, labelled axes and, where it shows an estimate, its interval drawn. Figures
are made with `matplotlib.figure.Figure` (no pyplot, no global backend switch, no display needed).
matplotlib is the `analysis` extra: `pip install 'ionarena[analysis]'`; without it,
`PlotsUnavailable` says so in one line.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core import IonError

MISSING = "plots need matplotlib: pip install 'ionarena[analysis]'"
DPI = 110
BAR = "#4C72B0"
EVEN = "#C44E52"


class PlotsUnavailable(IonError):
    """matplotlib is not installed."""


def require() -> None:
    """Raise `PlotsUnavailable` unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotsUnavailable(MISSING) from None


def _figure(width: float = 7.0, height: float = 4.2) -> Any:
    require()
    from matplotlib.figure import Figure
    return Figure(figsize=(width, height), dpi=DPI, layout="constrained")


def _title(axes: Any, figure: Any, title: str) -> None:
    """The title, wrapped to the figure's width (a long game title is never cut off)."""
    columns = max(24, int(figure.get_figwidth() * 7))  # about 7 characters of a title an inch
    axes.set_title(textwrap.fill(title, columns))


def _legend(figure: Any, axes: Any) -> None:
    """The legend under the plot, outside the axes: never over a bar, a point or an error bar."""
    handles, labels = axes.get_legend_handles_labels()
    if handles:
        figure.legend(handles, labels, loc="outside lower center", ncols=min(3, len(handles)),
                      fontsize="small", frameon=False)


def _save(figure: Any, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png")
    return path


def interval_bars(path: Path, title: str, labels: Sequence[str], rates: Sequence[float],
                  lows: Sequence[float], highs: Sequence[float], ylabel: str, xlabel: str,
                  reference: float | None = None, reference_label: str = "") -> Path:
    """Bars of proportions with their 95% intervals as error bars, and an optional reference line."""
    figure = _figure(max(5.0, 0.7 * len(labels) + 2.5))
    axes = figure.add_subplot()
    positions = range(len(labels))
    errors = [[max(0.0, r - lo) for r, lo in zip(rates, lows, strict=True)],
              [max(0.0, hi - r) for r, hi in zip(rates, highs, strict=True)]]
    axes.bar(positions, [100 * r for r in rates], color=BAR,
             yerr=[[100 * e for e in errors[0]], [100 * e for e in errors[1]]], capsize=4,
             error_kw={"elinewidth": 1.2}, label="win rate (95% Wilson interval)")
    if reference is not None:
        axes.axhline(100 * reference, color=EVEN, linestyle="--", linewidth=1.2, label=reference_label)
    axes.set_xticks(list(positions), labels, rotation=30 if len(labels) > 8 else 0)
    axes.set_ylabel(ylabel)
    axes.set_xlabel(xlabel)
    _title(axes, figure, title)
    axes.set_ylim(0, min(100, 100 * max([*highs, reference or 0.0]) * 1.15 + 2))
    _legend(figure, axes)
    return _save(figure, path)


def ratings_chart(path: Path, title: str, agents: Sequence[str], mus: Sequence[float],
                  sigmas: Sequence[float]) -> Path:
    """Each agent's OpenSkill `mu` with `mu ± 2 sigma` error bars, best at the top."""
    figure = _figure(7.0, max(2.5, 0.55 * len(agents) + 1.5))
    axes = figure.add_subplot()
    positions = list(range(len(agents)))[::-1]
    axes.errorbar(mus, positions, xerr=[2 * s for s in sigmas], fmt="o", color=BAR, capsize=5,
                  label="mu ± 2 sigma")
    axes.set_yticks(positions, agents)
    axes.set_ylim(-0.7, len(agents) - 0.3)
    axes.set_xlabel("OpenSkill rating (Plackett-Luce mu)")
    axes.set_ylabel("agent")
    _title(axes, figure, title)
    axes.grid(axis="x", alpha=0.3)
    _legend(figure, axes)
    return _save(figure, path)


def distributions(path: Path, title: str, groups: Mapping[str, Sequence[float]], ylabel: str,
                  xlabel: str) -> Path:
    """Box plots (median, quartiles, 5th-95th percentile whiskers, mean as a diamond) of each group."""
    labels = list(groups)
    figure = _figure(max(5.0, 0.8 * len(labels) + 2.5))
    axes = figure.add_subplot()
    data = [list(groups[label]) or [0.0] for label in labels]
    axes.boxplot(data, tick_labels=labels, whis=(5, 95), showmeans=True, showfliers=False,
                 meanprops={"marker": "D", "markerfacecolor": EVEN, "markeredgecolor": EVEN})
    axes.set_ylabel(ylabel)
    axes.set_xlabel(xlabel)
    _title(axes, figure, title)
    axes.grid(axis="y", alpha=0.3)
    if len(labels) > 8:
        axes.tick_params(axis="x", rotation=30)
    return _save(figure, path)


def histogram(path: Path, title: str, values: Sequence[float], xlabel: str, ylabel: str = "games",
              bins: int = 40) -> Path:
    """A histogram of `values` with the mean and median marked."""
    figure = _figure()
    axes = figure.add_subplot()
    data = list(values) or [0.0]
    low, high = min(data), max(data)
    if all(float(v).is_integer() for v in data):
        width = max(1, math.ceil((high - low + 1) / bins))  # whole-number bins: no empty slivers
        edges: Any = [low - 0.5 + width * k for k in range(int((high - low) // width) + 2)]
    else:
        edges = bins
    axes.hist(data, bins=edges, color=BAR, edgecolor="white")
    mean = sum(data) / len(data)
    median = sorted(data)[len(data) // 2]
    axes.axvline(mean, color=EVEN, linestyle="--", linewidth=1.2, label=f"mean {mean:.1f}")
    axes.axvline(median, color="black", linestyle=":", linewidth=1.2, label=f"median {median:.1f}")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    _title(axes, figure, title)
    _legend(figure, axes)
    return _save(figure, path)


def matrix(path: Path, title: str, agents: Sequence[str], rates: Mapping[tuple[str, str], float],
           intervals: Mapping[tuple[str, str], tuple[float, float]]) -> Path:
    """A heat map of row-beats-column win rates, each cell labelled with its rate and 95% interval."""
    figure = _figure(max(4.5, 1.3 * len(agents) + 2), max(3.5, 1.0 * len(agents) + 1.5))
    axes = figure.add_subplot()
    n = len(agents)
    grid = [[rates.get((a, b), float("nan")) for b in agents] for a in agents]
    image = axes.imshow(grid, vmin=0.0, vmax=1.0, cmap="RdBu")
    for i, a in enumerate(agents):
        for j, b in enumerate(agents):
            if (a, b) in rates:
                low, high = intervals[a, b]
                axes.text(j, i, f"{rates[a, b]:.0%}\n({low:.0%}–{high:.0%})", ha="center", va="center",
                          fontsize="small", color="black")
    axes.set_xticks(range(n), agents)
    axes.set_yticks(range(n), agents)
    axes.set_xlabel("opponent")
    axes.set_ylabel("agent (row finishes ahead of column)")
    _title(axes, figure, title)
    figure.colorbar(image, ax=axes, label="win rate (ties count half)")
    return _save(figure, path)
