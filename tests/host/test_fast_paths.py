"""What keeps a busy server fast without changing what anyone is told: pumps of at most N moves,
updates built once per version and reader, bots put in open seats, and the `listed` flag."""

from __future__ import annotations

import sys

import pytest

from ionarena.core import IllegalAction
from ionarena.games.dots.rules import DotsState
from ionarena.host import MemoryJournal, Table, TableSettings, Update


def all_bots(seed: int = 5, **kw) -> Table:
    return Table("dots", players=3, bots={k: "greedy" for k in range(3)}, seed=seed, clock=lambda: 0.0, **kw)


def test_a_pump_of_at_most_n_moves_stops_and_says_more_is_due_now():
    table = all_bots()
    table.start(0.0)
    assert table.pump(0.0, max_moves=3) == 0.0 and table.version == 3  # more is due at once
    assert table.pump(0.0, max_moves=1) == 0.0 and table.version == 4
    pumps = 2
    while table.pump(0.0, max_moves=3) is not None:
        pumps += 1
    assert table.is_over() and pumps > 4
    whole = all_bots()
    whole.start(0.0)
    assert whole.pump(0.0) is None and whole.is_over()
    assert table.record() == whole.record()  # the same game, however it was pumped
    for bad in (0, -1, 1.5, "3"):
        with pytest.raises(ValueError):
            table.pump(0.0, max_moves=bad)


def test_a_pump_of_n_moves_counts_moves_not_bots_that_wait(clock):
    table = Table("dots", players=3, bots={1: "greedy", 2: "greedy"}, seed=2, clock=clock)
    table.sit(0, "ada")
    table.start(0.0)
    table.pump(0.0, max_moves=50)
    assert 0 in table.update(None).actors or table.is_over()  # stopped at the person's turn
    assert table.wake() is None  # nothing scheduled until the person moves


def test_wake_says_when_the_next_bot_is_due_without_moving_it(clock):
    table = Table("dots", players=2, bots={0: "greedy", 1: "greedy"}, seed=3, clock=clock,
                  settings=TableSettings(bot_delay=1.5))
    assert table.wake() is None  # not started
    table.start(10.0)
    assert table.wake() == 11.5 and table.version == 0
    table.pump(11.5)
    assert table.version == 1 and table.wake() == 13.0


def test_every_subscriber_of_a_seat_shares_one_update_per_version():
    table = Table("dots", players=3, bots={1: "greedy", 2: "greedy"}, seed=4, clock=lambda: 0.0)
    table.sit(0, "ada")
    seen: dict[str, list[Update]] = {"a": [], "b": [], "watch1": [], "watch2": []}
    table.subscribe(0, seen["a"].append)
    table.subscribe(0, seen["b"].append)
    table.subscribe(None, seen["watch1"].append)
    table.subscribe(None, seen["watch2"].append)
    table.start(0.0)
    table.pump(0.0)
    while not table.is_over():
        update = table.update(0)
        answer = table.submit(0, update.legal[0], update.version)
        assert answer is seen["a"][-1]  # the mover's answer is the update its seat was pushed
        table.pump(0.0)
    assert len(seen["a"]) > 5
    assert all(x is y for x, y in zip(seen["a"], seen["b"], strict=True))
    assert all(x is y for x, y in zip(seen["watch1"], seen["watch2"], strict=True))
    final = table._state
    for reader, key in ((0, "a"), (None, "watch1")):
        assert [e for u in seen[key] for e in u.events] == final.events(reader)
        assert seen[key][-1].view == final.view(reader)


def test_views_are_built_once_per_version_and_only_for_seats_someone_watches(monkeypatch):
    built: list[int | None] = []
    original = DotsState.view

    def counted(self, player=None):
        if sys._getframe(1).f_code.co_name == "_update":  # the table building an update (not a bot)
            built.append(player)
        return original(self, player)

    monkeypatch.setattr(DotsState, "view", counted)
    table = all_bots(seed=8)
    for _ in range(3):
        table.subscribe(None, lambda u: None)
    table.subscribe(1, lambda u: None)
    table.subscribe(1, lambda u: None)
    built.clear()
    table.start(0.0)
    table.pump(0.0)
    changes = table.version + 1  # every action, and the start
    assert built.count(None) == changes and built.count(1) == changes
    assert set(built) == {None, 1}  # nobody watches seats 0 and 2: no update is built for them


def test_a_seat_change_is_in_the_next_update_at_the_same_version(clock):
    table = Table("dots", players=3, seed=4, clock=clock)
    told: list[Update] = []
    table.subscribe(None, told.append)
    table.sit(0, "ada")
    assert told[-1].names[0] == "ada" and told[-1].version == 0
    table.seat_bot(1, "random")
    assert told[-1].seats[1]["kind"] == "bot" and table.update(None).seats[1]["bot"] == "random"


def test_a_move_limit_runs_from_the_move_that_was_just_made(clock):
    table = Table("dots", players=2, seed=6, clock=clock, settings=TableSettings(move_limit=20.0))
    table.sit(0, "ada")
    table.sit(1, "bob")
    table.start(0.0)
    told: list[Update] = []
    table.subscribe(None, told.append)
    clock.now = 5.0
    seat = table.update(None).actors[0]
    table.submit(seat, table.update(seat).legal[0], 0)
    assert told[-1].version == 1 and told[-1].deadline == 25.0  # not 20: the limit restarted at 5


def test_a_bot_takes_an_open_seat_for_good(clock):
    journal = MemoryJournal()
    table = Table("dots", players=3, seed=9, clock=clock, journal=journal)
    table.sit(0, "ada")
    refusals = ((0, "greedy", "not open"), (1, "genius", "no agent"), (1, "greedy@fast", "not a bot spec"))
    for seat, spec, why in refusals:
        with pytest.raises(IllegalAction, match=why):
            table.seat_bot(seat, spec)
    table.seat_bot(1, "greedy@0.5")
    table.seat_bot(2, "random")
    assert [s.kind for s in table.seats] == ["person", "bot", "bot"] and table.seats[1].bot == "greedy@0.5"
    assert [s.kind for s in journal.tables[table.id].seats] == ["person", "bot", "bot"]
    with pytest.raises(IllegalAction, match="not open"):
        table.seat_bot(2, "greedy")
    with pytest.raises(IllegalAction, match="bot's seat"):
        table.sit(2, "eve")
    table.start(0.0)
    while not table.is_over():
        table.pump(clock.now)
        update = table.update(0)
        if update.legal:
            table.submit(0, update.legal[0], update.version)
    assert {p for p, _ in table.record().actions} == {0, 1, 2}
    with pytest.raises(IllegalAction, match="over"):
        Table.restore(journal.tables[table.id], journal.entries(table.id), clock=clock).seat_bot(1, "random")


def test_a_table_says_whether_a_lobby_lists_it_and_keeps_it_on_restore():
    journal = MemoryJournal()
    listed = Table("dots", players=2, seed=1, journal=journal, listed=True)
    hidden = Table("dots", players=2, seed=1, journal=journal)
    assert listed.listed and listed.info().listed and not hidden.listed and not hidden.info().listed
    for table in (listed, hidden):
        again = Table.restore(journal.tables[table.id], journal.entries(table.id), clock=lambda: 0.0)
        assert again.listed == table.listed
    assert len(listed.id) == 22 and listed.id != hidden.id
