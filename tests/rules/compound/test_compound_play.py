"""Rulebook tests of playing cards: hidden picks, bonding, passing, and the three Action Tiles."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction
from ionarena.games.compound.rules import Move

from .rig import drive, new_game, others_unbonded, play_turn, rig


def test_pick_is_hidden_until_everyone_has_chosen():
    """Rulebook: "Players will simultaneously choose 1 of these cards (face down) to keep, then pass the
    remaining cards to the player on their left." """
    s = rig(new_game(), hands={0: ["H", "Cl"]})
    before = s.view(1)
    s.apply_text(0, "center " + s.center[0])
    s.apply_text(0, "pick Cl")
    after = s.view(1)
    assert "your_pick" in after and after["your_pick"]["picks"] == []
    assert after["players"][0]["hand_size"] == before["players"][0]["hand_size"]
    assert after["players"][0]["tiles"] == before["players"][0]["tiles"]
    assert after["events"] == before["events"]
    assert after["players"][0]["committed"] is True
    assert s.actors() == [1, 2, 3]


def test_every_player_who_has_not_committed_may_act():
    """Ruling (compound.md): "every player commits a pick ... and when all have committed, all are
    revealed together." """
    s = new_game(players=5)
    assert s.actors() == [0, 1, 2, 3, 4]
    with pytest.raises(IllegalAction):
        s.apply_text(None, "pick Cl")


def test_bond_hydrogen_and_chloride():
    """Rulebook: "For example, after picking a Chloride (charge of -1), you may bond it to an unbonded
    Hydrogen (charge of +1)." """
    s = rig(new_game(), hands={0: ["Cl"]}, unbonded={0: ["H"]})
    play_turn(s, {0: ["pick Cl"]})
    others_unbonded(s, keep=0)
    assert s.actors() == [0]
    assert s.legal_actions(0) == [Move("unbonded"), Move("bond", ("H", "Cl"))]
    s.apply_text(0, "bond HCl")  # the formula form is accepted too
    assert s.compounds[0] == [("H", "Cl")]
    assert s.view(2)["players"][0]["compounds"][0]["name"] == "hydrogen chloride"


def test_magnesium_bonds_only_on_the_third_card():
    """Rulebook: "Since a bond can only be formed with all Element Cards present together, you would only
    create the bond as you play the 3rd card." """
    s = rig(new_game(), hands={0: ["Cl"], 3: ["Cl", "Na"]}, unbonded={0: ["Mg"]})
    play_turn(s, {0: ["pick Cl"], 3: ["pick Na"]})
    others_unbonded(s, keep=0)
    assert s.compounds[0] == [] and sorted(s.unbonded[0]) == ["Cl", "Mg"]  # no bond was possible
    assert "Cl" in s.hands[0]  # player 3's hand came to player 0
    play_turn(s, {0: ["pick Cl"]})
    others_unbonded(s, keep=0)
    assert Move("bond", ("Mg", "Cl", "Cl")) in s.legal_actions(0)
    s.apply_text(0, "bond Mg Cl Cl")
    assert s.compounds[0] == [("Mg", "Cl", "Cl")] and s.unbonded[0] == []


def test_mixed_negative_ions_cannot_bond():
    """Rulebook: "If there are multiple positive or negative ions in the same compound, they must be
    identical." """
    s = rig(new_game(), hands={0: ["F"]}, unbonded={0: ["Mg", "Cl"]})
    play_turn(s, {0: ["pick F"]})
    others_unbonded(s, keep=0)
    assert sorted(s.unbonded[0]) == ["Cl", "F", "Mg"]  # placed unbonded: no legal bond
    assert s.compounds[0] == []


def test_bond_choice_is_final():
    """Rulebook: "you cannot initially create a bond and then break it later, or initially decide not to
    form a possible bond and subsequently create one." """
    s = rig(new_game(), hands={0: ["Cl"], 3: ["Na", "K"]}, unbonded={0: ["H"]})
    play_turn(s, {0: ["pick Cl"], 3: ["pick K"]})
    others_unbonded(s, keep=0)
    s.apply_text(0, "unbonded")
    play_turn(s, {0: ["pick Na"]})
    others_unbonded(s, keep=0)
    legal = s.legal_actions(0)
    assert Move("bond", ("H", "Cl")) not in legal
    assert Move("bond", ("Na", "Cl")) in legal  # the new card may use the waiting Cl
    with pytest.raises(IllegalAction):
        s.apply_text(0, "bond H Cl")


