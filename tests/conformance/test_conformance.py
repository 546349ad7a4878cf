"""The generic conformance suite: every registered game, every variant, several player counts.

A new game passes this module by registering itself; nothing here names a game.
- random playouts end, with the game's own invariants checked after every step;
- every legal action's text parses back to the same action;
- a record replays to the same final state (through JSON);
- copy integrity: a clone acted on never changes the state it was cloned from;
- leak check: resampling what a seat cannot see changes nothing in that seat's view;
- illegal actions raise `IllegalAction` and change nothing;
- a golden playthrough per game and variant (set ION_UPDATE_GOLDEN=1 to rewrite them).
"""

from __future__ import annotations

import json
import os
import random

import pytest

import ionarena
from ionarena import record
from ionarena.agents import make_agent
from ionarena.core import IllegalAction, State
from ionarena.sim.driver import bot_step

from .cases import cases, golden_cases
from .playthrough import golden_path, playthrough

MAX_STEPS = 20_000
CASES = cases()


def snapshot(state: State) -> str:
    """Everything observable about a state: every seat's view, the spectator's, actors, scores."""
    views = {str(p): state.view(p) for p in range(state.num_players)}
    views["spectator"] = state.view(None)
    return json.dumps({"views": views, "actors": state.actors(), "over": state.is_over(),
                       "scores": state.scores(), "deadline": state.deadline()}, sort_keys=True)


def bots(game: str, n: int, seed: int) -> list:
    return [make_agent("random", game, seat, seed, reaction_time=0.4 + 0.3 * seat) for seat in range(n)]


def run(game: str, variant: str, n: int, seed: int, each_step=None, every: int = 1) -> State:
    """Play random bots to the end; `each_step(state)` runs on the first 40 steps, then on every
    `every`-th step (the expensive checks sample long games rather than skip them)."""
    spec = ionarena.get_spec(game)
    state = ionarena.make(game, players=n, seed=seed, variant=variant)
    agents = bots(game, n, seed)
    for step in range(MAX_STEPS):
        if state.is_over():
            return state
        if each_step is not None and (step < 40 or step % every == 0):
            each_step(state)
        bot_step(state, agents)
        if spec.check_invariants is not None:
            spec.check_invariants(state)
    raise AssertionError(f"{game}/{variant}/{n}: not over after {MAX_STEPS} steps")


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_random_playouts_end_with_invariants_and_json_views(game, variant, n):
    for seed in range(3):
        state = run(game, variant, n, seed)
        assert state.is_over() and state.actors() == []
        assert len(state.scores()) == n
        assert all(0 <= w < n for w in state.winners())
        json.dumps(state.view(None))


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_action_text_round_trips(game, variant, n):
    def check(state: State) -> None:
        for p in state.actors():
            for action in state.legal_actions(p):
                text = state.format_action(action)
                assert state.parse_action(p, text) == action, text
    run(game, variant, n, seed=11, each_step=check)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_record_replays_to_the_same_state(game, variant, n):
    state = run(game, variant, n, seed=5)
    line = record.from_state(state).to_json()
    replayed = record.replay(record.loads(line))
    assert snapshot(replayed) == snapshot(state)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_clone_is_independent_of_the_original(game, variant, n):
    rng = random.Random(3)
    older: list[tuple[State, str]] = []

    def check(state: State) -> None:
        copy = state.clone()
        assert snapshot(copy) == snapshot(state)
        actors = copy.actors()
        if actors:
            p = actors[0]
            legal = copy.legal_actions(p)
            if legal:
                copy.apply(p, legal[rng.randrange(len(legal))])
        older.append((state.clone(), snapshot(state)))
        for kept, seen in older[-5:]:
            assert snapshot(kept) == seen, "an older clone changed"

    run(game, variant, n, seed=7, each_step=check, every=3)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_views_do_not_change_when_hidden_cards_are_resampled(game, variant, n):
    rng = random.Random(9)

    def check(state: State) -> None:
        for p in [*range(n), None]:
            before = json.dumps(state.view(p), sort_keys=True)
            other = state.determinize(p, rng)
            assert json.dumps(other.view(p), sort_keys=True) == before, f"seat {p} view leaks"
            assert snapshot(state) == snapshot(state.clone())

    run(game, variant, n, seed=13, each_step=check, every=3)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_illegal_input_raises_and_changes_nothing(game, variant, n):
    junk = ["", "   ", "play", "fly away", "pick 999", "\x00", "play 9|9", "buy nothing", "--- ---"]

    def check(state: State) -> None:
        before = snapshot(state)
        for text in junk:
            for p in [*range(n), None]:
                try:
                    state.apply_text(p, text)
                except IllegalAction as err:
                    assert str(err), "an IllegalAction must say why"
                else:  # the junk happened to be legal: nothing more to check for this state
                    return
        not_acting = [p for p in range(n) if p not in state.actors()]
        for p in not_acting[:3]:
            for q in state.actors():
                for action in state.legal_actions(q)[:3]:
                    if action not in state.legal_actions(p):
                        with pytest.raises(IllegalAction):
                            state.apply(p, action)
        assert snapshot(state) == before

    run(game, variant, n, seed=17, each_step=check, every=5)


@pytest.mark.parametrize(("game", "variant"), golden_cases())
def test_golden_playthrough(game, variant):
    text = playthrough(game, variant)
    path = golden_path(game, variant)
    if os.environ.get("ION_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}; run with ION_UPDATE_GOLDEN=1 to write it"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs; review and regenerate"


def test_every_registered_game_has_cases():
    assert {g for g, _, _ in CASES} == {s.id for s in ionarena.all_specs()}
