"""Rulebook tests: teams, turn order, the move clock, rounds and the end-of-round split."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.core import HOST, IllegalAction

from .bank_table import play, table


def test_teams_are_picked_and_play_rotates_in_join_order():
    """"Each player starts by selecting a team. Play is rotated in the order that the players selected
    teams." """
    state = ionarena.make("bank", players=4, seed=3)
    assert state.phase == "lobby" and sorted(state.actors()) == [0, 1, 2, 3]
    for seat, text in [(2, "team +"), (0, "team -"), (3, "team -"), (1, "team +")]:
        state.apply_text(seat, text)
    assert state.phase == "play"
    assert state.order == [2, 0, 3, 1]
    seen = []
    for _ in range(4):
        seen.append(state.current)
        state.apply_text(state.current, "skip")
    assert seen == [2, 0, 3, 1]


def test_lopsided_teams_are_rebalanced_at_start():
    """"If the teams are lopsided (e.g. 5 + players and 1 - player), the game will automatically relocate
    some people when the game starts." RULING: the player who joined the bigger team last moves, keeping
    their place in the turn order."""
    state = ionarena.make("bank", players=6, seed=1)
    for seat, sign in enumerate("+++-++"):
        state.apply_text(seat, f"team {sign}")
    assert state.team.count(1) == 3 and state.team.count(-1) == 3
    assert state.team[5] == -1 and state.team[4] == -1  # the two last joiners of team + moved
    assert state.order == [0, 1, 2, 3, 4, 5]
    assert any("moved to team -" in note for note in state.notes[5])


def test_players_without_a_team_join_the_smaller_team_when_the_host_starts():
    """RULING: "a player without a team at start joins the smaller team." The host may `start`, and the
    lobby also ends by itself at its deadline."""
    state = ionarena.make("bank", players=3, seed=1)
    state.apply_text(0, "team +")
    state.apply_text(HOST, "start")
    assert state.phase == "play" and state.team == [1, -1, 1]
    late = ionarena.make("bank", players=2, seed=1)
    late.apply_text(1, "team -")
    assert late.deadline() == 60.0
    late.apply_text(HOST, "timeout")
    assert late.phase == "play" and late.team == [1, -1]


def test_timeout_penalty_and_skip():
    """"If a player does not move within 3 seconds of it becoming their turn, they are penalized 1000
    points and skipped." """
    state = table("+-+-")
    assert state.current == 0 and state.deadline() == pytest.approx(3.0)
    with pytest.raises(IllegalAction):
        state.apply_text(HOST, "at 3.500")  # the clock cannot pass a deadline: the host applies `timeout`
    state.apply_text(HOST, "at 2.500")
    state.apply_text(HOST, "timeout")
    assert state.score[0] == -1000 and state.current == 1
    assert state.now() == pytest.approx(3.0) and state.deadline() == pytest.approx(6.0)


def test_skip_command_is_the_same_as_waiting():
    """"skip  Same as waiting until time is up." """
    state = table("+-")
    cards = sum(state.hands[0])
    play(state, "skip")
    assert state.score[0] == -1000 and state.current == 1 and sum(state.hands[0]) == cards


def test_round_ends_at_its_time_limit_and_pot_is_split_evenly():
    """"The round ends at the end of a predetermined time limit. The amount in the bank is split up amung
    all users evenly." RULING: remainders of the end-of-round split are dropped."""
    state = table("+-+-", pot=1003, charge=4)
    state.turn_start = 179.0
    state.clock = 179.5
    assert state.deadline() == pytest.approx(180.0)
    state.apply_text(HOST, "timeout")
    assert state.score == [250, 250, 250, 250] and state.dropped == 3
    assert (state.charge, state.pot) == (0, 0)
    assert state.phase == "shop" and state.round == 1


def test_three_rounds_then_game_over_with_team_result():
    """RULING: "Rounds: 3 rounds of 180 s each. Game over after the last round; highest individual score
    wins, and the team with the larger sum of its members' scores is announced as the winning team." """
    state = table("+-+-")
    state.score = [100, 500, 300, 50]
    state.created = 950
    for _ in range(2):
        state.round_end = state.turn_start + 1
        state.apply_text(HOST, "timeout")   # round over
        assert state.phase == "shop"
        state.apply_text(HOST, "timeout")   # shop over
        assert state.phase == "play"
    state.round_end = state.turn_start + 1
    state.apply_text(HOST, "timeout")
    assert state.is_over() and state.winners() == [1]
    assert state.view(None)["winning_team"] == "-"


def test_shop_lasts_30_seconds_between_rounds():
    """"Between rounds, players have 30 seconds to cash in their coins for certain objects that may be on
    sale." """
    state = table("+-")
    state.round_end = state.turn_start + 1
    state.apply_text(HOST, "timeout")
    assert state.phase == "shop" and state.deadline() == pytest.approx(31.0)
    assert len(state.on_sale) == 4
    state.apply_text(0, "done")
    state.apply_text(1, "done")
    assert state.phase == "play" and state.round == 2


def test_quitting_shares_points_and_sells_objects_at_end_of_round():
    """"quit  Quit's the game. Your points are evenly distributed among all users, and your objects will be
    sold very cheaply at the end of the current round." RULING: only a positive score is shared, the
    remainder is dropped, the coins go to no one; quitting on your turn passes it."""
    state = table("+-+-", objects={0: {"x2": 2, "swap": 1}})
    state.score = [1001, 0, 10, 20]
    state.created = 1031
    play(state, "quit", 0)
    assert state.score == [0, 333, 343, 353] and state.dropped == 2
    assert state.current == 1 and state.inv[0] == {}
    assert state.quit_sales == 3
    with pytest.raises(IllegalAction, match="quit"):
        state.apply_text(0, "team +")
    state.round_end = state.turn_start + 1
    state.apply_text(HOST, "timeout")
    assert state.quit_sales == 0 and any("sold for 3¢" in e for e in state.events)
    assert 0 not in state.actors()


def test_negative_score_is_not_shared_and_last_player_ends_the_game():
    """RULING: "only a positive score is shared; with fewer than 2 players left the game ends." """
    state = table("+-", pot=100)
    state.score = [-500, 0]
    state.created = -400
    play(state, "quit", 1)
    assert state.score == [-400, 0]  # the pot of the interrupted round goes to the one player left
    assert state.is_over() and state.winners() == [0]
    # the round that was played is the one that ends (not "round 3")
    assert any(e.startswith("round 1 is over") for e in state.events) and state.stats()["rounds"] == 1


def test_turn_order_continues_into_the_next_round():
    """RULING: "hands, inventories and coins carry over; turn order continues; no shop after the last
    round" """
    state = table("+-+")
    play(state, "skip")  # player 0 -> player 1
    hand = state.hands[1][:]
    state.round_end = state.turn_start + 1
    state.apply_text(HOST, "timeout")
    state.apply_text(HOST, "timeout")
    assert state.current == 2 and state.hands[1] == hand
