"""Bank's pace rule: a leading bot takes most of its move clock; the sim driver and a table's host
both move the bot when it says, and a real-time search keeps inside what is left of the clock."""

from __future__ import annotations

import pytest

from ionarena.agents import make_agent
from ionarena.agents.base import reaction_delay
from ionarena.agents.heuristics.bank import PACE_LONGEST, PACE_MARGIN, pace
from ionarena.agents.ismcts import ISMCTSAgent
from ionarena.games.bank.position import position
from ionarena.host import Table
from ionarena.host.bots import bot_agent
from ionarena.sim.driver import bot_step

from ..host.conftest import FakeClock


def bank(scores: list[int], turn: int = 1, clock: float = 10.0, **options: object):
    """Four players `+-+-`, seat `turn` to move, with these scores (team sums follow from them)."""
    return position({"teams": "+-+-", "scores": scores, "turn": turn, "clock": clock, "options": options,
                     "hands": {seat: ["+", "-", "==", "±"] for seat in range(4)}})


def test_a_leading_bot_takes_all_of_its_move_clock_but_the_margin():
    state = bank([0, 400, 0, 0], turn=1)  # `-` leads 400 to 0; seat 1 (`-`) is on turn
    view = state.view(1)
    left = view["deadline"] - view["now"]
    assert left == pytest.approx(3.0), "the rulebook's move time"
    assert pace(view, 0.5) == pytest.approx(left - PACE_MARGIN)


def test_a_leading_bot_does_not_keep_beginners_waiting_on_a_long_move_clock():
    state = bank([0, 400, 0, 0], turn=1, move_time=8.0)
    view = state.view(1)
    assert view["deadline"] - view["now"] == pytest.approx(8.0)
    assert pace(view, 0.5) == PACE_LONGEST


@pytest.mark.parametrize("scores", [[0, 0, 0, 0], [300, 100, 0, 100]], ids=["level", "behind"])
def test_a_level_or_trailing_bot_moves_after_its_reaction_time(scores):
    state = bank(scores, turn=1)
    assert pace(state.view(1), 0.5) == 0.5
    assert pace(state.view(1), 2.9) == 2.9, "pace never hurries a bot beyond its reaction time"


def test_outside_the_play_phase_a_bot_keeps_its_reaction_time():
    import ionarena
    lobby = ionarena.make("bank", players=4, seed=1)  # no teams given: the lobby picks them
    assert lobby.view(0)["phase"] == "lobby"
    assert pace(lobby.view(0), 0.5) == 0.5


def test_ismcts_paces_in_bank_unless_told_not_to_and_other_bots_do_not():
    state = bank([0, 400, 0, 0], turn=1)
    paced = make_agent("ismcts:iters=1", "bank", 1)
    unpaced = make_agent("ismcts:iters=1,pace=off", "bank", 1)
    greedy = make_agent("greedy", "bank", 1)
    assert reaction_delay(paced, state, 1) == pytest.approx(3.0 - PACE_MARGIN)
    assert reaction_delay(unpaced, state, 1) == 0.5
    assert reaction_delay(greedy, state, 1) == 0.5
    assert isinstance(paced, ISMCTSAgent) and paced.settings()["pace"] == "on"


def test_the_simulation_driver_moves_a_pacing_bot_when_it_says():
    state = bank([0, 400, 0, 0], turn=1, clock=10.0)
    agents = [make_agent("greedy", "bank", k) for k in range(4)]
    agents[1] = make_agent("ismcts:iters=4", "bank", 1, seed=2)
    player, _ = bot_step(state, agents)  # type: ignore[misc]
    assert player == 1
    assert state.now() == pytest.approx(10.0 + 3.0 - PACE_MARGIN)

    again = bank([0, 400, 0, 0], turn=1, clock=10.0)
    agents[1] = make_agent("ismcts:iters=4,pace=off", "bank", 1, seed=2)
    bot_step(again, agents)
    assert again.now() == pytest.approx(10.5)


def test_a_real_time_search_counts_its_clock_from_the_moment_it_is_due():
    state = bank([0, 400, 0, 0], turn=1)
    sim = make_agent("ismcts:iters=5", "bank", 1)
    assert isinstance(sim, ISMCTSAgent)
    assert sim.budget(state, 1).seconds is None, "simulations run in game time: the budget alone counts"
    table_bot = bot_agent("ismcts:iters=5", "bank", 1, 7, 0, None)
    assert isinstance(table_bot, ISMCTSAgent) and table_bot.realtime
    seconds = table_bot.budget(state, 1).seconds
    assert seconds == pytest.approx(0.9 * PACE_MARGIN), "90% of what the clock has left once it is due"
    level = bank([0, 0, 0, 0], turn=1)
    assert table_bot.budget(level, 1).seconds == pytest.approx(0.9 * (3.0 - 0.5))


def test_a_table_moves_a_pacing_bot_when_it_says_and_a_plain_one_at_its_reaction_time():
    clock = FakeClock(100.0)
    table = Table("bank", players=2, seed=5, clock=clock, bots={1: "ismcts:iters=2"},
                  options={"teams": "+-", "round_time": 60.0})
    table.sit(0, "ada")
    table.start()
    table.submit(0, "skip")  # at game second 0 ada pays 1000 points: the bot's team leads
    due = table.next_due()
    assert due is not None and due.seat == 1
    assert due.when == pytest.approx(3.0 - PACE_MARGIN)
    assert table.pump(100.0 + 2.0) == pytest.approx(100.0 + 3.0 - PACE_MARGIN), "not before"
    table.pump(100.0 + 3.0 - PACE_MARGIN)
    actions = list(table.record().actions)
    assert actions[1] == (None, "at 2.500") and actions[2][0] == 1, "the bot moved 2.5 game seconds in"

    plain = Table("bank", players=2, seed=5, clock=FakeClock(100.0), bots={1: "ismcts:iters=2,pace=off"},
                  options={"teams": "+-", "round_time": 60.0})
    plain.sit(0, "ada")
    plain.start()
    plain.submit(0, "skip")
    due = plain.next_due()
    assert due is not None and due.when == pytest.approx(0.5)
