"""Kernel 2 on its own, with the toy game: events with audiences, versions and stale actions, the
host sentinel, the seat check, the view envelope, options, flat pickling and 64-bit seeds."""

from __future__ import annotations

import copy
import pickle
import sys

import pytest

from ionarena.core import (
    HOST,
    BadOption,
    IllegalAction,
    Names,
    NoSuchSeat,
    Option,
    StaleAction,
    new_seed,
    quote,
    register,
)
from ionarena.core.options import parse_assignments, resolve
from ionarena.core.registry import unregister
from ionarena.core.state import State

from .toy import SPEC, ToyState


@pytest.fixture(autouse=True)
def toy_registered():
    register(SPEC)
    yield
    unregister("toy")


def toy(seed: int = 3) -> ToyState:
    state = SPEC.make(players=3, seed=seed)
    assert isinstance(state, ToyState)
    return state


def step(state: State) -> None:
    p = state.actors()[0]
    state.apply(p, state.legal_actions(p)[0])


def test_events_reach_exactly_the_seats_that_may_see_them():
    state = toy()
    step(state)  # seat 0 plays a card (public) and draws one (only seat 0 reads which)
    drawn = state.hands[0][-1]
    mine = state.events(0)
    assert [e.kind for e in mine] == ["play", "draw"] and mine[1].data == {"player": 0, "card": drawn}
    for other in (1, 2, None):
        theirs = state.events(other)
        assert [e.kind for e in theirs] == ["play", "draw"]
        assert theirs[1].data == {"player": 0, "card": None}, "others read only that a card was drawn"
    assert all(e.version == 1 for e in mine)


def test_events_since_a_version_are_every_later_event_uncapped():
    state = toy()
    while not state.is_over():
        step(state)
    everything = state.events(None)
    assert [e.version for e in everything if e.kind == "play"] == list(range(1, state.version + 1))
    for since in range(state.version + 1):
        later = state.events(None, since=since)
        assert later == [e for e in everything if e.version > since]


@pytest.mark.parametrize("game", ["toy", "dots"])
def test_events_read_in_one_pass_are_those_the_shared_filter_finds(game):
    """`events` walks the newest events itself (observations read a few at every step): it finds
    exactly what `visible_nodes` finds (private events, their public sides), as `Event`s, for every
    seat, the spectator and every window."""
    import random

    import ionarena
    from ionarena.core.events import Event, visible_nodes

    state = toy() if game == "toy" else ionarena.make(game, players=3, seed=5)
    rng = random.Random(5)
    while not state.is_over():
        p = state.actors()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])
    private = 0
    for seat in (0, 1, 2, None):
        for since in range(-1, state.version + 1, 1 if game == "toy" else 7):
            got = state.events(seat, since)
            nodes = visible_nodes(state._events, seat, since)
            assert got == [Event(v, k, state._event_data(k, data)) for v, k, data in nodes]
            assert all(type(event) is Event for event in got)
        private += state.events(seat) != state.events(None)
    assert private, "every seat read what the spectator read: the walk checks too little"


def test_a_failed_action_emits_nothing_and_keeps_the_version():
    state = toy()
    step(state)
    before = (state.version, state.events(0))
    with pytest.raises(IllegalAction):
        state.apply(state.actors()[0], 99)
    assert (state.version, state.events(0)) == before


def test_a_stale_action_names_both_versions_and_changes_nothing():
    state = toy()
    step(state)
    p = state.actors()[0]
    legal = state.legal_actions(p)
    with pytest.raises(StaleAction) as caught:
        state.apply(p, legal[0], expected=0)
    assert caught.value.expected == 0 and caught.value.current == 1
    assert "version 0" in str(caught.value) and "version 1" in str(caught.value)
    assert state.version == 1
    state.apply(p, legal[0], expected=1)
    assert state.version == 2


def test_the_host_is_neither_a_seat_nor_the_spectator():
    state = toy()
    assert HOST is not None and repr(HOST) == "HOST"
    with pytest.raises(NoSuchSeat, match="host is not a seat"):
        state.view(HOST)  # type: ignore[arg-type]
    assert state.view(None)["seat"] is None
    with pytest.raises(IllegalAction):
        state.apply(HOST, 1)  # the toy game has no host actions


@pytest.mark.parametrize("seat", [3, 7, -1, -3, True, 1.0, "1", None])
def test_a_bad_seat_is_one_clear_error(seat):
    state = toy()
    with pytest.raises(NoSuchSeat, match="no seat"):
        if seat is None:
            state.apply(seat, 1)  # type: ignore[arg-type]
        else:
            state.view(seat)


