"""Rulebook: 'Alternative Rules' — Beginner, Cooperative and Science Ninja."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.core import IllegalAction
from ionarena.games.valence.spec_checks import check_invariants

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

@pytest.mark.parametrize("said", ["sodium hydroxide", "Sodium Hydroxide", "NaOH", "naoh", "caustic soda",
                                  "lye", "HNaO"])
def test_ninja_accepts_common_systematic_and_formula(said):
    """'Players must name the specific Molecule they're building. So if a player builds a Base from
    Sodium, Hydrogen, and Oxygen, they must declare they've made Sodium Hydroxide to take their
    Molecule!' Ruling: 'accept the common name, the systematic name and the formula,
    case-insensitive'."""
    state = table(2, "ninja", hands={0: ["Na", "O", "H"]})
    state.apply_text(0, f"build Na O H as {said}")
    assert stashes(state)[0] == ["NaOH"]


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
    (["Ca", "O", "H", "O", "H"], "Ca(OH)2", True)])
def test_ninja_names(cards, said, ok):
    """Ruling: 'water/H2O, table salt/sodium chloride/NaCl, phosgene/carbonyl dichloride/COCl2, carbon
    tetrachloride/tetrachloromethane/CCl4' are accepted; 'A bare type name ("salt", "base", "acid")
    is not a name, except water and carbon dioxide.'"""
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
