"""The table most per-game sections share: how often each thing (a card, a molecule, an object) is
used, and how players who used it fared against players who did not.

The unit is a **player-game** (one player in one game; dots uses player-deals): `counts` says how
many times that player used each thing, `won` whether that player won.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..stats import wilson_interval
from .tables import Chart, Column, Table

MIN_GROUP = 10
"""A lift needs at least this many units on each side (used, not used); else it shows as a dash."""

Unit = tuple[Mapping[str, int], bool]
"""One player-game: `(uses of each thing, won)`."""


def usage_table(title: str, thing: str, units: Sequence[Unit], groups: int, group: str = "game",
                note: str = "") -> Table:
    """One row per thing: uses a `group`, share of units using it, win rate if used (95% CI), if
    not, and the lift; sorted by lift, highest first."""
    things = sorted({name for counts, _ in units for name in counts})
    total = len(units)
    winners = sum(1 for _, won in units if won)
    others = total - winners
    rows: list[list[Any]] = []
    for name in things:
        uses = with_it = wins_with = wins_without = uses_by_winners = 0
        for counts, won in units:
            if won:
                uses_by_winners += counts.get(name, 0)
            if counts.get(name, 0) > 0:
                uses += counts[name]
                with_it += 1
                wins_with += won
            else:
                wins_without += won
        without = total - with_it
        rate_with = wins_with / with_it if with_it else math.nan
        rate_without = wins_without / without if without else math.nan
        lift = rate_with - rate_without if min(with_it, without) >= MIN_GROUP else math.nan
        rows.append([name, uses / groups if groups else 0.0, with_it / total if total else 0.0, with_it,
                     rate_with, wilson_interval(wins_with, with_it), rate_without, lift,
                     uses_by_winners / winners if winners else math.nan,
                     (uses - uses_by_winners) / others if others else math.nan])
    rows.sort(key=lambda row: (math.isnan(row[7]), -row[7] if not math.isnan(row[7]) else 0.0, row[0]))
    columns = [Column(thing), Column(f"uses a {group}", "float"), Column("used in", "pct"),
               Column("n", "int"), Column("win rate if used", "pct"), Column("95% CI", "interval"),
               Column("win rate if not", "pct"), Column("lift", "pp"), Column("uses a winner", "float"),
               Column("uses a loser", "float")]
    base = (f"{groups} {group}s, {total} player-{group}s ({winners} won). 'used in' (n): player-{group}s "
            f"with at least one use; 'lift': win rate if used minus win rate if not (a dash with fewer than "
            f"{MIN_GROUP} on a side); 'uses a winner' / 'a "
            f"loser': mean uses in a player-{group} that won / did not.")
    return Table(title, columns, rows, note=f"{base} {note}".strip())


def usage_chart(table: Table, file: str, title: str, xlabel: str, base_rate: float) -> Chart:
    """Win rate if used, with intervals, for each row of a `usage_table`."""

    def draw(path: Path) -> Path:
        from .. import plots
        intervals = table.column("95% CI")
        return plots.interval_bars(path, title, table.column(table.columns[0].name),
                                   table.column("win rate if used"), [ci[0] for ci in intervals],
                                   [ci[1] for ci in intervals], "won (%)", xlabel, reference=base_rate,
                                   reference_label=f"every player {100 * base_rate:.1f}%")

    return Chart(file, f"{table.title}: win rate when used, 95% Wilson intervals", draw)


def base_rate(units: Sequence[Unit]) -> float:
    """The share of units that won."""
    return sum(1 for _, won in units if won) / len(units) if units else 0.0
