"""Shared pieces of the `ion` command: the console and turning errors into one clear line."""

from __future__ import annotations

import os

import typer
from rich.console import Console
from rich.markup import escape

from ..core import IonError, check_seed

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print `message` as one error line and return the Exit to raise."""
    # the message is text, not markup: `pip install 'ionarena[ray]'` must keep its brackets
    errors.print(f"[bold red]error:[/] {escape(message)}", markup=True, soft_wrap=True)
    return typer.Exit(code)


def seed_option(value: int | None) -> int | None:
    """`--seed`, the same rule for every command: a whole number from 0 to 2**64 - 1 (the run
    seed of `simulate`, `tournament` and `analyze` as much as a game's seed)."""
    if value is None:
        return None
    try:
        return check_seed(value)
    except IonError as err:
        raise fail(f"--seed: {err}") from None


def split_names(text: str) -> list[str]:
    """`"greedy,random"` -> `["greedy", "random"]`."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise IonError("give at least one agent name")
    return names


def max_workers() -> int:
    """The most local worker processes a run may ask for: 4 per core of this machine."""
    return 4 * max(1, os.cpu_count() or 1)


def check_workers(workers: int) -> int:
    """`--workers` as a number of local processes, or one clear error."""
    top = max_workers()
    if not 1 <= workers <= top:
        raise fail(f"--workers must be from 1 to {top} on this machine (4 per core), not {workers}")
    return workers
