"""Rulings of our own, where neither the rulebook nor the shared rulings decide (docs/rules/dots.md,
"RULING (Ion Arena)")."""

from __future__ import annotations

from ionarena.games.dots.cards import KIND, PREV1, PREV3

from .dots_setup import arrange, hand_texts
from .test_dots_start import start_with


def test_giving_away_your_last_other_card_takes_you_out():
    """RULING (Ion Arena): "giving away your last other card with a Gift (`play gift 1|2 give 2|5`
    with two cards in hand) also takes you out."""
    state = arrange([["gift 1|2", "2|5"], ["4|5"], ["block 1|2"]], top="1|3")
    state.apply_text(0, "play gift 1|2 give 2|5")
    assert state.is_over() and state.winners() == [0]
    assert hand_texts(state, 2) == ["2|5", "block 1|2"]
    assert state.scores()[0] == 9 + 7 + 25


def test_block_after_your_own_play_again_is_ordinary():
    """RULING (Ion Arena): "a Block answers only as the first card of your turn ... After your own
    Play Again, a Block is an ordinary play."""
    state = arrange([["gift 1|2", "joker 5", "4|5"], ["4|5"], ["again 1|6", "block 1|4", "5|6"]],
                    top="1|3")
    state.apply_text(0, "play gift 1|2 give joker 5")
    state.apply_text(2, "play again 1|6")
    state.apply_text(2, "play block 1|4")
    assert hand_texts(state, 2) == ["5|6", "joker 5"]
    assert hand_texts(state, 0) == ["4|5"]


def test_a_gifted_block_used_to_answer_gives_nothing_back():
    """RULING (Ion Arena): "if the card you were gifted is the very Block you use to answer the Gift,
    there is nothing to give back."""
    state = arrange([["gift 1|2", "block 1|2", "4|5"], ["4|5"], ["5|6", "2|3"]], top="1|3")
    state.apply_text(0, "play gift 1|2 give block 1|2")
    state.apply_text(2, "play block 1|2")
    assert hand_texts(state, 0) == ["4|5"]
    assert hand_texts(state, 2) == ["2|3", "5|6"]


def test_a_starting_previous_player_card_with_two_players_is_taken_at_once():
    """RULING (Ion Arena): "a starting Previous Player +1 / +3 is taken by the dealer at once even
    with two players"."""
    for kind, count in ((PREV1, 1), (PREV3, 3)):
        state = start_with(kind, players=2)
        assert KIND[state.discard[-1]] == kind
        assert state.view(None)["table"]["hand_sizes"][state.dealer] == 9 + count
        assert state.view(None)["table"]["pending_draw"] == 0
        assert state.actors() == [1 - state.dealer]


def test_a_capped_tournament_deal_scores_the_lowest_hand():
    """RULING (Ion Arena): "In a tournament, a deal ended by the cap is scored as if the lowest hand
    had gone out (that player scores the other hands); if tied, nobody scores and the next deal is
    dealt."""
    state = arrange([["1|2", "5|6"], ["dj"], ["1|3", "1|2"]], top="4|5", variant="tournament",
                    turn_cap=1)
    state.apply_text(0, "play 5|6")  # hands now worth 3, 75 and 7 points
    assert state.scores() == [75.0 + 7, 0.0, 0.0]
    assert not state.is_over() and state.view(None)["table"]["deal"] == 2
    tied = arrange([["4|6", "1|2"], ["1|2"], ["1|2"]], top="4|5", variant="tournament", turn_cap=1)
    tied.apply_text(0, "play 4|6")
    assert tied.scores() == [0.0, 0.0, 0.0] and tied.view(None)["table"]["deal"] == 2


def test_taking_cards_when_none_are_left_takes_what_there_is():
    """RULING (Ion Arena): "if the pile and the played cards run out while you take the cards of a
    +1, +3 or +5, you take what there is."""
    state = arrange([["+3 3|4", "4|5"], ["4|5"], ["5|6"]], top="1|3", deck=["1|2"])
    state.hands[1] = sorted(state.hands[1] + state.discard[:-1])
    del state.discard[:-1]
    state.apply_text(0, "play +3 3|4")
    state.apply_text(2, "draw")
    # the 1|2 from the pile, then the 1|3 reshuffled from under the +3: two cards of three
    assert hand_texts(state, 2) == ["1|2", "1|3", "5|6"] and state.actors() == [2]


def test_a_turn_is_counted_each_time_play_passes():
    """RULING (Ion Arena): "A turn is counted each time play passes to the next player: a skipped
    turn (No Play) is not a turn, and taking the cards of a +1 / +3 is part of your turn"."""
    state = arrange([["noplay 3|6", "+1 3|4", "4|5"], ["3|4", "1|2"], ["5|6"]], top="1|3")
    state.apply_text(0, "play noplay 3|6")
    assert state.turns == 1 and state.actors() == [1]
    state.apply_text(1, "play 3|4")  # 1 -> 0
    state.apply_text(0, "play +1 3|4")
    state.apply_text(2, "draw")
    assert state.turns == 3 and state.actors() == [2]
