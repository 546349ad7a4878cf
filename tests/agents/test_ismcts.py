"""ISMCTS: legal, reproducible, pickles, never looks at what its seat cannot see, and handles
simultaneous choices, cut-offs and timed games."""

from __future__ import annotations

import pickle
import random

import pytest

import ionarena
from ionarena.agents import make_agent
from ionarena.agents.ismcts import ISMCTSAgent, Node
from ionarena.core import State
from ionarena.sim.driver import bot_step

from .guard import ROOTS, SeatOnly


def advanced(game: str, players: int, seed: int, steps: int, **options) -> State:
    """A game after `steps` random bot steps (stopping early at a decision with a real choice)."""
    state = ionarena.make(game, players=players, seed=seed, **options)
    bots = [make_agent("random", game, seat, seed) for seat in range(players)]
    for _ in range(steps):
        bot_step(state, bots)
    return state


def decision(game: str, players: int, seed: int, steps: int, **options) -> tuple[State, int]:
    """A position after about `steps` random steps where an actor has at least two legal moves."""
    state = advanced(game, players, seed, steps, **options)
    bots = [make_agent("random", game, seat, seed) for seat in range(players)]
    for _ in range(500):
        for seat in state.actors():
            if len(state.legal_actions(seat)) > 1:
                return state, seat
        bot_step(state, bots)
    raise AssertionError(f"no decision with a choice in {game}")


def test_choices_are_legal_and_reproducible_for_a_seed():
    state, seat = decision("dots", 3, seed=4, steps=5)
    first = make_agent("ismcts:iters=60", "dots", seat, seed=9)
    second = make_agent("ismcts:iters=60", "dots", seat, seed=9)
    a, b = first.act(state, seat), second.act(state, seat)
    assert a == b
    assert a in state.legal_actions(seat)
    assert first.last is not None and 0 < first.last.iterations <= 60


def test_a_forced_move_is_played_without_searching(fifteen):
    state = ionarena.make(fifteen, players=2, seed=1)
    agent = make_agent("ismcts:iters=50", fifteen)
    state.hands[0] = [4, 4]  # both legal moves are the same card: one action
    assert state.legal_actions(0) == [4]
    assert agent.act(state, 0) == 4
    assert agent.last is None


@pytest.mark.parametrize("root", ROOTS)
def test_the_search_only_uses_its_own_seat(fifteen, root):
    for game, players, steps in (("dots", 3, 6), (fifteen, 3, 1)):
        state, seat = decision(game, players, seed=2, steps=steps)
        guarded = SeatOnly(state, seat)
        agent = make_agent(f"ismcts:iters=40,root={root}", game, seat, seed=3)
        action = agent.act(guarded, seat)  # type: ignore[arg-type]
        assert action in state.legal_actions(seat)
        assert agent.last is not None  # it searched
        # halving: one sample a round of the root's moves; ucb: one an iteration
        assert 0 < guarded.calls.count("determinize") <= 40


@pytest.mark.parametrize("root", ROOTS)
def test_same_choices_whatever_the_hidden_cards_are(fifteen, root):
    """Two states that differ only in what the seat cannot see (both resampled from one state for
    that seat) get the same choices from agents with the same seed."""
    compared = 0
    for seed in range(12):
        state, seat = decision(fifteen, 3, seed=seed, steps=seed % 2)
        one = state.determinize(seat, random.Random(1))
        two = state.determinize(seat, random.Random(2))
        assert one.view(seat) == two.view(seat)
        if all(one.view(q) == two.view(q) for q in range(3)):
            continue  # nothing hidden differs: proves nothing
        compared += 1
        a = make_agent(f"ismcts:iters=30,root={root}", fifteen, seat, seed=seed)
        b = make_agent(f"ismcts:iters=30,root={root}", fifteen, seat, seed=seed)
        for _ in range(2):  # the second choice checks that the agents' generators stayed in step
            assert a.act(one, seat) == b.act(two, seat)
    assert compared >= 8


def test_the_agent_pickles_and_carries_on_identically():
    state, seat = decision("dots", 2, seed=7, steps=3)
    agent = make_agent("ismcts:iters=40", "dots", seat, seed=1)
    agent.act(state, seat)
    copy = pickle.loads(pickle.dumps(agent))
    assert copy.act(state, seat) == agent.act(state, seat)


