"""Rulebook tests of the pure scoring functions of Ion: A Compound Building Game."""

from __future__ import annotations

import pytest

from ionarena.games.compound.scoring import (
    best_arrangement,
    compound_points,
    decay_awards,
    formula,
    goal_points,
    name,
    noble_gas_points,
    radioactive_points,
)


def test_hydrogen_and_chloride_score_seven():
    """Rulebook: "For example, a Hydrogen bonded with a Chloride will score a player 7 points." """
    assert compound_points(["H", "Cl"]) == 7


def test_magnesium_needs_two_identical_minus_one_ions():
    """Rulebook: "Magnesium (Mg) has a charge of +2. To use it in a compound, you could bond it with
    2 of the same -1 Element Card." """
    assert compound_points(["Mg", "Cl", "Cl"]) == 13
    assert compound_points(["Mg", "Cl"]) is None
    assert compound_points(["Mg", "Cl", "F"]) is None


def test_mixed_ions_are_illegal():
    """Rulebook: "If there are multiple positive or negative ions in the same compound, they must be
    identical." (Na + K with O is not a compound; Na + Na with O is.)"""
    assert compound_points(["Na", "K", "O"]) is None
    assert compound_points(["Na", "Na", "O"]) == 12


def test_charges_must_sum_to_zero():
    """Rulebook: "Any charges greater than 1 must still balance to 0, using multiple cards if needed." """
    assert compound_points(["Ca", "O"]) == 11
    assert compound_points(["Ca", "O", "O"]) is None
    assert compound_points(["Na", "Cl", "Cl"]) is None
    assert compound_points(["He", "Ne"]) is None


def test_noble_gases_and_radioactive_never_bond():
    """Rulebook: "Noble Gas Cards are already neutrally-charged, and do not bond." and "Radioactive
    Cards do not have charges and do not bond." """
    assert compound_points(["He", "Cl"]) is None
    assert compound_points(["rad-Fr", "Cl"]) is None


def test_transition_metal_orientation_sets_charge_and_points():
    """Rulebook: "When forming a bond, rotate the card so the charge of your choosing is in the upper
    left (and points for that configuration in the bottom left)." """
    assert compound_points(["Fe3", "Cl", "Cl", "Cl"]) == 19
    assert compound_points(["Fe2", "Cl", "Cl"]) == 13
    assert compound_points(["Fe2", "Cl", "Cl", "Cl"]) is None
    assert compound_points(["Fe", "Cl", "Cl"]) is None  # a side must be chosen


def test_lowest_ratio_only():
    """Ruling (compound.md): "A compound is one formula unit in lowest ratio: NaCl, never Na2Cl2; MgO,
    never Mg2O2." """
    assert compound_points(["Mg", "Mg", "O", "O"]) is None
    assert compound_points(["Na", "Na", "Cl", "Cl"]) is None
    assert formula(["O", "Mg"]) == "MgO"


@pytest.mark.parametrize(("cards", "text"), [
    (["Mg", "OH", "OH"], "Mg(OH)2 — magnesium hydroxide"),
    (["Fe3", "Cl", "Cl", "Cl"], "FeCl3 — iron(III) chloride"),
    (["Fe2", "Cl", "Cl"], "FeCl2 — iron(II) chloride"),
    (["NH4", "NO3"], "NH4NO3 — ammonium nitrate"),
    (["H", "OH"], "H2O — water"),
    (["H", "H", "O"], "H2O — water"),
    (["H", "Cl"], "HCl — hydrogen chloride"),
    (["Mg", "O"], "MgO — magnesium oxide"),
    (["NH4", "NH4", "SO4"], "(NH4)2SO4 — ammonium sulfate"),
    (["Ca", "Ca", "Ca", "PO4", "PO4"], "Ca3(PO4)2 — calcium phosphate"),
    (["H", "H", "SO4"], "H2SO4 — sulfuric acid"),
    (["Cu1", "Cu1", "O"], "Cu2O — copper(I) oxide"),
    (["Mn4", "O", "O"], "MnO2 — manganese(IV) oxide"),
    (["Au3", "Au3", "O", "O", "O"], "Au2O3 — gold(III) oxide"),
    (["NH4", "OH"], "NH4OH — ammonium hydroxide"),
    (["Na", "Na", "CO3"], "Na2CO3 — sodium carbonate"),
])
def test_formula_and_name(cards, text):
    """Rulebook: "Compounds are listed as formulas that show which Ions are used. If more than 1 of an
    Ion is used in that compound, a subscripted number after the Ion will show how many. For example:
    Mg(OH)2 is made of 1 Mg2+ Ion and 2 OH- Ions." """
    assert f"{formula(cards)} — {name(cards)}" == text


def test_noble_gas_sets():
    """Rulebook: "Any single Noble Gas Card scores 2 points, 2 different Noble Gas Cards score 5 points,
    and all 3 different Noble Gas Cards score 9 points. You may score multiple sets." """
    assert noble_gas_points(["He"]) == 2
    assert noble_gas_points(["He", "Ne"]) == 5
    assert noble_gas_points(["He", "Ne", "Ar"]) == 9
    assert noble_gas_points(["He", "He"]) == 4
    assert noble_gas_points(["He", "Ne", "Ar", "He", "Ne"]) == 14
    assert noble_gas_points(["He", "Ne", "Ar", "He", "Ne", "Ar"]) == 18
    assert noble_gas_points(["He", "Cl", "Na"]) == 2


