"""Entry points for the `ion` command: `play_tui` (`ion play`) and `watch_record` (`ion replay --watch`),
and `wants_tui`: when the full-screen table is used at all."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text


def wants_tui(plain: bool) -> bool:
    """The full-screen table unless `--plain`, or stdin/stdout are not a terminal (a pipe, a file,
    a test runner), or the terminal is `dumb`: those get the line-based mode."""
    if plain:
        return False
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    return os.environ.get("TERM", "") not in ("dumb", "")


def play_tui(game: str, players: int | None, seats: Sequence[int], bots: Sequence[str], seed: int | None,
             variant: str | None, *, options: Mapping[str, Any] | None = None, store: Any = None,
             names: Sequence[str] | None = None) -> None:
    """Play GAME full-screen with people in `seats` (hot-seat when several), saved in `store`; the
    result, the seed and where the game was saved are printed when the screen closes."""
    from .app import run_play
    from .session import PlaySession
    session = PlaySession.open(game, players=players, seats=seats, bots=bots, seed=seed, variant=variant,
                               options=options, store=store, names=names)
    _print(run_play(session))


def resume_tui(store: Any, table_id: str) -> None:
    """Take back the seats of the unfinished terminal game `table_id` and play on full-screen."""
    from .app import run_play
    from .session import PlaySession
    _print(run_play(PlaySession.resume(store, table_id)))


def _print(lines: Sequence[Any]) -> None:
    console = Console(highlight=False)
    for line in lines:
        console.print(line if isinstance(line, Text) else Text(str(line)), soft_wrap=True)


def watch_record(record: Any, *, title: str = "") -> None:
    """Step through a game record on the table screen (`ion replay --watch`)."""
    from .replay import ReplayApp
    ReplayApp(record, title=title).run()


__all__ = ["play_tui", "resume_tui", "wants_tui", "watch_record"]
