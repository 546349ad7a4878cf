"""A Rich progress bar for batches of games (`ion tournament`, `ion analyze`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .common import console


@contextmanager
def game_progress(description: str, total: int, show: bool = True) -> Iterator[Callable[[], None]]:
    """A transient bar with games done, games/s and time left; yields `advance()` (one game)."""
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                        console=console, transient=True, disable=not show)
    start = time.perf_counter()
    done = 0
    with progress:
        task = progress.add_task(description, total=total, rate="")

        def advance() -> None:
            nonlocal done
            done += 1
            elapsed = max(time.perf_counter() - start, 1e-9)
            progress.update(task, advance=1, rate=f"{done / elapsed:.0f} games/s")

        yield advance
