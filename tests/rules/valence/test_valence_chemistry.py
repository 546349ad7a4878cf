"""The chemistry shown to players: pure functions, formulas and IUPAC names."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from ionarena.games.valence.cards import RECIPES
from ionarena.games.valence.chemistry import (
    accepts_name,
    formula,
    hill_formula,
    label,
    molecule_points,
    molecule_type,
    name,
    reaction,
)


@pytest.mark.parametrize(("cards", "kind"), [
    (["Na", "O", "H"], "base"), (["H", "O", "H"], "water"), (["Cl", "Na"], "salt"),
    (["Ca", "Cl", "Cl"], "salt"), (["K", "K", "O"], "metal_oxide"), (["F", "H"], "acid"),
    (["O", "C", "O"], "carbon_dioxide"), (["C", "O", "F", "Cl"], "deadly_carbonyl"),
    (["F", "C", "F", "F", "F"], "halocarbon"),
    (["Na", "K", "O"], None), (["Na", "O"], None), (["He"], None), (["Xx"], None), ([], None)])
def test_molecule_type(cards, kind):
    """Ruling: 'A molecule's type is fixed by its element cards. Only these recipes are molecules
    ... mixed forms such as NaKO are not'."""
    assert molecule_type(cards) == kind


def test_molecule_points():
    """Ruling table: Salt 1, Water 1, Metal Oxide 3, Acid 1, Base 4, Carbon Dioxide 2, Deadly
    Carbonyl 4, Halocarbon 4; Helium 2."""
    assert {t: molecule_points(t) for t in ("salt", "water", "metal_oxide", "acid", "base",
                                             "carbon_dioxide", "deadly_carbonyl", "halocarbon")} == {
        "salt": 1, "water": 1, "metal_oxide": 3, "acid": 1, "base": 4, "carbon_dioxide": 2,
        "deadly_carbonyl": 4, "halocarbon": 4}
    assert molecule_points("helium") == 2
    with pytest.raises(ValueError):
        molecule_points("gold")


@pytest.mark.parametrize(("cards", "expected"), [
    (["Na", "O", "H"], "NaOH"), (["Ca", "O", "H", "O", "H"], "Ca(OH)2"), (["H", "H", "O"], "H2O"),
    (["C", "O", "O"], "CO2"), (["H", "Cl"], "HCl"), (["C", "Cl", "Cl", "Cl", "F"], "CCl3F"),
    (["C", "O", "Cl", "F"], "COClF"), (["Na", "Na", "O"], "Na2O"), (["Ca", "F", "F"], "CaF2")])
def test_formulas(cards, expected):
    """Conventional formulas: cation first, halocarbons in Hill order (NaOH, Ca(OH)2, CCl3F, COClF)."""
    assert formula(cards) == expected


def test_names_and_labels():
    """Labels as shown to a class: 'Ca(OH)2 — calcium hydroxide', 'COCl2 — carbonyl dichloride
    (phosgene)', 'CCl2F2 — dichlorodifluoromethane'."""
    assert label("Ca(OH)2") == "Ca(OH)2 — calcium hydroxide"
    assert label("COCl2") == "COCl2 — carbonyl dichloride (phosgene)"
    assert label("CCl2F2") == "CCl2F2 — dichlorodifluoromethane"
    assert name(["C", "Cl", "Cl", "Cl", "F"]) == "trichlorofluoromethane"
    assert name(["C", "Cl", "F", "F", "F"]) == "chlorotrifluoromethane"
    assert name(["C", "O", "Cl", "F"]) == "carbonyl chloride fluoride"
    assert name(["Na", "Cl"]) == "sodium chloride" and name(["Na", "K"]) is None
    assert formula(["Na", "K"]) is None


def test_halocarbon_hill_formulas_match_their_display():
    """Halocarbons are written in Hill order: C, then the halogens alphabetically (Cl before F)."""
    for recipe in RECIPES.values():
        if recipe.type == "halocarbon":
            assert hill_formula(recipe.cards) == recipe.formula


def test_accepts_name():
    """Ruling (issue 25): 'the systematic name and the common names, ignoring case, spaces and hyphens;
    never a formula'."""
    assert accepts_name(["Na", "O", "H"], "sodium hydroxide")
    assert accepts_name(["Na", "O", "H"], "  SODIUM   hydroxide ")
    assert accepts_name(["C", "Cl", "Cl", "F", "F"], "Freon 12")
    assert not accepts_name(["H", "H", "O"], "H₂O")
    assert not accepts_name(["Na", "O", "H"], "NaOH")
    assert not accepts_name(["Na", "O", "H"], "sodium oxide")
    assert not accepts_name(["Na", "K", "O"], "sodium potassium oxide")


def test_reaction_equations_balance():
    """Ruling: 'NaOH + HF -> NaF + H2O; CaO + 2 HCl -> CaCl2 + H2O'."""
    assert reaction("HF", "NaOH") == (("NaF", "H2O"), "NaOH + HF → NaF + H2O")
    assert reaction("HCl", "CaO") == (("CaCl2", "H2O"), "CaO + 2 HCl → CaCl2 + H2O")
    assert reaction("HCl", "Ca(OH)2") == (("CaCl2", "H2O"), "Ca(OH)2 + 2 HCl → CaCl2 + 2 H2O")
    assert reaction("HF", "K2O") == (("KF", "H2O"), "K2O + 2 HF → 2 KF + H2O")
    assert reaction("HCl", "CCl4") is None and reaction("H2O", "NaOH") is None


def _atoms(text: str) -> Counter:
    """Atoms in a formula with an optional leading coefficient: "2 H2O", "Ca(OH)2"."""
    coefficient, _, formula_ = text.strip().rpartition(" ")
    times = int(coefficient) if coefficient else 1
    counts: Counter = Counter()
    for group, group_n, symbol, n in re.findall(r"\(([A-Za-z0-9]+)\)(\d*)|([A-Z][a-z]?)(\d*)", formula_):
        if group:
            for s, k in re.findall(r"([A-Z][a-z]?)(\d*)", group):
                counts[s] += int(k or 1) * int(group_n or 1)
        else:
            counts[symbol] += int(n or 1)
    return Counter({s: k * times for s, k in counts.items()})


def test_every_formula_has_exactly_its_cards():
    """'Check the back of the Molecule to make sure you built it correctly.' Each formula shown
    holds exactly the atoms of the element cards that build it (Ca(OH)2 = Ca O H O H)."""
    for formula_, recipe in RECIPES.items():
        assert _atoms(formula_) == Counter(recipe.cards), formula_


def test_every_reaction_the_game_shows_is_balanced():
    """'Acid reacts with Base and Metal Oxide; Water reacts with Deadly Carbonyl.' Every equation
    the game can show has the same atoms on both sides, and its product cards appear in it."""
    shown = 0
    for reactor in RECIPES:
        for target in RECIPES:
            result = reaction(reactor, target)
            if result is None:
                continue
            shown += 1
            products, equation = result
            left, right = equation.split(" → ")
            assert sum((_atoms(t) for t in left.split(" + ")), Counter()) == \
                sum((_atoms(t) for t in right.split(" + ")), Counter()), equation
            sides = [t.strip().rpartition(" ")[2] for t in right.split(" + ")]
            assert all(p in sides for p in products), equation
    assert shown == 2 * 6 + 3  # HCl, HF on 3 Bases and 3 Metal Oxides; H2O on 3 Deadly Carbonyls
