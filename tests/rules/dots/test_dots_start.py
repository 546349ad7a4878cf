"""The starting card (rulebook "Starting the Game" step 5; rulings "Turn")."""

from __future__ import annotations

import ionarena
from ionarena.games.dots.cards import (
    AGAIN,
    BLOCK,
    DJ,
    DOTS,
    GIFT,
    JOKER,
    KIND,
    NOPLAY,
    NUMBER,
    PLUS1,
    PLUS3,
    PLUS5,
    PREV1,
    PREV3,
    SHIFT,
    TEXT,
)
from ionarena.games.dots.invariants import check_invariants
from ionarena.games.dots.rules import DotsState


def start_with(kind: int, players: int = 4) -> DotsState:
    """The first seeded game whose starting card is of `kind`."""
    for seed in range(20_000):
        state = ionarena.make("dots", players=players, seed=seed)
        if KIND[state.discard[-1]] == kind:
            assert isinstance(state, DotsState)
            return state
    raise AssertionError("no such start")


def legal(state, player):
    return [state.format_action(a) for a in state.legal_actions(player)]


def test_a_starting_plus_one_hits_the_first_player():
    """Rulebook: "Turn over the top card of the pile to start the game."; ruling: "If the starting card
    is an action card, it is treated as if played just before the first player's turn: effects on
    "the next player" hit the first player"."""
    for kind, count in ((PLUS1, 1), (PLUS3, 3), (PLUS5, 5)):
        state = start_with(kind)
        first = (state.dealer - 1) % 4
        assert state.actors() == [first]
        assert state.view(None)["table"]["pending_draw"] == count
        assert legal(state, first)[0] == "draw"
        state.apply_text(first, "draw")
        assert state.view(None)["table"]["hand_sizes"][first] == 7 + count
        assert state.actors() == [first]


def test_a_starting_previous_player_card_hits_the_dealer():
    """Rulebook: "(in case the face-up card shows an action related to the previous player, this
    action applies to the dealer)"."""
    for kind, count in ((PREV1, 1), (PREV3, 3)):
        state = start_with(kind)
        sizes = state.view(None)["table"]["hand_sizes"]
        assert sizes[state.dealer] == 7 + count
        assert state.actors() == [(state.dealer - 1) % 4]


def test_a_starting_gift_is_given_by_the_dealer():
    """Ruling: "A starting Gift: the dealer gives the first player a card of the dealer's choice"."""
    state = start_with(GIFT)
    dealer, first = state.dealer, (state.dealer - 1) % 4
    assert state.actors() == [dealer]
    options = legal(state, dealer)
    assert options and all(o.startswith("give ") for o in options)
    state.apply_text(dealer, options[0])
    sizes = state.view(None)["table"]["hand_sizes"]
    assert sizes[dealer] == 6 and sizes[first] == 8
    assert state.actors() == [first]


def test_a_starting_play_again_gives_the_dealer_a_turn():
    """Ruling: "Play Again: the dealer takes one normal turn first"."""
    state = start_with(AGAIN)
    assert state.actors() == [state.dealer]
    state.apply_text(state.dealer, "draw")
    assert state.actors() == [(state.dealer - 1) % 4]


def test_a_starting_block_does_nothing():
    """Ruling: "Block: nothing"."""
    state = start_with(BLOCK)
    assert state.actors() == [(state.dealer - 1) % 4]
    assert state.view(None)["table"]["pending_draw"] == 0


def test_a_starting_no_play_skips_the_first_player():
    """Ruling: "No Play: the first player loses the turn"."""
    state = start_with(NOPLAY)
    assert state.actors() == [(state.dealer - 2) % 4]


def test_a_starting_no_play_with_two_players_gives_the_dealer_the_turn():
    """Rulebook, Two-Player Game: "Whoever plays the action card Don't Play, plays again." (the
    starting card counts as the dealer's)."""
    state = start_with(NOPLAY, players=2)
    assert state.actors() == [state.dealer]


def test_a_starting_shift_opens_on_the_dealers_left():
    """Ruling: "Shift: play starts the other way (the seat on the dealer's left opens)"."""
    state = start_with(SHIFT)
    assert state.actors() == [(state.dealer + 1) % 4]
    assert state.view(None)["table"]["direction"] == "left"


def test_a_starting_double_joker_is_named_by_the_dealer():
    """Ruling: "A starting Double Joker lets the dealer name the number."""
    state = start_with(DJ)
    assert state.actors() == [state.dealer]
    assert legal(state, state.dealer) == [f"name {n}" for n in range(1, 7)]
    state.apply_text(state.dealer, "name 5")
    assert state.view(None)["table"]["match"] == [5]
    assert state.actors() == [(state.dealer - 1) % 4]


def test_a_starting_joker_asks_for_its_value():
    """Rulebook: "The next player has to play a card with the same number of dots included in the
    other half of the Joker card." (the starting Joker counts as the dealer's)."""
    state = start_with(JOKER)
    value = int(TEXT[state.discard[-1]].split()[1])
    assert state.view(None)["table"]["match"] == [value]


def test_a_starting_number_card_is_matched_normally():
    """Rulebook: "You can only play a card if it has the same number of dots as the card on the
    table."""
    state = start_with(NUMBER)
    assert state.view(None)["table"]["match"] == sorted(int(d) for d in TEXT[state.discard[-1]].split("|"))


def test_the_first_player_may_block_a_starting_gift_back():
    """Rulebook: "(in case the face-up card shows an action related to the previous player, this
    action applies to the dealer)"; ruling: "A starting Gift: the dealer gives the first player a card
    of the dealer's choice", and a Block answers a Gift: "the gift goes back to the giver"."""
    state = start_with(GIFT, players=3)
    dealer, first = state.dealer, (state.dealer - 1) % 3
    gift_dots = set(DOTS[state.discard[-1]])
    block = next(f for f in range(len(KIND)) if KIND[f] == BLOCK and gift_dots & set(DOTS[f]))
    if block not in state.hands[first]:  # swap the matching Block into the first player's hand
        zone = next(z for z in (*state.hands, state.deck) if block in z)
        swap = next(f for f in state.hands[first] if f not in state.hands[dealer])
        zone[zone.index(block)] = swap
        state.hands[first][state.hands[first].index(swap)] = block
        for hand in state.hands:
            hand.sort()
    check_invariants(state)
    given = next(f for f in state.hands[dealer] if f != block)
    state.apply_text(dealer, f"give {TEXT[given]}")
    assert state.actors() == [first] and given in state.hands[first]
    assert f"play {TEXT[block]}" in legal(state, first)
    state.apply_text(first, f"play {TEXT[block]}")
    assert given in state.hands[dealer] and len(state.hands[dealer]) == 7
    assert len(state.hands[first]) == 6 and state.actors() == [(first - 1) % 3]


def test_the_dealer_is_chosen_for_the_first_deal():
    """Rulebook: "Choose the first player to deal the cards."; ruling: "the first dealer is drawn
    from the seed"."""
    dealers = {ionarena.make("dots", players=4, seed=seed).view(None)["table"]["dealer"]
               for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert ionarena.make("dots", players=4, seed=7).view(None)["table"]["dealer"] == \
        ionarena.make("dots", players=4, seed=7).view(None)["table"]["dealer"]
