"""Rulebook: 'Trading Up', 'Finishing Your Turn', and the turn cap."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.agents import make_agent
from ionarena.core import BadOption, IllegalAction
from ionarena.games.valence.invariants import check_invariants
from ionarena.sim.driver import play_out

from .valence_table import hand_of, seen, stashes, table, told


def test_trade_up_a_salt_for_two_cards():
    """'Discard (return to the Molecule Bank) a Salt during the Build phase of your turn to draw two
    Element Cards from the Element Deck.'"""
    state = table(2, hands={0: ["O"]}, stashes={0: ["KF", "H2O"]})
    bank = seen(state)["bank"]["salt"]
    state.apply_text(0, "trade KF")
    assert stashes(state)[0] == ["H2O"] and seen(state)["bank"]["salt"] == bank + 1
    assert len(hand_of(state, 0)) == 3 and seen(state)["traded_up"]
    assert told(state, 1) == ["Player 0 trades up KF — potassium fluoride: the Salt goes back to the bank.",
                              "Player 0 draws 2 cards for the Trade Up."]
    check_invariants(state)


def test_trade_up_once_per_turn():
    """'You can Trade Up once per turn.'"""
    state = table(2, stashes={0: ["KF", "NaCl"]})
    state.apply_text(0, "trade")
    assert stashes(state)[0] == ["NaCl"]
    assert not [a for a in state.legal_actions(0) if a.verb == "trade"]
    with pytest.raises(IllegalAction, match="once per turn"):
        state.apply_text(0, "trade NaCl")
    state.apply_text(0, "end")
    state.apply_text(1, "draw")
    state.apply_text(1, "end")
    state.apply_text(0, "draw")
    state.apply_text(0, "trade NaCl")  # a new turn: allowed again


def test_trade_up_needs_a_salt():
    """'Discard (return to the Molecule Bank) a Salt'."""
    state = table(2, stashes={0: ["H2O"]})
    with pytest.raises(IllegalAction):
        state.apply_text(0, "trade H2O")


def test_discard_down_to_six():
    """'If you have 7 or more Element cards in hand, discard until you only have 6 Element cards.'"""
    state = table(2, hands={0: ["O", "O", "O", "H", "Cl", "F", "Na", "K"]}, discard=["C"])
    state.apply_text(0, "end")
    assert state.view(0)["phase"] == "discard" and state.actors() == [0]
    assert told(state, 1) == ["Player 0 holds too many cards and must discard 2."]
    with pytest.raises(IllegalAction):
        state.apply_text(0, "build HCl")
    state.apply_text(0, "discard K")
    assert state.actors() == [0] and seen(state, 1)["discard_top"] == "K"
    state.apply_text(0, "discard O")
    assert len(hand_of(state, 0)) == 6 and seen(state, 1)["discard_top"] == "O"
    assert seen(state, 1)["discard_size"] == 3
    assert told(state, 1) == ["Player 0 discards O.", "Player 0 ends the turn."]
    assert state.actors() == [1] and state.view(1)["phase"] == "draw"


def test_six_cards_keep_them_all():
    """'If you have 7 or more Element cards in hand, discard until you only have 6' — six is fine."""
    state = table(2, hands={0: ["O", "O", "O", "H", "Cl", "F"]})
    state.apply_text(0, "end")
    assert state.actors() == [1] and len(hand_of(state, 0)) == 6


def test_turns_go_clockwise():
    """'turns proceed clockwise' — ruling: 'Turns go clockwise (seat + 1)'."""
    state = table(4, current=3)
    state.apply_text(3, "end")
    assert state.actors() == [0]


def test_turn_cap_declares_a_draw():
    """RULING (Ion Arena): 'turn_cap' (default 500 turns) ends a game that runs too long in a draw,
    counted in stats()."""
    state = ionarena.make("valence", players=3, seed=4, turn_cap=3)
    agents = [make_agent("random", "valence", seat, 4) for seat in range(3)]
    play_out(state, agents)
    stats = state.stats()
    if stats["capped"]:
        assert state.winners() == [] and stats["turns"] == 3
    state = table(2, options={"turn_cap": 5}, turn=5)
    state.apply_text(0, "end")
    assert state.is_over() and state.winners() == [] and state.stats()["capped"] == 1.0
    assert told(state, 1)[-1] == "The turn cap (5 turns) is reached: the game is a draw."
    assert seen(ionarena.make("valence", players=2), None)["turn_cap"] == 500


def test_bad_turn_cap_is_refused():
    """RULING (Ion Arena): the turn cap is a positive number of turns (at most 100,000); an unknown
    option is an error naming the options there are."""
    for bad in (0, -3, 10**6, 2.5, "many", True):
        with pytest.raises(BadOption, match="turn_cap"):
            ionarena.make("valence", players=2, turn_cap=bad)
    with pytest.raises(BadOption, match="options: turn_cap"):
        ionarena.make("valence", players=2, turns=10)


def test_end_the_turn_without_building():
    """'When you are done building molecules, reacting, and / or trading up, you are done with your
    turn.' / 'You don't have to build molecules every turn. Save for a surprise Acid attack, or a
    late burst of points.'"""
    state = table(2, hands={0: ["H", "Cl", "Na", "O", "H"]}, stashes={0: ["HF"], 1: ["KOH"]})
    legal = [state.format_action(a) for a in state.legal_actions(0)]
    assert "build HCl" in legal and "react HF 1 KOH" in legal and "end" in legal
    state.apply_text(0, "end")
    assert state.actors() == [1] and state.view(1)["phase"] == "draw"
    assert hand_of(state, 0) == ["H", "H", "O", "Na", "Cl"] and stashes(state)[0] == ["HF"]


def test_an_empty_hand_draws_three_next_turn():
    """'Try to get rid of all of your Element cards - then draw 3 on your next turn! More cards =
    more molecules!'"""
    state = table(2, hands={0: ["Na", "Cl", "H", "F"], 1: ["O", "O"]})
    state.apply_text(0, "build NaCl")
    state.apply_text(0, "place Na")
    state.apply_text(0, "build HF")
    state.apply_text(0, "place H")
    assert hand_of(state, 0) == []
    state.apply_text(0, "end")
    state.apply_text(1, "draw")
    state.apply_text(1, "end")
    state.apply_text(0, "draw")
    assert len(hand_of(state, 0)) == 3
