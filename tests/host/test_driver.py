"""The table's driver (`host.driver`): when bots move (reaction times, the bot delay, the move limit
and the takeover bot), timeouts, pumps of at most N moves, and the moment a bot's move is thought
for — driven by a fake clock (no sleeping anywhere). How bots think outside the table's lock is
in `test_thinking`."""

from __future__ import annotations

import pytest

from ionarena.core import HOST, State
from ionarena.host import StaleSubmit, Table, TableSettings
from ionarena.host.bots import think
from ionarena.host.scheduler import BOT, LIMIT, TIMEOUT, Due, plan

from .conftest import FakeClock


def ticker(clock: FakeClock, bots: dict[int, str], **kw) -> Table:
    return Table("ticker", players=3, bots=bots, seed=11, clock=clock, **kw)


def log_texts(table: Table) -> list[tuple[int | None, str]]:
    return list(table.record().actions)


def all_bots(seed: int = 5, **kw) -> Table:
    return Table("dots", players=3, bots={k: "greedy" for k in range(3)}, seed=seed, clock=lambda: 0.0, **kw)


def test_bots_move_at_their_reaction_time_and_the_host_times_out_a_person(clock):
    table = ticker(clock, {1: "random@0.4", 2: "random@1.2"})
    table.sit(0, "ada")
    assert table.pump(100.0) is None, "nothing moves before the table starts"
    clock.now = 10.0
    table.start()
    assert table.pump() == 13.0              # seat 0 (a person) is on turn: only the 3 s timeout is due
    assert table.pump(12.999) == 13.0 and table.version == 0
    assert table.pump(13.0) == 13.4          # timeout at game time 3.0; seat 1's bot reacts 0.4 s later
    assert log_texts(table) == [(None, "timeout")]
    assert table.pump(13.4) == 14.6          # seat 1 moved at 3.4 game seconds; seat 2 reacts in 1.2 s
    actions = log_texts(table)
    assert actions[1] == (None, "at 3.400") and actions[2][0] == 1
    assert table.pump(14.6) == 17.6          # seat 2 moved at 4.6: back to the person, deadline 7.6
    assert log_texts(table)[3] == (None, "at 4.600") and log_texts(table)[4][0] == 2
    assert table.update(0).deadline == 17.6


def test_a_timed_move_after_the_deadline_comes_after_the_timeout_and_is_stale(clock):
    table = ticker(clock, {1: "random@9", 2: "random@9"})
    table.sit(0, "ada")
    table.start(0.0)
    clock.now = 3.5
    with pytest.raises(StaleSubmit) as caught:
        table.submit(0, "tap", 0)
    assert caught.value.update.version == 1 and caught.value.update.events[0].kind == "timeout"
    assert log_texts(table) == [(None, "timeout")]


def test_untimed_bots_wait_the_tables_bot_delay(clock):
    table = Table("dots", players=3, bots={0: "greedy", 1: "greedy", 2: "greedy"}, seed=3, clock=clock,
                  settings=TableSettings(bot_delay=1.5))
    table.start(100.0)
    assert table.pump(101.0) == 101.5 and table.version == 0
    assert table.pump(101.5) == 103.0 and table.version == 1
    assert table.pump(104.6) == 106.0 and table.version == 3  # late pumps catch up on the schedule


def test_a_move_limit_has_the_takeover_bot_move_for_the_person_who_keeps_the_seat(clock):
    table = Table("dots", players=2, bots={1: "greedy"}, seed=5, clock=clock,
                  settings=TableSettings(move_limit=20.0))
    table.sit(0, "ada")
    table.start(0.0)
    table.pump(0.0)
    while 0 not in table.update(0).actors:  # seat 1 may start
        table.pump(clock.now)
    since = table.version
    deadline = table.update(0).deadline
    assert deadline is not None
    assert table.pump(deadline - 0.01) == deadline and table.version == since
    table.pump(deadline)
    assert table.version > since and table.record().actions[since][0] == 0
    assert table.seats[0].kind == "person" and table.seats[0].name == "ada"


