"""Rulebook: 'Alternative Rules' — Beginner, Cooperative and Science Ninja."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.core import IllegalAction
from ionarena.games.valence.invariants import check_invariants

from .valence_table import hand_of, seen, shown, stashes, table, told


def test_variants_registered():
    """'Alternative Rules' — Beginner, Cooperative and Science Ninja, plus the standard game."""
    spec = ionarena.get_spec("valence")
    assert spec.variants == ("standard", "beginner", "cooperative", "ninja")
    assert spec.default_variant == "standard" and (spec.min_players, spec.max_players) == (2, 5)


# -- Beginner ---------------------------------------------------------------------------------------

def test_beginner_has_no_trading_up_and_no_reactions():
    """'Beginner Rules - Set aside trading up and reactions and just focus on building Molecules.'"""
    state = table(2, "beginner", hands={0: ["H", "Cl"]}, stashes={0: ["HCl", "NaCl"], 1: ["NaOH"]})
    verbs = {a.verb for a in state.legal_actions(0)}
    assert "react" not in verbs and "trade" not in verbs and "build" in verbs
    with pytest.raises(IllegalAction, match="Beginner"):
        state.apply_text(0, "react HCl 1 NaOH")
    with pytest.raises(IllegalAction, match="Beginner"):
        state.apply_text(0, "trade NaCl")


# -- Cooperative ------------------------------------------------------------------------------------

def test_cooperative_everyone_wins_when_every_type_is_built():
    """'Cooperative Rules - Work together to build every type of Molecule before reshuffling the
    Element deck.' Ruling: 'all players win together the moment every molecule type (8; not Helium)
    has been built'."""
    built = ["salt", "water", "metal_oxide", "acid", "base", "carbon_dioxide", "deadly_carbonyl"]
    state = table(3, "cooperative", hands={1: ["C", "Cl", "Cl", "F", "F"]}, current=1, built_types=built)
    assert seen(state, 0)["built_types"] == sorted(built)
    assert "Built together so far: " in shown(state, 0) and "(7 of 8)" in shown(state, 0)
    state.apply_text(1, "build CCl2F2")
    assert state.is_over() and state.winners() == [0, 1, 2]
    assert "All 8 types of molecule have been built: everyone wins together!" in told(state, 0)
    check_invariants(state)


def test_cooperative_reaction_products_do_not_count():
    """Ruling: 'built from element cards at least once (reaction products do not count)'."""
    state = table(2, "cooperative", hands={1: ["O"]}, stashes={0: ["HCl"], 1: ["NaOH"]},
                  built_types=["acid", "base"])
    state.apply_text(0, "react HCl 1 NaOH")
    assert stashes(state)[1] == ["NaCl", "H2O"]
    assert seen(state, 0)["built_types"] == ["acid", "base"]


def test_cooperative_all_lose_at_the_first_reshuffle():
    """'build every type of Molecule before reshuffling the Element deck.' Ruling: 'all lose when a
    draw first finds the deck empty (the first reshuffle)'."""
    state = table(2, "cooperative", hands={0: ["O", "O"]}, deck=[], phase="draw")
    assert seen(state)["discard_size"] > 0
    state.apply_text(0, "draw")
    assert state.is_over() and state.winners() == [] and state.stats()["reshuffles"] == 0
    assert told(state, 1)[-1] == ("The Element Deck ran out before every type of molecule was built: "
                                  "everyone loses.")
    check_invariants(state)


def test_cooperative_has_no_ten_point_win():
    """Ruling: 'No individual 10-point win; reactions and trading up stay'."""
    state = table(2, "cooperative", hands={0: ["C", "O", "O"]}, stashes={0: ["NaOH", "KOH"], 1: ["NaCl"]})
    state.apply_text(0, "build CO2")
    assert not state.is_over() and state.scores()[0] == 10.0


# -- Science Ninja ------------------------------------------------------------------------------------

@pytest.mark.parametrize("said", ["sodium hydroxide", "Sodium Hydroxide", "SODIUM  hydroxide.",
                                  "sodium-hydroxide", "sodiumhydroxide", "caustic soda", "Caustic-Soda",
                                  "lye"])
def test_ninja_accepts_the_systematic_and_common_names(said):
    """'Players must name the specific Molecule they're building. So if a player builds a Base from
    Sodium, Hydrogen, and Oxygen, they must declare they've made Sodium Hydroxide to take their
    Molecule!' RULING (Ion Arena, issue 25): the systematic name and the common names are accepted,
    ignoring case, spaces and hyphens (docs/rules/valence.md, "Accepted names")."""
    state = table(2, "ninja", hands={0: ["Na", "O", "H"]})
    state.apply_text(0, f"build Na O H as {said}")
    assert stashes(state)[0] == ["NaOH"]


@pytest.mark.parametrize(("cards", "said"), [
    (["Na", "O", "H"], "naoh"), (["Na", "O", "H"], "NaOH"), (["Na", "O", "H"], "HNaO"),
    (["Na", "O", "H"], "NaCl"), (["H", "H", "O"], "H₂O"), (["H", "H", "O"], "hoh"),
    (["Ca", "O", "H", "O", "H"], "Ca(OH)2"), (["Ca", "O", "H", "O", "H"], "CaO2H2"),
    (["C", "Cl", "Cl", "Cl", "F"], "CFCl3"), (["Na", "O", "H"], "MgO")])
