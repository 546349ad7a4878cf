"""Rulebook tests: the bank, every card family, dumps (seed 003_0090ae1373500c0b.txt)."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction
from ionarena.games.bank.rules import dump_shares, play_card

from .bank_table import bank, events, mine, play, public, scores, table


def test_dump_example_pot_100_team_of_3():
    """"For example, if the bank has 100 points, and there are 3 players on the team, the player that
    dumped the bank gets 50 points, and the other 2 players get 25 points." """
    assert dump_shares(100, 3) == (50, 25)
    state = table("+-+-+-", charge=7, hands={0: ["+++"]})
    play(state, "+++")  # +100 into the pot, charge 7 -> 10: full charge
    assert [scores(state)[p] for p in (0, 2, 4)] == [50, 25, 25]
    assert [scores(state)[p] for p in (1, 3, 5)] == [0, 0, 0]
    dump = dict(events(state))["dump"]
    assert dump == {"player": 0, "team": "+", "pot": 100, "dumper": 0, "share": 50, "each": 25,
                    "receivers": [0, 2, 4]}


def test_dump_resets_bank_to_neutral_with_zero_points():
    """"When the bank becomes fully charged by either pole, the points in the bank are dumped toward
    that team, and the bank resets to being neutral with 0 points." (RULING: full charge is |charge| >= 10)"""
    state = table("+-+-", charge=-9, pot=1000, hands={1: ["--"]}, turn=1)
    play(state, "--")
    assert bank(state) == (0, 0)
    share, each = dump_shares(1200, 2)
    assert scores(state) == [0, share, 0, each]


def test_dump_shares_remainder_goes_to_dumper():
    """RULING: "Shares are whole points, rounded down; a dump's remainder goes to the dumper." """
    assert dump_shares(1000, 2) == (667, 333)
    assert sum(dump_shares(1000, 2)) == 1000


def test_dump_toward_the_other_team_pays_them_without_double_share():
    """RULING: "A dump toward the other team's pole pays that team (no double share for anyone: the mover
    is not on it); the mover keeps only the half points the card gave them." """
    state = table("+-+-", charge=-9, pot=600, hands={0: ["-"]})
    play(state, "-")  # team + plays a - card: 150 to the player, charge -> -10
    assert scores(state) == [150, 300, 0, 300]
    assert bank(state) == (0, 0)
    assert dict(events(state))["dump"]["dumper"] is None


@pytest.mark.parametrize(("card", "moved", "points"), [("+", 1, 300), ("++", 2, 200), ("+++", 3, 100)])
def test_own_polarity_cards_move_toward_team_and_add_to_bank(card, moved, points):
    """"If a player plays their team's card, the bank moves toward their team's polarity, and points are
    added to the bank." Table: Single 1 300, Double 2 200, Triple 3 100."""
    assert play_card(0, 0, card, 1) == (moved, points, 0)
    assert play_card(0, 0, card.replace("+", "-"), -1) == (-moved, points, 0)
    state = table("+-", hands={0: [card]})
    play(state, card)
    assert (*bank(state), scores(state)[0]) == (moved, points, 0)


@pytest.mark.parametrize(("card", "moved", "half"), [("-", -1, 150), ("--", -2, 100), ("---", -3, 50)])
def test_opposing_cards_pay_half_to_the_player(card, moved, half):
    """"If a player plays the opposing team's card, the bank still moves toward the opposing team, except
    that half the amount that would normally be added to the bank is added directly to that person's
    score." """
    assert play_card(0, 500, card, 1) == (moved, 500, half)
    state = table("+-", pot=500, hands={0: [card]})
    play(state, card)
    assert (*bank(state), scores(state)[0]) == (moved, 500, half)
    played = dict(events(state))["play"]
    assert (played["card"], played["pot"], played["points"]) == (card, 0, half)


def test_neutral_card_example():
    """"For example, if the bank is -2 a [===] card will move the bank to 0 and add 100 points." """
    assert play_card(-2, 0, "===", 1) == (0, 100, 0)
    state = table("+-", charge=-2, hands={0: ["==="]})
    play(state, "===")
    assert bank(state) == (0, 100)


@pytest.mark.parametrize(("charge", "card", "expected"), [
    (5, "==", (3, 0, 0)), (0, "=", (0, 100, 0)), (0, "===", (0, 300, 0)), (1, "==", (0, 100, 0)),
    (-4, "=", (-3, 0, 0))])
def test_neutral_cards_move_toward_neutral(charge, card, expected):
    """"For each power of a neutral card, the bank moves one polarity point toward neutral. If the bank is
    already neutral, the powers are worth 100 points each." """
    assert play_card(charge, 0, card, -1) == expected


@pytest.mark.parametrize(("card", "points"), [("±", 100), ("±±", 200), ("±±±", 300), ("BB", 200), ("b", 100)])
def test_bipolar_cards_add_without_moving(card, points):
    """"These cards will simply add score to the bank without moving it. Each power is worth 100 pts."
    and "B BB BBB  Can be used instead of ±, ±±, or ±±± for speed." """
    assert play_card(4, 50, card, 1) == (4, 50 + points, 0)
    state = table("+-", charge=4, hands={0: [card.upper().replace("B", "±")]})
    play(state, card)
    assert bank(state) == (4, points)


def test_points_enter_pot_before_full_charge_check():
    """RULING: "Points enter the pot before the full-charge check of the same move." """
    state = table("+-", charge=9, pot=0, hands={0: ["+"]})
    play(state, "+")
    assert scores(state)[0] == 300  # team of 1: the dumper gets everything


def test_charge_is_clamped_at_the_dump():
    """RULING: "Full charge: |charge| >= 10. Charge is clamped to ±10 at the moment of the dump." """
    assert play_card(9, 0, "+++", 1) == (10, 100, 0)


def test_full_charge_is_an_option():
    """RULING: "all numbers are configuration": a game with full charge 4 dumps at ±4."""
    state = table("+-", charge=3, pot=500, hands={0: ["+"]}, options={"full_charge": 4})
    assert public(state)["bank"]["full_charge"] == 4
    play(state, "+")
    assert bank(state) == (0, 0) and scores(state)[0] == 800


def test_cards_you_do_not_hold_are_refused_and_change_nothing():
    """"When it's a player's turn they may either use a card, or use an object in their inventory." """
    state = table("+-", hands={0: ["+"]})
    before = state.view(None), state.version
    with pytest.raises(IllegalAction, match="no --- card"):
        play(state, "---")
    assert (state.view(None), state.version) == before


def test_a_move_receives_a_card_or_object():
    """"Either way, they will then recieve either a card or an object, and possibly bonus coins."
    RULING: with fewer than 6 cards, a card (0.8) or an object (0.2); with none, a card."""
    state = table("+-", hands={0: ["+"]})
    play(state, "+")
    assert len(mine(state, 0)["hand"]) == 1  # with no card left, a card is received
    got_object = 0
    for seed in range(40):
        state = table("+-", hands={0: ["+", "+"]}, seed=seed, objects={0: {}})
        play(state, "+")
        received = dict(events(state, 0))["receive"]
        got_object += received["card"] is None
        assert (len(mine(state, 0)["hand"]) == 2) == (received["card"] is not None)
    assert 0 < got_object < 25


def test_six_cards_to_start():
    """"Each player initially recieves 6 random cards." RULING: "Players start with 5 coins." """
    state = table("+-+-+-")
    assert public(state)["cards"] == [6] * 6
    assert all(mine(state, p)["coins"] == 5 and len(mine(state, p)["hand"]) == 6 for p in range(6))
