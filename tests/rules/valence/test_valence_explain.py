"""`explain(event)`: the chemistry behind a build or a reaction, in words a teacher can read to a class
(rulebook 'What is Valence?'). Every number it says is checked against the cards and the atoms."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from ionarena.core import Event
from ionarena.games.valence.cards import ELEMENT_INFO, RECIPES
from ionarena.games.valence.chemistry import reaction

from .valence_table import PRESENTER, events, table

METALS = {"Na", "K", "Ca"}
NUMBER = {"−": -1, "+": 1}
REACTIONS = [(r, t) for r in RECIPES for t in RECIPES if reaction(r, t)]


def build_event(formula: str) -> Event:
    recipe = RECIPES[formula]
    return Event(1, "build", {"player": 0, "molecule": formula, "cards": list(recipe.cards),
                              "type": recipe.type, "points": 1})


def signed_numbers(text: str) -> list[int]:
    """`(+1) + (−2) + (+1)` -> [1, -2, 1]."""
    return [NUMBER[sign] * int(digits) for sign, digits in re.findall(r"\(([+−])(\d)\)", text)]


def atoms_of(formula: str) -> Counter:
    """Atoms in a formula as written, with an optional coefficient: "2 H2O", "Ca(OH)2"."""
    coefficient, _, written = formula.strip().rpartition(" ")
    times = int(coefficient) if coefficient else 1
    counts: Counter = Counter()
    for group, group_n, symbol, n in re.findall(r"\(([A-Za-z0-9]+)\)(\d*)|([A-Z][a-z]?)(\d*)", written):
        if group:
            for s, k in re.findall(r"([A-Z][a-z]?)(\d*)", group):
                counts[s] += int(k or 1) * int(group_n or 1)
        else:
            counts[symbol] += int(n or 1)
    return Counter({s: k * times for s, k in counts.items()})


@pytest.mark.parametrize("formula", list(RECIPES))
def test_a_build_is_explained_with_its_cards_valences_formula_and_name(formula):
    """'Build Molecules on your turn by finding combinations of your Element Cards whose Valence
    numbers add up to zero.' The explanation names the molecule and its formula, lists the element
    cards (atoms) with their valences, and adds those valences up to zero, card by card."""
    recipe = RECIPES[formula]
    text = PRESENTER.explain(build_event(formula))
    assert text.startswith(f"{recipe.name[0].upper()}{recipe.name[1:]}, {formula}, is built from "
                           f"{len(recipe.cards)} element cards: ")
    for symbol in set(recipe.cards):
        info = ELEMENT_INFO[symbol]
        assert f"{info.name} ({symbol}, {'+' if info.valence > 0 else '−'}{abs(info.valence)}" in text
    total = text.split("Their valences add up to zero: ")[1].split(" = 0.")[0]
    assert signed_numbers(total) == [ELEMENT_INFO[s].valence for s in recipe.cards]
    assert sum(signed_numbers(total)) == 0


@pytest.mark.parametrize("formula", list(RECIPES))
def test_ionic_compounds_are_told_apart_from_molecules(formula):
    """'We call this stable group of atoms a molecule' — but a metal with non-metals forms ions, not
    a molecule: salts, metal oxides and bases are ionic compounds whose ions' charges add up to zero;
    the others are molecules whose atoms share electrons, each forming as many bonds as its valence."""
    text = PRESENTER.explain(build_event(formula))
    ionic = bool(METALS & set(RECIPES[formula].cards))
    assert ("It is an ionic compound" in text) == ionic
    assert ("It is a molecule: its atoms share electrons" in text) == (not ionic)
    if ionic:
        charges = text.split("the charges of the ions add up to zero too: ")[1].split(" = 0.")[0]
        assert sum(signed_numbers(charges)) == 0 and len(signed_numbers(charges)) >= 2


def test_the_ions_and_bonds_are_the_real_ones():
    """Chemistry must be correct: NaOH is Na⁺ and OH⁻; Ca(OH)2 is Ca²⁺ and two OH⁻; Na2O is two Na⁺
    and O²⁻; CO2 is O=C=O; phosgene is a carbonyl with two C–Cl bonds; water is H–O–H."""
    explain = {f: PRESENTER.explain(build_event(f)) for f in RECIPES}
    assert "one sodium ion Na⁺ and one hydroxide ion OH⁻" in explain["NaOH"]
    assert "one calcium ion Ca²⁺ and two hydroxide ions OH⁻" in explain["Ca(OH)2"]
    assert "two sodium ions Na⁺ and one oxide ion O²⁻" in explain["Na2O"]
    assert "one calcium ion Ca²⁺ and two chloride ions Cl⁻" in explain["CaCl2"]
    assert "(O=C=O)" in explain["CO2"] and "(H–O–H)" in explain["H2O"] and "(H–F)" in explain["HF"]
    assert "(Cl–C(=O)–Cl)" in explain["COCl2"] and "Its common name is phosgene." in explain["COCl2"]
    assert "four chlorine atoms" in explain["CCl4"]
    assert "Dissolved in water it makes hydrochloric acid." in explain["HCl"]


@pytest.mark.parametrize(("reactor", "target"), REACTIONS)
def test_a_reaction_is_explained_with_its_balanced_equation(reactor, target):
    """'Acid reacts with Base and Metal Oxide; Water reacts with Deadly Carbonyl.' / 'Exchange a Base
    or Metal Oxide for a Salt and Water; exchange a Deadly Carbonyl for a Carbon Dioxide and Acid.'
    The explanation gives the balanced equation, and the atoms it counts are those of each side."""
    products, equation = reaction(reactor, target)
    event = Event(1, "react", {"player": 0, "reactor": reactor, "victim": 1, "target": target,
                               "products": list(products), "equation": equation})
    text = PRESENTER.explain(event)
    assert f"Balanced equation: {equation} (" in text
    left, right = equation.split(" → ")
    atoms = [sum((atoms_of(t) for t in side.split(" + ")), Counter()) for side in (left, right)]
    assert atoms[0] == atoms[1]
    counted = text.split("Both sides hold the same atoms: ")[1].split(".")[0].replace(" and ", ", ")
    assert Counter({s: int(n) for n, s in (item.split(" ") for item in counted.split(", "))}) == atoms[0]
    kind = RECIPES[target].type
    assert text.startswith({"base": "Neutralisation: an acid and a base",
                            "metal_oxide": "An acid reacts with a metal oxide",
                            "deadly_carbonyl": "Hydrolysis: water"}[kind])
    assert f"the {target} card is exchanged for" in text and all(f"({p})" in text for p in products)


def test_events_without_chemistry_explain_nothing_and_helium_is_a_noble_gas():
    """'Helium is a special Element Card - add Helium to your Molecule Stash as if building a complete
    Molecule'. Helium bonds with nothing (a full shell); a draw or a steal has no chemistry."""
    state = table(3, hands={0: ["He", "O"], 1: ["K"]}, stashes={0: ["HCl"], 1: ["NaOH"]})
    state.apply_text(0, "react HCl 1 NaOH")
    explained = {e.kind: PRESENTER.explain(e) for e in events(state, 0)}
    assert explained["steal"] == ""
    assert explained["react"].startswith("Neutralisation")
    state.apply_text(0, "helium")
    helium = PRESENTER.explain(events(state, 0)[0])
    assert "noble gas" in helium and "valence is 0" in helium
    passes = events(state, 0)[1:]
    assert [e.kind for e in passes] == ["pass"] and PRESENTER.explain(passes[0]) == ""


