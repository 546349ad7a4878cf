"""What each seat learns (`host.updates`): every event reaches exactly the seats allowed to see
it, after the journal has it; updates are built once per version and reader and shared; a
subscription can be cancelled; a broken subscriber breaks nothing."""

from __future__ import annotations

import gc
import sys
import weakref

from ionarena.games.dots.rules import DotsState
from ionarena.host import MemoryJournal, Table, TableSettings, Update

from .conftest import FakeClock


def play_dots_watched(seed: int, players: int = 4):
    table = Table("dots", players=players, bots={k: "greedy" for k in range(players)}, seed=seed,
                  clock=lambda: 0.0)
    seen: dict[int | None, list[Update]] = {seat: [] for seat in [None, *range(players)]}
    for seat in seen:
        table.subscribe(seat, seen[seat].append)
    table.start(0.0)
    table.pump(0.0)
    return table, seen


def test_every_event_reaches_exactly_the_seats_allowed_to_see_it():
    """Dots: "give one of your cards to any player": a Gift's card is private to giver and
    receiver; everyone else (spectators too) reads that a card changed hands."""
    gifts = 0
    for seed in range(8):
        table, seen = play_dots_watched(seed)
        assert table.is_over()
        final = table._state
        for seat, updates in seen.items():
            delivered = [e for u in updates for e in u.events]
            assert delivered == final.events(seat), f"seat {seat}: events lost, repeated or extra"
            versions = [u.version for u in updates]
            assert versions == sorted(versions)
        for seat, updates in seen.items():
            for event in (e for u in updates for e in u.events):
                if event.kind == "gift":
                    giver, receiver = event.data["player"], event.data["to"]
                    if seat in (giver, receiver):
                        assert "card" in event.data
                    else:
                        assert "card" not in event.data, f"seat {seat} saw a gift's card"
                    gifts += seat == giver
    assert gifts > 0, "no gift was played: choose other seeds"


def test_updates_carry_legal_moves_only_for_the_acting_seat_and_never_a_bots_action_text():
    table, seen = play_dots_watched(3, players=3)
    for seat, updates in seen.items():
        for update in updates:
            if update.legal:
                assert seat is not None and seat in update.actors
            assert update.view["seat"] == seat
    texts = {text for _, text in table.record().actions}
    spectator_json = repr([u.to_json() for u in seen[None]])
    assert not any(f"'{t}'" in spectator_json for t in texts if "gift" in t)


def test_updates_since_a_version_and_polling(clock):
    table = Table("dots", players=2, bots={0: "random", 1: "random"}, seed=8, clock=clock)
    table.start(0.0)
    table.pump(0.0)
    full = table.update(0, since=-1)
    assert full.since == -1 and full.events[0].version == 0
    again = table.update(0)
    assert again.events == () and again.version == full.version
    assert table.update(0, since=3).events == tuple(table._state.events(0, 3))


def test_a_subscriber_hears_of_an_action_only_after_the_journal_has_it(clock):
    journal = MemoryJournal()
    table = Table("dots", players=3, bots={k: "random" for k in range(3)}, seed=5, clock=clock,
                  journal=journal)
    checks: list[bool] = []
    table.subscribe(None, lambda u: checks.append(len(journal.entries(table.id)) >= u.version))
    table.start(0.0)
    table.pump(0.0)
    assert table.is_over() and len(checks) > 10 and all(checks)
    assert table.id in journal.finished


def all_bots(seed: int = 5, **kw) -> Table:
    return Table("dots", players=3, bots={k: "greedy" for k in range(3)}, seed=seed, clock=lambda: 0.0, **kw)


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
        caller = sys._getframe(1).f_code
        if caller.co_name == "update" and caller.co_filename.endswith("updates.py"):  # an update, not a bot
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


class Recorder:
    """A subscriber's callback (an object, so the test can tell when nothing holds it)."""

    def __init__(self) -> None:
        self.updates: list[Update] = []

    def __call__(self, update: Update) -> None:
        self.updates.append(update)


def test_a_cancelled_subscription_hears_nothing_more_and_lets_go_of_its_callback(clock: FakeClock):
    table = Table("dots", players=3, bots={1: "greedy", 2: "greedy"}, seed=4, clock=clock)
    table.sit(0, "ada")
    recorder = Recorder()
    subscription = table.subscribe(0, recorder)
    assert len(recorder.updates) == 1
    held = weakref.ref(recorder)
    subscription.cancel()
    del recorder
    gc.collect()
    assert held() is None, "a cancelled subscription still holds its callback (and its connection)"
    table.start(0.0)
    table.pump(0.0)
    assert table.version > 0


def test_a_subscriber_that_fails_breaks_neither_the_table_nor_the_others(clock: FakeClock, caplog):
    table = Table("dots", players=3, bots={1: "greedy", 2: "greedy"}, seed=4, clock=clock)
    table.sit(0, "ada")

    def broken(update: Update) -> None:
        raise RuntimeError("a surface's bug")

    table.subscribe(None, broken)
    recorder = Recorder()
    table.subscribe(None, recorder)
    table.start(0.0)
    table.pump(0.0)
    update = table.update(0)
    if update.legal:
        table.submit(0, update.legal[0], update.version)
    assert table.version >= 1 and recorder.updates[-1].version == table.version
    told = [e for u in recorder.updates for e in u.events]
    assert told == list(table.update(None, since=-1).events)  # every event, once, in order
    assert "a subscriber of seat None failed" in caplog.text


def test_the_deadline_is_a_persons_move_limit_and_none_while_only_bots_are_on_turn(clock: FakeClock):
    table = Table("dots", players=2, bots={1: "greedy"}, seed=5, clock=clock,
                  settings=TableSettings(move_limit=20.0, bot_delay=1.0))
    table.sit(0, "ada")
    assert table.update(None).deadline is None  # not started
    clock.now = 3.0
    table.start()
    while True:
        update = table.update(None)
        if update.actors == (1,):
            assert update.deadline is None  # a bot has no move limit
        else:
            assert update.actors == (0,) and update.deadline == clock.now + 20.0
            break
        clock.now = table.wake()
        table.pump()
