"""`ion tables list` and `ion tables close`: every table of a store, for whoever runs a server.

They read and write the store (`--db`, as `ion serve`'s), so they work whether the server runs or
not: a running `ion serve` notices a closed table within seconds and stops hosting it.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.text import Text

from ..core import IonError
from ..store import Store, admin
from .common import console, fail

tables_app = typer.Typer(help="Every table of a store (listed or not, of every surface): list them, "
                              "close them.", no_args_is_help=True)

DbOption = Annotated[str | None, typer.Option(help="The store (default: $ION_DB or the user's data folder).")]
STATUSES = ("waiting", "playing", "adjourned", "over", "abandoned")


def _statuses(text: str | None) -> list[str] | None:
    if text is None:
        return None
    chosen = [word.strip() for word in text.split(",") if word.strip()]
    unknown = [word for word in chosen if word not in STATUSES]
    if unknown or not chosen:
        raise fail(f"--status takes {', '.join(STATUSES)} (comma-separated), not {text!r}")
    return chosen


@tables_app.command("list")
def list_tables(
    db: DbOption = None,
    status: Annotated[str | None, typer.Option(
        help="Only tables with these statuses, comma-separated (waiting, playing, adjourned, over, "
             "abandoned).")] = None,
    surface: Annotated[str | None, typer.Option(
        help="Only tables of this surface (web, irc, terminal).")] = None,
    maker: Annotated[str | None, typer.Option(
        help="Only tables made by this maker (its tag, as listed).")] = None,
    limit: Annotated[int, typer.Option(help="How many, latest change first.", min=1, max=100_000)] = 50,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
) -> None:
    """Every table (latest change first): id, game, status, surface, listed, seats, moves, maker."""
    chosen = _statuses(status)
    try:
        with Store(db) as store:
            rows = admin.overview(store, status=chosen, surface=surface,
                                  limit=limit if maker is None else 1_000_000)
            where = store.where
    except IonError as err:
        raise fail(str(err)) from None
    if maker is not None:
        rows = [row for row in rows if row.labels.get("maker") == maker][:limit]
    if as_json:
        for row in rows:
            print(json.dumps({"id": row.id, "game": row.game, "variant": row.variant, "players": row.players,
                              "status": row.status, "surface": row.surface, "listed": row.listed,
                              "created_at": row.created_at.isoformat(),
                              "updated_at": row.updated_at.isoformat(), "seats": list(row.names),
                              "actions": row.actions, "labels": row.labels}))
        return
    if not rows:
        console.print(Text(f"No tables in {where}{' like that' if status or surface or maker else ''}."))
        return
    console.print(Text(f"Tables in {where}, latest change first:"))
    for row in rows:
        where_listed = "listed" if row.listed else "by link"
        console.print(Text(f"  {row.id}  {row.game} {row.variant}  {row.status}  {row.surface or '-'} "
                           f"{where_listed}  {row.updated_at:%Y-%m-%d %H:%M} UTC  {row.actions} moves  "
                           f"maker {row.labels.get('maker', '-')}"), soft_wrap=True)
        practice = f"  · practice deal, seed {row.labels['practice']}" if "practice" in row.labels else ""
        console.print(Text(f"      {', '.join(row.names)}{practice}"), soft_wrap=True)


@tables_app.command("close")
def close_tables(
    ids: Annotated[list[str] | None, typer.Argument(help="Ids of the tables to close.")] = None,
    db: DbOption = None,
    maker: Annotated[str | None, typer.Option(help="Close every unfinished table of this maker (its tag, "
                                                   "as `ion tables list` shows it).")] = None,
    waiting: Annotated[bool, typer.Option("--waiting",
                                          help="Close every table waiting for players.")] = False,
) -> None:
    """Close unfinished tables (waiting, playing, adjourned): they become abandoned, their moves kept
    (`ion replay --table` shows them). A running `ion serve` stops hosting them within seconds."""
    chosen = list(ids or [])
    if not chosen and maker is None and not waiting:
        raise fail("say which tables: their ids, --maker TAG or --waiting")
    try:
        with Store(db) as store:
            if maker is not None or waiting:
                rows = admin.overview(store, status=["waiting"] if waiting else list(admin.UNFINISHED),
                                      limit=1_000_000)
                chosen += [row.id for row in rows if maker is None or row.labels.get("maker") == maker]
            closed = admin.close(store, chosen) if chosen else []
    except IonError as err:
        raise fail(str(err)) from None
    skipped = [table_id for table_id in ids or [] if table_id not in closed]
    console.print(Text(f"Closed {len(closed)} table{'s' if len(closed) != 1 else ''}."))
    if skipped:
        console.print(Text(f"Not closed (no such table, or it is over already): {', '.join(skipped)}"))
        raise typer.Exit(1)


__all__ = ["tables_app"]
