"""Every action card (rulebook "Action Cards"; rulings "Turn"). Three players unless stated; play goes
right, so after player 0 comes player 2, and player 1 is player 0's previous player."""

from __future__ import annotations

import json

import pytest

import ionarena
from ionarena.core import IllegalAction, Names

from .dots_setup import arrange, hand_texts


def legal(state, player):
    return [state.format_action(a) for a in state.legal_actions(player)]


def test_plus_one_next_player_takes_one_then_plays():
    """Rulebook: "+1 - when you play this card, the next player to play has to take one card from the
    draw pile. If, after doing that, he doesn't have any playable card or doesn't want to play any
    of his cards, he will have to take another card from the draw pile (this card cannot be
    played)."""
    state = arrange([["+1 1|2", "4|5"], ["4|5"], ["2|3", "5|6"]], top="1|3", deck=["4|6", "2|4"])
    state.apply_text(0, "play +1 1|2")
    assert state.actors() == [2] and legal(state, 2) == ["draw"]
    state.apply_text(2, "draw")  # takes the +1 card
    assert hand_texts(state, 2) == ["2|3", "4|6", "5|6"]
    assert state.actors() == [2] and legal(state, 2) == ["play 2|3", "draw"]
    state.apply_text(2, "draw")  # will not play: one more card, and play passes
    assert hand_texts(state, 2) == ["2|3", "2|4", "4|6", "5|6"]
    assert state.actors() == [1]


def test_plus_three_next_player_takes_three():
    """Rulebook: "+3 - when you play this card, the next player to play has to take three card from
    the draw pile."""
    state = arrange([["+3 3|4", "4|5"], ["4|5"], ["5|6"]], top="1|3", deck=["1|2", "1|4", "1|5"])
    state.apply_text(0, "play +3 3|4")
    state.apply_text(2, "draw")
    assert hand_texts(state, 2) == ["1|2", "1|4", "1|5", "5|6"]
    assert state.actors() == [2]
    state.apply_text(2, "play 1|4")
    assert state.actors() == [1]


def test_new_game_plus_five_is_like_plus_one_with_five_cards():
    """Ruling: "+1 / +3 / New Game +5 (RULING for New Game +5: like +1 with five cards): the next
    player draws that many, then takes their turn normally"."""
    state = arrange([["+5 1|6", "4|5"], ["4|5"], ["2|3"]], top="1|3")
    state.apply_text(0, "play +5 1|6")
    state.apply_text(2, "draw")
    assert len(hand_texts(state, 2)) == 6 and state.actors() == [2]


def test_draw_effects_do_not_stack():
    """Ruling: "Draw effects do not stack onto the next card.\""""
    state = arrange([["+1 1|2", "4|5"], ["4|5"], ["+1 1|4", "5|6"]], top="1|3")
    state.apply_text(0, "play +1 1|2")
    assert legal(state, 2) == ["draw"]  # a +1 cannot be passed on
    state.apply_text(2, "draw")
    state.apply_text(2, "play +1 1|4")
    state.apply_text(1, "draw")
    assert len(hand_texts(state, 1)) == 2 and state.actors() == [1]


def test_block_cancels_a_plus_three():
    """Rulebook: "Block - when you play this card, you block the action of the card played by the
    previous player. Example: the previous player plays a card with the Action +1; if you play this
    card you block the action, not drawing the respective card that is the card action."; ruling:
    "The target of a pending draw is offered "draw" or a matching Block at the start of the turn."""
    state = arrange([["+3 3|4", "4|5"], ["4|5"], ["block 3|4", "block 1|2", "5|6"]], top="1|3")
    state.apply_text(0, "play +3 3|4")
    assert legal(state, 2) == ["draw", "play block 3|4"]  # block 1|2 does not match 3|4
    with pytest.raises(IllegalAction, match="does not match"):
        state.apply_text(2, "play block 1|2")
    state.apply_text(2, "play block 3|4")
    assert hand_texts(state, 2) == ["5|6", "block 1|2"]
    assert state.actors() == [1] and state.view(None)["table"]["pending_draw"] == 0


def test_block_sends_a_gift_back():
    """Ruling: Block works "against the action of the card the previous player just played when that
    action targets you (+1, +3, New Game +5, Gift — the gift goes back to the giver ...)"."""
    state = arrange([["gift 1|2", "joker 5", "4|5"], ["4|5"], ["block 1|2", "5|6"]], top="1|3")
    state.apply_text(0, "play gift 1|2 give joker 5")
    assert hand_texts(state, 2) == ["5|6", "block 1|2", "joker 5"]
    state.apply_text(2, "play block 1|2")
    assert hand_texts(state, 2) == ["5|6"]
    assert hand_texts(state, 0) == ["4|5", "joker 5"]


def test_block_played_otherwise_does_nothing():
    """Ruling: "Played otherwise, Block does nothing." and "A Block on a Block is an ordinary
    play.\""""
    state = arrange([["block 3|6", "4|5"], ["4|5"], ["block 3|4", "5|6"]], top="1|3")
    state.apply_text(0, "play block 3|6")
    assert state.actors() == [2]
    state.apply_text(2, "play block 3|4")
    assert state.actors() == [1] and hand_texts(state, 2) == ["5|6"]


