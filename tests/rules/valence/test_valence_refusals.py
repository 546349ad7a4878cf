"""Refused builds give the chemical reason (issue 25): the valences and their sum, or that a real
compound is simply not in this game's Molecule Bank. A refusal changes nothing."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction

from .valence_table import hand_of, stashes, table


def _refusal(hand: list[str], text: str) -> str:
    state = table(2, hands={0: hand})
    with pytest.raises(IllegalAction) as err:
        state.apply_text(0, text)
    assert sorted(hand_of(state, 0)) == sorted(hand) and stashes(state)[0] == []
    return str(err.value)


def test_valences_that_do_not_add_up_to_zero_are_added_up():
    """'Build Molecules on your turn by finding combinations of your Element Cards whose Valence numbers
    add up to zero.' `build Na Cl Cl` says the sum (the audit: it said only "not a molecule")."""
    text = _refusal(["Na", "Cl", "Cl"], "build Na Cl Cl")
    assert text == ("Na Cl Cl is not a molecule: the valences do not add up to zero: Na +1 and two Cl −1 "
                    "(2 × −1 = −2) give +1 − 2 = −1, not 0 (NaCl is built from these elements)")
    assert "give +4 − 6 = −2, not 0 (CO2 is built from these elements)" in \
        _refusal(["C", "O", "O", "O"], "build C O O O")
    assert "give +2 + 3 − 6 = −1, not 0" in _refusal(["Ca", "O", "H"], "build Ca(OH)3")


def test_a_real_compound_that_is_not_in_the_bank_says_so():
    """'Take the Molecule from the Molecule Bank that matches the colors of the Element Cards. Check the
    back of the Molecule to make sure you built it correctly.' CaCO3 is real chemistry and its valences
    add up to zero, but no molecule card is chalk: the refusal says exactly that, however it is typed."""
    for text in ("build CaCO3", "build caco3", "build Ca C O O O", "build calcium carbonate"):
        reason = _refusal(["Ca", "C", "O", "O", "O"], text)
        assert reason.startswith("CaCO3 (calcium carbonate; chalk, limestone and marble) is a real compound, "
                                 "and its valences add up to zero (C +4, Ca +2 and three O −2 "
                                 "(3 × −2 = −6) give +4 + 2 − 6 = 0), but it is not a molecule of this game: "
                                 "it is in no recipe of the Molecule Bank"), text
    assert "NaHCO3 (sodium hydrogen carbonate; baking soda) is a real compound" in \
        _refusal(["Na", "H", "C", "O", "O", "O"], "build NaHCO3")


def test_valences_adding_to_zero_are_not_enough():
    """Ruling: 'Only these recipes are molecules (chemically correct formulas with the valences above;
    mixed forms such as NaKO are not)'."""
    text = _refusal(["Na", "K", "O"], "build Na K O")
    assert text == ("Na K O is not a molecule of this game: the valences add up to zero (Na +1, K +1 and "
                    "O −2 give +1 + 1 − 2 = 0), but only the recipes of the Molecule Bank are molecules "
                    "here (Na and K are two metals: no molecule card mixes metals)")


def test_real_molecules_the_cards_cannot_describe_say_why():
    """'Build Molecules ... whose Valence numbers add up to zero': hydrogen peroxide and methane are real,
    but their atoms do not have the cards' valences, so the sum is not zero and the refusal says both."""
    text = _refusal(["H", "H", "O", "O"], "build H2O2")
    assert "give +2 − 4 = −2, not 0 (H2O2, hydrogen peroxide, is real, but its atoms do not all have " \
           "the valences on the cards, so no cards build it)" in text
    assert "(CO, carbon monoxide, is real, but" in _refusal(["C", "O"], "build C O")


def test_elements_that_are_no_card_and_helium_are_named():
    """Components: '48 Element Cards: 12 Oxygen, 10 Hydrogen, 3 Carbon, 6 Sodium, 4 Fluorine, 8 Chlorine,
    2 Potassium, 2 Calcium, 1 Helium.' and Helium goes to the stash 'as if building a complete Molecule'."""
    assert "Mg is not an element card of this game (the cards are H, He, C, O, F, Na, Cl, K, Ca)" in \
        _refusal(["O"], "build MgO")
    assert "helium (valence 0) is never part of one" in _refusal(["He", "O"], "build He O")
    assert "is not the name, formula or cards of a molecule of this game" in _refusal(["O"], "build xyzzy")
