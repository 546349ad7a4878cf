"""Rulebook: 'Building Molecules to Earn Points and Win the Game'."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction
from ionarena.games.valence.cards import ELEMENT_INFO, RECIPES
from ionarena.games.valence.invariants import check_invariants

from .valence_table import events, hand_of, seen, stashes, table, told


def test_every_recipe_has_valences_adding_to_zero():
    """'Build Molecules on your turn by finding combinations of your Element Cards whose Valence
    numbers add up to zero.'"""
    for recipe in RECIPES.values():
        assert sum(ELEMENT_INFO[s].valence for s in recipe.cards) == 0, recipe.formula
    assert len(RECIPES) == 24


def test_build_takes_the_molecule_and_discards_the_cards():
    """'Take the Molecule from the Molecule Bank that matches the colors of the Element Cards.' /
    'Place the Molecule face up in front of you' / 'Place Element Cards that built the Molecule
    face up in the Discard Pile.'"""
    state = table(3, hands={0: ["Na", "O", "H", "Cl"]}, discard=["F"])
    state.apply_text(0, "build NaOH")
    assert stashes(state)[0] == ["NaOH"] and seen(state, 1)["bank"]["base"] == 4
    assert hand_of(state, 0) == ["Cl"]
    assert state.view(0)["phase"] == "place" and seen(state, 2)["placing"] == ["H", "O", "Na"]
    state.apply_text(0, "place Na")
    state.apply_text(0, "place O")
    placed = [e.data["cards"] for e in events(state, 2, since=1) if e.kind == "place"]
    assert placed == [["Na"], ["O", "H"]]
    assert seen(state, 2)["discard_top"] == "H" and seen(state, 2)["discard_size"] == 4
    assert state.view(0)["phase"] == "build"
    assert state.view(1)["scores"][0] == 4
    check_invariants(state)


def test_the_player_orders_the_used_cards():
    """'You can put Element cards in the discard pile in any order you choose. If you have Bases,
    don't put anything that could make Acids on top!'"""
    for order, top in ((["H", "Na"], "O"), (["O", "H"], "Na")):
        state = table(3, hands={0: ["Na", "O", "H"]}, discard=[])
        state.apply_text(0, "build Na O H")
        for card in order:
            state.apply_text(0, f"place {card}")
        assert seen(state, 1)["discard_top"] == top


def test_one_kind_of_card_is_placed_without_asking():
    """Ruling (Ion Arena): used cards of a single kind have only one order, so they go down at once."""
    state = table(3, hands={0: ["C", "Cl", "Cl", "Cl", "Cl"]}, discard=[])
    state.apply_text(0, "build CCl4")
    assert state.view(0)["phase"] == "place"
    state.apply_text(0, "place C")
    assert told(state, 1) == ["Player 0 puts C Cl Cl Cl Cl on the discard pile (Cl on top)."]
    assert state.view(0)["phase"] == "build"


def test_build_as_many_molecules_as_you_choose():
    """'Build as many molecules as you choose on your turn.'"""
    state = table(3, hands={0: ["H", "Cl", "H", "F", "Na", "Cl", "K", "Cl"]})
    for text in ("build HCl", "place H", "build HF", "place H", "build NaCl", "place Na",
                 "build KCl", "place K"):
        state.apply_text(0, text)
    assert stashes(state)[0] == ["HCl", "HF", "NaCl", "KCl"] and hand_of(state, 0) == []


def test_cannot_build_when_the_bank_is_out():
    """'If the Molecule Bank is out of a Molecule, you cannot build it.'"""
    state = table(3, hands={0: ["Na", "O", "H"]},
                  stashes={1: ["NaOH", "KOH", "NaOH"], 2: ["Ca(OH)2", "NaOH"]})
    assert seen(state)["bank"]["base"] == 0
    assert "build NaOH" not in [state.format_action(a) for a in state.legal_actions(0)]
    with pytest.raises(IllegalAction, match="out of Base"):
        state.apply_text(0, "build NaOH")


def test_cannot_build_without_the_cards():
    """'Build Molecules on your turn by finding combinations of your Element Cards'."""
    state = table(3, hands={0: ["Na", "O"]})
    with pytest.raises(IllegalAction, match="needs Na O H"):
        state.apply_text(0, "build NaOH")


def test_mixed_metals_are_not_a_molecule():
    """Ruling: 'Only these recipes are molecules ... mixed forms such as NaKO are not'."""
    state = table(3, hands={0: ["Na", "K", "O"]})
    with pytest.raises(IllegalAction, match="not a molecule"):
        state.apply_text(0, "build Na K O")


def test_built_this_turn_may_react_at_once():
    """Ruling: 'a molecule built this turn may react at once; stolen and drawn cards are usable at
    once.'"""
    state = table(2, hands={0: ["H", "Cl"], 1: ["K"]}, stashes={1: ["NaOH"]})
    state.apply_text(0, "build HCl")
    state.apply_text(0, "place H")
    state.apply_text(0, "react HCl 1 NaOH")
    assert hand_of(state, 0) == ["K"]
    assert stashes(state)[1] == ["NaCl", "H2O"]


def test_reaching_ten_points_wins_at_once():
    """'If you have ten points worth of Molecules, you've won the game!' Ruling: 'checked after every
    action; the game stops at once'. The build's cards still go down ('Place Element Cards that built
    the Molecule face up in the Discard Pile'), and the win is the last thing told."""
    state = table(3, hands={0: ["C", "O", "O", "H", "Cl"]}, stashes={0: ["NaOH", "KOH"]})
    state.apply_text(0, "build CO2")
    assert state.is_over() and state.winners() == [0] and state.actors() == []
    assert told(state, 1)[-2:] == ["Player 0 puts C O O on the discard pile (O on top).",
                                   "Player 0 has 10 points and wins!"]
    assert state.scores() == [10.0, 0.0, 0.0]
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply_text(0, "build HCl")
    check_invariants(state)


def test_points_per_molecule_type():
    """Ruling: 'Base, Deadly Carbonyl and Halocarbon are worth 4 points, Metal Oxide 3'; Salt 1,
    Water 1, Acid 1, Carbon Dioxide 2; 'Helium is worth 2 points'."""
    state = table(2, stashes={0: ["NaCl", "H2O", "Na2O", "HF", "NaOH", "CO2", "COF2"],
                              1: ["CF4", "He"]})
    assert state.scores() == [16.0, 6.0]


def test_only_recipes_on_the_card_backs_are_molecules():
    """'Check the back of the Molecule to make sure you built it correctly.' Valences adding up to
    zero is not enough: Na K O or H Na Cl O are on no card's back."""
    state = table(2, hands={0: ["Na", "K", "O", "H", "Cl"]})
    for text in ("build Na K O", "build H Na Cl O", "build He"):
        with pytest.raises(IllegalAction, match="not a molecule"):
            state.apply_text(0, text)
    assert sorted(hand_of(state, 0)) == ["Cl", "H", "K", "Na", "O"]


def test_the_play_area():
    """'The play area has the Element Deck, the Molecule Bank and the Discard Pile (start the game
    with one card already in the discard pile).' / 'Arrange the Molecule cards in the center of
    your playing surface to form the Molecule Bank.' Every seat sees all three."""
    import ionarena

    state = ionarena.make("valence", players=4, seed=7)
    for seat in (0, 3, None):
        view = seen(state, seat)
        assert view["deck_size"] == 48 - 24 - 1 and view["discard_size"] == 1
        assert sum(view["bank"].values()) == 46
