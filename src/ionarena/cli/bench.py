"""`ion bench <game>`: throughput figures (medians of interleaved slices, with their spread), ISMCTS
search cost beside random play, and RLCard's UNO beside dots when installed."""

from __future__ import annotations

from rich.table import Table

from ..core import get_spec
from ..sim.bench import (
    Figure,
    Measure,
    calls_measure,
    game_extra_figures,
    interleave,
    play_measure,
    ratio,
    rlcard_uno_measure,
    search_measure,
)
from .common import console

COMPARED_WITH_UNO = frozenset({"dots"})
"""RLCard's UNO is the closest published engine to dots (a shedding game that matches the top
card); a ratio against it would mean nothing for the other games."""


def run_bench(game: str, seconds: float, player_counts: list[int], repeats: int = 5,
              agent: str | None = "ismcts") -> list[Figure]:
    """Measure (each measurement `seconds` in all, in `repeats` interleaved slices) and print;
    return the figures. `agent`: the ISMCTS spec whose search cost is measured (None: skip)."""
    spec = get_spec(game)
    counts = [n for n in player_counts if spec.min_players <= n <= spec.max_players]
    measures: list[Measure] = []
    for n in counts:
        measures.append(play_measure(game, n))
        if game in COMPARED_WITH_UNO:
            reference = rlcard_uno_measure(n)
            if reference is not None:
                measures.append(reference)
        calls = calls_measure(game, n)
        if calls is not None:
            measures.append(calls)
        if agent is not None:
            measures.append(search_measure(game, n, agent))
    figures = interleave(measures, seconds * repeats, repeats)
    by_key = {(f.label, f.unit): f for f in figures}
    for n in counts:
        step = by_key.get((f"{game} {n}p random play", "us/step"))
        apply = by_key.get((f"{game} {n}p apply", "us/call"))
        if step and apply:
            figures.append(ratio(f"{game} {n}p apply / random play step", apply, step))
        mine = by_key.get((f"{game} {n}p random play", "steps/s"))
        theirs = by_key.get((f"rlcard uno {n}p engine", "steps/s"))
        if mine and theirs:
            figures.append(ratio(f"{game} / rlcard uno {n}p steps/s", mine, theirs))
    figures += game_extra_figures(game)
    table = Table(title=f"ion bench {game} (median of {repeats} interleaved slices, {seconds:g} s each "
                        "measurement)")
    table.add_column("measure")
    table.add_column("median", justify="right")
    table.add_column("spread", justify="right")
    table.add_column("unit")
    for figure in figures:
        table.add_row(figure.label, f"{figure.value:,.2f}", figure.spread(), figure.unit)
    console.print(table)
    if game in COMPARED_WITH_UNO and not any(f.label.startswith("rlcard") for f in figures):
        console.print("[dim]RLCard is not installed: `pip install 'ionarena\\[bench]'` to compare "
                      "with its UNO engine.[/]")
    return figures
