"""`ion bench <game>`: throughput figures, with RLCard's UNO beside them when installed."""

from __future__ import annotations

from rich.table import Table

from ..core import get_spec
from ..sim.bench import Figure, game_extra_figures, kernel_figures, rlcard_uno_figures
from .common import console

COMPARED_WITH_UNO = frozenset({"dots"})
"""RLCard's UNO is the closest published engine to dots (a shedding game that matches the top
card); a ratio against it would mean nothing for the other games."""


def run_bench(game: str, seconds: float, player_counts: list[int]) -> list[Figure]:
    """Measure and print; return the figures."""
    spec = get_spec(game)
    figures: list[Figure] = []
    for n in player_counts:
        if not spec.min_players <= n <= spec.max_players:
            continue
        ours = kernel_figures(game, n, seconds)
        figures += ours
        reference = rlcard_uno_figures(n, seconds) if game in COMPARED_WITH_UNO else None
        if reference:
            figures += reference
            mine = next(f.value for f in ours if f.unit == "steps/s")
            theirs = next(f.value for f in reference if f.unit == "steps/s")
            figures.append(Figure(f"{game} / rlcard uno {n}p steps/s", mine / theirs, "x"))
    figures += game_extra_figures(game)
    table = Table(title=f"ion bench {game}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("unit")
    for figure in figures:
        table.add_row(figure.label, f"{figure.value:,.2f}", figure.unit)
    console.print(table)
    if game in COMPARED_WITH_UNO and not any(f.label.startswith("rlcard") for f in figures):
        console.print("[dim]RLCard is not installed: `pip install 'ionarena[bench]'` to compare "
                      "with its UNO engine.[/]")
    return figures
