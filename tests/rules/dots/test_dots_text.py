"""Action text forms (ruling: "Action text should name the card type, since number and action cards
share dot pairs: `play 6|3`, `play block 3|6`, `play joker 4`, `play dj name 2`,
`play gift 1|2 give 2|5`, `draw`.")."""

from __future__ import annotations

import pytest

from ionarena.core import HOST, IllegalAction

from .dots_setup import arrange


def table():
    hands = [["3|6", "block 3|6", "joker 4", "dj", "gift 1|2", "2|5", "+1 3|6", "again 3|4"],
             ["4|5"], ["4|5"]]
    return arrange(hands, top="2|3")


def test_every_ruling_text_form_parses():
    """Ruling: "Action text should name the card type ...: `play 6|3`, `play block 3|6`,
    `play joker 4`, `play dj name 2`, `play gift 1|2 give 2|5`, `draw`."""
    state = table()
    for text, canonical in [("play 6|3", "play 3|6"), ("play block 3|6", "play block 3|6"),
                            ("play joker 4", "play joker 4"), ("play dj name 2", "play dj name 2"),
                            ("play gift 1|2 give 2|5", "play gift 1|2 give 2|5"), ("draw", "draw"),
                            ("  PLAY   Block 6 | 3 ", "play block 3|6"), ("play +1 6|3", "play +1 3|6"),
                            ("play again 4|3", "play again 3|4")]:
        action = state.parse_action(0, text)
        assert state.format_action(action) == canonical


def test_number_and_action_cards_with_the_same_dots_are_different_actions():
    """Ruling: "Action text should name the card type, since number and action cards share dot
    pairs"."""
    state = table()
    assert len({state.parse_action(0, t) for t in ("play 3|6", "play block 3|6", "play +1 3|6")}) == 3


@pytest.mark.parametrize("text", ["play", "play dj", "play 7|8", "play block 1|2", "give 2|5",
                                  "play 3|6 give 2|5", "name 2", "fly", "play joker 9", ""])
def test_bad_text_is_refused_with_a_reason(text):
    """Ruling: "Action text should name the card type" — anything else, or a card you do not hold,
    is refused with a reason and changes nothing."""
    state = table()
    before = state.view(0)
    with pytest.raises(IllegalAction) as err:
        state.apply_text(0, text)
    assert str(err.value)
    assert state.view(0) == before


def test_only_the_player_to_move_may_act():
    """Rulebook: "The player to the dealer's right goes first" — one player moves at a time."""
    state = table()
    with pytest.raises(IllegalAction, match="turn"):
        state.parse_action(1, "draw")
    with pytest.raises(IllegalAction, match="no seat None"):
        state.parse_action(None, "draw")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="host has no move"):
        state.parse_action(HOST, "draw")
