"""Property tests for dots: any seed, 2-10 players, both variants."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import ionarena
from ionarena import record
from ionarena.agents import RandomAgent
from ionarena.core import IllegalAction
from ionarena.games.dots.actions import NUM_ACTIONS
from ionarena.games.dots.cards import DECK, TEXT
from ionarena.games.dots.invariants import check_invariants
from ionarena.games.dots.rules import DotsState

seeds = st.integers(min_value=0, max_value=2**63 - 1)
players = st.integers(min_value=2, max_value=10)
variants = st.sampled_from(["quick", "tournament"])
SETTINGS = settings(max_examples=50, deadline=None)


def internal(state: DotsState) -> tuple:
    """Every field of the state, for exact comparisons."""
    return (tuple(map(tuple, state.hands)), tuple(state.deck), tuple(state.discard), state.need,
            state.cur, state.dir, state.phase, state.pending, state.gift_from, state.gift_face,
            state.dealer, state.turns, state.total_turns, state.deals, state.capped, state.winner,
            tuple(state.points), events(state), state.rng.state(), state.history())


def events(state: DotsState) -> list:
    """Every event of the game as each seat and the spectator read it."""
    return [state.events(p) for p in [*range(state.num_players), None]]


def new_game(seed: int, n: int, variant: str) -> DotsState:
    state = ionarena.make("dots", players=n, seed=seed, variant=variant)
    assert isinstance(state, DotsState)
    return state


def play(state: DotsState, agent: RandomAgent, steps: int | None = None, each=None) -> int:
    """Random legal play until over (or `steps` steps); return the steps taken."""
    taken = 0
    while not state.is_over() and (steps is None or taken < steps):
        (p,) = state.actors()
        state.apply(p, agent.act(state, p))
        taken += 1
        if each is not None:
            each(state)
        assert taken < 200_000
    return taken


@SETTINGS
@given(seeds, players, variants)
def test_random_legal_play_always_terminates(seed, n, variant):
    state = new_game(seed, n, variant)
    play(state, RandomAgent(seed))
    assert state.is_over() and state.actors() == []
    assert all(not state.legal_actions(p) for p in range(n))
    assert len(state.winners()) <= 1
    if variant == "tournament" and state.winners():
        assert state.scores()[state.winners()[0]] >= 1000


@SETTINGS
@given(seeds, players, variants)
def test_all_128_cards_are_always_accounted_for(seed, n, variant):
    expected = Counter(DECK)

    def conserve(state: DotsState) -> None:
        check_invariants(state)
        held = Counter(f for zone in (*state.hands, state.deck, state.discard) for f in zone)
        assert held == expected and sum(held.values()) == 128

    state = new_game(seed, n, variant)
    conserve(state)
    play(state, RandomAgent(seed), each=conserve)


@SETTINGS
@given(seeds, players, variants, st.integers(min_value=0, max_value=300))
def test_a_view_never_shows_other_hands_or_the_deck_order(seed, n, variant, steps):
    state = new_game(seed, n, variant)
    play(state, RandomAgent(seed), steps)
    rng = random.Random(seed)
    for p in [*range(n), None]:
        view = state.view(p)
        json.dumps(view)
        if p is None:
            assert "hand" not in view["table"]
        else:
            assert view["table"]["hand"] == [TEXT[f] for f in state.hands[p]]
        assert "deck" not in view["table"] and "rng" not in view["table"]
        # resampling everything p cannot see changes nothing p sees
        other = state.determinize(p, rng)
        assert other.view(p) == view
        if p is not None:
            assert other.hands[p] == state.hands[p]


@SETTINGS
@given(seeds, players, variants, st.integers(min_value=0, max_value=300), st.data())
def test_an_illegal_action_raises_with_a_reason_and_changes_nothing(seed, n, variant, steps, data):
    state = new_game(seed, n, variant)
    play(state, RandomAgent(seed), steps)
    before = internal(state)
    actors = state.actors()
    player = data.draw(st.sampled_from([*range(n), None]))
    legal = set(state.legal_actions(player)) if player in actors else set()
    action = data.draw(st.one_of(st.integers(min_value=-5, max_value=NUM_ACTIONS + 5),
                                 st.sampled_from(["draw", None, (1, 2), 3.0])))
    if player in actors and action in legal:
        return
    try:
        state.apply(player, action)
    except IllegalAction as err:
        assert str(err)
    else:
        raise AssertionError(f"{action!r} for {player} was accepted but is not legal")
    assert internal(state) == before


@SETTINGS
@given(seeds, players, variants)
def test_replaying_a_record_reproduces_the_final_state_and_scores(seed, n, variant):
    state = new_game(seed, n, variant)
    play(state, RandomAgent(seed))
    line = record.from_state(state, agents=["random"] * n).to_json()
    replayed = record.replay(record.loads(line))
    assert isinstance(replayed, DotsState)
    assert internal(replayed) == internal(state)
    assert replayed.scores() == state.scores() and replayed.winners() == state.winners()


@SETTINGS
@given(seeds, players, variants, st.integers(min_value=0, max_value=300))
def test_clone_is_independent(seed, n, variant, steps):
    state = new_game(seed, n, variant)
    play(state, RandomAgent(seed), steps)
    before = internal(state)
    copy = state.clone()
    assert internal(copy) == before
    play(copy, RandomAgent(seed + 1))
    assert internal(state) == before
    kept = internal(copy)
    play(state, RandomAgent(seed + 2))
    assert internal(copy) == kept