def test_a_wrong_science_ninja_name_is_explained_with_the_right_one():
    """Science Ninja: 'they must declare they've made Sodium Hydroxide' — after a wrong name, the class
    hears what the cards really make."""
    state = table(2, "ninja", hands={0: ["Na", "O", "H"]})
    state.apply_text(0, "build Na O H as sodium oxide")
    assert PRESENTER.explain(events(state, 1)[0]).startswith("Sodium hydroxide, NaOH, is built from 3")


def test_an_acid_is_hydrochloric_acid_only_in_water():
    """IUPAC: HCl is hydrogen chloride; hydrochloric acid is its solution in water. The card reads
    "hydrogen chloride (in water: hydrochloric acid)"; an Acid card reacting (an acid reacts in water)
    is named as the acid, the HCl a hydrolysis gives off as the gas."""
    from ionarena.games.valence.chemistry import label

    assert label("HCl") == "HCl — hydrogen chloride (in water: hydrochloric acid)"
    assert label("HF") == "HF — hydrogen fluoride (in water: hydrofluoric acid)"
    assert label("CaO") == "CaO — calcium oxide (quicklime)"

    def words(reactor: str, target: str) -> str:
        products, equation = reaction(reactor, target)
        event = Event(1, "react", {"player": 0, "reactor": reactor, "victim": 1, "target": target,
                                   "products": list(products), "equation": equation})
        return PRESENTER.explain(event)

    assert "(sodium hydroxide + hydrochloric acid → sodium chloride + water)" in words("HCl", "NaOH")
    assert "(calcium oxide + hydrofluoric acid → calcium fluoride + water)" in words("HF", "CaO")
    assert "(carbonyl dichloride + water → carbon dioxide + hydrogen chloride)" in words("H2O", "COCl2")
