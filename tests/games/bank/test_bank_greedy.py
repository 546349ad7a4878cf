"""The greedy bank bot: dumps toward its team, blocks the other team, shops sensibly, beats random."""

from __future__ import annotations

import ionarena
from ionarena.agents import make_agent
from ionarena.core import State
from ionarena.sim.driver import play_out

from ...rules.bank.bank_table import shop, table


def greedy_move(state: State, player: int) -> str:
    agent = make_agent("greedy", "bank", player, 0)
    return state.format_action(agent.act(state, player))


def test_plays_the_card_that_dumps_toward_its_team():
    state = table("+-", charge=8, pot=2000, hands={0: ["++", "-", "=", "±±±"]})
    assert greedy_move(state, 0) == "++"


def test_blocks_a_dump_toward_the_other_team():
    state = table("+-", charge=-9, pot=3000, hands={0: ["-", "--", "±", "±±"]}, objects={0: {"X": 1}})
    assert greedy_move(state, 0) == "X"
    state = table("+-", charge=-9, pot=3000, hands={0: ["-", "===", "±"]})
    assert greedy_move(state, 0) == "==="


def test_never_pays_the_skip_penalty_while_it_can_move():
    state = table("+-", charge=6, pot=9000, hands={0: ["--", "=="]})
    assert greedy_move(state, 0) != "skip"


def test_shops_for_the_best_worth_and_accepts_cheap_deals():
    on_sale = ["500", "r", "s", "+:"]
    state = shop(objects={0: {"¢": 12}, 1: {"x": 1}}, on_sale=on_sale)
    assert greedy_move(state, 0) == "buy 500"
    state = shop(objects={0: {"¢": 2}, 1: {"x": 1}}, on_sale=on_sale)
    state.apply_text(1, "deal x 2 ¢")
    assert greedy_move(state, 0) == "ok 1"
    state = shop(objects={0: {"¢": 1}, 1: {"x": 1}}, on_sale=on_sale)
    state.apply_text(1, "deal x 2 ¢")
    assert greedy_move(state, 0) == "done"


def test_greedy_team_beats_random_team():
    wins = 0
    for seed in range(6):
        greedy_sign = "+" if seed % 2 else "-"
        state = ionarena.make("bank", players=4, seed=seed, teams="+-+-", round_time=60.0)
        agents = [make_agent("greedy" if "+-+-"[k] == greedy_sign else "random", "bank", k, seed)
                  for k in range(4)]
        play_out(state, agents)
        team = state.view(None)["table"]["winning_team"]
        wins += team == greedy_sign
    assert wins == 6