def test_ninja_refuses_a_formula_as_the_name(cards, said):
    """'Players must name the specific Molecule they're building ... they must declare they've made
    Sodium Hydroxide' — a name, not the formula, which anyone reads off the cards (the audit:
    `build Na O H as naoh` made the naming challenge trivial). RULING (Ion Arena): a formula, right or
    wrong, in any case, is refused with the reason and changes nothing: the turn goes on, the cards stay,
    and the molecule may still be named this turn."""
    state = table(2, "ninja", hands={0: cards})
    with pytest.raises(IllegalAction, match="is a chemical formula, not a name: Science Ninja rules ask you "
                                            "to name the molecule in words"):
        state.apply_text(0, f"build {' '.join(cards)} as {said}")
    assert stashes(state)[0] == [] and seen(state, 0)["failed_builds"] == []
    assert not any(e.kind == "wrong_name" for e in state.events(None))


def test_every_accepted_name_is_a_name_of_one_molecule():
    """Ruling (docs/rules/valence.md, "Accepted names"): no accepted name is a formula, and no two
    molecules share a name once case, spaces and hyphens are ignored."""
    from ionarena.games.valence.cards import RECIPES
    from ionarena.games.valence.chemistry import accepted_names, name_key
    from ionarena.games.valence.refusals import looks_like_formula
    owner: dict[str, str] = {}
    for formula, recipe in RECIPES.items():
        for said in accepted_names(recipe):
            assert not looks_like_formula(said), said
            assert owner.setdefault(name_key(said), formula) == formula, said
        assert formula not in accepted_names(recipe)


def test_ninja_names_that_look_like_symbols_are_still_names():
    """Ruling (docs/rules/valence.md): refrigerant codes such as CFC-11 are names, however they are
    spaced: a name of the table is never mistaken for a formula."""
    for said in ("CFC-11", "cfc 11", "CFC11", "R-11"):
        state = table(2, "ninja", hands={0: ["C", "Cl", "Cl", "Cl", "F"]})
        state.apply_text(0, f"build C Cl Cl Cl F as {said}")
        assert stashes(state)[0] == ["CCl3F"], said


def test_ninja_wrong_name_fails_that_build_only():
    """'If they get it wrong, players can try again next turn.' Ruling: 'A wrong name fails that
    build only: the cards stay in hand, the turn goes on, and that build can be tried again next
    turn.'"""
    state = table(2, "ninja", hands={0: ["Na", "O", "H", "H", "Cl"]})
    state.apply_text(0, "build Na O H as sodium oxide")
    assert stashes(state)[0] == [] and hand_of(state, 0) == ["H", "H", "O", "Na", "Cl"]
    assert state.view(0)["phase"] == "build" and state.actors() == [0]
    assert seen(state, 0)["failed_builds"] == ["NaOH"]
    assert told(state, 1) == ['Player 0 calls Na O H "sodium oxide": wrong, it is NaOH — sodium hydroxide. '
                              "The cards stay in hand."]
    with pytest.raises(IllegalAction, match="next turn"):
        state.apply_text(0, "build Na O H as sodium hydroxide")
    state.apply_text(0, "build H Cl as hydrochloric acid")  # another build is still open
    state.apply_text(0, "place H")
    state.apply_text(0, "end")
    state.apply_text(1, "draw")
    state.apply_text(1, "end")
    state.apply_text(0, "draw")
    state.apply_text(0, "build Na O H as sodium hydroxide")
    assert stashes(state)[0] == ["HCl", "NaOH"]


@pytest.mark.parametrize(("cards", "said", "ok"), [
    (["Na", "Cl"], "salt", False), (["Na", "Cl"], "table salt", True), (["H", "Cl"], "acid", False),
    (["H", "H", "O"], "water", True), (["C", "O", "O"], "carbon dioxide", True),
    (["C", "O", "Cl", "Cl"], "phosgene", True), (["C", "O", "Cl", "Cl"], "carbonyl dichloride", True),
    (["C", "O", "Cl", "Cl"], "deadly carbonyl", False),
    (["C", "Cl", "Cl", "Cl", "Cl"], "carbon tetrachloride", True),
    (["C", "Cl", "Cl", "Cl", "Cl"], "tetrachloromethane", True),
    (["C", "Cl", "Cl", "Cl", "Cl"], "halocarbon", False),
    (["Ca", "O", "H", "O", "H"], "slaked lime", True)])
def test_ninja_names(cards, said, ok):
    """Ruling: 'water, table salt/sodium chloride, phosgene/carbonyl dichloride, carbon
    tetrachloride/tetrachloromethane' are accepted (names, not formulas: issue 25); 'A bare type name
    ("salt", "base", "acid") is not a name, except water and carbon dioxide.'"""
    state = table(2, "ninja", hands={0: cards})
    state.apply_text(0, f"build {' '.join(cards)} as {said}")
    assert bool(stashes(state)[0]) == ok


def test_ninja_build_must_name_the_molecule():
    """'Players must name the specific Molecule they're building.'"""
    state = table(2, "ninja", hands={0: ["H", "Cl"]})
    with pytest.raises(IllegalAction, match="name your molecule"):
        state.apply_text(0, "build HCl")


def test_ninja_helium_needs_no_name():
    """Ruling: 'In the ninja variant Helium needs no name.'"""
    state = table(2, "ninja", hands={0: ["He"]})
    state.apply_text(0, "helium")
    assert stashes(state)[0] == ["He"]
