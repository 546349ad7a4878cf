"""ISMCTS never peeks, in every game: its choices depend on what its seat knows and its seed only.

Two states that differ only in what the seat cannot see are made by resampling one state for that
seat. An agent with the same seed must choose the same moves in both. That can only hold if the
game's own `determinize` resamples from what the seat knows alone (the unseen cards put in a fixed
order before the shuffle); the test checks that first, so a game that breaks it is named.

Both tests run for every root policy the agent offers (`root=halving|ucb`, read from its spec): a
root that searched the real state instead of determinizations must fail here, and each case checks
that the agent really searched (a forced move or a delegated phase would prove nothing).
"""

from __future__ import annotations

import random

import pytest

from ionarena.agents import make_agent
from ionarena.agents.ismcts import ISMCTSAgent
from ionarena.core import State

from .guard import ROOTS, SeatOnly, choices
from .test_ismcts import decision

CASES = [("dots", 3, 4), ("valence", 3, 5), ("compound", 3, 3), ("bank", 4, 12)]
"""(game, players, random steps): each lands on a decision the agent searches, not a forced move
nor a phase the game leaves to its rollout policy (valence's `place`), where nothing would be tested."""


def canonical(one: State, two: State, seat: int) -> bool:
    """True if resampling `one` and `two` for `seat` with equal generators gives equal copies."""
    a, b = one.determinize(seat, random.Random(7)), two.determinize(seat, random.Random(7))
    return all(a.view(q) == b.view(q) for q in range(one.num_players))


def pair(game: str, players: int, steps: int, seed: int) -> tuple[State, State, int]:
    options = {"teams": "+-" * (players // 2)} if game == "bank" else {}
    state, seat = decision(game, players, seed=seed, steps=steps, **options)
    return state.determinize(seat, random.Random(1)), state.determinize(seat, random.Random(2)), seat


def searched(agent: object) -> int:
    """The iterations of `agent`'s last search; fails if it played without searching."""
    assert isinstance(agent, ISMCTSAgent)
    assert agent.last is not None and agent.last.iterations > 0, "no search: the test proves nothing"
    return agent.last.iterations


@pytest.mark.parametrize("opp", choices("ismcts", "opp"))
@pytest.mark.parametrize("root", ROOTS)
@pytest.mark.parametrize(("game", "players", "steps"), CASES)
def test_search_touches_only_its_own_seat(game, players, steps, root, opp):
    state, seat = decision(game, players, seed=1, steps=steps,
                           **({"teams": "+-" * (players // 2)} if game == "bank" else {}))
    guarded = SeatOnly(state, seat)
    agent = ISMCTSAgent(game, seed=2, iters=8, rollout="random", cutoff=30, root=root, opp=opp)
    assert agent.act(guarded, seat) in state.legal_actions(seat)  # type: ignore[arg-type]
    iterations = searched(agent)
    samples = guarded.calls.count("determinize")  # ucb: one a iteration; halving: one a round
    assert 0 < samples <= iterations
    assert root != "ucb" or samples == iterations


@pytest.mark.parametrize("root", ROOTS)
@pytest.mark.parametrize(("game", "players", "steps"), CASES)
def test_same_choices_whatever_the_hidden_cards_are(game, players, steps, root):
    one, two, seat = pair(game, players, steps, seed=3)
    assert one.view(seat) == two.view(seat)
    assert any(one.view(q) != two.view(q) for q in range(players)), "nothing hidden was resampled"
    assert canonical(one, two, seat), (f"{game}'s determinize shuffles the unseen cards in their hidden "
                                       "order, so its copies depend on the real deal (sort them first)")
    for options in ("iters=12,rollout=random,cutoff=30", "iters=6,cutoff=20"):
        spec = f"ismcts:{options},root={root}"
        a, b = make_agent(spec, game, seat, seed=5), make_agent(spec, game, seat, seed=5)
        assert a.act(one, seat) == b.act(two, seat)
        assert searched(a) == searched(b)