def test_opponents_are_searched_only_when_asked_and_only_in_turn_based_games():
    state, seat = decision("dots", 2, seed=3, steps=4)
    own = make_agent("ismcts:iters=150,opp=policy", "dots", seat, seed=2)
    tree = make_agent("ismcts:iters=150,opp=tree", "dots", seat, seed=2)
    assert isinstance(own, ISMCTSAgent) and isinstance(tree, ISMCTSAgent)
    own_search, tree_search = own.search(state, seat), tree.search(state, seat)
    own_search.run(own.budget(state))
    tree_search.run(tree.budget(state))
    assert movers(own_search.root) == {seat}
    assert movers(tree_search.root) == {0, 1}


def movers(node: Node) -> set[int]:
    """Every seat whose decision appears in the tree below `node`."""
    seats: set[int] = set()
    for (seat, _), child in node.children.items():
        seats.add(seat)
        seats |= movers(child)
    return seats


def test_cutoff_rollouts_are_judged_by_the_evaluation():
    state, seat = decision("dots", 4, seed=5, steps=2)
    agent = make_agent("ismcts:iters=30,cutoff=3", "dots", seat, seed=4)
    agent.act(state, seat)
    stats = agent.last
    assert stats is not None
    assert stats.evaluations == stats.iterations  # a 4-player deal never ends within 3 moves of its start
    assert stats.rollout_steps <= 3 * stats.iterations
    full = make_agent("ismcts:iters=30", "dots", seat, seed=4)
    full.act(state, seat)
    assert full.last is not None and full.last.evaluations == 0
    assert full.last.rollout_steps > stats.rollout_steps


def test_a_millisecond_budget_stops_by_itself():
    state, seat = decision("dots", 2, seed=1, steps=2)
    agent = make_agent("ismcts:ms=30", "dots", seat, seed=4)
    assert agent.act(state, seat) in state.legal_actions(seat)
    assert agent.last is not None and agent.last.iterations >= 1


def test_random_rollouts_work_without_a_greedy_agent(fifteen):
    state, seat = decision(fifteen, 2, seed=3, steps=1)
    agent = make_agent("ismcts:iters=30", fifteen, seat, seed=1)
    assert isinstance(agent, ISMCTSAgent) and agent.rollout == "random"
    assert agent.act(state, seat) in state.legal_actions(seat)


def test_search_finds_the_winning_card(fifteen):
    """Total 9, holding 2 and 6: only the 6 reaches 15 and wins at once."""
    state = ionarena.make(fifteen, players=2, seed=1)
    state.total, state.hands[0] = 9, [2, 6]
    state.hands[1] = [1, 3]
    agent = make_agent("ismcts:iters=40,rollout=random", fifteen, 0, seed=1)
    assert agent.act(state, 0) == 6


class TestNode:
    def test_unvisited_children_are_listed_as_untried(self):
        node = Node()
        node.children["a"] = Node()
        assert node.untried(["a", "b", "c"]) == ["b", "c"]

    def test_ucb_prefers_value_then_explores_the_rarely_tried(self):
        node = Node()
        good, bad = Node(), Node()
        good.visits, good.reward, bad.visits, bad.reward = 10, 8.0, 10, 2.0
        node.children.update(good=good, bad=bad)
        assert node.select(["good", "bad"], c=0.1) == "good"
        assert (good.avail, bad.avail) == (2, 2)  # both were available
        rare = Node()
        rare.visits, rare.reward = 1, 0.5
        node.children["rare"] = rare
        assert node.select(["good", "bad", "rare"], c=2.0) == "rare"

    def test_availability_not_parent_visits_drives_exploration(self):
        """A move available only now and then is judged against how often it was available."""
        node = Node()
        often, seldom = Node(), Node()
        often.visits, often.reward, often.avail = 5, 2.5, 100
        seldom.visits, seldom.reward, seldom.avail = 5, 2.5, 6
        node.children.update(often=often, seldom=seldom)
        assert node.select(["often", "seldom"], c=1.0) == "often"


