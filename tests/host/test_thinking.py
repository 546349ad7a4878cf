"""Bots think outside the table's lock: while one thinks (here a bot that blocks until the test lets
it go), the table answers `update`, `ask` and a person's `submit` at once; a move thought out for a
table that has moved on meanwhile is dropped and the bot asked again; a move that is still current
is applied at its due time, however long the bot took."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from ionarena.host import MemoryJournal, Table
from ionarena.host import bots as bots_module

from .conftest import FakeClock

PATIENCE = 20.0
"""Seconds a call may take before the test calls it stuck (a deadlock detector, not a timing)."""


class SlowSeat:
    """Makes the bot of one seat block in `act` until `release` is set, the first `times` times it
    is asked; records the version it was asked at each time."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, seat: int, times: int = 1):
        self.seat = seat
        self.times = times
        self.asked: list[int] = []
        self.thinking = threading.Event()
        self.release = threading.Event()
        real = bots_module.bot_agent

        def bot_agent(name: str, game: str, seat_: int, table_seed: int, version: int,
                      reaction: float | None) -> Any:
            agent = real(name, game, seat_, table_seed, version, reaction)
            return agent if seat_ != seat else _Slow(self, agent, version)

        monkeypatch.setattr(bots_module, "bot_agent", bot_agent)  # what a table's thinker makes


class _Slow:
    def __init__(self, slow: SlowSeat, agent: Any, version: int):
        self.slow, self.agent, self.version = slow, agent, version
        self.reaction_time = agent.reaction_time

    def act(self, state: Any, seat: int) -> Any:
        self.slow.asked.append(self.version)
        if len(self.slow.asked) <= self.slow.times:
            self.slow.thinking.set()
            assert self.slow.release.wait(PATIENCE), "the test never let the bot go"
        return self.agent.act(state, seat)


def at_once(fn: Callable[[], Any]) -> Any:
    """`fn()` run in another thread, which must finish while the slow bot still thinks."""
    result: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(fn())
        except BaseException as err:  # handed to the test
            errors.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(PATIENCE)
    assert not thread.is_alive(), "the call waited for the thinking bot"
    if errors:
        raise errors[0]
    return result[0]


def pump_in_background(table: Table, now: float) -> tuple[threading.Thread, list[float | None]]:
    woke: list[float | None] = []
    thread = threading.Thread(target=lambda: woke.append(table.pump(now)), daemon=True)
    thread.start()
    return thread, woke


def test_update_ask_and_a_persons_move_do_not_wait_for_a_thinking_bot_whose_move_is_then_redone(
        monkeypatch, clock: FakeClock):
    """compound: everyone picks at once, so ada may pick while the bot in seat 1 thinks."""
    slow = SlowSeat(monkeypatch, seat=1)
    journal = MemoryJournal()
    table = Table("compound", players=3, bots={1: "greedy"}, seed=6, clock=clock, journal=journal)
    table.sit(0, "ada")
    table.sit(2, "bob")
    table.start(0.0)
    pumping, woke = pump_in_background(table, 0.0)
    assert slow.thinking.wait(PATIENCE)

    update = at_once(lambda: table.update(0))
    assert update.version == table.version and update.legal
    assert at_once(lambda: table.ask(0, "help")) is None  # compound has no questions; the lock was free
    mine = at_once(lambda: table.submit(0, update.legal[0], None))
    picked_at = mine.version
    assert picked_at == update.version + 1 and [e.player for e in journal.entries(table.id)] == [0]
    assert slow.asked == [0] and pumping.is_alive()  # the bot still thinks about version 0

    slow.release.set()
    pumping.join(PATIENCE)
    assert not pumping.is_alive()
    # the move thought out for version 0 was dropped; a bot made for the new version decided
    assert slow.asked == [0, picked_at]
    seat_one = [e for e in journal.entries(table.id) if e.player == 1]
    assert [e.version for e in seat_one] == [picked_at + 1]
    assert [e.version for e in journal.entries(table.id)] == list(range(1, table.version + 1))
    assert woke == [table.wake()]


