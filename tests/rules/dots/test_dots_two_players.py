"""Two-Player Game special rules (rulebook)."""

from __future__ import annotations

from ionarena.games.dots.cards import SHIFT

from .dots_setup import arrange, hand_texts
from .test_dots_start import start_with


def legal(state, player):
    return [state.format_action(a) for a in state.legal_actions(player)]


def test_block_answers_previous_player_plus_one_with_two_players():
    """Rulebook, Two-Player Game: "The action card Block is valid with the actions Previous Player +1
    and Previous Player +3."""
    state = arrange([["prev+1 1|2", "4|5"], ["block 1|2", "5|6"]], top="1|3")
    state.apply_text(0, "play prev+1 1|2")
    assert state.actors() == [1]
    assert legal(state, 1) == ["draw", "play block 1|2"]
    state.apply_text(1, "play block 1|2")
    assert hand_texts(state, 1) == ["5|6"] and state.actors() == [0]


def test_block_answers_previous_player_plus_three_with_two_players():
    """Rulebook, Two-Player Game: "The action card Block is valid with the actions Previous Player +1
    and Previous Player +3."""
    state = arrange([["prev+3 3|6", "4|5"], ["block 3|6", "5|6"]], top="1|3")
    state.apply_text(0, "play prev+3 3|6")
    state.apply_text(1, "play block 3|6")
    assert hand_texts(state, 1) == ["5|6"]


def test_previous_player_plus_three_without_a_block_with_two_players():
    """Ruling: "Previous Player +1 / +3: the player before you draws 1 / 3 ... (except with 2 players,
    where Block answers it on their turn)": without a Block they take the cards, then play on."""
    state = arrange([["prev+3 3|6", "4|5"], ["1|2", "5|6"]], top="1|3")
    state.apply_text(0, "play prev+3 3|6")
    assert legal(state, 1) == ["draw"]
    state.apply_text(1, "draw")
    assert len(hand_texts(state, 1)) == 5 and state.actors() == [1]


def test_no_play_replays_with_two_players():
    """Rulebook, Two-Player Game: "Whoever plays the action card Don't Play, plays again."""
    state = arrange([["noplay 3|6", "4|5", "5|6"], ["1|2", "2|3"]], top="1|3")
    state.apply_text(0, "play noplay 3|6")
    assert state.actors() == [0]
    assert hand_texts(state, 1) == ["1|2", "2|3"]
    state.apply_text(0, "draw")
    assert state.actors() == [1]


def test_shift_changes_nothing_with_two_players():
    """Ruling: "Shift (RULING): reverses the direction of play. With 2 players it changes nothing but
    the card.\""""
    state = arrange([["shift 3|6", "4|5"], ["1|2", "2|3"]], top="1|3")
    state.apply_text(0, "play shift 3|6")
    assert state.actors() == [1]
    state.apply_text(1, "draw")
    assert state.actors() == [0]


def test_shift_keeps_the_direction_with_two_players():
    """Ruling: "Shift (RULING): reverses the direction of play. With 2 players it changes nothing but
    the card." — not even the direction shown, played or turned up to start."""
    state = arrange([["shift 3|6", "4|5"], ["1|2", "2|3"]], top="1|3")
    state.apply_text(0, "play shift 3|6")
    assert state.view(None)["table"]["direction"] == "right" and state.actors() == [1]
    started = start_with(SHIFT, players=2)
    assert started.view(None)["table"]["direction"] == "right"
    assert started.actors() == [1 - started.dealer]