def test_the_view_envelope_wraps_the_games_table():
    state = toy()
    step(state)
    view = state.view(1)
    assert view["version"] == 1 and view["actors"] == state.actors() and view["seat"] == 1
    assert view["table"]["hand"] == sorted(state.hands[1])
    assert view["deadline"] is None and view["now"] is None, "untimed games carry no clock"
    assert view["phase"] == "play" and view["over"] is False and view["winners"] == []


def test_states_of_very_long_games_pickle_and_deepcopy_flat():
    state = toy()
    for _ in range(sys.getrecursionlimit() * 3):  # a history far deeper than the recursion limit
        state._emit("play", (0, 1))
        state._history = (state._history, 0, 1)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and again.events(0) == state.events(0)
    assert copy.deepcopy(state).history() == state.history()


def test_options_are_checked_against_their_schema_with_one_clear_error():
    schema = (Option("move_time", float, 3.0, "seconds a move", low=0.5, high=60),
              Option("rounds", int, 3, "rounds", low=1, high=20),
              Option("lobby", bool, True, "pick teams first"),
              Option("teams", str, None, "signs", high=16, pattern="+-"))
    assert resolve(schema, {}, "bank") == {"move_time": 3.0, "rounds": 3, "lobby": True, "teams": None}
    assert resolve(schema, {"move_time": 5, "rounds": 2.0}, "bank")["move_time"] == 5.0
    bad = [({"move_time": 0}, "move_time must be from 0.5 to 60"),
           ({"move_time": float("inf")}, "finite"),
           ({"rounds": True}, "whole number"),
           ({"rounds": 10**9}, "from 1 to 20"),
           ({"lobby": "yes please"}, "true or false"),
           ({"teams": "+-x"}, "characters"),
           ({"colour": 1}, "no option 'colour'; options: move_time, rounds, lobby, teams")]
    for given, message in bad:
        with pytest.raises(BadOption, match=message):
            resolve(schema, given, "bank")
    assigned = parse_assignments(["move_time=5", "lobby=off"], schema, "bank")
    assert assigned == {"move_time": 5.0, "lobby": False}
    with pytest.raises(BadOption, match="number"):
        parse_assignments(["rounds=" + "9" * 5000], schema, "bank")


def test_seeds_for_people_are_64_bit_and_fresh():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) > 2**40, "a 31-bit seed can be recovered by brute force"
    with pytest.raises(BadOption):
        SPEC.make(players=3, seed=2**64)
    with pytest.raises(BadOption):
        SPEC.make(players=3, seed=-1)


def test_error_messages_quote_only_a_short_prefix():
    assert len(quote("x" * 10_000_000)) < 80
    assert quote(7) == "7" and quote("ab") == "'ab'"
    state = toy()
    with pytest.raises(IllegalAction) as caught:
        state.parse_action(0, "play " + "9" * 10_000)
    assert len(str(caught.value)) < 120


def test_names_mark_the_reader_and_use_display_names():
    names = Names(1, ["ada", "", "cy"])
    assert [names(0), names(1), names(2)] == ["ada", "Player 1 (you)", "cy"]
    assert names.list([0, 2]) == "ada and cy" and names.plain(1) == "Player 1"


def test_every_game_of_the_project_registers():
    import ionarena
    from ionarena.games import BROKEN, GAME_IDS
    assert not BROKEN, f"games failed to load: {BROKEN}"
    assert {spec.id for spec in ionarena.all_specs()} >= set(GAME_IDS)


def test_a_ten_player_dots_table_tells_seat_0_every_move_between_its_turns():
    """Kernel 2 issue: in `ion play dots --players 10 --seed 4` more events happen between two turns
    of seat 0 than the old cap of 8; every one of them must reach seat 0 (a Gift's card redacted)."""
    import ionarena
    from ionarena.agents import make_agent

    state = ionarena.make("dots", players=10, seed=4)
    bots = [make_agent("greedy", "dots", p, 1) for p in range(10)]

    def others_play() -> None:
        while 0 not in state.actors() and not state.is_over():
            p = state.actors()[0]
            state.apply(p, bots[p].act(state, p))

    others_play()
    state.apply(0, bots[0].act(state, 0))
    since = state.version
    others_play()
    told = state.events(0, since)
    assert len(told) > 8
    assert sorted({e.version for e in told}) == list(range(since + 1, state.version + 1))
    assert told == [e for e in state.events(0) if e.version > since]
