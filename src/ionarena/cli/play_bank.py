"""`ion play bank`: the real-time bank game at a terminal, against bots, on a real clock.

The kernel never reads a clock: this module maps wall-clock seconds to game seconds and feeds the
game host actions (`at <t>` before each move, `timeout` when a deadline passes). Bots move
`reaction_time` seconds after the game last changed; you type the rulebook's commands. A thread
reads stdin so the clock keeps running while you think. Everything is injectable for tests: a line
source (`poll(timeout) -> list[str]`), a clock and an output function.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from ..agents import Agent, make_agent
from ..core import HOST, IllegalAction, State, get_spec
from ..games.bank.commands import answer
from ..games.bank.render import escape, render

Output = Callable[[str], None]


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
            item = self._queue.get(timeout=timeout)
            while True:
                if item is None:
                    self.closed = True
                    break
                lines.append(item)
                item = self._queue.get_nowait()
        except queue.Empty:
            pass
        return lines


class ScriptedLines:
    """A line source for tests: `(game second, line)` pairs released as a fake clock passes them."""

    def __init__(self, script: Sequence[tuple[float, str]], clock: FakeClock):
        self.script = sorted(script, key=lambda item: item[0])
        self.clock = clock
        self.closed = False

    def poll(self, timeout: float) -> list[str]:
        """Advance the fake clock by `timeout`; return the lines due by then."""
        self.clock.now += timeout
        due = [line for when, line in self.script if when <= self.clock.now]
        self.script = [(when, line) for when, line in self.script if when > self.clock.now]
        return due


class FakeClock:
    """A clock that only moves when told (tests)."""

    def __init__(self, start: float = 0.0):
        self.now = start

    def __call__(self) -> float:
        return self.now


def new_notes(seen: Sequence[str], notes: Sequence[str]) -> list[str]:
    """The notes of `notes` not in `seen` (the same capped list shown earlier): what follows the
    longest end of `seen` that `notes` starts with."""
    for keep in range(min(len(seen), len(notes)), 0, -1):
        if tuple(seen[len(seen) - keep:]) == tuple(notes[:keep]):
            return list(notes[keep:])
    return list(notes)


class RealtimeSession:
    """A game in progress: applies bot moves, your commands and timeouts in game-time order."""

    def __init__(self, state: State, seat: int, agents: Sequence[Agent], out: Output):
        self.state = state
        self.seat = seat
        self.agents = agents
        self.out = out
        self.changed_at = state.now()
        self.waiting: set[int] = set()
        self.seen_events = 0
        self.seen_notes: tuple[str, ...] = ()
        self.shown_turn: object = None

    # -- applying things ------------------------------------------------------------------------

    def _applied(self) -> None:
        self.changed_at = self.state.now()
        self.waiting.clear()
        self._show_news()

    def _show_news(self) -> None:
        """Print what happened since last time (public events, then your own notes); at your turn the
        table, without the events and notes just printed."""
        view = self.state.view(self.seat)
        total = view.get("events_total", 0)
        fresh = min(total - self.seen_events, len(view["events"]))
        for event in view["events"][len(view["events"]) - fresh:] if fresh > 0 else []:
            self.out(f"  {escape(event)}")
        self.seen_events = total
        notes = tuple(view.get("you", {}).get("notes", ()))
        for note in new_notes(self.seen_notes, notes):
            self.out(f"  [dim]{escape(note)}[/]")
        self.seen_notes = notes
        # a new turn of yours (also right after your own, when the others lose theirs), the second move
        # of [&], or a new clock after [:]
        turn = (view["phase"], view["round"], view["turn"], view.get("second_move"), view.get("move_ends_at"))
        if self.seat in self.state.actors() and turn != self.shown_turn:
            self.shown_turn = turn
            table = dict(view, events=[])
            if "you" in view:
                table["you"] = dict(view["you"], notes=[])
            self.out(render(table, self.seat))
            if view["phase"] == "play":
                second = " (your second move of [&])" if view.get("second_move") else ""
                left = view["deadline"] - view["now"]
                self.out(f">>> your move{escape(second)}, {left:.1f}s left (before {view['deadline']:.1f}s, "
                         f"clock {view['now']:.1f}s)")
            elif view["phase"] == "shop":
                self.out(">>> the shop is open: buy <object>, deal <object> <price> <units>, "
                         "ok <person>, done")
            else:
                self.out(">>> pick a team: team + or team -")
        elif self.seat not in self.state.actors():
            self.shown_turn = None

    def _tick_to(self, when: float) -> None:
        if when > self.state.now():
            self.state.apply_text(HOST, f"at {when:.3f}")

    def advance_to(self, game_time: float) -> None:
        """Apply, in time order, every bot move and timeout due by `game_time`."""
        state = self.state
        while not state.is_over():
            deadline = state.deadline()
            if deadline is None:
                return
            due = sorted((self.changed_at + self.agents[p].reaction_time, p)
                         for p in state.actors() if p != self.seat and p not in self.waiting)
            if due and due[0][0] < deadline and due[0][0] <= game_time:
                when, player = due[0]
                when = max(when, state.now())
                action = self.agents[player].act(state, player)
                if action is None:
                    self.waiting.add(player)
                    continue
                self._tick_to(when)
                state.apply(player, action)
                self._applied()
                continue
            if deadline <= game_time:
                state.apply_text(HOST, "timeout")
                self._applied()
                continue
            return

    def handle(self, line: str, game_time: float) -> bool:
        """Your typed line at `game_time`; returns False when you quit."""
        text = line.strip()
        if not text:
            self.advance_to(game_time)
            view = self.state.view(self.seat)
            if view["deadline"] is not None:  # the game clock only moves on actions: show the time now
                view["now"] = round(max(view["now"], min(game_time, view["deadline"])), 3)
            self.out(render(view, self.seat))
            return True
        reply = answer(self.state, self.seat, text)
        if reply is not None:
            self.out(escape(reply))
            return True
        self.advance_to(game_time)
        if self.state.is_over():
            return True
        try:
            if text.lower() == "start":
                self.state.apply_text(HOST, "start")
            else:
                action = self.state.parse_action(self.seat, text)
                deadline = self.state.deadline()
                if deadline is not None and game_time < deadline:
                    self._tick_to(game_time)
                self.state.apply(self.seat, action)
        except IllegalAction as err:
            self.out(f"[red]! {escape(str(err))}[/]")
            return True
        self._applied()
        return text.lower() != "quit"

    def summary(self) -> str:
        """Final scores and winners."""
        view = self.state.view(self.seat)
        lines = [render(view, self.seat), "Final scores:"]
        for seat, score in enumerate(self.state.scores()):
            who = "you" if seat == self.seat else f"player {seat} ({self.agents[seat].name})"
            lines.append(f"  {who} [{view['teams'][seat]}]: {score:g}")
        lines.append(f"Winners: {self.state.winners()}  winning team: {view.get('winning_team')}")
        return "\n".join(lines)


def run(session: RealtimeSession, source: LineSource, clock: Callable[[], float],
        tick: float = 0.05, speed: float = 1.0) -> int:
    """Drive `session` until the game ends (or you quit / input ends): returns an exit code."""
    start = clock()
    offset = session.state.now()
    session._show_news()
    while not session.state.is_over():
        typed = source.poll(tick)
        game_time = offset + (clock() - start) * speed
        session.advance_to(game_time)
        for line in typed:
            if not session.handle(line, game_time):
                session.out("You left the game.")
                return 0
        if source.closed and not typed:
            session.out("Input ended: you leave the game.")
            if not session.state.is_over():
                session.handle("quit", game_time)
            return 0
    session.out(session.summary())
    return 0


def play_realtime(seat: int, players: int, bots: str, seed: int, variant: str | None, *,
                  source: LineSource | None = None, clock: Callable[[], float] | None = None,
                  out: Output | None = None, tick: float = 0.05) -> int:
    """Play the bank game in real time at the terminal in `seat` against `bots` (comma-separated)."""
    spec = get_spec("bank")
    state = spec.make(players=players, seed=seed, variant=variant)
    if not 0 <= seat < players:
        raise IllegalAction(f"seat must be between 0 and {players - 1}")
    names = [name.strip() for name in bots.split(",") if name.strip()] or ["greedy"]
    agents: list[Agent] = [make_agent(names[k % len(names)], "bank", k, seed) for k in range(players)]
    if out is None:
        from .common import console
        out = console.print
    printer: Output = out
    printer(f"{spec.title}: {players} players, you are seat {seat}. Type `help` for the commands; "
            f"an empty line shows the table.")
    session = RealtimeSession(state, seat, agents, printer)
    return run(session, source if source is not None else StdinLines(),
               clock if clock is not None else time.monotonic, tick)