def test_goal_one_compound_or_both():
    """Rulebook: "A player earns the top number of points for building 1 compound listed on that Goal
    Card, or the bottom number of points for building both compounds listed." """
    assert goal_points(["alkali_salts"], [["Na", "Cl"]]) == 3
    assert goal_points(["alkali_salts"], [["Na", "Cl"], ["K", "Cl"]]) == 7
    assert goal_points(["alk_earth_bases"], [["Mg", "OH", "OH"]]) == 5
    assert goal_points(["alk_earth_bases"], [["Mg", "OH", "OH"], ["Ca", "OH", "OH"]]) == 11
    assert goal_points(["noble_gases"], [], ["He"]) == 2
    assert goal_points(["noble_gases"], [], ["He", "Ne"]) == 5


def test_goal_pays_once_and_two_copies_are_not_both():
    """Ruling (compound.md): "Each goal card pays each player at most once a round; one compound may
    satisfy several goal cards; two copies of the same compound do not make 'both'." """
    assert goal_points(["alkali_salts"], [["Na", "Cl"], ["Na", "Cl"]]) == 3
    assert goal_points(["hydrohalic_acids", "neutralization"], [["H", "Cl"], ["Na", "OH"]]) == 3 + 10


def test_neutralization_needs_two_compounds_and_water_does_not_count():
    """Rulebook: "Note: to receive bonus points from the Neutralization Reaction Goal Card, a player
    must build 2 compounds - one compound containing Hydrogen, and another containing Hydroxide.
    Bonding Hydrogen and Hydroxide (water) does not count toward this Goal Card's bonus points." """
    assert goal_points(["neutralization"], [["H", "OH"]]) == 0
    assert goal_points(["neutralization"], [["H", "OH"], ["H", "Cl"]]) == 0
    assert goal_points(["neutralization"], [["H", "Cl"], ["K", "OH"]]) == 10
    assert goal_points(["neutralization"], [["H", "OH"], ["H", "Cl"], ["K", "OH"]]) == 10
    # RULING (Ion Arena): water is water however its cards were bonded: H2O from 2 H + O is no half either
    assert goal_points(["neutralization"], [["H", "H", "O"], ["K", "OH"]]) == 0
    assert goal_points(["neutralization"], [["H", "H", "O"], ["H", "F"], ["K", "OH"]]) == 10


def test_radioactive_reveal_rule():
    """Rulebook: "Each unrotated face-up card: +4 points / Each card rotated 90 degrees: +2 points /
    Each face-down card: +0 points" (1, 2, 3 or more revealed that turn)."""
    assert [radioactive_points(k) for k in (1, 2, 3, 4, 7)] == [4, 2, 0, 0, 0]


def test_decay_example():
    """Rulebook: "In a 4 player game, Ariel had 10 Radioactive Decay, Blake and Cara each had 7
    Radioactive Decay, and Dan only had 2 Radioactive Decay." -> 15, 6, 6, -5."""
    assert decay_awards([10, 7, 7, 2]) == [15, 6, 6, -5]


def test_decay_ties_and_small_tables():
    """Rulebook: "If 2 or more players tie for a Radioactive Decay position, they add the points together
    for the positions they held and the position below it. Then, they will divide the points equally
    among those players rounding up" (ruling: 3 players 15, 9, -5; 2 players 15, -5)."""
    assert decay_awards([0, 0, 0, 0]) == [6, 6, 6, 6]
    assert decay_awards([5, 9, 2]) == [9, 15, -5]
    assert decay_awards([3, 8]) == [-5, 15]
    assert decay_awards([4, 4]) == [5, 5]
    assert decay_awards([9, 1, 1, 1, 9]) == [12, 0, 0, 0, 12]  # (3 + 0 - 5) / 3 rounded up


def test_rxn_optimiser_uses_either_orientation_and_an_extra_card():
    """Rulebook: "Flipping this Tile in a round allows you to freely rearrange any or all of the Element
    Cards in your player area, re-bonding to form new compounds however you choose (Transition Metals
    may be used in either orientation). Additionally, at the end of round you may take any 1 Element
    Card from the center of the table or Discard Pile to use in forming your compounds." """
    best = best_arrangement(["Fe", "Cl", "Cl"], [], ["Cl", "He"])
    assert best.extra == "Cl"
    assert best.compounds == (("Fe3", "Cl", "Cl", "Cl"),)
    assert best.points == 19
    plain = best_arrangement(["Fe", "Cl", "Cl"], [], [])
    assert plain.compounds == (("Fe2", "Cl", "Cl"),) and plain.points == 13


def test_rxn_optimiser_values_goals():
    """Rulebook: "A player scores bonus points for any compound(s) they've built that are listed on any of
    the Compound Goal Cards for the round." (the optimiser counts goals: HCl + NaOH beats NaCl + water)"""
    best = best_arrangement(["H", "OH", "Na", "Cl"], ["neutralization"], [])
    assert sorted(best.compounds) == [("H", "Cl"), ("Na", "OH")]
    assert best.points == 7 + 7 + 10
