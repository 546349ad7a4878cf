"""`ion saved` and `ion replay --table`: the games kept in the store, and the ones to take up again."""

from __future__ import annotations

from rich.text import Text

from ..core.record import GameRecord
from ..host import TERMINAL
from ..host.journal import UNFINISHED
from ..store import Store
from .again import resume_command
from .common import console


def saved_record(db: str | None, table_id: str) -> GameRecord:
    """The record of game `table_id` in the store at `db` (finished, abandoned or still running)."""
    with Store(db) as store:
        return store.record(table_id)


def show_saved(db: str | None, limit: int = 20, status: str | None = None) -> None:
    """The most recent games of the store, newest first; an unfinished terminal game (its terminal
    went away) with the command that takes it up again."""
    with Store(db) as store:
        rows = store.tables(status=status, limit=limit)
        where = store.where
        resumable = [row for row in rows if row.status in UNFINISHED and row.surface == TERMINAL]
        resumes = {row.id: resume_command(row.id, store) for row in resumable}
    if not rows:
        console.print(Text(f"No games saved in {where} yet."))
        return
    console.print(Text(f"Games saved in {where}, newest first:"))
    for row in rows:
        started = row.created_at.strftime("%Y-%m-%d %H:%M")
        console.print(Text(f"  {row.id}  {row.game} {row.variant}  {row.status}  {row.actions} moves  "
                           f"{started} UTC  {', '.join(row.names)}"), soft_wrap=True)
        if row.id in resumes:
            console.print(Text.assemble("      take it up again: ", (resumes[row.id], "bold")),
                          soft_wrap=True)
    console.print(Text("Replay one: ion replay --table <table id>"))
    if resumable:
        console.print(Text("A game still 'playing' whose terminal went away: ion play --resume <table id> "
                           "gives you your seat back."))