@pytest.mark.parametrize("ms", [None, 10_000.0])
def test_timed_games_keep_inside_the_move_clock(ms):
    state = ionarena.make("bank", players=4, seed=3, teams="+-+-")
    agent = ISMCTSAgent("bank", seed=1, iters=5, ms=ms, rollout="random")
    agent.realtime = True  # at a table: the wall clock runs with the game's
    budget = agent.budget(state)
    deadline = state.deadline()
    assert deadline is not None and budget.seconds is not None
    assert budget.seconds <= 0.9 * (deadline - state.now()) + 1e-9
    assert budget.iterations == 5


def test_sequential_halving_tries_every_move_and_keeps_the_better_half():
    state, seat = decision("dots", 2, seed=11, steps=2)
    agent = make_agent("ismcts:iters=120,rollout=random", "dots", seat, seed=3)
    assert isinstance(agent, ISMCTSAgent)
    search = agent.search(state, seat)
    moves = search.root_actions()
    assert len(moves) >= 3
    choice = search.run(agent.budget(state))
    visits = {action: n for action, n, _ in search.root_statistics()}
    assert set(visits) == set(moves)  # every move was tried
    means = {action: mean for action, _, mean in search.root_statistics()}
    finalists = [a for a in moves if visits[a] == max(visits.values())]
    assert len(finalists) <= 2 and choice in finalists
    assert means[choice] == max(means[a] for a in finalists)
    assert min(visits.values()) < max(visits.values())  # the worse half stopped early


def test_a_round_compares_every_move_on_one_sample(fifteen):
    state, seat = decision(fifteen, 2, seed=4, steps=0)
    guarded = SeatOnly(state, seat)
    agent = make_agent("ismcts:iters=20", fifteen, seat, seed=2)
    agent.act(guarded, seat)  # type: ignore[arg-type]
    moves = len(state.legal_actions(seat))
    assert agent.last is not None
    assert guarded.calls.count("determinize") * moves >= agent.last.iterations
    assert guarded.calls.count("determinize") < agent.last.iterations


def test_ucb_at_the_root_is_still_available():
    state, seat = decision("dots", 2, seed=11, steps=2)
    agent = make_agent("ismcts:iters=50,root=ucb", "dots", seat, seed=3)
    assert agent.act(state, seat) in state.legal_actions(seat)
    assert agent.last is not None and agent.last.iterations == 50


def test_keep_holds_to_the_policy_move_unless_another_is_clearly_better():
    """`keep=z`: the policy's own move stays unless another beat it, round by round on the same
    samples, by more than z standard errors of the difference."""
    state, seat = decision("dots", 2, seed=11, steps=2)
    search = make_agent("ismcts:iters=10,keep=2", "dots", seat, seed=3).search(state, seat)  # type: ignore[attr-defined]
    search._values = {"policy": [0.5] * 6, "noisy": [0.9, 0.1, 0.9, 0.4, 0.6, 0.5],
                      "steady": [0.6, 0.6, 0.7, 0.6, 0.6, 0.6], "once": [1.0], "thrice": [1.0] * 3}
    # with the round of no difference counted in: +0.1 with a spread of 0.058, 4.6 errors
    assert search._clearly_better("steady", "policy")
    assert not search._clearly_better("noisy", "policy")  # +0.057 with a spread of 0.30
    assert not search._clearly_better("once", "policy")  # one round proves nothing
    assert search._clearly_better("thrice", "policy")  # three rounds ahead by 0.5: 3 errors
    search.keep = 4.0
    assert not search._clearly_better("thrice", "policy")  # a spread of 0 is not taken for certainty
    assert search._clearly_better("steady", "policy")
    search.keep = 6.0
    assert not search._clearly_better("steady", "policy")


def test_keep_plays_the_policy_move_when_the_search_is_not_sure():
    """With an unreachable bar (`keep=10`) the search plays its default policy's (greedy's) own
    move; with none (`keep=0`) the best mean wins, and that is another move somewhere."""
    kept = differs = 0
    for seed in range(12):
        state, seat = decision("dots", 2, seed=seed, steps=3)
        for keep in (10, 0):
            agent = make_agent(f"ismcts:iters=40,keep={keep}", "dots", seat, seed=seed)
            search = agent.search(state, seat)  # type: ignore[attr-defined]
            choice = search.run(agent.budget(state))  # type: ignore[attr-defined]
            assert search.preferred in state.legal_actions(seat)
            if keep:
                kept += choice == search.preferred
            else:
                differs += choice != search.preferred
    assert kept == 12
    assert differs > 0