def test_block_cannot_answer_no_play():
    """Rulebook: "This action only has no effect upon the action Don't Play because with that action
    you can't play any card.\""""
    state = arrange([["noplay 3|6", "4|5"], ["4|5"], ["block 3|6", "5|6"]], top="1|3")
    state.apply_text(0, "play noplay 3|6")
    assert state.actors() == [1]  # player 2 never gets a turn to Block
    assert legal(state, 2) == []
    assert hand_texts(state, 2) == ["5|6", "block 3|6"]


def test_gift_gives_one_of_your_cards_to_the_next_player():
    """Rulebook: "Gift - when you play this card, you choose one of your cards and you give it to the
    next player. This way, you will have one less card and the next player will have one more."""
    state = arrange([["gift 1|2", "4|5", "joker 6"], ["4|5"], ["5|6"]], top="1|3")
    assert [a for a in legal(state, 0) if "gift" in a] == [
        "play gift 1|2 give 4|5", "play gift 1|2 give joker 6"]
    with pytest.raises(IllegalAction, match="give"):
        state.apply_text(0, "play gift 1|2")
    state.apply_text(0, "play gift 1|2 give 4|5")
    assert hand_texts(state, 0) == ["joker 6"]
    assert hand_texts(state, 2) == ["4|5", "5|6"]
    assert state.actors() == [2]


def test_gift_as_last_card_gives_nothing():
    """Ruling: "Gift as your last card: you go out and give nothing.\""""
    state = arrange([["gift 1|2"], ["4|5"], ["5|6"]], top="1|3")
    assert legal(state, 0) == ["play gift 1|2", "draw"]
    state.apply_text(0, "play gift 1|2")
    assert state.is_over() and state.winners() == [0]
    assert hand_texts(state, 2) == ["5|6"]


def test_the_play_again_example():
    """Rulebook: "Example: the previous player played a 5|2-dot card. You play a Play Again 2|6-dot
    card that gives you the chance to play again. Then, you can play a Play Again 1|6-dot card and,
    after that, you can play a 3|6-dot card. That way, you can play three cards in your turn."""
    state = arrange([["again 2|6", "again 1|6", "3|6", "4|5"], ["4|5"], ["1|2"]], top="2|5")
    state.apply_text(0, "play again 2|6")
    assert state.actors() == [0]
    state.apply_text(0, "play again 1|6")
    assert state.actors() == [0]
    state.apply_text(0, "play 3|6")
    assert hand_texts(state, 0) == ["4|5"]
    assert state.actors() == [2]


def test_play_again_with_nothing_to_follow_draws():
    """Rulebook: "If you use a Play Again card and then you don't have any playable card to use after
    it, you will have to draw a card from the draw pile. This card cannot be played and the game
    continues with the next player.\""""
    state = arrange([["again 2|6", "4|5"], ["4|5"], ["1|2"]], top="2|5", deck=["3|6"])
    state.apply_text(0, "play again 2|6")
    assert legal(state, 0) == ["draw"]
    state.apply_text(0, "draw")
    assert hand_texts(state, 0) == ["3|6", "4|5"] and state.actors() == [2]


def test_previous_player_plus_one_hits_the_player_before_you():
    """Rulebook: "Previous Player +1 - when you play this card, the previous player has to draw a card
    from the draw pile. The game continues and the player who received the action can't do anything
    about it.\""""
    state = arrange([["prev+1 1|2", "4|5"], ["4|5", "block 1|2"], ["5|6"]], top="1|3", deck=["3|6"])
    state.apply_text(0, "play prev+1 1|2")
    assert hand_texts(state, 1) == ["3|6", "4|5", "block 1|2"]
    assert state.actors() == [2] and legal(state, 2) == ["draw"]


