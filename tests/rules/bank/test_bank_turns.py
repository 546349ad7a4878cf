"""Rulebook tests: teams, turn order, the move clock, rounds, the end-of-round split and quitting."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.core import HOST, IllegalAction
from ionarena.games.bank.invariants import check_invariants

from .bank_table import bank, events, kinds, last_second, mine, on_turn, play, public, scores, table


def test_teams_are_picked_and_play_rotates_in_join_order():
    """"Each player starts by selecting a team. Play is rotated in the order that the players selected
    teams." """
    state = ionarena.make("bank", players=4, seed=3)
    assert state.view(None)["phase"] == "lobby" and sorted(state.actors()) == [0, 1, 2, 3]
    for seat, text in [(2, "team +"), (0, "team -"), (3, "team -"), (1, "team +")]:
        state.apply_text(seat, text)
    assert state.view(None)["phase"] == "play"
    assert public(state)["order"] == [2, 0, 3, 1]
    assert [d["player"] for k, d in events(state, None, -1) if k == "join"] == [2, 0, 3, 1]
    seen = []
    for _ in range(4):
        seen.append(on_turn(state))
        state.apply_text(on_turn(state), "skip")
    assert seen == [2, 0, 3, 1]


def test_lopsided_teams_are_rebalanced_at_start():
    """"If the teams are lopsided (e.g. 5 + players and 1 - player), the game will automatically relocate
    some people when the game starts." RULING: the player who joined the bigger team last moves, keeping
    their place in the turn order, and is told."""
    state = ionarena.make("bank", players=6, seed=1)
    for seat, sign in enumerate("+++-++"):
        state.apply_text(seat, f"team {sign}")
    teams = public(state)["teams"]
    assert teams.count("+") == 3 and teams.count("-") == 3
    assert teams[5] == "-" and teams[4] == "-"  # the two last joiners of team + moved
    assert public(state)["order"] == [0, 1, 2, 3, 4, 5]
    moved = [d for k, d in events(state, 5, -1) if k == "rebalance"]
    assert moved == [{"player": 5, "team": "-"}, {"player": 4, "team": "-"}]


def test_players_without_a_team_join_the_smaller_team_when_the_host_starts():
    """RULING: "a player without a team at start joins the smaller team." The host may `start`, and the
    lobby also ends by itself at its deadline."""
    state = ionarena.make("bank", players=3, seed=1)
    state.apply_text(0, "team +")
    state.apply_text(HOST, "start")
    assert state.view(None)["phase"] == "play" and public(state)["teams"] == ["+", "-", "+"]
    late = ionarena.make("bank", players=2, seed=1)
    late.apply_text(1, "team -")
    assert late.deadline() == 60.0
    late.apply_text(HOST, "timeout")
    assert late.view(None)["phase"] == "play" and public(late)["teams"] == ["+", "-"]


def test_each_player_is_told_their_own_starting_hand_only():
    """"Each player initially recieves 6 random cards." The cards are private: a `hand` event for each
    seat, seen by that seat alone."""
    state = ionarena.make("bank", players=3, seed=5, teams="+-+")
    for seat in range(3):
        hands = [d for k, d in events(state, seat, -1) if k == "hand"]
        assert hands == [{"player": seat, "cards": mine(state, seat)["hand"], "coins": 5}]
    assert "hand" not in kinds(state, None, -1)


def test_timeout_penalty_and_skip():
    """"If a player does not move within 3 seconds of it becoming their turn, they are penalized 1000
    points and skipped." """
    state = table("+-+-")
    assert on_turn(state) == 0 and state.deadline() == pytest.approx(3.0)
    with pytest.raises(IllegalAction):
        state.apply_text(HOST, "at 3.500")  # the clock cannot pass a deadline: the host applies `timeout`
    state.apply_text(HOST, "at 2.500")
    state.apply_text(HOST, "timeout")
    assert scores(state)[0] == -1000 and on_turn(state) == 1
    assert state.now() == pytest.approx(3.0) and state.deadline() == pytest.approx(6.0)
    assert events(state) == [("timeout", {"player": 0, "points": -1000})]


def test_the_move_time_is_an_option_defaulting_to_the_rulebooks_3_seconds():
    """"If a player does not move within 3 seconds ..." — 3 s by default; `move_time` gives beginners
    longer (RULING: 0.5 to 60 s)."""
    assert table("+-").view(None)["table"]["move_time"] == 3.0
    slow = table("+-", options={"move_time": 10})
    assert slow.deadline() == pytest.approx(10.0) and public(slow)["move_ends_at"] == pytest.approx(10.0)
    slow.apply_text(HOST, "at 9.000")
    play(slow, "skip")
    assert slow.deadline() == pytest.approx(19.0)


def test_skip_command_is_the_same_as_waiting():
    """"skip  Same as waiting until time is up." """
    state = table("+-")
    cards = mine(state, 0)["hand"]
    play(state, "skip")
    assert scores(state)[0] == -1000 and on_turn(state) == 1 and mine(state, 0)["hand"] == cards
    assert events(state) == [("skip", {"player": 0, "points": -1000})]