def test_the_takeover_bot_makes_an_idle_persons_whole_move_at_once(clock):
    """A turn of several actions (valence: `draw`, then a build) is finished by the takeover bot
    as soon as the limit passes, not one part per idle period; the table counts its moves."""
    table = Table("valence", players=2, bots={1: "greedy"}, seed=0, clock=clock,
                  settings=TableSettings(move_limit=20.0))
    table.sit(0, "ada")
    table.start(0.0)
    while True:
        wake = table.pump(clock.now)
        update = table.update(0)
        if 0 in update.actors and update.deadline is not None:
            break
        assert wake is not None
        clock.now = wake
    since, deadline = table.version, update.deadline
    table.pump(deadline)  # one pump at the deadline: the whole turn (then the bot's, at once)
    actions = table.record().actions[since:]
    moves = actions[:next((i for i, (seat, _) in enumerate(actions) if seat != 0), len(actions))]
    assert len(moves) >= 2, actions
    assert table.idle.moves[0] == len(moves) and not table.idle.seats
    assert table.seats[0].kind == "person"


def test_without_a_move_limit_a_persons_turn_waits_forever(clock):
    table = Table("dots", players=2, bots={1: "greedy"}, seed=5, clock=clock)
    table.sit(0, "ada")
    table.start(0.0)
    table.pump(0.0)
    if 0 in table.update(0).actors:
        assert table.pump(1e9) is None and table.update(0).deadline is None


def test_plan_orders_bots_by_reaction_then_actor_order_and_ends_with_the_timeout():
    from ionarena import make
    state = make("ticker", players=3, seed=1)
    due = plan(state, {0: 0.5})
    assert due == [Due(0.5, 0, BOT), Due(3.0, HOST, TIMEOUT)]
    assert plan(state, {0: 3.0})[0].kind == TIMEOUT  # a bot due at the deadline is too late
    dots = make("dots", players=3, seed=1)
    actor = dots.actors()[0]
    assert [d.kind for d in plan(dots, {}, 5.0)] == []
    assert [(d.when, d.seat, d.kind) for d in plan(dots, {}, 5.0, limit=30.0)] == [(35.0, actor, LIMIT)]


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




def test_a_bot_that_declines_is_asked_again_only_once_the_game_moves(clock: FakeClock):
    """A bot may decline to move (None: bank's bots wait so in the shop): it is not asked again
    until the game changes (compound: everyone picks at once, so ada's pick moves the game)."""
    table = Table("compound", players=3, bots={1: "greedy"}, seed=6, clock=clock)
    table.sit(0, "ada")
    table.sit(2, "bob")
    asked: list[int] = []

    def declining(bot: str, game: str, seat: int, state: State, reaction: float | None) -> None:
        asked.append(state.version)
        return None

    table.thinker = declining
    table.start(0.0)
    assert table.pump(0.0) is None and asked == [0]  # declined: nothing is due until the game moves
    assert table.pump(100.0) is None and asked == [0]
    update = table.update(0)
    table.submit(0, update.legal[0], update.version)
    table.thinker = think
    table.pump(clock.now)
    assert asked == [0] and [p for p, _ in table.record().actions] == [0, 1]


def test_the_takeover_bot_never_carries_an_idle_persons_move_into_the_next_deal(clock):
    """An idle person's whole move is this deal's: when the takeover bot's move ends a deal, the
    run ends (the person is told), and their turn in the next deal waits a new move limit."""
    crossed = 0
    for seed in range(4):
        clock.now = 0.0
        table = Table("dots", players=2, bots={1: "greedy"}, seed=seed, variant="tournament", clock=clock,
                      options={"turn_cap": 3}, settings=TableSettings(move_limit=20.0, bot_delay=1.0))
        table.sit(0, "ada")
        table.start(0.0)
        while table.status == "playing":
            since = table.version
            wake = table.pump(clock.now)
            events = table._state.events(None, since=since)
            deals = [e.version for e in events if e.kind == "deal"]
            if deals:
                crossed += 1
                after = table.record().actions[deals[0]:]  # made at the same moment as the new deal
                assert not after, (seed, after)
                assert 0 not in table.idle.seats
            if wake is None:  # the game is over
                break
            clock.now = max(clock.now, wake)
    assert crossed >= 4
