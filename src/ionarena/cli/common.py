"""Shared pieces of the `ion` command: the console and turning errors into one clear line."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape

from ..core import IonError

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print `message` as one error line and return the Exit to raise."""
    # the message is text, not markup: `pip install 'ionarena[ray]'` must keep its brackets
    errors.print(f"[bold red]error:[/] {escape(message)}", markup=True, soft_wrap=True)
    return typer.Exit(code)


def split_names(text: str) -> list[str]:
    """`"greedy,random"` -> `["greedy", "random"]`."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise IonError("give at least one agent name")
    return names
