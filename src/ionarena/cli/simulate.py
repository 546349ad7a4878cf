"""`ion simulate`: many seeded bot games with a progress bar, then statistics."""

from __future__ import annotations

import json
import time
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..sim.backends import Backend
from ..sim.runner import GameResult, SimConfig, iter_results
from ..sim.stats import Summary, summarize
from .common import console


def run_simulation(config: SimConfig, workers: int, records: Path | None, show_progress: bool,
                   backend: Backend | None = None) -> Summary:
    """Run `config` (on `backend`, default `workers` local processes), writing records as they
    arrive; return the summary."""
    results: list[GameResult] = []
    handle = records.open("w", encoding="utf-8") if records else None
    start = time.perf_counter()
    try:
        progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                            console=console, transient=True, disable=not show_progress)
        with progress:
            task = progress.add_task(f"{config.game} x{config.games}", total=config.games, rate="")
            for result in iter_results(config, workers, backend=backend):
                results.append(result)
                if handle is not None and result.record is not None:
                    handle.write(result.record + "\n")
                elapsed = time.perf_counter() - start
                progress.update(task, advance=1, rate=f"{len(results) / max(elapsed, 1e-9):.0f} games/s")
    finally:
        if handle is not None:
            handle.close()
    return summarize(config, results, time.perf_counter() - start)


def print_summary(summary: Summary) -> None:
    """The statistics as Rich tables."""
    title = (f"{summary.game} ({summary.variant}), {summary.players} players, "
             f"{summary.games} games, seed {summary.seed}")
    for rows, heading in ((summary.seats, "seat"), (summary.agents, "agent")):
        table = Table(title=f"{title} — per {heading}")
        columns = [heading, "agent"] if heading == "seat" else [heading]
        for column in (*columns, "games", "wins", "shared", "win rate", "95% CI", "mean score"):
            table.add_column(column, justify="left" if column in columns else "right", no_wrap=True)
        for row in rows:
            labels = [row.label, row.agent] if heading == "seat" else [row.label]
            table.add_row(*labels, str(row.games), str(row.wins), str(row.shared_wins),
                          f"{row.win_rate:.1%}", f"{100 * row.ci_low:.1f}–{100 * row.ci_high:.1f}%",
                          f"{row.mean_score:.1f}")
        console.print(table)
    extras = "".join(f", mean {key} {value:.1f}" for key, value in summary.mean_stats.items())
    console.print(f"draws {summary.draws}, mean steps {summary.mean_steps:.1f}{extras}, "
                  f"{summary.games_per_second:.1f} games/s ({summary.seconds:.1f} s)")


def print_json(summary: Summary) -> None:
    """The statistics as one JSON object."""
    print(json.dumps(summary.to_dict(), sort_keys=True))
