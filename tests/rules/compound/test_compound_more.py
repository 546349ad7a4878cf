"""More rulebook tests: round scoring end to end, RXN by hand, tile limits, texts."""

from __future__ import annotations

import pytest

from ionarena import record
from ionarena.core import IllegalAction
from ionarena.games.compound.rules import Move

from .rig import drive, last_turn, new_game, others_unbonded, play_turn, rig


def test_round_score_adds_compounds_noble_sets_and_goals():
    """Rulebook: "At the end of the round, players score points for their bonded compounds and Noble Gas
    cards. Any unbonded charged Cards score zero points." and "A player scores bonus points for any
    compound(s) they've built that are listed on any of the Compound Goal Cards for the round." """
    s = rig(new_game(), hands={0: ["Cl", "Cl", "Cl"]}, compounds={0: [("Na", "Cl"), ("K", "Cl")]},
            unbonded={0: ["He", "Ne"]}, goals=["alkali_salts", "noble_gases", "neutralization"])
    last_turn(s)
    play_turn(s, {0: ["pick Cl"]})
    drive(s, lambda st: st.round == 2)
    assert s.round_scores[0][0] == {"compounds": 14, "noble_gases": 5, "goals": 7 + 5, "radioactive": 0,
                                    "total": 31}


def test_rxn_by_hand_takes_a_center_card_and_reforms():
    """Rulebook: "Additionally, at the end of round you may take any 1 Element Card from the center of the
    table or Discard Pile to use in forming your compounds." """
    s = rig(new_game(), hands={0: ["Cl", "Cl", "Cl"]}, compounds={0: [("Fe2", "Cl", "Cl")]},
            center=["Cl", "He", "O", "Mg"], goals=["alkali_salts", "metal_oxides", "noble_gases"])
    last_turn(s)
    play_turn(s, {0: ["rxn", "pick Cl"]})
    drive(s, lambda st: st.phase == "rxn")
    assert s.actors() == [0]
    assert Move("take", ("Cl",)) in s.legal_actions(0) and Move("take", ("He",)) in s.legal_actions(0)
    s.apply_text(0, "take Cl")
    assert "Cl" not in s.center
    assert sorted(s.unbonded[0]) == ["Cl", "Cl", "Cl", "Cl", "Fe"] and s.compounds[0] == []
    with pytest.raises(IllegalAction):
        s.apply_text(0, "form Fe3 Cl Cl")
    s.apply_text(0, "form FeCl3")
    s.apply_text(0, "done")
    assert s.round_scores[0][0]["compounds"] == 19


def test_rxn_best_can_take_from_the_discard_pile():
    """Rulebook: "take any 1 Element Card from the center of the table or Discard Pile" (ruling: the engine's
    `best` picks the extra card that scores most)."""
    s = rig(new_game(players=2), hands={0: ["Na", "Na", "Na"], 1: ["O", "Ar", "Ar"]},
            unbonded={0: ["He", "Na"]}, center=["Cl", "F", "Br", "Ca"], goals=["alkali_salts", "f_br_salts",
                                                                         "hydrohalic_acids"])
    last_turn(s)
    play_turn(s, {0: ["rxn", "pick Na"], 1: ["pick Ar"]})
    drive(s, lambda st: st.phase == "rxn")
    assert "O" in s.discard
    s.apply_text(0, "best")  # Na2O from the discard (12) beats NaF + goal (7 + 4) and NaCl + goal
    assert "O" not in s.discard
    assert s.round_scores[0][0]["compounds"] == 12 and s.round_scores[0][0]["goals"] == 0


def test_rxn_leaves_radioactive_cards_alone():
    """Ruling (compound.md): "The player's whole area (not radioactive cards) is re-formed into compounds" """
    s = rig(new_game(variant="advanced"), hands={0: ["H", "H", "H"]})
    for h in [s.deck, s.center, *s.hands]:
        if "rad-Fr" in h:  # take it out, keeping every hand and the center the same size
            h[h.index("rad-Fr")] = s.deck.pop(next(i for i, c in enumerate(s.deck) if c == "Cl"))
    s.radio[0] = [("rad-Fr", 4)]
    last_turn(s)
    play_turn(s, {0: ["rxn", "pick H"]})
    drive(s, lambda st: st.phase == "rxn")
    s.apply_text(0, "take none")
    assert "rad-Fr" not in s.unbonded[0] and s.radio[0] == [("rad-Fr", 4)]


def test_tiles_need_a_deck_and_a_center():
    """Ruling (compound.md): "Play Two is not allowed when the deck is empty." and Play From Center is "Not
    allowed when the centre is empty." """
    s = new_game()
    s.hands[0] += s.deck
    s.deck = []
    assert Move("two") not in s.legal_actions(0)
    t = new_game()
    t.deck += t.center
    t.center = []
    assert not any(m.kind == "center" for m in t.legal_actions(0))
    assert Move("two") in t.legal_actions(0)


def test_water_can_be_made_two_ways_and_the_text_says_which():
    """Ruling (compound.md): "water (H + OH) scores its 7 points ... H2O made of 2 H + O counts as a compound
    with an H card. `formula()` writes H2O for both, never HOH." """
    s = rig(new_game(), hands={0: ["H"]}, unbonded={0: ["H", "OH", "O"]})
    play_turn(s, {0: ["pick H"]})
    others_unbonded(s, keep=0)
    texts = [s.format_action(m) for m in s.legal_actions(0)]
    assert "bond H OH = H2O — water" in texts and "bond H H O = H2O — water" in texts
    with pytest.raises(IllegalAction, match="two ways"):
        s.parse_action(0, "bond H2O")
    assert s.parse_action(0, "bond H H O") == Move("bond", ("H", "H", "O"))


def test_records_name_every_compound():
    """Brief: every compound is displayed with correct formula and name in views, render and records."""
    s = rig(new_game(), hands={0: ["OH"]}, unbonded={0: ["OH", "Mg"]})
    play_turn(s, {0: ["pick OH"]})
    others_unbonded(s, keep=0)
    s.apply_text(0, "bond Mg OH OH")
    rec = record.from_state(s)
    assert [0, "bond Mg OH OH = Mg(OH)2 — magnesium hydroxide"] in [list(a) for a in rec.actions]
    assert "Mg(OH)2 — magnesium hydroxide" in " ".join(s.view(1)["events"])
    from ionarena.games.compound.render import render
    assert "Mg(OH)2 — magnesium hydroxide" in render(s.view(2), 2)
