"""Ratings and head-to-head results: finishing order, OpenSkill moving the right way on a rigged
tournament, the pairwise matrix."""

from __future__ import annotations

import pytest

from ionarena.sim.ratings import finishing_ranks, pairwise, rate_games
from ionarena.sim.tournament import make_tournament, run_tournament

from . import claim


def test_finishing_order_puts_winners_first_then_scores():
    assert finishing_ranks([5, 9, 3, 9], [1, 3]) == [1, 0, 2, 0]  # a shared win is a tie
    assert finishing_ranks([0, 0, 7], [2]) == [1, 1, 0]
    assert finishing_ranks([4, 4, 1], []) == [0, 0, 1]  # no winner: by score alone


@pytest.mark.usefixtures("rigged")
def test_the_agent_that_always_wins_ends_on_top_and_the_one_that_never_does_at_the_bottom():
    event = make_tournament(claim.GAME, ["coin", "never", "always"], games=60, players=3, seed=5)
    result = run_tournament(event)
    always = next(r for r in result.ratings if r.agent == "always")
    assert always.wins == always.seats == 60  # it really won every game it sat in
    assert [r.agent for r in result.ratings] == ["always", "coin", "never"]
    mus = {r.agent: r.mu for r in result.ratings}
    assert mus["always"] > 25 > mus["never"]  # OpenSkill starts everyone at mu = 25
    assert all(r.sigma < 25 / 3 for r in result.ratings)  # every agent's uncertainty shrank
    cells = {(p.agent, p.opponent): p for p in result.pairings}
    assert cells["always", "never"].win_rate == 1.0 and cells["always", "never"].meetings == 60
    assert cells["never", "always"].win_rate == 0.0
    assert 0 < cells["coin", "never"].win_rate < 1  # coin sometimes ties (both pass), sometimes wins


@pytest.mark.usefixtures("rigged")
def test_ratings_move_with_the_evidence_game_by_game():
    one = rate_games(["always", "never"], [(("always", "never"), [1.0, 0.0], [0])])
    assert one[0].agent == "always" and one[0].mu > 25 > one[1].mu
    swapped = rate_games(["always", "never"], [(("never", "always"), [0.0, 1.0], [1])])
    assert [(r.agent, round(r.mu, 9)) for r in swapped] == [(r.agent, round(r.mu, 9)) for r in one]


def test_an_agent_holding_two_seats_is_rated_once_per_game():
    games = [(("a", "b", "a"), [1.0, 0.0, 0.0], [0]), (("b", "a", "b"), [0.0, 1.0, 0.0], [1])]
    ratings = {r.agent: r for r in rate_games(["a", "b"], games)}
    assert ratings["a"].games == 2 and ratings["a"].seats == 3 and ratings["a"].wins == 2
    assert ratings["b"].seats == 3 and ratings["b"].wins == 0
    assert ratings["a"].mu > ratings["b"].mu


def test_pairwise_counts_each_seat_pair_and_ties_as_half():
    games = [(("a", "b", "c"), [1.0, 0.0, 0.0], [0]),   # a beats b and c; b ties c
             (("b", "c", "a"), [0.0, 0.0, 5.0], []),    # no winner: a first on score; b ties c
             (("c", "a", "b"), [2.0, 2.0, 0.0], [0, 1])]  # c and a share the win
    cells = {(p.agent, p.opponent): p for p in pairwise(["a", "b", "c"], games)}
    assert (cells["a", "b"].wins, cells["a", "b"].ties, cells["a", "b"].losses) == (3, 0, 0)
    assert (cells["a", "c"].wins, cells["a", "c"].ties, cells["a", "c"].losses) == (2, 1, 0)
    assert cells["a", "c"].win_rate == pytest.approx(2.5 / 3)
    assert (cells["b", "c"].wins, cells["b", "c"].ties, cells["b", "c"].losses) == (0, 2, 1)
    assert cells["b", "c"].ci_low < cells["b", "c"].win_rate < cells["b", "c"].ci_high
    assert ("a", "a") not in cells
