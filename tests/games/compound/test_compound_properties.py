"""Property tests of compound over seeds, variants and 2-7 players."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ionarena
from ionarena import record
from ionarena.agents import make_agent
from ionarena.games.compound.cards import CARDS, GOAL_IDS, card_of, deck_for
from ionarena.games.compound.invariants import all_cards, check_invariants
from ionarena.games.compound.rules import CompoundState
from ionarena.games.compound.scoring import best_arrangement, round_breakdown
from ionarena.sim.driver import bot_step

from .brute import brute_force_best

VARIANTS = st.sampled_from(["beginner", "standard", "advanced"])
PLAYERS = st.integers(min_value=2, max_value=7)
SEEDS = st.integers(min_value=0, max_value=2**31)
SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(variant: str, n: int, seed: int, each=None, agents=("greedy", "random")) -> CompoundState:
    state = ionarena.make("compound", players=n, seed=seed, variant=variant)
    assert isinstance(state, CompoundState)
    bots = [make_agent(agents[p % len(agents)], "compound", p, seed) for p in range(n)]
    for _ in range(5000):
        if state.is_over():
            return state
        if each is not None:
            each(state)
        bot_step(state, bots)
        check_invariants(state)
    raise AssertionError("the game did not end")


@SETTINGS
@given(variant=VARIANTS, n=PLAYERS, seed=SEEDS)
def test_every_game_ends_with_all_cards_accounted_for(variant, n, seed):
    state = play(variant, n, seed)
    assert state.is_over() and state.actors() == [] and len(state.round_scores) == 3
    assert all_cards(state) == Counter(deck_for(variant))
    assert state.winners() and len(state.scores()) == n


@SETTINGS
@given(variant=VARIANTS, n=PLAYERS, seed=SEEDS)
def test_hidden_picks_and_hands_never_reach_another_view(variant, n, seed):
    def check(state: CompoundState) -> None:
        if state.phase != "pick":
            return
        for p in range(n):
            if not (state.picks[p] or state.want_rxn[p] or state.want_two[p] or state.want_center[p]):
                continue
            other = state.clone()
            other.picks[p] = [c for c in other.hands[p] if c not in state.picks[p]][:len(state.picks[p])]
            other.want_rxn[p] = not other.want_rxn[p]
            other.want_two[p] = not other.want_two[p]
            other.want_center[p] = None if state.want_center[p] else (state.center or [None])[0]
            other.hands[p] = sorted(other.hands[p], reverse=True)
            for q in [*range(n), None]:
                if q == p:
                    continue
                a = json.dumps(state.view(q), sort_keys=True)
                assert a == json.dumps(other.view(q), sort_keys=True), f"seat {q} sees seat {p}'s pick"
        assert "hand" not in state.view(None)["table"]
        for q in range(n):
            seen = json.dumps(state.view(q))
            assert json.dumps(state.determinize(q, random.Random(seed)).view(q)) == seen
    play(variant, n, seed, each=check, agents=("greedy", "random", "random"))


@SETTINGS
@given(variant=VARIANTS, n=PLAYERS, seed=SEEDS)
def test_replay_is_deterministic(variant, n, seed):
    state = play(variant, n, seed)
    line = record.from_state(state, agents=["bots"]).to_json()
    again = record.replay(record.loads(line))
    twice = record.replay(record.loads(line))
    for q in [*range(n), None]:
        assert again.view(q) == state.view(q) == twice.view(q)
    assert again.scores() == state.scores()


@SETTINGS
@given(variant=VARIANTS, n=PLAYERS, seed=SEEDS)
def test_best_arrangement_never_scores_below_the_built_one(variant, n, seed):
    def check(state: CompoundState) -> None:
        if state.phase != "pick" or state.committed[0]:
            return
        for p in range(n):
            built = round_breakdown(state.goals, state.compounds[p], state.unbonded[p])["total"]
            best = best_arrangement(state.area_cards(p), state.goals, [])
            assert best.points >= built
            with_extra = best_arrangement(state.area_cards(p), state.goals, state.center)
            assert with_extra.points >= best.points
    play(variant, n, seed, each=check)


CARD_IDS = sorted(c for c in CARDS if CARDS[c].kind in ("ion", "transition", "noble"))


@settings(max_examples=150, deadline=None)
@given(cards=st.lists(st.sampled_from(CARD_IDS), max_size=6),
       goals=st.lists(st.sampled_from(GOAL_IDS), max_size=3, unique=True),
       extras=st.lists(st.sampled_from(CARD_IDS), max_size=2), tiles_down=st.integers(0, 3))
def test_best_arrangement_equals_brute_force(cards, goals, extras, tiles_down):
    """RXN `best` is worth exactly the most any arrangement is worth at the end of the game (issue 25:
    the round score plus 2 for each face-down tile it refreshes)."""
    best = best_arrangement(cards, goals, extras, tiles_down)
    assert best.value == brute_force_best(cards, goals, extras, tiles_down)
    assert best.value == best.points + 2 * min(best.refreshes, tiles_down)
    # the arrangement it returns really scores what it says, with the cards it was given
    held = Counter(cards) + (Counter([best.extra]) if best.extra else Counter())
    used = Counter(c for comp in best.compounds for c in comp) + Counter(best.unbonded)
    assert Counter(card_of(c) for c in used.elements()) == held
    assert round_breakdown(goals, best.compounds, best.unbonded)["total"] == best.points


def _snapshot(state: CompoundState) -> str:
    views = {str(q): state.view(q) for q in range(state.num_players)}
    views["spectator"] = state.view(None)
    return json.dumps({"v": views, "a": state.actors(), "s": state.scores()}, sort_keys=True)


@settings(max_examples=3, deadline=None)
@given(variant=VARIANTS, n=PLAYERS, seed=SEEDS)
def test_illegal_actions_change_nothing_and_clones_are_independent(variant, n, seed):
    from ionarena.core import IllegalAction
    from ionarena.games.compound.actions import Move
    rng = random.Random(seed)
    junk = [Move("pick", ("Xe",)), Move("bond", ("Na", "K", "O")), Move("bond", ("Mg", "Cl")),
            Move("center", ("Zz",)), Move("refresh", ("up",)), Move("form", ("H", "H")), "pick 1"]

    def check(state: CompoundState) -> None:
        before = _snapshot(state)
        for p in range(n):
            for move in junk:
                try:
                    state.apply(p, move)
                except IllegalAction as err:
                    assert str(err)
                else:
                    raise AssertionError(f"{move} was accepted")
                assert _snapshot(state) == before
        copy = state.clone()
        actor = copy.actors()[0]
        legal = copy.legal_actions(actor)
        copy.apply(actor, legal[rng.randrange(len(legal))])
        assert _snapshot(state) == before
    play(variant, n, seed, each=check)


SMALL_POOL = ["H", "Na", "Mg", "Fe", "Mn", "Cl", "F", "O", "OH", "SO4", "PO4", "NH4", "He", "Ne"]


@settings(max_examples=120, deadline=None)
@given(cards=st.lists(st.sampled_from(SMALL_POOL), max_size=7),
       goals=st.lists(st.sampled_from(GOAL_IDS), max_size=3, unique=True),
       extras=st.lists(st.sampled_from(SMALL_POOL), max_size=3), tiles_down=st.integers(0, 3))
def test_best_arrangement_equals_brute_force_with_repeated_cards(cards, goals, extras, tiles_down):
    best = best_arrangement(cards, goals, extras, tiles_down)
    assert best.value == brute_force_best(cards, goals, extras, tiles_down)
    assert round_breakdown(goals, best.compounds, best.unbonded)["total"] == best.points


@settings(max_examples=6, deadline=None)
@given(variant=VARIANTS, n=PLAYERS, seed=SEEDS)
def test_apply_accepts_exactly_the_listed_moves(variant, n, seed):
    """`apply` checks a move without listing every legal move; it must agree with the list."""
    from ionarena.games.compound.actions import Move
    from ionarena.games.compound.chemistry import all_recipes
    bonds = [Move("bond", r.tokens) for r in all_recipes()]
    others = [Move("unbonded", ("Cl",)), Move("bond", ()), Move("pick", ()), Move("pick", ("Cl", "Cl"))]

    def check(state: CompoundState) -> None:
        for p in range(n):
            legal = state.legal_actions(p)
            candidates = [*legal, *bonds, *others, *(Move("pick", (c,)) for c in CARDS)]
            for move in candidates:
                assert state.is_legal(p, move) == (move in legal), (state.phase, move)
    play(variant, n, seed, each=check)
