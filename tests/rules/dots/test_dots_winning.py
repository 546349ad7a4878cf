"""Winning, scoring, reshuffling and the turn cap (rulebook "Winning the Game", "Scoring")."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.agents import RandomAgent
from ionarena.core import BadOption, IllegalAction
from ionarena.games.dots.invariants import check_invariants
from ionarena.games.dots.scoring import card_points, going_out_points, hand_points

from .dots_setup import arrange, hand_texts


def legal(state, player):
    return [state.format_action(a) for a in state.legal_actions(player)]


def test_quick_game_first_to_run_out_wins():
    """Rulebook: "In the Quick Game mode, the game ends when one of the players runs out of cards.
    That player is the winner."""
    state = arrange([["3|6"], ["4|5"], ["5|6", "1|2"]], top="1|3")
    state.apply_text(0, "play 3|6")
    assert state.is_over() and state.winners() == [0] and state.actors() == []
    assert state.scores() == [float(9 + 11 + 3), 0.0, 0.0]


@pytest.mark.parametrize(("card", "target", "count"), [
    ("+1 1|2", 2, 1), ("+3 1|2", 2, 3), ("+5 1|6", 2, 5), ("prev+1 1|2", 1, 1), ("prev+3 1|2", 1, 3)])
def test_going_out_on_a_draw_card_still_makes_the_target_draw(card, target, count):
    """Rulebook: "If the last card played is a +1, a +3 or a New Game +5 card, the player who receives
    the action card will have to take the corresponding number of cards from the draw pile. These
    cards also count towards the score."; ruling: "(or Previous Player +1/+3): the target draws at
    once, cannot Block (the game is over)"."""
    drawn = ["joker 1", "joker 2", "joker 3", "joker 4", "joker 5"][:count]
    hands = [[card], ["4|5", "block 1|2"], ["5|6", "block 1|4"]]
    state = arrange(hands, top="1|3", deck=drawn)
    state.apply_text(0, f"play {card}")
    assert state.is_over() and state.winners() == [0]
    assert len(hand_texts(state, target)) == 2 + count
    assert state.scores()[0] == hand_points(["4|5", "block 1|2", "5|6", "block 1|4"]) + 50 * count


def test_rulebook_card_values():
    """Rulebook, Scoring: "Dot cards (without action): total dots in the card; +1: 25 points; +3: 25
    points; Block: 25 points; Gift: 25 points; Play Again: 25 points; Previous Player +1: 25 points;
    Previous Player +3: 25 points; No Play: 25 points; Shift: 25 points; Joker: 50 points; Double
    Joker: 75 points; New Game +5: 100 points"."""
    assert card_points("3|6") == 9 and card_points("1|2") == 3 and card_points("5|6") == 11
    for card in ("+1 1|2", "+3 3|4", "block 5|6", "gift 1|4", "again 2|6", "prev+1 2|5", "prev+3 3|6",
                 "noplay 1|2", "shift 3|4"):
        assert card_points(card) == 25, card
    assert card_points("joker 4") == 50
    assert card_points("dj") == 75
    assert card_points("+5 1|6") == 100
    with pytest.raises(ValueError):
        card_points("fish 1|2")


def test_going_out_scores_the_other_hands():
    """Rulebook: "The first player to get rid of all his cards in each game scores the points of the
    other players' cards"."""
    assert going_out_points([["dj", "3|6"], ["+5 2|5"], []]) == 75 + 9 + 100


def test_tournament_scores_carry_across_deals_and_the_dealer_rotates():
    """Rulebook: "In the Tournament mode, the game ends when a player reaches 1000 points"; ruling:
    "the deal then passes to the next seat in the default direction each game; every game starts in
    the default direction."""
    hands = [["3|6"], ["dj", "+5 1|6", "joker 4"], ["shift 1|2"]]
    state = arrange(hands, top="1|3", variant="tournament", dealer=1, direction=1)
    state.apply_text(0, "play 3|6")
    assert state.scores() == [250.0, 0.0, 0.0]
    assert not state.is_over()
    view = state.view(None)["table"]
    assert view["deal"] == 2 and view["dealer"] == 0 and view["hand_sizes"] == [7, 7, 7]
    assert view["direction"] == "right" or view["top"].startswith("shift")


