"""Property tests for Valence: termination, card conservation, hidden information, illegal moves,
replay determinism and clone independence, over random seeds, player counts and variants."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ionarena
from ionarena import record
from ionarena.core import IllegalAction
from ionarena.games.valence.actions import Move
from ionarena.games.valence.cards import ELEMENTS, RECIPES
from ionarena.games.valence.invariants import check_invariants
from ionarena.games.valence.rules import ValenceState

VARIANTS = st.sampled_from(["standard", "beginner", "cooperative", "ninja"])
PLAYERS = st.integers(min_value=2, max_value=5)
SEEDS = st.integers(min_value=0, max_value=2**31)
FEW = settings(max_examples=25, deadline=None)

CANDIDATES = [Move("draw", "deck"), Move("draw", "discard"), Move("redraw"), Move("helium"),
              Move("end"), *(Move("place", s) for s in ELEMENTS), *(Move("discard", s) for s in ELEMENTS),
              *(Move("build", f) for f in RECIPES), Move("trade", "NaCl"), Move("react", "HCl", 1, "NaOH"),
              Move("react", "H2O", 0, "COCl2"), Move("build", "NaOH", said="sodium hydroxide"),
              # malformed values: a bool for a seat, wrong field types, a plain tuple, a huge name
              Move("react", "HCl", True, "NaOH"), Move("place", ["O"]), Move("draw", None),  # type: ignore[arg-type]
              ("draw", "deck", -1, "", ""), Move("build", "NaOH", said="x" * 10_000), Move("fly"),
              Move("end", whom=0), Move("react", "HCl", 2**70, "NaOH")]


def snapshot(state: ValenceState) -> str:
    views = {str(p): state.view(p) for p in range(state.num_players)}
    views["spectator"] = state.view(None)
    return json.dumps([views, state.actors(), state.scores(), state.deck, state.hands], sort_keys=True)


def play(state: ValenceState, rng: random.Random, each=None) -> int:
    steps = 0
    while not state.is_over():
        if each is not None:
            each(state)
        p = state.actors()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])
        check_invariants(state)
        steps += 1
        assert steps < 50_000, "no end"
    return steps


@FEW
@given(PLAYERS, VARIANTS, SEEDS)
def test_games_end_and_conserve_every_card(n, variant, seed):
    """Every game ends (someone wins, the cooperative game is decided, or the turn cap draws) and
    all 48 element cards and 46 molecule cards stay accounted for after every move."""
    state = ionarena.make("valence", players=n, variant=variant, seed=seed)
    play(state, random.Random(seed))
    stats = state.stats()
    assert state.is_over() and stats["turns"] <= 500
    if stats["capped"]:
        assert state.winners() == []
    elif variant != "cooperative":
        (winner,) = state.winners()
        assert state.scores()[winner] >= 10
    else:
        assert state.winners() in ([], list(range(n)))


@FEW
@given(PLAYERS, VARIANTS, SEEDS)
def test_turn_cap_ends_in_a_draw(n, variant, seed):
    """RULING (Ion Arena): the turn cap ends the game in a draw, counted in stats()."""
    state = ionarena.make("valence", players=n, variant=variant, seed=seed, turn_cap=2)
    play(state, random.Random(seed))
    assert state.stats()["turns"] <= 2
    assert state.stats()["capped"]  # no game is decided in two turns: the cap ends every one
    assert state.winners() == []


@FEW
@given(PLAYERS, VARIANTS, SEEDS)
def test_views_hide_hands_and_the_deck(n, variant, seed):
    """A view shows its own hand only: dealing the hidden cards again changes nothing a seat sees,
    and no view names the deck order or another hand."""
    rng = random.Random(seed)
    state = ionarena.make("valence", players=n, variant=variant, seed=seed)

    def check(s: ValenceState) -> None:
        for p in [*range(n), None]:
            view = s.view(p)
            table = view["table"]
            assert "deck" not in table and table["deck_size"] == len(s.deck)
            assert table.get("hand") == (None if p is None else [c for c in ELEMENTS for _ in
                                                                 range(s.hands[p][ELEMENTS.index(c)])])
            other = s.determinize(p, rng)
            assert json.dumps(other.view(p), sort_keys=True) == json.dumps(view, sort_keys=True)
            check_invariants(other)

    play(state, rng, each=check)


@FEW
@given(PLAYERS, VARIANTS, SEEDS)
def test_illegal_moves_raise_and_change_nothing(n, variant, seed):
    """Every move outside legal_actions raises IllegalAction and leaves the state exactly as it was."""
    rng = random.Random(seed)
    state = ionarena.make("valence", players=n, variant=variant, seed=seed)

    def check(s: ValenceState) -> None:
        if rng.random() > 0.3:
            return
        before = snapshot(s)
        current = s.actors()[0]
        legal = s.legal_actions(current)
        for move in CANDIDATES:
            for p in range(n):
                if p == current and type(move) is Move and move in legal:
                    continue
                if p == current and isinstance(move, Move) and move.verb == "build" and variant == "ninja" \
                        and move.said and len(move.said) < 80:
                    continue  # a named build with any name may be legal without being listed
                try:
                    s.apply(p, move)
                except IllegalAction as err:
                    assert str(err) and len(str(err)) < 400
                else:
                    raise AssertionError(f"{move} by {p} was accepted")
        assert snapshot(s) == before  # one comparison after all refusals keeps the test fast

    play(state, rng, each=check)


@FEW
@given(PLAYERS, VARIANTS, SEEDS)
def test_replay_is_deterministic(n, variant, seed):
    """seed + variant + action log reproduce the game exactly (through the JSON record)."""
    state = ionarena.make("valence", players=n, variant=variant, seed=seed)
    play(state, random.Random(seed))
    line = record.from_state(state).to_json()
    again = record.replay(record.loads(line))
    assert snapshot(again) == snapshot(state)
    assert again.stats() == state.stats()


@FEW
@given(PLAYERS, VARIANTS, SEEDS)
def test_clones_are_independent(n, variant, seed):
    """A clone played on never changes its original, and vice versa."""
    rng = random.Random(seed)
    state = ionarena.make("valence", players=n, variant=variant, seed=seed)
    kept: list[tuple[ValenceState, str]] = []

    def check(s: ValenceState) -> None:
        copy = s.clone()
        assert snapshot(copy) == snapshot(s)
        if rng.random() < 0.2:
            kept.append((copy, snapshot(copy)))
        else:
            p = copy.actors()[0]
            legal = copy.legal_actions(p)
            copy.apply(p, legal[rng.randrange(len(legal))])

    play(state, rng, each=check)
    for copy, seen in kept:
        assert snapshot(copy) == seen


@FEW
@given(PLAYERS, VARIANTS, SEEDS)
def test_a_clone_never_moves_the_originals_dice(n, variant, seed):
    """Clones share the generator copy-on-write: a clone played to the end (reshuffles, steals) leaves
    the original's future exactly as it was, and both copies roll the same from the same state."""
    rng = random.Random(seed)
    state = ionarena.make("valence", players=n, variant=variant, seed=seed)
    for _ in range(rng.randrange(40)):
        if state.is_over():
            break
        p = state.actors()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])
    copy = state.clone()
    twin = state.clone()
    play(copy, random.Random(seed + 1))
    moves = copy.history()[len(state.history()):]
    for player, move in moves:
        state.apply(player, move)
    assert snapshot(state) == snapshot(copy)
    for player, move in moves:
        twin.apply(player, move)
    assert snapshot(twin) == snapshot(copy)
