"""Rulebook: 'Drawing Element Cards' — every draw case."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction
from ionarena.games.valence.spec_checks import check_invariants

from .valence_table import hand_of, table


@pytest.mark.parametrize(("hand", "drawn"), [(["O", "O", "H"], 1), (["O", "H"], 1), (["O"], 2), ([], 3)])
def test_draw_count_depends_on_hand_size(hand, drawn):
    """'If you have two or more Element cards in hand, draw one card from the Element Deck. If you
    have only one Element Card in your hand, draw two. If you have none, draw three.'"""
    state = table(3, hands={0: hand}, phase="draw")
    deck = len(state.deck)
    state.apply_text(0, "draw")
    assert len(hand_of(state, 0)) == len(hand) + drawn
    assert len(state.deck) == deck - drawn
    assert state.phase == "build"
    check_invariants(state)


def test_take_the_discard_top_instead_of_drawing_one():
    """'If only drawing one card, you may instead draw the top card from the Discard Pile.'"""
    state = table(3, hands={0: ["Na", "O"]}, discard=["F", "H"], phase="draw")
    deck = len(state.deck)
    assert "draw discard" in [state.format_action(a) for a in state.legal_actions(0)]
    state.apply_text(0, "draw discard")
    assert sorted(hand_of(state, 0)) == ["H", "Na", "O"]
    assert state.discard == ["F"] and len(state.deck) == deck


@pytest.mark.parametrize("hand", [["O"], []])
def test_no_discard_top_when_drawing_two_or_three(hand):
    """'If only drawing one card, you may instead draw the top card from the Discard Pile.' — with
    fewer than two cards you draw two or three, so the discard pile is not an option."""
    state = table(3, hands={0: hand}, discard=["H"], phase="draw")
    assert "draw discard" not in [state.format_action(a) for a in state.legal_actions(0)]
    with pytest.raises(IllegalAction):
        state.apply_text(0, "draw discard")


def test_discard_whole_hand_and_draw_three():
    """'Instead of drawing, you can discard your entire hand and draw three new cards.' Ruling:
    whole-hand discards go onto the pile in the order the player chooses."""
    state = table(3, hands={0: ["Na", "O", "O", "H"]}, discard=["F"], phase="draw")
    state.apply_text(0, "redraw")
    assert state.phase == "place" and hand_of(state, 0) == []
    state.apply_text(0, "place Na")
    state.apply_text(0, "place H")  # only O is left: both go down by themselves
    assert state.discard == ["F", "Na", "H", "O", "O"]
    assert len(hand_of(state, 0)) == 3 and state.phase == "build"
    check_invariants(state)


def test_empty_deck_reshuffles_the_discard_pile():
    """'If the Element Deck is empty, reshuffle the discard pile and reuse it as the Element Deck.'"""
    state = table(3, hands={0: ["O", "O"]}, deck=[], phase="draw")
    pile = sorted(state.discard)
    state.apply_text(0, "draw")
    assert state.discard == [] and state.reshuffles == 1
    assert sorted([*state.deck, *[c for c in hand_of(state, 0)]]) == sorted([*pile, "O", "O"])
    check_invariants(state)


def test_reshuffle_card_by_card_as_draws_need_it():
    """Ruling: 'Empty deck: reshuffle the whole discard pile into the deck ... card by card as
    draws need it; with nothing left to draw, a draw ... gets fewer cards.'"""
    state = table(2, hands={0: []}, deck=["H"], phase="draw")
    state.discard = ["O"]
    # Put every other card in player 1's hand so that only two cards can be drawn.
    state.hands[1] = [a + b for a, b in zip(state.hands[1], _rest(state), strict=True)]
    state.apply_text(0, "draw")
    assert sorted(hand_of(state, 0)) == ["H", "O"]
    assert state.deck == [] and state.discard == []
    check_invariants(state)


def _rest(state):
    from ionarena.games.valence.cards import ELEMENT_COUNTS
    used = [sum(h[i] for h in state.hands) for i in range(len(ELEMENT_COUNTS))]
    for card in [*state.deck, *state.discard]:
        from ionarena.games.valence.cards import INDEX
        used[INDEX[card]] += 1
    return [n - u for n, u in zip(ELEMENT_COUNTS, used, strict=True)]


def test_skip_the_draw_after_being_reacted_with():
    """'If an opponent has reacted with one or more of your Molecules on the previous turn, you must
    skip drawing Element Cards on your turn!' Ruling: 'the skip also rules out the discard-top and
    whole-hand alternatives'."""
    state = table(2, hands={0: ["O"], 1: ["O", "O", "H", "H", "H"]}, stashes={0: ["HCl"], 1: ["NaOH"]})
    state.apply_text(0, "react HCl 1 NaOH")
    state.apply_text(0, "end")
    assert state.current == 1 and state.phase == "build"
    for text in ("draw", "draw discard", "redraw"):
        with pytest.raises(IllegalAction):
            state.apply_text(1, text)
    assert "build H2O" in [state.format_action(a) for a in state.legal_actions(1)]


def test_several_reactions_skip_one_draw_phase():
    """Ruling: 'several reactions still skip one draw phase'."""
    state = table(2, hands={0: ["O"], 1: ["O", "H"]}, stashes={0: ["HCl", "HF"], 1: ["NaOH", "CaO"]})
    state.apply_text(0, "react HCl 1 NaOH")
    state.apply_text(0, "react HF 1 CaO")
    state.apply_text(0, "end")
    assert state.phase == "build"
    state.apply_text(1, "end")
    state.apply_text(0, "draw")
    state.apply_text(0, "end")
    assert state.current == 1 and state.phase == "draw"


def test_still_collect_cards_by_trading_up_or_reacting_when_skipped():
    """'You can still collect Element Cards by Trading Up with a Salt or Reacting.'"""
    state = table(2, hands={0: ["O"], 1: ["O"]}, stashes={0: ["HCl"], 1: ["NaOH", "HF", "KCl"]})
    state.apply_text(0, "react HCl 1 NaOH")
    state.apply_text(0, "end")
    legal = [state.format_action(a) for a in state.legal_actions(1)]
    assert "trade KCl" in legal and "trade NaCl" in legal