def test_tournament_ends_at_1000_points():
    """Rulebook: "The first player to score 1000 points wins the game.\""""
    hands = [["3|6"], ["dj", "+5 1|6", "joker 4"], ["5|6"]]
    state = ionarena.get_spec("dots").position({"hands": hands, "top": "1|3", "variant": "tournament",
                                                "points": [800, 990, 0]})
    state.apply_text(0, "play 3|6")
    assert state.is_over() and state.winners() == [0]
    assert state.scores() == [800.0 + 225 + 11, 990.0, 0.0]


def test_a_whole_tournament_reaches_1000():
    """Rulebook: "You can play in Tournament Mode with the object of scoring 1000 points."""
    state = ionarena.make("dots", players=3, seed=8, variant="tournament")
    agent = RandomAgent(seed=8)
    while not state.is_over():
        p = state.actors()[0]
        state.apply(p, agent.act(state, p))
    (winner,) = state.winners()
    assert state.scores()[winner] >= 1000
    assert sorted(state.scores())[-2] < 1000
    assert state.stats()["deals"] >= 2


def test_played_cards_are_reshuffled_when_the_pile_runs_out():
    """Rulebook: "If there are no more cards to be taken from the pile, the cards already played are
    shuffled in order to make a new draw pile."; ruling: "shuffle the played cards except the top
    one"."""
    state = arrange([["1|2"], ["4|5"], ["4|5"]], top="3|6", deck=[])
    played_before = state.view(None)["table"]["played"]
    state.apply_text(0, "draw")
    view = state.view(None)["table"]
    assert view["played"] == 1 and view["top"] == "3|6"
    assert view["draw_pile"] == played_before - 2
    assert [e.data for e in state.events(None, since=state.version - 1) if e.kind == "reshuffle"] == \
        [{"count": played_before - 1}]


def test_nothing_to_draw_means_play_if_you_can_else_pass():
    """Ruling: "If there is nothing to draw, a player who can play must play; one who cannot
    passes."""
    state = arrange([["1|2"], ["4|5"], ["3|4", "1|5"]], top="3|6", deck=[])
    state.hands[1] = sorted(state.hands[1] + state.discard[:-1])  # every other card is held
    del state.discard[:-1]
    check_invariants(state)
    assert legal(state, 0) == ["pass"]
    state.apply_text(0, "pass")
    assert legal(state, 2) == ["play 3|4"]
    with pytest.raises(IllegalAction, match="nothing left to draw"):
        state.apply_text(2, "draw")
    with pytest.raises(IllegalAction, match="must play"):
        state.apply_text(2, "pass")


def test_turn_cap_lowest_hand_wins():
    """Ruling: "A configurable turn cap (default 1,000 turns) ends a blocked game: the lowest hand
    value wins (a draw if tied).\""""
    state = arrange([["1|2", "5|6"], ["dj"], ["1|3", "1|2"]], top="4|5", turn_cap=2)
    state.apply_text(0, "draw")
    state.apply_text(2, "draw")
    assert state.is_over() and state.stats()["capped"] == 1
    values = [state.hand_value(p) for p in range(3)]
    assert state.winners() == [values.index(min(values))]


def test_turn_cap_tie_is_a_draw():
    """Ruling: "the lowest hand value wins (a draw if tied)"."""
    state = arrange([["4|6", "1|2"], ["1|2"], ["1|2"]], top="4|5", turn_cap=1)
    state.apply_text(0, "play 4|6")
    assert state.is_over() and state.winners() == [] and state.scores() == [0.0, 0.0, 0.0]
    assert ionarena.make("dots", players=3).view(None)["table"]["turn_cap"] == 1000


def test_the_turn_cap_is_an_option():
    """Ruling: "A configurable turn cap (default 1,000 turns) ends a blocked game"."""
    assert ionarena.make("dots", players=3, turn_cap=50).view(None)["table"]["turn_cap"] == 50
    for bad in ({"turn_cap": 0}, {"turn_cap": "many"}, {"turns": 5}):
        with pytest.raises(BadOption, match=r"turn_cap|no option 'turns'"):
            ionarena.make("dots", players=3, **bad)


def test_a_joker_may_be_the_last_card():
    """Rulebook: "Joker - you can play this card in any occasion."; ruling: "A Joker may be the last
    card." (and a Double Joker too: it still names a number)."""
    state = arrange([["joker 4"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play joker 4")
    assert state.is_over() and state.winners() == [0] and state.scores()[0] == 9 + 11
    state = arrange([["dj"], ["4|5"], ["5|6"]], top="1|3")
    state.apply_text(0, "play dj name 3")
    assert state.is_over() and state.winners() == [0]