def test_transition_metal_orientation_is_chosen_when_bonding():
    """Rulebook: "While unbonded, a player may rotate the orientation of their Transition Metal Card to
    change the charge. Once a player has formed a compound with a transition metal, its charge is fixed
    for the round." """
    s = rig(new_game(), hands={0: ["Fe"]}, unbonded={0: ["Cl", "Cl", "Cl"]})
    play_turn(s, {0: ["pick Fe"]})
    others_unbonded(s, keep=0)
    assert {m.args for m in s.legal_actions(0) if m.kind == "bond"} == {
        ("Fe2", "Cl", "Cl"), ("Fe3", "Cl", "Cl", "Cl")}
    s.apply_text(0, "bond FeCl3")
    assert s.view(None)["players"][0]["compounds"][0]["formula"] == "FeCl3"
    assert s.view(None)["players"][0]["compounds"][0]["name"] == "iron(III) chloride"


def test_noble_gases_are_placed_unbonded():
    """Rulebook: "Noble Gas Cards are already neutrally-charged, and do not bond. Leave them among your
    unbonded cards." """
    s = rig(new_game(), hands={0: ["He"]})
    play_turn(s, {0: ["pick He"]})
    others_unbonded(s, keep=0)
    assert "He" in s.unbonded[0] and s.phase == "pick"  # no declaration was asked


def test_hands_pass_left():
    """Rulebook: "... then pass the remaining cards to the player on their left." (ruling: left is the
    next seat)"""
    s = new_game()
    old = [sorted(h) for h in s.hands]
    play_turn(s, {})
    picked = [s.unbonded[p] + [c for comp in s.compounds[p] for c in comp] for p in range(4)]
    drive(s, lambda st: st.phase == "pick")
    for p in range(4):
        remaining = list(old[p])
        for c in picked[p]:
            remaining.remove(c)
        assert sorted(s.hands[(p + 1) % 4]) == remaining


def test_play_two():
    """Rulebook: "Play Two – Flip this Tile to choose 2 Element Cards to play from your hand, instead of 1.
    Before passing to the next player, add 1 new Element Card from the top of the Element Deck back into
    that hand." """
    s = rig(new_game(), hands={0: ["H", "Cl"]}, deck_top=["Ar"])
    deck = len(s.deck)
    s.apply_text(0, "two")
    s.apply_text(0, "pick H")
    assert 0 in s.actors()  # the second card is still to choose
    s.apply_text(0, "pick Cl")
    play_turn(s, {})
    others_unbonded(s, keep=0)
    assert s.legal_actions(0) == [Move("unbonded"), Move("bond", ("H", "Cl"))]
    s.apply_text(0, "bond H Cl")
    drive(s, lambda st: st.phase == "pick")
    assert s.compounds[0] == [("H", "Cl")]
    assert len(s.deck) == deck - 1
    assert "Ar" in s.hands[1]
    assert len({len(h) for h in s.hands}) == 1
    assert s.tiles[0] == [False, True, True]
    assert Move("two") not in s.legal_actions(0)


def test_play_from_center_takes_a_card_that_is_not_replaced():
    """Rulebook: "Play From Center – Flip this Tile to immediately take and play 1 Element Card from the
    face-up cards in the center of the table." and "Element Cards in the center are NOT replaced with
    new cards until resetting for a new round." """
    s = rig(new_game(), hands={0: ["Cl"]}, center=["Na", "He", "O", "Mg"])
    s.apply_text(0, "center Na")
    s.apply_text(0, "pick Cl")
    play_turn(s, {})
    others_unbonded(s, keep=0)
    # the Cl had nothing to bond with and was placed; the center Na may bond with it
    assert Move("bond", ("Na", "Cl")) in s.legal_actions(0)
    s.apply_text(0, "bond Na Cl")
    drive(s, lambda st: st.phase == "pick")
    assert sorted(s.center) == ["He", "Mg", "O"]
    assert s.tiles[0] == [True, False, True]


