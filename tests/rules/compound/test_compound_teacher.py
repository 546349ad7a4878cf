"""Teacher notes (issue 25): every compound the deck can make is checked against real chemistry, the
ones that are no stable substance say so when explained, and hints suggest only what the deck makes."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ionarena.core import Event
from ionarena.games.compound.cards import IONS, deck_for
from ionarena.games.compound.chemistry import all_recipes, explain, why_not
from ionarena.games.compound.present import PRESENTER
from ionarena.games.compound.substances import deck_can_make, substances

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules" / "compound.md"


def _deck_makes() -> set[str]:
    deck = Counter(deck_for("advanced"))
    return {r.formula for r in all_recipes() if all(deck[c] >= k for c, k in Counter(r.cards).items())}


def test_every_compound_the_deck_can_make_is_checked_once():
    """Ruling (docs/rules/compound.md, "For teachers"): the list names exactly the compounds the cards can
    make — one card of each transition metal and polyatomic ion, so Fe2O3 and (NH4)2SO4 are not on it."""
    assert set(substances()) == _deck_makes()
    assert "Fe2O3" not in substances() and "(NH4)2SO4" not in substances()
    assert len(substances()) == 120  # 121 card combinations: water is H + OH or 2 H + O


@pytest.mark.parametrize(("tokens", "words"), [
    (("Cu1", "F"), "not known as a pure solid"),
    (("Cu1", "OH"), "little evidence that solid copper(I) hydroxide exists"),
    (("Au1", "F"), "detected only as single molecules in a gas"),
    (("Au1", "OH"), "little evidence that solid gold(I) hydroxide exists"),
    (("NH4", "OH"), "aqueous ammonia"),
    (("Co3", "Cl", "Cl", "Cl"), "decomposes above about −60 °C"),
    (("Mn4", "Cl", "Cl", "Cl", "Cl"), "MnO2 + 4 HCl → MnCl2 + Cl2 + 2 H2O"),
    (("H", "H", "CO3"), "H2CO3 → CO2 + H2O"),
])
def test_pairings_that_are_no_stable_substance_say_so(tokens, words):
    """Rulebook: "When a card with a positive charge is bonded to a card with a negative charge of the same
    strength, it forms a neutrally-charged compound" — right on paper; the explanation for a class adds
    when real chemistry has no such stable substance (the audit: CuF, CuOH and AuF said nothing)."""
    text = explain(tokens)
    assert "the charges add up to" in text and words in text
    data = {"player": 0, "card": tokens[0], "cards": list(tokens)}
    assert words in PRESENTER.explain(Event(1, "bond", data))


def test_stable_substances_get_no_warning():
    """Ruling: a plain, stable substance is explained by its ions alone."""
    for tokens in (("Na", "Cl"), ("Mg", "OH", "OH"), ("Fe3", "Cl", "Cl", "Cl"), ("Cu2", "SO4")):
        text = explain(tokens)
        assert text.endswith("so the compound is neutral."), text


def test_the_docs_flag_every_unstable_compound():
    """Ruling: docs/rules/compound.md lists every compound the deck can make and flags the same ones."""
    text = DOCS.read_text(encoding="utf-8")
    teacher = text[text.index("### Every compound the deck can make"):]
    for formula, found in substances().items():
        assert f"`{formula}`" in teacher, formula
        if found.status == "unstable":
            assert re.search(rf"`{re.escape(formula)}`\*", teacher), f"{formula} is not flagged"


def test_the_hint_for_fe3_o_suggests_only_what_the_deck_can_make():
    """Rulebook: "Any charges greater than 1 must still balance to 0, using multiple cards if needed" —
    Fe³⁺ with O²⁻ balances only as Fe2O3, and there is one Fe card: the hint says so and offers FeO."""
    text = why_not(["Fe3", "O"])
    assert "Fe2O3 is:" not in text
    assert "balance only as Fe2O3, which needs two Fe cards, and the deck has one" in text
    assert "with the Fe card on its 2+ side, FeO is: one Fe²⁺ and one O²⁻" in text


def test_no_hint_suggests_a_compound_the_deck_cannot_make():
    """Ruling: hints suggest only what the deck can make (every pairing of ions, 1 to 3 of each)."""
    cations = [t for t, ion in IONS.items() if ion.charge > 0]
    anions = [t for t, ion in IONS.items() if ion.charge < 0]
    by_formula = {r.formula: r for r in all_recipes()}
    for cat in cations:
        for an in anions:
            for nc in (1, 2, 3):
                for na in (1, 2, 3):
                    text = why_not([cat] * nc + [an] * na)
                    for found in re.findall(r"(\S+) is: ", text):  # "(HF is: one H⁺ ..."
                        formula = found if found in by_formula else found.removeprefix("(")
                        assert deck_can_make(by_formula[formula].cards), (cat, nc, an, na, text)
