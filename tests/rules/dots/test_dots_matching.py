"""Matching and drawing (rulebook "How to Play", "Joker Cards")."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction

from .dots_setup import arrange, hand_texts


def test_the_6_3_example():
    """Rulebook: "if the card on the table has 6|3 dots, you will have to play a 6 or 3-dot card. For
    example, you can play a 3|2-dot card, that matches considering the 3 dots, or a 1|6-dot card,
    that matches considering the 6 dots."""
    state = arrange([["2|3", "1|6", "1|2", "4|5"], ["1|2"], ["1|2"]], top="3|6")
    legal = {state.format_action(a) for a in state.legal_actions(0)}
    assert legal == {"play 2|3", "play 1|6", "draw"}
    assert state.parse_action(0, "play 3|2") == state.parse_action(0, "play 2|3")
    with pytest.raises(IllegalAction, match="does not match"):
        state.parse_action(0, "play 1|2")
    state.apply_text(0, "play 6|1")
    assert state.view(None)["table"]["match"] == [1, 6]


def test_action_cards_match_by_their_dots_too():
    """Ruling: "A card can be played when either of its zones equals either zone of the card on the
    table" (action cards carry dot pairs too)."""
    state = arrange([["block 3|6", "+1 1|2"], ["1|2"], ["1|2"]], top="2|6")
    legal = {state.format_action(a) for a in state.legal_actions(0)}
    assert legal == {"play block 3|6", "play +1 1|2", "draw"}
    state = arrange([["block 3|6", "+1 1|2"], ["1|2"], ["1|2"]], top="4|5")
    assert [state.format_action(a) for a in state.legal_actions(0)] == ["draw"]


def test_drawing_ends_the_turn_and_the_drawn_card_waits():
    """Rulebook: "If you don't have any playable card ... you will have to draw a card from the draw
    pile. That card cannot be played and the game continues with the next player."""
    state = arrange([["1|2"], ["4|5"], ["4|5"]], top="3|6", deck=["3|4", "5|6"])
    state.apply_text(0, "draw")
    assert hand_texts(state, 0) == ["1|2", "3|4"]
    assert state.actors() == [2]  # play goes right: 0 -> 2


def test_you_may_draw_even_when_you_could_play():
    """Rulebook: "(or in case you have it but you don't want to use it), you will have to draw a
    card from the draw pile"."""
    state = arrange([["3|4"], ["4|5"], ["4|5"]], top="3|6", deck=["5|6"])
    assert "draw" in [state.format_action(a) for a in state.legal_actions(0)]
    state.apply_text(0, "draw")
    assert hand_texts(state, 0) == ["3|4", "5|6"]


def test_joker_plays_on_anything_and_asks_for_its_other_half():
    """Rulebook: "Joker - you can play this card in any occasion. ... The next player has to play a
    card with the same number of dots included in the other half of the Joker card."""
    state = arrange([["joker 4", "1|2"], ["4|5", "1|6", "2|3"], ["1|2"]], top="3|6")
    state.apply_text(0, "play joker 4")
    assert state.view(None)["table"]["match"] == [4]
    assert {state.format_action(a) for a in state.legal_actions(2)} == {"draw"}
    state = arrange([["joker 4", "1|2"], ["1|2"], ["4|5", "1|6"]], top="3|6")
    state.apply_text(0, "play joker 4")
    assert {state.format_action(a) for a in state.legal_actions(2)} == {"play 4|5", "draw"}


def test_double_joker_names_the_number():
    """Rulebook: "Double Joker - you can play this card in any occasion. ... Whoever plays this card
    gets to mention the number of dots necessary to continue the game. For example, if this player
    mentions 2, the next player can only play a card that has 2 dots in one or both of the card dot
    zones."""
    state = arrange([["dj", "1|3"], ["1|2"], ["2|5", "2|6", "3|4"]], top="4|5")
    names = [state.format_action(a) for a in state.legal_actions(0) if "dj" in state.format_action(a)]
    assert names == [f"play dj name {n}" for n in range(1, 7)]
    state.apply_text(0, "play dj name 2")
    assert state.view(None)["table"]["match"] == [2]
    assert {state.format_action(a) for a in state.legal_actions(2)} == {"play 2|5", "play 2|6", "draw"}


def test_a_joker_requirement_stays_until_covered():
    """Ruling: "A Joker's dot value, or the number a Double Joker named, stays the requirement until
    covered."""
    state = arrange([["dj", "1|3"], ["1|2"], ["3|4"]], top="4|5", deck=["5|6", "5|6"])
    state.apply_text(0, "play dj name 2")
    state.apply_text(2, "draw")
    assert state.view(None)["table"]["match"] == [2]
    assert [state.format_action(a) for a in state.legal_actions(1)] == ["play 1|2", "draw"]
