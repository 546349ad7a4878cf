"""A game for the people at one terminal, on a `host.Table`, driven by a thread of its own.

`PlaySession` opens the table (the people's seats, bots in the others, saved in the store),
starts it, and runs a `TableDriver`: a thread that calls `table.pump(now)` whenever something is
due (bots on their own clocks, a timed game's deadlines) and sleeps until then or until a move is
made. The screen never touches the state: it receives each seat's `Update` through the table's
subscriptions and sends moves with `submit` — both safe from any thread, as the table holds a lock.

Time is injectable: `ManualClock` moves only when a test says so (and wakes the driver).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import IllegalAction, get_spec
from ..host import TERMINAL, Subscription, Table, TableSettings, Update
from ..host.table import Clock

BOT_DELAY = 0.6
"""Seconds a bot waits before moving in an untimed game, so people can follow each move."""


class ManualClock:
    """A clock that moves only when told (tests); `advance` wakes whoever waits on it."""

    def __init__(self, start: float = 0.0):
        self.now = start
        self._listeners: list[Callable[[], None]] = []

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds` and wake the listeners (the table's driver)."""
        self.now = round(self.now + seconds, 6)
        for listener in list(self._listeners):
            listener()

    def listen(self, callback: Callable[[], None]) -> None:
        """Call `callback()` after every `advance`."""
        self._listeners.append(callback)


class TableDriver:
    """A thread that pumps a table: bots' moves and timeouts happen when they are due.

    With a real clock it sleeps until the table's next wake-up (or a `poke`); with a
    `ManualClock` it sleeps until the clock is advanced or poked.
    """

    def __init__(self, table: Table, clock: Clock, on_error: Callable[[BaseException], None] | None = None):
        self.table = table
        self.clock = clock
        self.on_error = on_error
        self._wake = threading.Condition()
        self._poked = False
        self._running = False
        self._thread: threading.Thread | None = None
        self.manual = isinstance(clock, ManualClock)
        if isinstance(clock, ManualClock):
            clock.listen(self.poke)

    def start(self) -> None:
        """Start pumping (in a daemon thread)."""
        self._running = True
        self._thread = threading.Thread(target=self._run, name=f"table-{self.table.id[:6]}", daemon=True)
        self._thread.start()

    def poke(self) -> None:
        """Something changed (a move, the clock): look at the table again now."""
        with self._wake:
            self._poked = True
            self._wake.notify_all()

    def stop(self) -> None:
        """Stop the thread (waits for a bot that is thinking to finish its move)."""
        self._running = False
        self.poke()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=10)

    def _run(self) -> None:
        while self._running:
            try:
                wake = self.table.pump(self.clock())
            except Exception as err:  # a bot or the store failed: say so on the screen, stop pumping
                if self.on_error is not None:
                    self.on_error(err)
                return
            with self._wake:
                if self._poked or not self._running:
                    self._poked = False
                    continue
                if wake is None or self.manual:
                    self._wake.wait()
                else:
                    self._wake.wait(max(0.0, wake - self.clock()))
                self._poked = False


def seat_bots(players: int, people: Sequence[int], bots: Sequence[str]) -> dict[int, str]:
    """The bot of every seat without a person: `bots` cycled over all seats (seat k plays
    bots[k % n])."""
    if not bots:
        raise IllegalAction("give at least one bot name")
    return {k: bots[k % len(bots)] for k in range(players) if k not in people}


def check_seats(seats: Sequence[int], players: int, timed: bool) -> tuple[int, ...]:
    """The people's seats, checked: distinct, on the table, and one only in a real-time game."""
    chosen = tuple(seats)
    if not chosen:
        raise IllegalAction("--seats needs at least one seat")
    for seat in chosen:
        if seat.__class__ is not int or not 0 <= seat < players:
            raise IllegalAction(f"seats are numbered from 0 to {players - 1}, not {seat}")
    if len(set(chosen)) != len(chosen):
        raise IllegalAction(f"--seats names a seat twice: {','.join(map(str, chosen))}")
    if timed and len(chosen) > 1:
        raise IllegalAction("a real-time game cannot be passed around one keyboard: give one seat")
    return chosen