def test_a_slow_bots_move_that_is_still_current_is_stamped_at_its_due_time(monkeypatch, clock: FakeClock):
    slow = SlowSeat(monkeypatch, seat=1)
    table = Table("ticker", players=3, bots={1: "random@0.5", 2: "random@0.5"}, seed=11, clock=clock)
    table.sit(0, "ada")
    table.start(0.0)
    clock.now = 1.0
    table.submit(0, "tap", 0)  # seat 1 is due 0.5 s later
    pumping, woke = pump_in_background(table, 1.5)
    assert slow.thinking.wait(PATIENCE)
    clock.now = 2.7  # the bot thinks for 1.2 s
    assert at_once(lambda: table.ask(0, "score")) == "You have 1 points."
    assert at_once(lambda: table.update(None)).version == 2
    slow.release.set()
    pumping.join(PATIENCE)
    actions = list(table.record().actions)
    assert actions[2] == (None, "at 1.500") and actions[3][0] == 1
    assert woke == [2.0]  # seat 2 reacts 0.5 s after seat 1's move


def test_a_timeout_while_a_bot_thinks_makes_its_move_stale(monkeypatch, clock: FakeClock):
    """The bot in seat 1 thinks past its turn's deadline; ada's move comes after it: the turn
    times out first, seat 2 (due by then) moves, ada's move is judged, and the slow bot's move for
    a turn that is gone is never applied."""
    slow = SlowSeat(monkeypatch, seat=1)
    table = Table("ticker", players=3, bots={1: "random@0.5", 2: "random@0.5"}, seed=11, clock=clock)
    table.sit(0, "ada")
    table.start(0.0)
    clock.now = 1.0
    table.submit(0, "tap", 0)
    pumping, woke = pump_in_background(table, 1.5)
    assert slow.thinking.wait(PATIENCE)
    clock.now = 4.5  # seat 1's deadline (1.0 + 3 s) has passed
    at_once(lambda: table.submit(0, "tap", None))
    actions = list(table.record().actions)
    assert actions[2:4] == [(None, "timeout"), (None, "at 4.500")]
    assert actions[4][0] == 2 and actions[5] == (0, "tap")
    slow.release.set()
    pumping.join(PATIENCE)
    assert all(player != 1 for player, _ in table.record().actions)
    assert woke == [5.0]  # asked again for the new turn: due 0.5 s after ada's move at 4.5


def test_a_second_pump_waits_for_the_bot_another_pump_thinks_for(monkeypatch, clock: FakeClock):
    table = Table("dots", players=2, bots={0: "greedy", 1: "greedy"}, seed=3, clock=clock)
    table.start(0.0)
    seat = table.update(None).actors[0]
    slow = SlowSeat(monkeypatch, seat=seat)
    first, first_woke = pump_in_background(table, 0.0)
    assert slow.thinking.wait(PATIENCE)
    second, second_woke = pump_in_background(table, 0.0)
    second.join(0.2)
    assert second.is_alive() and table.version == 0  # it waits (not under the lock) for that bot
    assert at_once(lambda: table.update(None)).version == 0
    slow.release.set()
    for thread in (first, second):
        thread.join(PATIENCE)
    assert table.is_over() and first_woke == second_woke == [None]
    assert slow.asked[0] == 0 and slow.asked.count(0) == 1  # nobody thought the first move twice


def test_a_rename_while_a_bot_thinks_leaves_its_move_current(monkeypatch, clock: FakeClock):
    """A new display name is not a new moment of the game: the bot's move still stands."""
    slow = SlowSeat(monkeypatch, seat=1)
    table = Table("compound", players=3, bots={1: "greedy"}, seed=6, clock=clock)
    table.sit(0, "ada")
    table.sit(2, "bob")
    table.start(0.0)
    pumping, _ = pump_in_background(table, 0.0)
    assert slow.thinking.wait(PATIENCE)
    at_once(lambda: table.rename(0, "ada_"))
    slow.release.set()
    pumping.join(PATIENCE)
    assert slow.asked == [0] and [p for p, _ in table.record().actions] == [1]
    assert table.update(None).names[0] == "ada_"


def test_a_seat_taken_while_a_bot_thinks_makes_its_move_stale(monkeypatch, clock: FakeClock):
    """Someone sitting down is a new moment of the table: the bot's move thought out before it is
    dropped and the bot asked again (at the same version of the game)."""
    slow = SlowSeat(monkeypatch, seat=1)
    table = Table("compound", players=3, bots={1: "greedy"}, seed=6, clock=clock)
    table.sit(0, "ada")
    table.start(0.0)
    pumping, _ = pump_in_background(table, 0.0)
    assert slow.thinking.wait(PATIENCE)
    at_once(lambda: table.sit(2, "bob"))
    slow.release.set()
    pumping.join(PATIENCE)
    assert slow.asked == [0, 0] and [p for p, _ in table.record().actions] == [1]
