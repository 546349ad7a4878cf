"""The games' judgements of positions and their fast rollout policies: values per seat in [0, 1]
that move the right way, policies that play legal moves from their own seat's view."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.agents import make_agent
from ionarena.agents.heuristics import GENERIC, heuristics_for, softmax, win_outcome
from ionarena.agents.heuristics.bank import evaluate as bank_evaluate
from ionarena.agents.heuristics.bank import standing
from ionarena.agents.heuristics.compound import standing as compound_standing
from ionarena.agents.heuristics.dots import evaluate as dots_evaluate
from ionarena.agents.policy import EpsilonAgent, make_policy
from ionarena.agents.rollout import rollout_module
from ionarena.core import get_spec
from ionarena.sim.driver import bot_step

from .guard import SeatOnly

GAMES = [("dots", 4, {}), ("valence", 3, {}), ("compound", 4, {}), ("bank", 4, {"teams": "+-+-"})]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_evaluations_give_every_seat_a_value_in_0_1_along_a_game(game, players, options):
    state = ionarena.make(game, players=players, seed=2, **options)
    h = heuristics_for(game)
    start = h.baseline(state) if h.baseline is not None else None
    bots = [make_agent("greedy", game, seat, 2) for seat in range(players)]
    steps = 0
    while not state.is_over() and steps < 400:
        if steps % 7 == 0:
            values = h.evaluate(state, start)
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
        bot_step(state, bots)
        steps += 1
    if state.is_over():
        assert len(h.outcome(state, start)) == players


def test_win_outcome_shares_a_win_and_splits_a_draw(fifteen):
    state = ionarena.make(fifteen, players=3, seed=1)
    state.winner = 2
    assert win_outcome(state) == [0.0, 0.0, 1.0]
    state.winner, state.hands = None, [[], [], []]
    assert state.is_over() and win_outcome(state) == pytest.approx([1 / 3] * 3)
    assert heuristics_for(fifteen) is GENERIC


def test_softmax_favours_the_strongest_and_sums_to_one():
    values = softmax([1.0, 3.0, 2.0])
    assert sum(values) == pytest.approx(1.0)
    assert values[1] > values[2] > values[0]


def test_dots_fewer_cards_in_hand_is_better():
    """A quick game is won by the first to empty their hand."""
    spec = get_spec("dots")
    assert spec.position is not None
    state = spec.position({"hands": [["1|2"], ["3|4", "5|6", "2|3", "4|5", "1|6"]], "top": "1|3"})
    values = dots_evaluate(state)
    assert values[0] > 0.9 > 0.1 > values[1]


def test_compound_standing_counts_the_round_in_play_until_it_is_scored():
    state = ionarena.make("compound", players=2, seed=4, variant="beginner")
    bots = [make_agent("greedy", "compound", seat, 4) for seat in range(2)]
    while not any(state.view(None)["table"]["compounds"]):
        bot_step(state, bots)
    view = state.view(None)
    table = view["table"]
    builder = next(p for p in range(2) if table["compounds"][p])
    built = sum(c["points"] for c in table["compounds"][builder])
    assert view["scores"][builder] == 0
    assert compound_standing(table, view["scores"], builder) >= built
    while state.view(None)["table"]["round"] == 1:
        bot_step(state, bots)
    view = state.view(None)
    if view["phase"] != "over":  # a new round: its own compounds only, earlier rounds in the scores
        assert compound_standing(view["table"], view["scores"], builder) >= view["scores"][builder]


def test_bank_values_points_for_my_team_above_points_for_theirs():
    state = ionarena.make("bank", players=4, seed=1, teams="+-+-")
    start = standing(state)
    plus, minus = state.clone(), state.clone()
    for copy, team in ((plus, "+"), (minus, "-")):
        for p in range(4):
            if copy.view(None)["table"]["teams"][p] == team:
                copy.score[p] += 3000
    assert bank_evaluate(plus, start)[0] > 0.5 > bank_evaluate(minus, start)[0]
    assert bank_evaluate(plus, start)[1] < 0.5 < bank_evaluate(minus, start)[1]
    assert bank_evaluate(state, start) == pytest.approx([0.5] * 4)


def test_bank_counts_the_pot_for_the_pole_the_charge_leans_to():
    state = ionarena.make("bank", players=4, seed=1, teams="+-+-")
    start = standing(state)
    leaning = state.clone()
    leaning.pot, leaning.charge = 2000, 8
    assert bank_evaluate(leaning, start)[0] > 0.5 > bank_evaluate(leaning, start)[1]
    leaning.clock = leaning.round_end - 0.001  # the round ends before anyone can dump: split evenly
    assert bank_evaluate(leaning, start)[0] == pytest.approx(0.5, abs=0.01)


def test_compound_rollout_policy_plays_whole_games_from_its_own_view():
    module = rollout_module("compound")
    assert module is not None
    for variant in ("beginner", "standard", "advanced"):
        state = ionarena.make("compound", players=3, seed=5, variant=variant)
        bots = [module.RolloutAgent(seed=seat) for seat in range(3)]
        while not state.is_over():
            seat = state.actors()[0]
            action = bots[seat].act(SeatOnly(state, seat), seat)  # type: ignore[arg-type]
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
        assert state.winners()


def test_epsilon_agent_mixes_its_inner_choice_with_random_moves():
    state = ionarena.make("dots", players=2, seed=3)
    seat = state.actors()[0]
    legal = state.legal_actions(seat)
    greedy = make_agent("greedy", "dots", seat, 1)
    assert EpsilonAgent(greedy, 0.0, seed=1).act(state, seat) == greedy.act(state, seat)
    always = EpsilonAgent(make_agent("greedy", "dots", seat, 1), 1.0, seed=1)
    seen = {always.act(state, seat) for _ in range(200)}
    assert seen == set(legal)
    assert isinstance(make_policy("fast", "dots", 0.1, seed=1), EpsilonAgent)  # dots: its greedy agent
    rollout = make_policy("fast", "compound", 0.0, seed=1)
    assert rollout.name == "compound-rollout"
    assert make_policy("random", "compound", 0.3, seed=1).name == "random"


def test_bank_search_and_random_rollout_moves_never_pay_the_skip_penalty():
    """Rulebook: "`skip` is the same as letting the time run out (-1000)"; a bot always has a card."""
    state = ionarena.make("bank", players=4, seed=6, teams="+-+-")
    seat = state.actors()[0]
    texts = {state.format_action(a) for a in state.legal_actions(seat)}
    assert "skip" in texts and len(texts) > 1
    noisy = make_policy("fast", "bank", 1.0, seed=2)
    assert all(state.format_action(noisy.act(state, seat)) != "skip" for _ in range(100))
    agent = make_agent("ismcts:iters=20", "bank", seat, seed=1)
    search = agent.search(state, seat)
    assert state.format_action(search.run(agent.budget(state))) != "skip"
    assert all(state.format_action(action) not in ("skip", ":") for _, action in search.root.children)
