"""Rulebook: components and initial setup."""

from __future__ import annotations

from collections import Counter

import pytest

import ionarena
from ionarena.games.valence.cards import ELEMENT_INFO, MOLECULE_TYPES, full_deck
from ionarena.games.valence.invariants import check_invariants
from ionarena.games.valence.opening import deciding_card, first_player

from .valence_table import events, hand_of, seen, told


def test_the_48_element_cards():
    """'48 Element Cards: 12 Oxygen, 10 Hydrogen, 3 Carbon, 6 Sodium, 4 Fluorine, 8 Chlorine,
    2 Potassium, 2 Calcium, 1 Helium.'"""
    assert Counter(full_deck()) == {"O": 12, "H": 10, "C": 3, "Na": 6, "F": 4, "Cl": 8, "K": 2,
                                    "Ca": 2, "He": 1}
    assert len(full_deck()) == 48


def test_the_46_molecule_cards():
    """'46 Molecule Cards: 9 Salt, 9 Water, 5 Metal Oxide, 5 Acid, 5 Base, 6 Carbon Dioxide,
    4 Deadly Carbonyl, 3 Halocarbon.'"""
    assert {t: m.copies for t, m in MOLECULE_TYPES.items()} == {
        "salt": 9, "water": 9, "metal_oxide": 5, "acid": 5, "base": 5, "carbon_dioxide": 6,
        "deadly_carbonyl": 4, "halocarbon": 3}
    state = ionarena.make("valence", players=3, seed=0)
    assert sum(seen(state, None)["bank"].values()) == 46


def test_atomic_numbers_and_valences():
    """Ruling: 'valences H +1, C +4, O -2, F -1, Na +1, Cl -1, K +1, Ca +2; atomic numbers H 1,
    He 2, C 6, O 8, F 9, Na 11, Cl 17, K 19, Ca 20'."""
    assert {s: (e.atomic_number, e.valence) for s, e in ELEMENT_INFO.items()} == {
        "H": (1, 1), "He": (2, 0), "C": (6, 4), "O": (8, -2), "F": (9, -1), "Na": (11, 1),
        "Cl": (17, -1), "K": (19, 1), "Ca": (20, 2)}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deal_six_each_and_one_card_in_the_discard_pile(players):
    """'Deal each player 6 Element cards.' / 'start the game with one card already in the
    discard pile'."""
    state = ionarena.make("valence", players=players, seed=players)
    view = seen(state, None)
    assert view["hand_sizes"] == [6] * players
    assert all(len(hand_of(state, p)) == 6 for p in range(players))
    deal = events(state, None, since=-1)[0]
    assert deal.kind == "deal" and deal.data == {"hand_size": 6, "top": view["discard_top"]}
    assert view["discard_size"] == 1
    assert view["deck_size"] == 48 - 6 * players - 1
    check_invariants(state)


def test_each_player_is_told_their_own_hand_only():
    """'Deal each player 6 Element cards.' Each player reads the hand dealt to them; nobody else
    (and no spectator) does."""
    state = ionarena.make("valence", players=3, seed=5)
    for p in range(3):
        hands = [e.data for e in events(state, p, since=-1) if e.kind == "hand"]
        assert hands == [{"player": p, "cards": hand_of(state, p)}]
    assert not [e for e in events(state, None, since=-1) if e.kind == "hand"]


def test_highest_atomic_number_goes_first():
    """'The player with the Element card with the highest atomic number ... goes first' /
    'Calcium is the highest - whoever has it usually goes first!'"""
    assert first_player([["K", "O"], ["Ca", "H"], ["Cl", "Cl"]]) == 1
    assert deciding_card([["K", "O"], ["Ca", "H"], ["Cl", "Cl"]]) == (1, "Ca", "highest")


def test_tie_uses_the_next_highest_atomic_number():
    """'In a tie, the next highest atomic number is used to determine who goes first.' Ruling:
    'compare hands sorted high to low, duplicates included'."""
    assert first_player([["Ca", "Cl", "O"], ["Ca", "K"], ["K", "H"]]) == 1
    assert first_player([["Cl", "Cl", "Cl"], ["Cl", "Na", "Na"]]) == 0
    assert deciding_card([["Ca", "Cl", "O"], ["Ca", "K"], ["K", "H"]]) == (1, "Ca", "next cards")


def test_identical_hands_lowest_seat_goes_first():
    """Ruling: on identical hands 'then RULING: lowest seat'."""
    assert first_player([["H"], ["Ca", "O"], ["O", "Ca"]]) == 1
    assert deciding_card([["H"], ["Ca", "O"], ["O", "Ca"]]) == (1, "Ca", "identical hands")


def test_first_player_starts_with_the_draw():
    """'Unless someone reacted with you last turn, your turn always starts with drawing Element
    cards.' The game opens with the first player's draw."""
    for seed in range(20):
        state = ionarena.make("valence", players=4, seed=seed)
        view = state.view(None)
        hands = [hand_of(state, p) for p in range(4)]
        assert view["actors"] == [first_player(hands)] and view["phase"] == "draw"
        best = max(max(ELEMENT_INFO[s].atomic_number for s in hand) for hand in hands)
        assert max(ELEMENT_INFO[s].atomic_number for s in hands[view["actors"][0]]) == best


def test_helium_is_never_in_an_opening_hand():
    """'If Helium is one of your first six Element cards, return it to the bottom of the Element
    deck and replace it with another card.' (Ruling: also when turned as the first discard.)"""
    replaced = 0
    for seed in range(300):
        state = ionarena.make("valence", players=5, seed=seed)
        assert all("He" not in hand_of(state, p) for p in range(5))
        assert seen(state, None)["discard_top"] != "He"
        back = [e for e in events(state, None, since=-1) if e.kind == "helium_back"]
        if back:
            replaced += 1
            assert state.deck[0] == "He"
        assert sum(seen(state, None)["hand_sizes"]) == 30
    assert replaced > 0  # some deals did hand Helium out, and it went to the bottom


def test_the_first_player_is_announced_with_the_deciding_card():
    """'The player with the Element card with the highest atomic number (the purple number at the
    bottom of the color box) goes first' — the table is told which card decided it."""
    for seed in range(30):
        state = ionarena.make("valence", players=4, seed=seed)
        first = state.actors()[0]
        text = told(state, None, since=-1)[-1]
        best = max(hand_of(state, first), key=lambda s: ELEMENT_INFO[s].atomic_number)
        info = ELEMENT_INFO[best]
        assert text.startswith(f"Player {first} goes first: {best} ({info.name}, "
                               f"atomic number {info.atomic_number}) is the highest atomic number")
