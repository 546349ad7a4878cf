"""What players and classes read: the chemistry behind every compound formed, and the reasons given
for moves that are refused."""

from __future__ import annotations

import re
from math import gcd

import pytest

from ionarena.core import IllegalAction, Names
from ionarena.games.compound.cards import IONS
from ionarena.games.compound.chemistry import all_recipes, explain, ion_text

from .rig import SPEC, new_game, of_kind, others_unbonded, play_turn, rig

WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def test_explain_names_the_ions_and_adds_up_their_charges():
    """Rulebook: "For example: Mg(OH)2 is made of 1 Mg2+ Ion and 2 OH- Ions." and "When a card with a
    positive charge is bonded to a card with a negative charge of the same strength, it forms a
    neutrally-charged compound as the positive and negative charges balance out." """
    assert explain(["Mg", "OH", "OH"]) == (
        "Mg(OH)2 — magnesium hydroxide: one magnesium ion Mg²⁺ and two hydroxide ions OH⁻ (2 × −1 = −2); "
        "the charges add up to +2 − 2 = 0, so the compound is neutral.")
    assert explain(["Na", "Cl"]) == ("NaCl — sodium chloride: one sodium ion Na⁺ and one chloride ion Cl⁻; "
                                     "the charges add up to +1 − 1 = 0, so the compound is neutral.")
    assert "three ammonium ions NH₄⁺ (3 × +1 = +3) and one phosphate ion PO₄³⁻" in \
        explain(["NH4", "NH4", "NH4", "PO4"])
    assert explain(["Fe3", "Cl", "Cl", "Cl"]).startswith(
        "FeCl3 — iron(III) chloride: one iron(III) ion Fe³⁺ and three chloride ions Cl⁻ (3 × −1 = −3)")
    assert explain(["H", "H", "O"]).startswith(
        "H2O — water: two hydrogen ions H⁺ (2 × +1 = +2) and one oxide ion O²⁻")
    assert explain(["Mg", "Cl"]) == ""


def test_every_explanation_is_arithmetic_that_checks_out():
    """Rulebook: "Any charges greater than 1 must still balance to 0, using multiple cards if needed." (every
    compound of the game is explained with its own ions and counts, and the sum is right)."""
    for r in all_recipes():
        text = explain(r.tokens)
        cation, anion = IONS[r.cation], IONS[r.anion]
        assert text.startswith(f"{r.formula} — {r.name}: ")
        for ion, count, token in ((cation, r.n_cation, r.cation), (anion, r.n_anion, r.anion)):
            assert f"{WORDS[count]} {ion.name} ion{'s' if count > 1 else ''} {ion_text(token)}" in text
        plus, minus = r.n_cation * cation.charge, -r.n_anion * anion.charge
        assert plus == minus and gcd(r.n_cation, r.n_anion) == 1
        assert f"the charges add up to +{plus} − {minus} = 0" in text
        superscript = re.sub(r"[^⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻]", "", ion_text(r.cation))
        assert superscript == ("" if cation.charge == 1 else "⁰¹²³⁴"[cation.charge]) + "⁺"


def test_a_bond_event_is_explained_for_a_class():
    """Rulebook: "To form a bond, simply place the new charged card together with the card or cards that
    form a valid chemical bond." (the event says which compound; `explain` gives its chemistry)."""
    s = rig(hands={0: ["OH"]}, unbonded={0: ["OH", "Mg"]})
    play_turn(s, {0: ["pick OH"]})
    others_unbonded(s, keep=0)
    s.apply_text(0, "bond Mg(OH)2")
    bond = next(e for e in s.events(3) if e.kind == "bond")
    assert SPEC.presenter.explain(bond) == explain(["Mg", "OH", "OH"])
    assert all(SPEC.presenter.explain(e) == "" for e in s.events(3) if e.kind != "bond")


def _declare_with(unbonded: list[str], new: str, variant: str = "standard"):
    s = rig(variant=variant, hands={0: [new]}, unbonded={0: unbonded})
    play_turn(s, {0: [f"pick {new}"]})
    others_unbonded(s, keep=0)
    assert s.actors() == [0]
    return s


