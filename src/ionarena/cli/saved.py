"""`ion saved` and `ion replay --table`: the games kept in the store."""

from __future__ import annotations

from rich.text import Text

from ..core.record import GameRecord
from ..store import Store
from .common import console


def saved_record(db: str | None, table_id: str) -> GameRecord:
    """The record of game `table_id` in the store at `db` (finished, abandoned or still running)."""
    with Store(db) as store:
        return store.record(table_id)


def show_saved(db: str | None, limit: int = 20, status: str | None = None) -> None:
    """The most recent games of the store, newest first."""
    with Store(db) as store:
        rows = store.tables(status=status, limit=limit)
        where = store.where
    if not rows:
        console.print(Text(f"No games saved in {where} yet."))
        return
    console.print(Text(f"Games saved in {where}, newest first:"))
    for row in rows:
        started = row.created_at.strftime("%Y-%m-%d %H:%M")
        console.print(Text(f"  {row.id}  {row.game} {row.variant}  {row.status}  {row.actions} moves  "
                           f"{started} UTC  {', '.join(row.names)}"), soft_wrap=True)
    console.print(Text("Replay one: ion replay --table <table id>"))
