"""The turn clock stands still while a "your turn" line waits, and resumes from the turn's start."""

from __future__ import annotations

import pytest

from ionarena.irc.clock import TurnClock


class Base:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_hold_stops_time_until_every_hold_is_released():
    base = Base()
    clock = TurnClock(base)
    start = clock()
    clock.hold("a")
    clock.hold("b")
    base.now += 5
    assert clock() == start
    assert clock.real_delay(start + 1) is None  # it will not get there while held
    clock.release("a")
    base.now += 5
    assert clock() == start
    clock.release("b")
    base.now += 2
    assert clock() == pytest.approx(start + 2)
    assert clock.real_delay(start + 3) == pytest.approx(1)


def test_hold_at_the_turn_start_gives_back_the_time_spent_before_the_hold():
    base = Base()
    clock = TurnClock(base)
    turn_start = clock()
    base.now += 0.25  # committing the move to the store
    clock.hold("turn", at=turn_start)
    base.now += 3  # the line waits behind the flood limit
    clock.release("turn")
    assert clock() == pytest.approx(turn_start)
    # A hold never moves the clock forward.
    clock.hold("x", at=clock() + 10)
    assert clock() == pytest.approx(turn_start)
