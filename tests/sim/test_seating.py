"""Fair seat rotation: every agent sits in every seat equally often, in the seating rule and in the
games a tournament actually plays."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from ionarena.core import IonError
from ionarena.sim import seating
from ionarena.sim.backends import LocalBackend
from ionarena.sim.tournament import make_tournament


@pytest.mark.parametrize("agents", range(1, 7))
@pytest.mark.parametrize("seats", range(2, 7))
def test_every_agent_sits_in_every_seat_equally_often_over_whole_blocks(agents, seats):
    names = [f"a{k}" for k in range(agents)]
    block = seating.block_size(agents, seats)
    for blocks in (1, 3):
        counts = seating.seat_counts(names, seats, blocks * block)
        per_seat = {n for row in counts.values() for n in row}
        assert len(per_seat) == 1, counts  # the same count for every agent in every seat
        assert per_seat.pop() > 0


def test_four_seats_three_agents_rotate_the_extra_seat():
    games = [seating.seating("ABC", 4, g) for g in range(3)]
    assert games == [("A", "B", "C", "A"), ("B", "C", "A", "B"), ("C", "A", "B", "C")]
    # each agent holds two seats in exactly one game of the block
    assert sorted(max(Counter(game).items(), key=lambda kv: kv[1])[0] for game in games) == ["A", "B", "C"]


def test_more_agents_than_seats_every_pair_meets_equally_often():
    names = "ABCDE"
    block = seating.block_size(5, 3)
    assert block == math.comb(5, 3) * 3
    meetings: Counter[frozenset[str]] = Counter()
    for g in range(block):
        lineup = seating.seating(names, 3, g)
        assert len(set(lineup)) == 3
        meetings.update(frozenset(p) for p in itertools.combinations(lineup, 2))
    assert len(meetings) == math.comb(5, 2) and len(set(meetings.values())) == 1


def test_subset_index_follows_itertools_combinations_order():
    for m, k in ((5, 3), (6, 2), (7, 4)):
        assert [seating._nth_combination(m, k, i) for i in range(math.comb(m, k))] == \
            list(itertools.combinations(range(m), k))


def test_games_are_rounded_up_to_whole_blocks():
    assert seating.games_in_blocks(10, 3, 4) == 12
    assert seating.games_in_blocks(12, 3, 4) == 12
    assert seating.games_in_blocks(1, 5, 3) == 30


def test_a_played_tournament_seats_fairly_and_shares_deals_within_a_rotation():
    event = make_tournament("dots", ["greedy", "random"], games=9, players=3, seed=4)
    assert event.games == 10  # blocks of 2 games
    results = list(LocalBackend().results(event))
    counts = Counter((agent, seat) for r in results for seat, agent in enumerate(r.agents))
    assert set(counts.values()) == {5} and len(counts) == 6
    # the two games of a rotation are the same deal with the seats turned
    assert results[0].seed == results[1].seed != results[2].seed


@pytest.mark.usefixtures("labelled_agents")
def test_three_agents_in_four_seats_as_played():
    agents = ["greedy", "random", "random#2"]
    event = make_tournament("dots", agents, games=7, players=4, seed=1)
    assert event.games == 9
    results = list(LocalBackend().results(event))
    counts = Counter((agent, seat) for r in results for seat, agent in enumerate(r.agents))
    assert counts == {(agent, seat): 3 for agent in agents for seat in range(4)}
    assert all(len(r.scores) == 4 for r in results)


@pytest.mark.usefixtures("labelled_agents")
def test_five_agents_in_three_seats_as_played():
    agents = ["greedy", "random", "random#2", "greedy#2", "random#3"]
    event = make_tournament("dots", agents, games=30, players=3, seed=2)
    results = list(LocalBackend().results(event))
    counts = Counter((agent, seat) for r in results for seat, agent in enumerate(r.agents))
    assert counts == {(agent, seat): 6 for agent in agents for seat in range(3)}


def test_bad_tournaments_are_refused_clearly():
    with pytest.raises(IonError, match="at least two agents"):
        make_tournament("dots", ["greedy"], games=10)
    with pytest.raises(IonError, match="each agent once"):
        make_tournament("dots", ["greedy", "greedy"], games=10)
    with pytest.raises(IonError, match="blocks of"):
        make_tournament("dots", [f"a{k}" for k in range(30)], games=10, players=10)
