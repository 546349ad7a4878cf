"""The generic conformance suite: every registered game, every variant, several player counts.

A new game passes this module by registering itself; nothing here names a game.
- random playouts end, with the game's own invariants checked after every step;
- every legal action's text parses back to the same action;
- a record replays to the same final state (through JSON), and pickles flat at any length;
- copy integrity: a clone acted on never changes the original; older copies never change (whole
  states compared by a fingerprint of every field, hidden ones too);
- leak check: resampling what a seat cannot see changes nothing that seat sees, and the
  resampling is real (see `checks.check_leaks`; tests/conformance/test_checks_have_teeth.py shows it
  failing on games broken on purpose);
- the view envelope, versions, stale actions and seat checks are the same in every game;
- illegal actions raise `IllegalAction` and change nothing;
- a golden playthrough per game and variant (set ION_UPDATE_GOLDEN=1 to rewrite them).
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random

import pytest

import ionarena
from ionarena import record
from ionarena.core import HOST, IllegalAction, NoSuchSeat, StaleAction, State
from ionarena.core.events import iter_all

from .cases import cases, golden_cases
from .checks import check_clone_independence, check_leaks, fingerprint, play, snapshot
from .playthrough import golden_path, playthrough

CASES = cases()
ENVELOPE = {"game", "variant", "players", "seat", "version", "actors", "phase", "over", "scores",
            "winners", "deadline", "now", "table"}


def new(game: str, variant: str, n: int, seed: int) -> State:
    return ionarena.make(game, players=n, seed=seed, variant=variant)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_random_playouts_end_with_invariants_and_json_views(game, variant, n):
    for seed in range(3):
        state = play(new(game, variant, n, seed), seed)
        assert state.is_over() and state.actors() == []
        assert len(state.scores()) == n
        assert all(0 <= w < n for w in state.winners())
        json.dumps(state.view(None))
        json.dumps([e.to_json() for e in state.events(None)])


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_action_text_round_trips(game, variant, n):
    def check(state: State) -> None:
        for p in state.actors():
            for action in state.legal_actions(p):
                text = state.format_action(action)
                assert state.parse_action(p, text) == action, text
    play(new(game, variant, n, 11), 11, check)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_record_replays_to_the_same_state_and_pickles_flat(game, variant, n):
    state = play(new(game, variant, n, 5), 5)
    line = record.from_state(state).to_json()
    replayed = record.replay(record.loads(line))
    assert snapshot(replayed) == snapshot(state)
    assert fingerprint(replayed) == fingerprint(state)
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert fingerprint(again) == fingerprint(state)
        assert again.history() == state.history()


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_clone_is_independent_of_the_original(game, variant, n):
    check_clone_independence(new(game, variant, n, 7), 7)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_nothing_hidden_reaches_a_seat(game, variant, n):
    check_leaks(new(game, variant, n, 13), 13)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_a_resampled_copy_depends_only_on_what_the_seat_knows(game, variant, n):
    """Two states a seat cannot tell apart (one, and a copy resampled for that seat) resample, with
    equal generators, into equal copies: `determinize` reads nothing hidden from the seat (else a
    seeded search bot would choose differently depending on cards it cannot see)."""
    rng = random.Random(23)

    def check(state: State) -> None:
        for seat in range(n):
            twin = state.determinize(seat, rng)
            assert twin.view(seat) == state.view(seat)
            one, two = state.determinize(seat, random.Random(7)), twin.determinize(seat, random.Random(7))
            for q in range(n):
                assert one.view(q) == two.view(q), f"seat {seat}'s copies differ for seat {q}"
    play(new(game, variant, n, 19), 19, check, every=25)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_every_view_has_the_envelope_and_versions_count_actions(game, variant, n):
    spec = ionarena.get_spec(game)

    def check(state: State) -> None:
        for p in [*range(n), None]:
            view = state.view(p)
            assert set(view) == ENVELOPE
            assert view["version"] == state.version == len(state.history())
            assert view["seat"] == p and view["game"] == game and view["players"] == n
            assert view["actors"] == state.actors() and view["over"] == state.is_over()
            assert isinstance(view["phase"], str) and view["phase"]
            assert (view["deadline"] is not None) == (spec.timed and state.deadline() is not None)
        for version, _, _, seen, _ in iter_all(state._events):
            assert 0 <= version <= state.version
            assert seen is None or all(0 <= s < n for s in seen)
    play(new(game, variant, n, 3), 3, check, every=7)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_a_stale_action_is_refused_and_changes_nothing(game, variant, n):
    def check(state: State) -> None:
        for p in state.actors()[:1]:
            legal = state.legal_actions(p)
            if not legal:
                return
            before = fingerprint(state)
            for stale in (state.version - 1, state.version + 1):
                with pytest.raises(StaleAction):
                    state.apply(p, legal[0], expected=stale)
                with pytest.raises(StaleAction):
                    state.apply_text(p, state.format_action(legal[0]), expected=stale)
            assert fingerprint(state) == before
            assert isinstance(StaleAction(0, 1), IllegalAction)
    play(new(game, variant, n, 19), 19, check, every=11)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_bad_seats_are_one_clear_error_in_every_call(game, variant, n):
    state = new(game, variant, n, 2)
    before = fingerprint(state)
    for seat in (n, n + 3, -1, -n, True, False, 1.0, "0", HOST):
        with pytest.raises(NoSuchSeat):
            state.view(seat)
        with pytest.raises(NoSuchSeat):
            state.events(seat)
        if seat is not HOST:
            with pytest.raises(NoSuchSeat):
                state.legal_actions(seat)
            with pytest.raises(NoSuchSeat):
                state.parse_action(seat, "draw")
            with pytest.raises(NoSuchSeat):
                state.apply(seat, 0)
    assert state.legal_actions(HOST) == []
    assert fingerprint(state) == before


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_illegal_input_raises_and_changes_nothing(game, variant, n):
    junk = ["", "   ", "play", "fly away", "pick 999", "\x00", "play 9|9", "buy nothing", "--- ---", "[/]",
            "x" * 10_000]

    def check(state: State) -> None:
        before = fingerprint(state)
        for text in junk:
            for p in [*range(n), HOST]:
                try:
                    state.apply_text(p, text)
                except IllegalAction as err:
                    assert str(err), "an IllegalAction must say why"
                    assert len(str(err)) < 400, "an error quotes only a short prefix of what was typed"
                else:  # the junk happened to be legal: nothing more to check for this state
                    return
        not_acting = [p for p in range(n) if p not in state.actors()]
        for p in not_acting[:3]:
            for q in state.actors():
                for action in state.legal_actions(q)[:3]:
                    if action not in state.legal_actions(p):
                        with pytest.raises(IllegalAction):
                            state.apply(p, action)
        assert fingerprint(state) == before

    play(new(game, variant, n, 17), 17, check, every=5)


@pytest.mark.parametrize(("game", "variant"), golden_cases())
def test_golden_playthrough(game, variant):
    text = playthrough(game, variant)
    path = golden_path(game, variant)
    if os.environ.get("ION_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}; run with ION_UPDATE_GOLDEN=1 to write it"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs; review and regenerate"


def test_golden_files_stay_reviewable():
    total = sum(p.stat().st_size for p in golden_path("x", "y").parent.glob("*.txt"))
    assert total < 400_000, f"golden files hold {total} bytes; keep them under 400 KB"


def test_every_registered_game_has_cases():
    assert {g for g, _, _ in CASES} == {s.id for s in ionarena.all_specs()}