def test_play_from_center_contention_in_seat_order():
    """Ruling (compound.md): "If several want the same card, the first in round seat order gets it and
    each other chooses another remaining centre card (none left: their tile stays face up)." """
    s = rig(new_game(), center=["Na", "He", "O", "Mg"])
    s.apply_text(2, "center Na")
    s.apply_text(1, "center Na")
    play_turn(s, {})
    assert s.phase == "center" and s.actors() == [2]
    assert s.legal_actions(2) == [Move("center", (c,)) for c in ("He", "Mg", "O")]
    s.apply_text(2, "center He")
    assert "Na" in s.unbonded[1] + s.pending[1] and "He" in s.unbonded[2]
    s2 = rig(new_game(players=2), center=["Na"])
    s2.apply_text(0, "center Na")
    s2.apply_text(1, "center Na")
    play_turn(s2, {})
    assert s2.tiles[1] == [True, True, True]  # nothing left: the tile stays face up
    assert s2.tiles[0] == [True, False, True]


def test_rxn_rearranges_at_round_end_in_flip_order():
    """Rulebook: "RXN (Reaction) – You may flip this tile at any point during a round, but it takes effect
    after all players have discarded their final 2 cards, before End of Round Scoring." and "If multiple
    players flip RXN Tiles in the same round, then the effects are resolved in the order they were
    flipped." """
    s = new_game()
    s.apply_text(3, "rxn")
    play_turn(s, {})
    drive(s, lambda st: st.phase == "pick")
    s.apply_text(1, "rxn")
    play_turn(s, {})
    drive(s, lambda st: st.phase == "rxn")
    assert s.actors() == [3]
    assert s.discard and len(s.discard) == 8 and all(len(h) == 0 for h in s.hands)
    s.apply_text(3, "best")
    assert s.actors() == [1]
    s.apply_text(1, "take none")
    assert s.compounds[1] == []  # every bond is broken
    for m in list(s.legal_actions(1)):
        if m.kind == "form":
            s.apply(1, m)
            break
    s.apply_text(1, "done")
    assert s.round == 2 or s.phase == "refresh"


def test_rxn_best_is_at_least_the_built_arrangement():
    """Rulebook: "Flipping this Tile in a round allows you to freely rearrange any or all of the Element
    Cards in your player area" (the engine's `best` never scores less than keeping the area)."""
    from ionarena.games.compound.scoring import round_breakdown
    s = new_game(seed=4)
    s.apply_text(0, "rxn")
    play_turn(s, {})
    drive(s, lambda st: st.phase == "rxn")
    kept = round_breakdown(s.goals, s.compounds[0], s.unbonded[0])["total"]
    s.apply_text(0, "best")
    assert s.round == 2  # scored, and the next round is dealt
    assert s.round_scores[0][0]["total"] >= kept


def test_polyatomic_compound_refreshes_a_tile():
    """Rulebook: "If a player has completed a compound using a Polyatomic Ion showing the Action Tile icon,
    they may flip 1 of their face-down Action Tiles back to its face-up side (during scoring), to be used
    again later during a future round." """
    # Hydroxide is green but shows no icon (ruling): player 1 gets no refresh
    s = rig(new_game(), compounds={0: [("Na", "NO3")], 1: [("Na", "OH")]})
    s.tiles[0] = [False, True, True]
    s.tiles[1] = [False, True, True]
    drive(s, lambda st: st.round == 2)
    assert s.tiles[0] == [True, True, True]
    assert s.tiles[1] == [False, True, True]


def test_refresh_choice_when_several_tiles_are_down():
    """Ruling (compound.md): "flip one face-down tile of the player's choice face up during scoring" """
    s = rig(new_game(), compounds={0: [("NH4", "Cl")]})
    s.tiles[0] = [False, False, True]
    drive(s, lambda st: st.phase == "refresh")
    assert s.actors() == [0]
    assert s.legal_actions(0) == [Move("refresh", ("two",)), Move("refresh", ("center",))]
    s.apply_text(0, "refresh center")
    assert s.tiles[0] == [False, True, True] and s.round == 2
