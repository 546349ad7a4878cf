"""`ion play bank` (and any timed game): real time at the terminal, on a `host.Table`.

The table's clock is the terminal's (`time.monotonic`): bots move their reaction time after the
game last changed and the host applies timeouts when deadlines pass, all inside `Table.pump`.
A thread reads stdin so the clock keeps running while you think. You read every event of your
seat as it happens; when a turn of yours starts (a new move clock) the table and a prompt with the
seconds left are shown. An empty line shows the table now; questions (`help`, `inv`) are answered
from your own view; `start` starts a game still in its lobby; `quit` (the game's own move, where
it has one) or `q` leaves. The game's clock starts only after you have seen the table.

Everything is injectable for tests: a line source (`poll(timeout) -> list[str]`), a clock and an
output function.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..core import IllegalAction
from ..host import Table, Update
from ..host.table import Clock
from ..store import Store
from .play import open_table
from .play_text import Output, describe_events, end_screen, header, names_for, plain_printer, render


class LineSource(Protocol):
    """Where typed lines come from."""

    closed: bool

    def poll(self, timeout: float) -> list[str]:
        """Lines typed since the last poll, waiting at most `timeout` seconds for the first one."""
        ...


class StdinLines:
    """Lines from stdin, read by a daemon thread so the game clock keeps running."""

    def __init__(self) -> None:
        self.closed = False
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def poll(self, timeout: float) -> list[str]:
        """Lines typed since the last poll (waits up to `timeout` for the first)."""
        lines: list[str] = []
        try:
            item = self._queue.get(timeout=max(0.0, timeout))
            while True:
                if item is None:
                    self.closed = True
                    break
                lines.append(item)
                item = self._queue.get_nowait()
        except queue.Empty:
            pass
        return lines


class FakeClock:
    """A clock that only moves when told (tests)."""

    def __init__(self, start: float = 0.0):
        self.now = start

    def __call__(self) -> float:
        return self.now


class ScriptedLines:
    """A line source for tests: `(second, line)` pairs released as a fake clock passes them."""

    def __init__(self, script: Sequence[tuple[float, str]], clock: FakeClock):
        self.script = sorted(script, key=lambda item: item[0])
        self.clock = clock
        self.closed = False

    def poll(self, timeout: float) -> list[str]:
        """Advance the fake clock by `timeout`; return the lines due by then."""
        self.clock.now = round(self.clock.now + timeout, 6)
        due = [line for when, line in self.script if when <= self.clock.now]
        self.script = [(when, line) for when, line in self.script if when > self.clock.now]
        return due


class RealtimeTerminal:
    """Shows a seat's updates as they come and applies what the person types."""

    def __init__(self, table: Table, seat: int, out: Output):
        self.table = table
        self.seat = seat
        self.out = out
        self.spec = table.spec
        self.pending: list[Update] = []
        self.turn: tuple[Any, ...] | None = None
        self.shown_version = -1
        """The version of the table last shown (a prompt right after it does not repeat it)."""
        self.subscription = table.subscribe(seat, self._receive)

    def _receive(self, update: Update) -> None:
        self.pending.append(update)

    def show(self, now: float) -> None:
        """Print the events that came in; at the start of a turn of yours, the table and a prompt."""
        updates, self.pending = self.pending, []
        for update in updates:
            describe_events(self.spec, update.events, names_for(update), self.out)
        if not updates:
            return
        last = updates[-1]
        if last.over or last.status != "playing" or self.seat not in last.actors:
            self.turn = None
            return
        turn = (last.view.get("phase"), last.deadline)  # a new move clock is a new turn
        if turn != self.turn:
            self.turn = turn
            if last.version != self.shown_version:
                self.out(render(self.spec, last.view, names_for(last)))
                self.shown_version = last.version
            self.out(self.prompt(last, now))

    def prompt(self, update: Update, now: float) -> str:
        """`>>> your move: 2.9s left` (the phase named when it is not `play`)."""
        phase = update.view.get("phase")
        what = "your move" if phase in (None, "play") else f"your move ({phase})"
        if update.deadline is None:
            return f">>> {what}"
        return f">>> {what}: {max(0.0, update.deadline - now):.1f}s left"

    def table_now(self, now: float) -> str:
        """The table with the game clock as it is now (it only moves with actions otherwise)."""
        update = self.table.update(self.seat, since=self.table.version)
        self.shown_version = update.version
        view = update.view.copy()
        if view["now"] is not None:
            deadline = view["deadline"]
            game_now = self.table.game_time(now)
            view["now"] = round(min(game_now, deadline) if deadline is not None else game_now, 3)
        return render(self.spec, view, names_for(update))

    def handle(self, line: str, now: float) -> bool:
        """One typed line; False when you leave."""
        text = line.strip()
        if not text:
            self.out(self.table_now(now))
            return True
        if text.lower() == "q":
            return False
        reply = self.table.ask(self.seat, text)
        if reply is not None:
            self.out(reply)
            return True
        try:
            if text.lower() == "start":
                self.table.host_submit("start")
            else:
                self.table.submit(self.seat, text)
        except IllegalAction as err:
            if text.lower() == "quit":
                return False
            self.out(f"! {err}")
            return True
        return text.lower() != "quit"


def run(terminal: RealtimeTerminal, source: LineSource, clock: Clock, tick: float = 0.05) -> bool:
    """Drive the game until it ends (True) or you leave or input ends (False)."""
    table = terminal.table
    terminal.show(clock())
    terminal.out(terminal.table_now(clock()))  # you see the table before its clock starts
    if table.status == "waiting":
        table.start(clock())
    while True:
        now = clock()
        wake = table.pump(now)
        terminal.show(now)
        if table.is_over():
            return True
        wait = tick if wake is None else min(tick, max(0.0, wake - now))
        typed = source.poll(wait)
        now = clock()
        table.pump(now)
        terminal.show(now)
        for line in typed:
            if not terminal.handle(line, now):
                return False
            terminal.show(now)
            if table.is_over():
                return True
        if source.closed and not typed:
            terminal.out("Input ended: you leave the game.")
            return False


def play_realtime(game: str, players: int | None, seat: int, bots: Sequence[str], seed: int | None,
                  variant: str | None, *, options: Mapping[str, Any] | None = None,
                  store: Store | None = None,
                  source: LineSource | None = None, clock: Clock | None = None, out: Output | None = None,
                  name: str | None = None, tick: float = 0.05, table: Table | None = None) -> Table:
    """Play a timed game in real time with you in `seat` against `bots` (or go on with `table`, a
    resumed game); return its table."""
    clock = clock or time.monotonic
    out = out or plain_printer()
    if table is None:
        table = open_table(game, players, seat, bots, seed, variant, options, store, name, clock)
    out(header(table, seat))
    hint = " Type `help` for the commands;" if table.spec.answer is not None else ""
    out(f"Real time: the clock starts now.{hint} an empty line shows the table, q leaves.")
    terminal = RealtimeTerminal(table, seat, out)
    try:
        finished = run(terminal, source if source is not None else StdinLines(), clock, tick)
    finally:  # q, end of input, Ctrl-C or a crash: the saved game must not look like one being played
        terminal.subscription.cancel()
        if table.status == "playing":
            table.abandon()
    end_screen(table, seat, store, out, left=not finished)
    return table


__all__ = ["FakeClock", "LineSource", "RealtimeTerminal", "ScriptedLines", "StdinLines", "play_realtime",
           "run"]
