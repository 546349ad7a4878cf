"""`ion play --resume <id>`: take back the seats of a terminal game whose terminal went away.

A game played at a terminal (`ion play`, surface `terminal`) is in the store move by move; if its
terminal is closed or killed, it stays `playing`. Resuming rebuilds it from its action log (each
move checked again, as the web and IRC do after a restart) and gives the person seats back to
whoever runs `ion play --resume` — the store is the person's own, so holding it is the right to
play it. The bots take up their seats as they were.

So that two terminals never play one game at once, a terminal keeps its host and process in the
table's label `terminal` (`host:pid`); a game whose label names a process still running on this
machine is refused.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping

from ..core import IonError
from ..host import TERMINAL, Table
from ..host.journal import UNFINISHED
from ..host.seats import PERSON
from ..host.table import Clock
from ..store import Store

LABEL = "terminal"
"""The table label that names the terminal playing it: `host:pid`."""


def claim() -> dict[str, str]:
    """The labels of a table played at this terminal."""
    return {LABEL: f"{socket.gethostname()}:{os.getpid()}"}


def held_by(labels: Mapping[str, str]) -> int | None:
    """The process of this machine still playing a table with these labels (None: none is)."""
    host, _, pid = labels.get(LABEL, "").rpartition(":")
    if host != socket.gethostname() or not pid.isdigit() or int(pid) == os.getpid():
        return None
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return None
    except PermissionError:  # alive, someone else's
        return int(pid)
    except OSError:
        return None
    return int(pid)


def take_back(store: Store, table_id: str, clock: Clock) -> tuple[Table, tuple[int, ...]]:
    """The unfinished terminal game `table_id`, rebuilt from `store` and claimed by this terminal,
    with its person seats; `IonError` says why it cannot be resumed."""
    info = store.table_info(table_id)
    if info.surface != TERMINAL:
        places = {"web": "the web (ion serve)", "irc": "IRC (ion irc)"}
        where = places.get(info.surface or "web", info.surface)
        raise IonError(f"game {table_id} is played on {where}, not at a terminal: take your seat back there")
    if info.status not in UNFINISHED:
        raise IonError(f"game {table_id} is {info.status}: there is nothing to resume "
                       f"(`ion replay --table {table_id}` shows it)")
    people = tuple(s.seat for s in info.seats if s.kind == PERSON)
    if not people:
        raise IonError(f"game {table_id} has no person's seat to take back")
    pid = held_by(info.labels)
    if pid is not None:
        raise IonError(f"game {table_id} is being played in another terminal (process {pid}): "
                       "finish or leave it there first")
    table = store.load(table_id, clock)
    if table.status not in UNFINISHED:  # its last move ended it
        raise IonError(f"game {table_id} is over: `ion replay --table {table_id}` shows it")
    table.set_labels(claim())
    return table, people


__all__ = ["LABEL", "claim", "held_by", "take_back"]