def test_a_formula_whose_charges_do_not_add_up_is_explained_by_its_charges():
    """Rulebook: "Any charges greater than 1 must still balance to 0" (issue: `bond HF2` blamed noble gases
    and transition metals; it must say that the charges do not sum to zero)."""
    s = _declare_with(["H", "F"], "F", variant="beginner")
    with pytest.raises(IllegalAction) as caught:
        s.apply_text(0, "bond HF2")
    text = str(caught.value)
    assert "one hydrogen ion H⁺ and two fluoride ions F⁻" in text and "+1 − 2 = −1, not 0" in text
    assert "HF is: one H⁺ and one F⁻, +1 − 1 = 0" in text
    assert "noble" not in text and "transition" not in text
    with pytest.raises(IllegalAction, match=r"\+2 − 1 = \+1, not 0"):
        s.apply_text(0, "bond Mg Cl")
    with pytest.raises(IllegalAction, match="noble gas"):
        s.apply_text(0, "bond He Cl")
    with pytest.raises(IllegalAction, match="lowest ratio: NaCl"):
        s.apply_text(0, "bond Na2Cl2")
    with pytest.raises(IllegalAction, match="positive ions in a compound must be identical, not Na⁺ and K⁺"):
        s.apply_text(0, "bond Na K O")


def test_a_compound_that_cannot_be_built_now_says_why():
    """Rulebook: "To form a bond, simply place the new charged card together with the card or cards that
    form a valid chemical bond." (a real compound, but not with this player's cards)."""
    s = _declare_with(["H"], "Cl")
    with pytest.raises(IllegalAction, match="MgCl2 — magnesium chloride now: a bond holds your revealed Cl"):
        s.apply_text(0, "bond MgCl2")


def test_beginner_has_no_tiles_and_says_so():
    """Rulebook: "do not give players a set of Action Tiles" and "do not deal cards to the center of the
    table" (issue: `two` gave a wrong reason)."""
    s = new_game(variant="beginner")
    with pytest.raises(IllegalAction, match=r"^the Beginner game has no Action Tiles$"):
        s.apply_text(0, "two")
    with pytest.raises(IllegalAction, match="no Action Tiles and no center cards"):
        s.apply_text(0, "center Mg")
    with pytest.raises(IllegalAction, match="no Action Tiles"):
        s.apply_text(0, "rxn")


def test_the_beginner_prompt_names_only_what_beginner_has():
    """Rulebook: the Beginner game has no Action Tiles and no center cards (issue: its prompts mentioned
    tiles and the center)."""
    s = new_game(variant="beginner")
    text = SPEC.presenter.render(s.view(0), Names(0))
    prompt = text.split("Your move: ")[1]
    assert prompt.startswith("choose a card to keep: 'pick ")
    for word in ("two", "center", "rxn", "Tile", "Center"):
        assert word not in text
    standard = SPEC.presenter.render(new_game().view(0), Names(0))
    assert "'two' (Play Two)" in standard and "(Play From Center)" in standard and "'rxn' (RXN)" in standard


def test_tile_reasons_in_the_standard_game():
    """Rulebook: "Action Tiles may be used only once per game, unless refreshed" (the reason names which)."""
    s = rig(tiles=[{"two": "down"}], hands={0: ["H", "Cl"]}, center=["Na", "He", "O", "Mg"])
    with pytest.raises(IllegalAction, match="Play Two tile is face down"):
        s.apply_text(0, "two")
    s.apply_text(0, "rxn")
    with pytest.raises(IllegalAction, match="already chosen RXN"):
        s.apply_text(0, "rxn")
    with pytest.raises(IllegalAction, match=r"no Xe in the center"):
        s.apply_text(0, "center Xe")
    s.apply_text(0, "pick H")
    with pytest.raises(IllegalAction, match="picked this turn"):
        s.apply_text(0, "center Na")
    assert of_kind(s, "tile", 0) == [{"player": 0, "tile": "rxn", "card": None}]


def test_errors_quote_only_a_short_prefix_of_what_was_typed():
    """Issue 8: "Error messages quote at most a short prefix of what was typed"."""
    s = new_game()
    for text in ("pick " + "X" * 250, "bond " + "H" * 250 + "F", "fly " * 70):
        with pytest.raises(IllegalAction) as caught:
            s.apply_text(0, text)
        assert len(str(caught.value)) < 300


def test_hydrogen_compounds_are_explained_as_the_molecules_they_are():
    """Rulebook: "after picking a Chloride (charge of -1), you may bond it to an unbonded Hydrogen (charge
    of +1)". The cards count hydrogen as H⁺, but a class must not learn that HCl or water is a salt of
    ions: every compound with a Hydrogen card says it is really a molecule (H⁺ only forms in water);
    no other compound says so."""
    for r in all_recipes():
        text = explain(r.tokens)
        note = f" Real {r.formula} is a molecule whose atoms share electrons, not a salt of ions"
        assert (note in text) == (r.cation == "H"), text
    assert explain(["H", "Cl"]).endswith("the cards count hydrogen as H⁺, the ion it forms in water.")
    assert "hydrochloric" not in explain(["H", "Cl"])  # HCl itself is hydrogen chloride (IUPAC)
