"""Rulebook: 'Drawing Element Cards' — every draw case."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction
from ionarena.games.valence.cards import ELEMENT_COUNTS, ELEMENTS
from ionarena.games.valence.invariants import check_invariants

from .valence_table import events, hand_of, seen, table, told


@pytest.mark.parametrize(("hand", "drawn"), [(["O", "O", "H"], 1), (["O", "H"], 1), (["O"], 2), ([], 3)])
def test_draw_count_depends_on_hand_size(hand, drawn):
    """'If you have two or more Element cards in hand, draw one card from the Element Deck. If you
    have only one Element Card in your hand, draw two. If you have none, draw three.'"""
    state = table(3, hands={0: hand}, phase="draw")
    deck = seen(state)["deck_size"]
    state.apply_text(0, "draw")
    assert len(hand_of(state, 0)) == len(hand) + drawn
    assert seen(state)["deck_size"] == deck - drawn
    assert state.view(0)["phase"] == "build"
    check_invariants(state)


def test_take_the_discard_top_instead_of_drawing_one():
    """'If only drawing one card, you may instead draw the top card from the Discard Pile.'"""
    state = table(3, hands={0: ["Na", "O"]}, discard=["F", "H"], phase="draw")
    deck = seen(state)["deck_size"]
    assert "draw discard" in [state.format_action(a) for a in state.legal_actions(0)]
    state.apply_text(0, "draw discard")
    assert sorted(hand_of(state, 0)) == ["H", "Na", "O"]
    assert seen(state, 1)["discard_top"] == "F" and seen(state, 1)["discard_size"] == 1
    assert seen(state)["deck_size"] == deck
    assert told(state, 2) == ["Player 0 takes H from the top of the discard pile."]


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
    assert state.view(0)["phase"] == "place" and hand_of(state, 0) == []
    assert told(state, 1) == ["Player 0 discards the whole hand (H O O Na) to draw three new cards."]
    state.apply_text(0, "place Na")
    state.apply_text(0, "place H")  # only O is left: both go down by themselves
    assert [e.data["cards"] for e in events(state, 1) if e.kind == "place"] == [["H", "O", "O"]]
    assert seen(state, 1)["discard_size"] == 5 and seen(state, 1)["discard_top"] == "O"
    assert len(hand_of(state, 0)) == 3 and state.view(0)["phase"] == "build"
    assert told(state, 1)[-1] == "Player 0 draws 3 cards to replace the hand."
    check_invariants(state)


def test_empty_deck_reshuffles_the_discard_pile():
    """'If the Element Deck is empty, reshuffle the discard pile and reuse it as the Element Deck.'"""
    state = table(3, hands={0: ["O", "O"]}, deck=[], phase="draw")
    pile = seen(state)["discard_size"]
    state.apply_text(0, "draw")
    assert seen(state)["discard_size"] == 0 and state.stats()["reshuffles"] == 1
    assert seen(state)["deck_size"] == pile - 1 and len(hand_of(state, 0)) == 3
    assert [e.kind for e in events(state, 1)] == ["reshuffle", "draw"]
    assert events(state, 1)[0].data == {"count": pile}
    check_invariants(state)


def test_reshuffle_card_by_card_as_draws_need_it():
    """Ruling: 'Empty deck: reshuffle the whole discard pile into the deck ... card by card as
    draws need it; with nothing left to draw, a draw ... gets fewer cards.'"""
    # Every other card is in player 1's hand, so that only two cards can be drawn.
    rest = [s for s, n in zip(ELEMENTS, ELEMENT_COUNTS, strict=True) for _ in range(n)]
    rest.remove("H")
    rest.remove("O")
    state = table(2, hands={0: [], 1: rest}, deck=["H"], discard=["O"], phase="draw")
    state.apply_text(0, "draw")
    assert sorted(hand_of(state, 0)) == ["H", "O"]
    assert seen(state)["deck_size"] == 0 and seen(state)["discard_size"] == 0
    assert told(state, 1)[-1] == "Player 0 draws 2 cards (1 short: no cards left)."
    assert told(state, 0)[-1] == "Player 0 (you) draws 2 cards: H O (1 short: no cards left)."
    check_invariants(state)


def test_skip_the_draw_after_being_reacted_with():
    """'If an opponent has reacted with one or more of your Molecules on the previous turn, you must
    skip drawing Element Cards on your turn!' Ruling: 'the skip also rules out the discard-top and
    whole-hand alternatives'."""
    state = table(2, hands={0: ["O"], 1: ["O", "O", "H", "H", "H"]}, stashes={0: ["HCl"], 1: ["NaOH"]})
    state.apply_text(0, "react HCl 1 NaOH")
    state.apply_text(0, "end")
    assert state.actors() == [1] and state.view(1)["phase"] == "build"
    assert told(state, 1)[-1] == "Player 1 (you) was reacted with and skips the draw."
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
    assert state.view(1)["phase"] == "build"
    state.apply_text(1, "end")
    state.apply_text(0, "draw")
    state.apply_text(0, "end")
    assert state.actors() == [1] and state.view(1)["phase"] == "draw"


def test_still_collect_cards_by_trading_up_or_reacting_when_skipped():
    """'You can still collect Element Cards by Trading Up with a Salt or Reacting.'"""
    state = table(2, hands={0: ["O"], 1: ["O"]}, stashes={0: ["HCl"], 1: ["NaOH", "HF", "KCl"]})
    state.apply_text(0, "react HCl 1 NaOH")
    state.apply_text(0, "end")
    legal = [state.format_action(a) for a in state.legal_actions(1)]
    assert "trade KCl" in legal and "trade NaCl" in legal