def test_previous_player_plus_three():
    """Seed: "6 cards Previous Player +3"; ruling: "Previous Player +1 / +3: the player before you
    draws 1 / 3 immediately; they cannot respond"."""
    state = arrange([["prev+3 3|6", "4|5"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play prev+3 3|6")
    assert len(hand_texts(state, 1)) == 4 and state.actors() == [2]


def test_previous_player_is_the_seat_before_even_if_skipped():
    """Ruling: ""The previous player" is the seat before you in the current direction, even if that
    seat was skipped."""
    state = arrange([["noplay 3|6", "4|5"], ["prev+1 3|6", "5|6"], ["2|3"]], top="1|3")
    state.apply_text(0, "play noplay 3|6")  # player 2 loses the turn
    assert state.actors() == [1]
    state.apply_text(1, "play prev+1 3|6")
    assert len(hand_texts(state, 2)) == 2 and hand_texts(state, 0) == ["4|5"]


def test_no_play_skips_the_next_player():
    """Ruling: "No Play (the seed also calls it Don't Play; RULING: one card): the next player loses
    their turn, neither playing nor drawing."""
    state = arrange([["noplay 3|6", "4|5"], ["4|5"], ["5|6"], ["1|2"]], top="1|3")
    state.apply_text(0, "play noplay 3|6")
    assert state.actors() == [2]  # 3 is skipped
    assert hand_texts(state, 3) == ["1|2"]


def test_shift_reverses_the_direction():
    """Ruling: "Shift (RULING): reverses the direction of play.\""""
    state = arrange([["shift 3|6", "4|5"], ["4|5"], ["5|6"], ["1|2"]], top="1|3")
    state.apply_text(0, "play shift 3|6")
    assert state.actors() == [1] and state.view(None)["table"]["direction"] == "left"
    state.apply_text(1, "draw")
    assert state.actors() == [2]


def test_the_block_example_against_a_plus_one():
    """Rulebook: "Example: the previous player plays a card with the Action +1; if you play this card
    you block the action, not drawing the respective card that is the card action."""
    state = arrange([["+1 1|2", "4|5"], ["4|5"], ["block 1|2", "5|6"]], top="1|3", deck=["3|6"])
    state.apply_text(0, "play +1 1|2")
    assert legal(state, 2) == ["draw", "play block 1|2"]
    state.apply_text(2, "play block 1|2")
    assert hand_texts(state, 2) == ["5|6"]  # the 3|6 was not drawn
    assert state.view(None)["table"]["draw_pile"] == 1 and state.view(None)["table"]["pending_draw"] == 0
    assert state.actors() == [1] and state.view(None)["table"]["top"] == "block 1|2"


def test_play_again_chains_into_actions_that_resolve_normally():
    """Rulebook: "Play Again - when you play this card you can play another provided that the card is
    playable concerning the number of dots."; ruling: "After Play Again any matching card may follow,
    actions included, each resolving normally."""
    # Play Again, then +1: the next player must take the card.
    state = arrange([["again 1|6", "+1 1|2", "4|5"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play again 1|6")
    state.apply_text(0, "play +1 1|2")
    assert state.actors() == [2] and legal(state, 2) == ["draw"]
    # Play Again, then Gift: the next player receives the card and may Block it back.
    state = arrange([["again 1|6", "gift 1|2", "joker 5", "4|5"], ["4|5"], ["block 1|2"]], top="1|3")
    state.apply_text(0, "play again 1|6")
    state.apply_text(0, "play gift 1|2 give joker 5")
    assert hand_texts(state, 2) == ["block 1|2", "joker 5"]
    state.apply_text(2, "play block 1|2")
    assert hand_texts(state, 0) == ["4|5", "joker 5"]
    # Play Again, then Previous Player +1: the player before you takes a card.
    state = arrange([["again 1|6", "prev+1 1|2", "4|5"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play again 1|6")
    state.apply_text(0, "play prev+1 1|2")
    assert len(hand_texts(state, 1)) == 2 and state.actors() == [2]
    # Play Again, then No Play: the next player loses the turn.
    state = arrange([["again 1|6", "noplay 1|2", "4|5"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play again 1|6")
    state.apply_text(0, "play noplay 1|2")
    assert state.actors() == [1] and hand_texts(state, 2) == ["5|6"]
    # Play Again, then Shift: play turns round.
    state = arrange([["again 1|6", "shift 1|2", "4|5"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play again 1|6")
    state.apply_text(0, "play shift 1|2")
    assert state.actors() == [1] and state.view(None)["table"]["direction"] == "left"


def test_a_gifted_card_is_seen_only_by_giver_and_receiver():
    """Ruling (Ion Arena): "the card a player gives with a Gift is seen only by the giver and the
    receiver; the others learn only that a card changed hands."; rulebook: "you choose one of your
    cards and you give it to the next player"."""
    state = arrange([["gift 1|2", "joker 5", "4|5"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play gift 1|2 give joker 5")
    for seat in (1, None):
        assert "joker 5" not in json.dumps(state.view(seat)).lower()
    assert "joker 5" in state.view(2)["table"]["hand"]
    state.apply_text(2, "draw")
    assert "joker 5" not in json.dumps(state.view(1)).lower()


def test_giver_and_receiver_read_which_card_the_gift_was():
    """Ruling (Ion Arena): "the card a player gives with a Gift is seen only by the giver and the
    receiver; the others learn only that a card changed hands." The receiver is told which card
    arrived, not left to find it in their hand."""
    state = arrange([["gift 1|2", "joker 5", "4|5"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play gift 1|2 give joker 5")
    gift = {"player": 0, "to": 2, "card": "joker 5"}
    assert [e.data for e in state.events(0) if e.kind == "gift"] == [gift]
    assert [e.data for e in state.events(2) if e.kind == "gift"] == [gift]
    for seat in (1, None):
        assert [e.data for e in state.events(seat) if e.kind == "gift"] == [{"player": 0, "to": 2}]
    words = ionarena.get_spec("dots").presenter
    assert words.describe(state.events(2)[-1], Names(2)) == "Player 0 gives Player 2 (you) Joker 5."
    assert words.describe(state.events(1)[-1], Names(1)) == "Player 0 gives Player 2 a card."
