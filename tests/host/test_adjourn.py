"""A table put aside and taken up again (`Table.adjourn`, `Table.resume`), and a table whose bots a
surface thinks elsewhere (`Table.thinker` answering `LATER`)."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction
from ionarena.host import MemoryJournal, Table
from ionarena.host.bots import LATER, think

from .conftest import FakeClock


def test_an_adjourned_game_refuses_moves_stops_its_clock_and_goes_on_from_its_last_action(
        clock: FakeClock) -> None:
    journal = MemoryJournal()
    table = Table("bank", 2, seed=4, clock=clock, journal=journal,
                  options={"lobby": False, "move_time": 30.0})
    token = table.sit(0, "Ada")
    table.sit(1, "Bea")
    table.start()
    clock.now = 2.0
    move = table.update(0).legal[0]
    table.submit(0, move, None)
    last = table.game_time(clock.now)
    clock.now = 5.0
    table.adjourn()
    assert journal.tables[table.id].status == "adjourned"
    clock.now = 5000.0  # long away: no deadline passes for an adjourned game
    assert table.pump() is None and table.game_time(clock.now) == pytest.approx(last)
    with pytest.raises(IllegalAction, match="adjourned"):
        table.submit(0, "skip", None)
    with pytest.raises(IllegalAction):
        table.adjourn()
    table.resume()
    assert journal.tables[table.id].status == "playing" and table.authenticate(token) == 0
    assert table.game_time(clock.now + 1.0) == pytest.approx(last + 1.0)
    restored = Table.restore(journal.tables[table.id], journal.entries(table.id), clock=clock)
    assert restored.version == table.version


def test_a_thinker_that_answers_later_leaves_the_bot_due_for_the_next_pump(clock: FakeClock) -> None:
    table = Table("dots", 2, bots={0: "greedy", 1: "greedy"}, seed=5, clock=clock)
    table.start()
    asked: list[int] = []

    def elsewhere(bot: str, game: str, seat: int, state, reaction):  # type: ignore[no-untyped-def]
        asked.append(seat)
        return LATER

    table.thinker = elsewhere
    assert table.pump() == 0.0 and table.version == 0 and asked  # due now, not moved
    table.thinker = think
    table.pump(max_moves=1)
    assert table.version == 1
