"""The host: one `Table` per game, shared by every surface (terminal, web, IRC).

    >>> from ionarena.host import Table
    >>> table = Table("dots", players=3, bots={1: "greedy", 2: "random"}, seed=7, clock=lambda: 0.0)
    >>> token = table.sit(0, "ada")
    >>> table.start()
    >>> table.pump()                     # bots move when due; None: nothing scheduled
    >>> update = table.update(0)         # view, new events, legal moves as text, actors, deadline
    >>> update = table.submit(0, update.legal[0], update.version)

- `table` — `Table` (see its module docstring for the whole contract: sit/leave, start/adjourn/
  resume, submit, ask, pump, updates): the game's facts, its seats, people's moves, and every
  accepted action applied to a copy and journaled before anyone is told.
- `driver` — `Driver`, the table's bots: their delays, the moment counter, and their moves
  thought outside the table's lock and applied only if the table has not moved on.
- `updates` — `Update`, `Subscription`, `StaleSubmit`: what each seat learns, built once per
  version and reader, and the subscribers it goes to.
- `scheduler` — `plan`: when bots move and timeouts fire (also used by `ion simulate`).
- `takeover` — `IdleRun`: the takeover bot finishes an idle person's whole move at once.
- `seats` — `Bot` specs (`greedy`, `greedy@0.8`), `SeatInfo`, `TableSettings` (takeover bot,
  move limit for untimed games, bot delay, reaction time), seat tokens, and who may take a seat.
- `journal` — what a table writes to its store (`Journal`, `LogEntry`, `TableInfo`, `Finish`),
  and the log replayed when a table is restored.
- `bots` — the window a bot sees (its seat only), and `think`, how a table has a bot's move
  thought (`Table.thinker`; `LATER` leaves it for another pump).
- `botpool` — `BotPool`: fair lanes for the bots of many tables (timeouts, quick bots, searches in
  turn within a budget of search time; worker processes where there are cores).
- `ratelimit` — `RateLimit`: per-key limits (a person, an address, a channel) on moving windows.
- `labels` — which surface hosts a table (`web`, `irc`, `terminal`) and the labels it keeps with it.

The host is synchronous and does no I/O: surfaces own sockets and time, call `pump(now)` from
their loop or a timer (at the time it returns), and receive updates through callbacks or polling.
"""

from .journal import Finish, Journal, LogEntry, MemoryJournal, SeatResult, Status, TableInfo
from .labels import IRC, TERMINAL, WEB, check_labels, check_surface
from .scheduler import Due, plan
from .seats import Bot, SeatInfo, TableSettings, hash_token
from .table import Clock, Table, new_table_id
from .updates import Callback, StaleSubmit, Subscription, Update

__all__ = ["IRC", "TERMINAL", "WEB", "Bot", "Callback", "Clock", "Due", "Finish", "Journal", "LogEntry",
           "MemoryJournal", "SeatInfo", "SeatResult", "StaleSubmit", "Status", "Subscription", "Table",
           "TableInfo", "TableSettings", "Update", "check_labels", "check_surface", "hash_token",
           "new_table_id", "plan"]
