"""The deck and the deal (rulebook "Content", "Starting the Game"; rulings "Deck")."""

from __future__ import annotations

from collections import Counter

import ionarena
from ionarena.games.dots.cards import DECK, DECK_SIZE, DJ, DOTS, JOKER, KIND, KIND_NAMES, NUMBER, TEXT


def kinds() -> Counter[str]:
    return Counter(KIND_NAMES[KIND[f]] for f in DECK)


def test_128_cards_in_the_listed_counts():
    """Rulebook: "128 cards as follows: 60 cards with 1 to 6 dots; 62 action cards with 1 to 6 dots:
    6 cards +1, 6 cards +3, 6 cards Block, 6 cards Gift, 6 cards Joker, 6 cards Play Again,
    6 cards Previous Player +1, 6 cards Previous Player +3, 2 cards New Game +5, 6 cards No Play,
    6 cards Shift; 6 cards Double Joker"."""
    assert DECK_SIZE == 128
    assert kinds() == {"number card": 60, "+1": 6, "+3": 6, "Block": 6, "Gift": 6, "Joker": 6,
                       "Play Again": 6, "Previous Player +1": 6, "Previous Player +3": 6,
                       "New Game +5": 2, "No Play": 6, "Shift": 6, "Double Joker": 6}


def test_number_cards_are_the_15_pairs_four_times():
    """Ruling: "60 number cards: the 15 pairs a|b with 1 <= a < b <= 6, four copies each"."""
    numbers = Counter(DOTS[f] for f in DECK if KIND[f] == NUMBER)
    assert numbers == {(a, b): 4 for a in range(1, 7) for b in range(a + 1, 7)}


def test_action_card_dot_pairs_follow_the_ruling_table():
    """Ruling: "the six copies of each of these nine types (all but the Joker) carry the pairs 1|2,
    3|4, 5|6, 1|4, 2|5, 3|6, except Play Again, whose copies carry 1|6, 2|6, 2|3, 3|4, 1|5, 4|5 ...
    New Game +5 carries 1|6 and 2|5. Every dot value stays equally common among action cards."
    (It does among the nine six-card types; the two New Game +5 cards add a 1, 2, 5 and 6.)"""
    standard = {(1, 2), (3, 4), (5, 6), (1, 4), (2, 5), (3, 6)}
    by_kind: dict[str, set[tuple[int, ...]]] = {}
    for f in DECK:
        if KIND[f] not in (NUMBER, JOKER, DJ):
            by_kind.setdefault(KIND_NAMES[KIND[f]], set()).add(DOTS[f])
    assert by_kind.pop("Play Again") == {(1, 6), (2, 6), (2, 3), (3, 4), (1, 5), (4, 5)}
    assert by_kind.pop("New Game +5") == {(1, 6), (2, 5)}
    assert all(pairs == standard for pairs in by_kind.values()) and len(by_kind) == 8
    six_card_types = [f for f in DECK if KIND[f] not in (NUMBER, JOKER, DJ)
                      and KIND_NAMES[KIND[f]] != "New Game +5"]
    values = Counter(d for f in six_card_types for d in DOTS[f])
    assert set(values.values()) == {18}


def test_jokers_carry_one_value_each_and_double_jokers_none():
    """Ruling: "Joker (6): one half is the Joker mark, the other a dot value 1..6 (one copy each)";
    "Double Joker (6): no dots"."""
    assert sorted(TEXT[f] for f in DECK if KIND[f] == JOKER) == [f"joker {v}" for v in range(1, 7)]
    assert [DOTS[f] for f in DECK if KIND[f] == DJ] == [()] * 6


def test_seven_cards_each_and_one_card_turned_up():
    """Rulebook: "Deal 7 cards to each player. Stack the remaining cards face down to be used during
    the game. Turn over the top card of the pile to start the game."""
    for players in (3, 4, 10):
        view = ionarena.make("dots", players=players, seed=4).view(None)["table"]
        assert view["hand_sizes"] == [7] * players
        assert view["played"] == 1
        assert view["draw_pile"] == 128 - 7 * players - 1


def test_two_players_get_nine_cards():
    """Rulebook, Two-Player Game: "Deal 9 cards to each player at the beginning of the game."""
    view = ionarena.make("dots", players=2, seed=4).view(None)["table"]
    assert view["hand_sizes"] == [9, 9]
    assert view["draw_pile"] == 128 - 18 - 1


def test_the_player_to_the_dealers_right_goes_first():
    """Rulebook: "The player to the dealer's right goes first"; ruling: "right" = decreasing seat
    index, and play continues in that direction."""
    from ionarena.games.dots.cards import NUMBER as plain
    checked = 0
    for seed in range(200):
        state = ionarena.make("dots", players=5, seed=seed)
        if KIND[state.discard[-1]] == plain:
            assert state.actors() == [(state.dealer - 1) % 5]
            assert state.view(None)["table"]["direction"] == "right"
            checked += 1
    assert checked > 50