def test_round_ends_at_its_time_limit_and_pot_is_split_evenly():
    """"The round ends at the end of a predetermined time limit. The amount in the bank is split up amung
    all users evenly." RULING: remainders of the end-of-round split are dropped."""
    state = last_second("+-+-", pot=1003, charge=4)
    assert state.deadline() == pytest.approx(1.0)
    state.apply_text(HOST, "timeout")
    assert scores(state) == [250, 250, 250, 250]
    assert bank(state) == (0, 0)
    assert state.view(None)["phase"] == "shop" and public(state)["round"] == 1
    assert ("round_end", {"round": 1, "pot": 1003, "each": 250, "dropped": 3}) in events(state)


def test_three_rounds_then_game_over_with_team_result():
    """RULING: "Rounds: 3 rounds of 180 s each. Game over after the last round; highest individual score
    wins, and the team with the larger sum of its members' scores is announced as the winning team." """
    state = table("+-+-", scores=[100, 500, 300, 50])
    assert public(state)["rounds"] == 3 and public(state)["round_ends_at"] == pytest.approx(180.0)
    for round_number in (1, 2, 3):
        while state.view(None)["phase"] == "play":
            state.apply_text(HOST, "timeout")  # move clocks run out, then the round's
        if round_number < 3:
            assert state.view(None)["phase"] == "shop"
            state.apply_text(HOST, "timeout")   # the shop closes
            assert public(state)["round"] == round_number + 1
    assert state.is_over() and state.now() == pytest.approx(3 * 180 + 2 * 30)
    view = state.view(None)
    assert view["winners"] == [max(range(4), key=lambda p: scores(state)[p])]
    plus, minus = scores(state)[0] + scores(state)[2], scores(state)[1] + scores(state)[3]
    assert view["table"]["winning_team"] == ("+" if plus > minus else "-")
    team = view["table"]["winning_team"]
    assert events(state)[-1] == ("game_over", {"plus": plus, "minus": minus, "team": team})


def test_shop_lasts_30_seconds_between_rounds():
    """"Between rounds, players have 30 seconds to cash in their coins for certain objects that may be on
    sale." """
    state = last_second("+-")
    state.apply_text(HOST, "timeout")
    assert state.view(None)["phase"] == "shop" and state.deadline() == pytest.approx(31.0)
    assert len(public(state)["shop"]["on_sale"]) == 4
    state.apply_text(0, "done")
    state.apply_text(1, "done")
    assert state.view(None)["phase"] == "play" and public(state)["round"] == 2


def test_quitting_shares_points_and_sells_objects_at_end_of_round():
    """"quit  Quit's the game. Your points are evenly distributed among all users, and your objects will be
    sold very cheaply at the end of the current round." RULING: the remainder is dropped, the coins go to
    no one; quitting on your turn passes it."""
    state = table("+-+-", objects={0: {"x2": 2, "swap": 1}}, scores=[1001, 0, 10, 20], round_left=20)
    play(state, "quit", 0)
    assert scores(state) == [0, 333, 343, 353]
    assert on_turn(state) == 1 and public(state)["objects"][0] == 0 and public(state)["quit"][0]
    assert events(state) == [("quit", {"player": 0, "points": 1001, "each": 333})]
    with pytest.raises(IllegalAction, match="quit"):
        state.apply_text(0, "team +")
    while state.view(None)["phase"] == "play":
        state.apply_text(HOST, "timeout")
    assert ("quit_sale", {"player": None, "coins": 3}) in events(state)
    assert 0 not in state.actors()


def test_a_negative_score_is_shared_too():
    """"quit  Quit's the game. Your points are evenly distributed among all users" — whatever their sign:
    a quitter's debt is shared as well (rounded toward zero, the remainder dropped)."""
    state = table("+-+-", scores=[-1001, 0, 10, 20])
    play(state, "quit", 0)
    assert scores(state) == [0, -333, -323, -313]
    assert events(state) == [("quit", {"player": 0, "points": -1001, "each": -333})]
    check_invariants(state)  # points conserved: the 2 points left over are dropped


def test_the_last_player_left_ends_the_game():
    """RULING: "with fewer than 2 players left the game ends" (the current pot is first split among the
    players left)."""
    state = table("+-", pot=100, scores=[-500, 0])
    play(state, "quit", 1)
    assert scores(state) == [-400, 0]  # the pot of the interrupted round goes to the one player left
    assert state.is_over() and state.winners() == [0]
    # the round that was played is the one that ends (not "round 3")
    assert ("round_end", {"round": 1, "pot": 100, "each": 100, "dropped": 0}) in events(state)
    assert state.stats()["rounds"] == 1


def test_turn_order_continues_into_the_next_round():
    """RULING: "hands, inventories and coins carry over; turn order continues; no shop after the last
    round" """
    state = table("+-+", round_left=2)
    play(state, "skip")  # player 0 -> player 1
    hand = mine(state, 1)["hand"]
    state.apply_text(HOST, "timeout")  # the round ends during player 1's turn
    state.apply_text(HOST, "timeout")  # the shop closes
    assert on_turn(state) == 2 and mine(state, 1)["hand"] == hand


def test_events_between_two_turns_all_reach_a_player():
    """Kernel 2: every event a seat may see between two of its turns reaches it, uncapped — here a whole
    round of a 16-player game passes between two turns of seat 0."""
    state = table("+-" * 8)
    play(state, "skip")
    since = state.version
    for _ in range(15):
        play(state, "skip")
    assert on_turn(state) == 0
    assert [d["player"] for k, d in events(state, 0, since)] == list(range(1, 16))