class PlaySession:
    """One table with people at this terminal in `seats` (hot-seat when several) and bots elsewhere."""

    def __init__(self, table: Table, seats: Sequence[int], *, clock: Clock, store: Any = None):
        self.table = table
        self.seats = tuple(seats)
        self.clock = clock
        self.store = store
        self.spec = table.spec
        self.error: BaseException | None = None
        self.driver = TableDriver(table, clock, on_error=self._failed)
        self._subs: list[Subscription] = []
        self.closed = False

    @classmethod
    def open(cls, game: str, *, players: int | None = None, seats: Sequence[int] = (0,),
             bots: Sequence[str] = ("greedy",), seed: int | None = None, variant: str | None = None,
             options: Mapping[str, Any] | None = None, store: Any = None,
             names: Sequence[str] | None = None, clock: Clock | None = None,
             bot_delay: float = BOT_DELAY) -> PlaySession:
        """A new table of `game` with people in `seats` (named by `names`, in order) and `bots`
        cycled over the other seats, written to `store` (a `Store`, or None)."""
        spec = get_spec(game)
        n = spec.check_players(spec.default_players if players is None else players)
        chosen = check_seats(seats, n, spec.timed)
        clock = clock or time.monotonic
        from ..cli.resume import claim
        table = Table(game, n, bots=seat_bots(n, chosen, bots), seed=seed, variant=variant, options=options,
                      clock=clock, journal=store, settings=TableSettings(bot_delay=bot_delay),
                      surface=TERMINAL, labels=claim())
        given = list(names or [])
        for index, seat in enumerate(chosen):
            name = given[index] if index < len(given) and given[index] else f"Player {seat}"
            table.sit(seat, name)
        return cls(table, chosen, clock=clock, store=store)

    @classmethod
    def resume(cls, store: Any, table_id: str, *, clock: Clock | None = None) -> PlaySession:
        """The unfinished terminal game `table_id` of `store`, its person seats taken back
        (`cli.resume.take_back` says why a game cannot be)."""
        from ..cli.resume import take_back
        clock = clock or time.monotonic
        table, people = take_back(store, table_id, clock)
        return cls(table, people, clock=clock, store=store)

    def _failed(self, err: BaseException) -> None:
        self.error = err

    def subscribe(self, seat: int, callback: Callable[[Update], None]) -> Subscription:
        """`callback(update)` now (the whole game so far) and after every change, from any thread."""
        sub = self.table.subscribe(seat, callback)
        self._subs.append(sub)
        return sub

    def start(self) -> None:
        """Start the game's clock and the bots."""
        if self.table.status == "waiting":
            self.table.start(self.clock())
        self.driver.start()

    def submit(self, seat: int, text: str, version: int | None) -> Update:
        """A person's move (raises `IllegalAction` or `StaleSubmit` with nothing changed); in a
        real-time game `version` None applies it to the game as it is now."""
        if seat not in self.seats:
            raise IllegalAction(f"seat {seat} is not played at this terminal")
        try:
            return self.table.submit(seat, text, version)
        finally:
            self.driver.poke()

    def start_game(self) -> None:
        """bank's lobby `start`: the person at their own terminal may start the game."""
        self.table.host_submit("start")
        self.driver.poke()

    def ask(self, seat: int, text: str) -> str | None:
        """A question answered from the seat's view (bank's `inv`, `help`), or None."""
        return self.table.ask(seat, text)

    def close(self) -> None:
        """Stop the bots; a game still being played is kept as abandoned."""
        if self.closed:
            return
        self.closed = True
        for sub in self._subs:
            sub.cancel()
        self.driver.stop()
        if self.table.status in ("playing", "waiting"):
            self.table.abandon()

    # -- the end ----------------------------------------------------------------------------------

    def replay_command(self) -> str:
        """How to see this game again with `ion replay`."""
        from ..cli.again import replay_command
        return replay_command(self.table.id, self.store)

    def deal_again_command(self) -> str:
        """How to deal this game again (seed, players, variant and options)."""
        from ..cli.again import deal_again_command
        return deal_again_command(self.table.info(), self.spec)


__all__ = ["BOT_DELAY", "ManualClock", "PlaySession", "TableDriver", "check_seats", "seat_bots"]
