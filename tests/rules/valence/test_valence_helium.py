"""Rulebook: 'Helium'."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction
from ionarena.games.valence.invariants import check_invariants

from .valence_table import events, hand_of, stashes, table, told


def test_helium_scores_two_and_every_hand_passes_right():
    """'Helium is a special Element Card - add Helium to your Molecule Stash as if building a
    complete Molecule (worth two points) directly from your hand. All players then pass all
    Element cards in hand to the player to their right.' Ruling: '"right" is seat - 1'."""
    state = table(3, hands={0: ["He", "O"], 1: ["Na", "Na"], 2: ["Cl"]})
    state.apply_text(0, "helium")
    assert stashes(state)[0] == ["He"] and state.scores()[0] == 2.0
    assert hand_of(state, 2) == ["O"]        # player 0 passed to player 2 (seat - 1)
    assert hand_of(state, 0) == ["Na", "Na"]  # and received player 1's hand
    assert hand_of(state, 1) == ["Cl"]
    assert state.view(0)["phase"] == "build" and state.actors() == [0]  # the turn goes on
    check_invariants(state)


def test_each_player_reads_the_hands_they_passed_and_received():
    """'All players then pass all Element cards in hand to the player to their right.' A player sees
    the cards they pass and the cards they receive; of the other passes, only how many cards."""
    state = table(3, hands={0: ["He", "O"], 1: ["Na", "Na"], 2: ["Cl"]})
    state.apply_text(0, "helium")
    assert told(state, 0) == [
        "Player 0 (you) adds Helium to the stash (2 points); every hand passes to the right.",
        "Player 0 (you) passes 1 card to Player 2: O.",
        "Player 1 passes 2 cards to Player 0 (you): Na Na.",
        "Player 2 passes 1 card to Player 1."]
    assert told(state, None)[1:] == ["Player 0 passes 1 card to Player 2.",
                                     "Player 1 passes 2 cards to Player 0.",
                                     "Player 2 passes 1 card to Player 1."]
    passes = {e.data["player"]: e.data for e in events(state, 2) if e.kind == "pass"}
    assert passes[0] == {"player": 0, "to": 2, "count": 1, "cards": ["O"]}
    assert passes[1] == {"player": 1, "to": 0, "count": 2}


def test_no_helium_on_the_first_turn():
    """'You cannot add Helium on your first turn!'"""
    state = table(3, hands={0: ["He", "O"]}, first_turn=True)
    assert "helium" not in [state.format_action(a) for a in state.legal_actions(0)]
    with pytest.raises(IllegalAction, match="first turn"):
        state.apply_text(0, "helium")
    state = table(3, hands={0: ["He", "O"]}, first_turn=False)
    state.apply_text(0, "helium")
    assert stashes(state)[0] == ["He"]


def test_empty_hand_passes_nothing_and_still_receives():
    """Ruling: 'an empty hand passes nothing and still receives'."""
    state = table(3, hands={0: ["He"], 1: [], 2: ["K", "O"]})
    state.apply_text(0, "helium")
    assert hand_of(state, 0) == [] and hand_of(state, 1) == ["O", "K"] and hand_of(state, 2) == []


def test_helium_can_win():
    """'If you have ten points worth of Molecules, you've won the game!' — Helium counts 2."""
    state = table(2, hands={0: ["He"]}, stashes={0: ["NaOH", "KOH"]})
    state.apply_text(0, "helium")
    assert state.is_over() and state.winners() == [0]


def test_helium_needs_a_helium_card():
    """'add Helium to your Molecule Stash ... directly from your hand.'"""
    state = table(2, hands={0: ["O"]})
    with pytest.raises(IllegalAction, match="no Helium"):
        state.apply_text(0, "helium")


def test_a_hoarded_hand_is_passed_away_by_helium():
    """'You don't have to build molecules every turn. Save for a surprise Acid attack, or a late
    burst of points. But keep an eye out for Helium...' — another player's Helium passes the
    hoard to the right."""
    state = table(3, hands={0: ["He"], 1: ["Na", "O", "H", "Ca", "O"], 2: []})
    state.apply_text(0, "helium")
    assert hand_of(state, 0) == ["H", "O", "O", "Na", "Ca"] and hand_of(state, 1) == []
