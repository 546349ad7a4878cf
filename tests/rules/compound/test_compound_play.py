"""Rulebook tests of playing cards: hidden picks, bonding, passing, and the three Action Tiles."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction, NoSuchSeat
from ionarena.games.compound.actions import Move
from ionarena.games.compound.scoring import round_breakdown

from .rig import (
    at_phase,
    at_round,
    compounds,
    drive,
    hand,
    new_game,
    of_kind,
    others_unbonded,
    play_turn,
    rig,
    table,
    tiles,
    unbonded,
)


def test_pick_is_hidden_until_everyone_has_chosen():
    """Rulebook: "Players will simultaneously choose 1 of these cards (face down) to keep, then pass the
    remaining cards to the player on their left." """
    s = rig(hands={0: ["H", "Cl"]}, center=["Na", "He", "O", "Mg"])
    before = table(s, 1)
    version = s.version
    s.apply_text(0, "center Na")
    s.apply_text(0, "pick Cl")
    after = table(s, 1)
    assert after["your_pick"]["picks"] == []
    assert after["hand_sizes"] == before["hand_sizes"] and after["tiles"] == before["tiles"]
    assert after["committed"] == [True, False, False, False]
    assert [e.to_json() for e in s.events(1, version)] == [
        {"version": version + 2, "kind": "pick", "player": 0, "done": True}]  # that 0 has picked, not what
    assert s.events(None, version) == s.events(1, version)
    assert [(e.kind, e.data.get("card")) for e in s.events(0, version)] == [("tile", "Na"), ("pick", "Cl")]
    assert s.actors() == [1, 2, 3]


def test_every_player_who_has_not_committed_may_act():
    """Ruling (compound.md): "every player commits a pick ... and when all have committed, all are
    revealed together." """
    s = new_game(players=5)
    assert s.actors() == [0, 1, 2, 3, 4]
    with pytest.raises(NoSuchSeat):
        s.apply_text(None, "pick Cl")


def test_bond_hydrogen_and_chloride():
    """Rulebook: "For example, after picking a Chloride (charge of -1), you may bond it to an unbonded
    Hydrogen (charge of +1)." """
    s = rig(hands={0: ["Cl"]}, unbonded={0: ["H"]})
    play_turn(s, {0: ["pick Cl"]})
    others_unbonded(s, keep=0)
    assert s.actors() == [0]
    assert s.legal_actions(0) == [Move("unbonded"), Move("bond", ("H", "Cl"))]
    s.apply_text(0, "bond HCl")  # the formula form is accepted too
    assert compounds(s, 0) == [["H", "Cl"]]
    assert table(s, 2)["compounds"][0][0]["name"] == "hydrogen chloride"
    bond = of_kind(s, "bond", 2)[-1]
    assert (bond["player"], bond["card"], bond["formula"], bond["points"]) == (0, "Cl", "HCl", 7)


def test_magnesium_bonds_only_on_the_third_card():
    """Rulebook: "Since a bond can only be formed with all Element Cards present together, you would only
    create the bond as you play the 3rd card." """
    s = rig(hands={0: ["Cl"], 3: ["Cl", "Na"]}, unbonded={0: ["Mg"]})
    play_turn(s, {0: ["pick Cl"], 3: ["pick Na"]})
    others_unbonded(s, keep=0)
    assert compounds(s, 0) == [] and unbonded(s, 0) == ["Cl", "Mg"]  # no bond was possible
    assert {"player": 0, "card": "Cl", "auto": True} in of_kind(s, "unbonded")
    assert "Cl" in hand(s, 0)  # player 3's hand came to player 0
    play_turn(s, {0: ["pick Cl"]})
    others_unbonded(s, keep=0)
    assert Move("bond", ("Mg", "Cl", "Cl")) in s.legal_actions(0)
    s.apply_text(0, "bond Mg Cl Cl")
    assert compounds(s, 0) == [["Mg", "Cl", "Cl"]] and unbonded(s, 0) == []


def test_mixed_negative_ions_cannot_bond():
    """Rulebook: "If there are multiple positive or negative ions in the same compound, they must be
    identical." """
    s = rig(hands={0: ["F"]}, unbonded={0: ["Mg", "Cl"]})
    play_turn(s, {0: ["pick F"]})
    others_unbonded(s, keep=0)
    assert unbonded(s, 0) == ["Cl", "F", "Mg"]  # placed unbonded: no legal bond
    assert compounds(s, 0) == []


def test_bond_choice_is_final():
    """Rulebook: "you cannot initially create a bond and then break it later, or initially decide not to
    form a possible bond and subsequently create one." """
    s = rig(hands={0: ["Cl"], 3: ["Na", "K"]}, unbonded={0: ["H"]})
    play_turn(s, {0: ["pick Cl"], 3: ["pick K"]})
    others_unbonded(s, keep=0)
    s.apply_text(0, "unbonded")
    assert {"player": 0, "card": "Cl", "auto": False} in of_kind(s, "unbonded")
    play_turn(s, {0: ["pick Na"]})
    others_unbonded(s, keep=0)
    legal = s.legal_actions(0)
    assert Move("bond", ("H", "Cl")) not in legal
    assert Move("bond", ("Na", "Cl")) in legal  # the new card may use the waiting Cl
    with pytest.raises(IllegalAction, match="revealed Na"):
        s.apply_text(0, "bond H Cl")


def test_transition_metal_orientation_is_chosen_when_bonding():
    """Rulebook: "While unbonded, a player may rotate the orientation of their Transition Metal Card to
    change the charge. Once a player has formed a compound with a transition metal, its charge is fixed
    for the round." """
    s = rig(hands={0: ["Fe"]}, unbonded={0: ["Cl", "Cl", "Cl"]})
    play_turn(s, {0: ["pick Fe"]})
    others_unbonded(s, keep=0)
    assert {m.args for m in s.legal_actions(0) if m.kind == "bond"} == {
        ("Fe2", "Cl", "Cl"), ("Fe3", "Cl", "Cl", "Cl")}
    # a transition metal typed without its side: the side that fits
    assert s.parse_action(0, "bond Fe Cl Cl Cl") == Move("bond", ("Fe3", "Cl", "Cl", "Cl"))
    s.apply_text(0, "bond FeCl3")
    assert table(s)["compounds"][0][0]["formula"] == "FeCl3"
    assert table(s)["compounds"][0][0]["name"] == "iron(III) chloride"


def test_noble_gases_are_placed_unbonded():
    """Rulebook: "Noble Gas Cards are already neutrally-charged, and do not bond. Leave them among your
    unbonded cards." """
    s = rig(hands={0: ["He"]})
    play_turn(s, {0: ["pick He"]})
    others_unbonded(s, keep=0)
    assert "He" in unbonded(s, 0) and s.phase_name() == "pick"  # no declaration was asked
    assert {"player": 0, "card": "He", "auto": True} in of_kind(s, "unbonded")


def test_hands_pass_left():
    """Rulebook: "... then pass the remaining cards to the player on their left." (ruling: left is the
    next seat)"""
    s = new_game()
    old = [hand(s, p) for p in range(4)]
    play_turn(s, {})
    picked = {e["player"]: e["cards"] for e in of_kind(s, "reveal")}
    drive(s, at_phase("pick"))
    for p in range(4):
        remaining = list(old[p])
        for c in picked[p]:
            remaining.remove(c)
        assert hand(s, (p + 1) % 4) == sorted(remaining)
    assert of_kind(s, "pass") == [{"turn": 1}]


def test_play_two():
    """Rulebook: "Play Two – Flip this Tile to choose 2 Element Cards to play from your hand, instead of 1.
    Before passing to the next player, add 1 new Element Card from the top of the Element Deck back into
    that hand." """
    s = rig(hands={0: ["H", "Cl"], 1: ["Ne"]}, deck_top=["Ar"])
    deck = table(s)["deck"]
    s.apply_text(0, "two")
    s.apply_text(0, "pick H")
    assert 0 in s.actors()  # the second card is still to choose
    s.apply_text(0, "pick Cl")
    play_turn(s, {1: ["pick Ne"]})
    others_unbonded(s, keep=0)
    assert s.legal_actions(0) == [Move("unbonded"), Move("bond", ("H", "Cl"))]
    s.apply_text(0, "bond H Cl")
    drive(s, at_phase("pick"))
    assert compounds(s, 0) == [["H", "Cl"]]
    assert table(s)["deck"] == deck - 1
    assert "Ar" in hand(s, 1)
    assert len(set(table(s)["hand_sizes"])) == 1
    assert tiles(s, 0) == {"two": "down", "center": "up", "rxn": "up"}
    assert Move("two") not in s.legal_actions(0)
    assert of_kind(s, "refill") == [{"player": 0, "to": 1}]  # everyone reads that, never which card


def test_play_from_center_takes_a_card_that_is_not_replaced():
    """Rulebook: "Play From Center – Flip this Tile to immediately take and play 1 Element Card from the
    face-up cards in the center of the table." and "Element Cards in the center are NOT replaced with
    new cards until resetting for a new round." """
    s = rig(hands={0: ["Cl"]}, center=["Na", "He", "O", "Mg"])
    s.apply_text(0, "center Na")
    s.apply_text(0, "pick Cl")
    play_turn(s, {})
    others_unbonded(s, keep=0)
    # the Cl had nothing to bond with and was placed; the center Na may bond with it
    assert Move("bond", ("Na", "Cl")) in s.legal_actions(0)
    s.apply_text(0, "bond Na Cl")
    drive(s, at_phase("pick"))
    assert table(s)["center"] == ["He", "Mg", "O"]
    assert tiles(s, 0) == {"two": "up", "center": "down", "rxn": "up"}
    assert {"player": 0, "card": "Na"} in of_kind(s, "center")


def test_play_from_center_contention_in_seat_order():
    """Ruling (compound.md): "If several want the same card, the first in round seat order gets it and
    each other chooses another remaining centre card (none left: their tile stays face up)." """
    s = rig(center=["Na", "He", "O", "Mg"])
    s.apply_text(2, "center Na")
    s.apply_text(1, "center Na")
    play_turn(s, {})
    assert s.phase_name() == "center" and s.actors() == [2]
    assert of_kind(s, "center_lost") == [{"player": 2, "card": "Na", "to": 1}]
    assert s.legal_actions(2) == [Move("center", (c,)) for c in ("He", "Mg", "O")]
    s.apply_text(2, "center He")
    assert "Na" in unbonded(s, 1) + table(s)["revealed"][1] and "He" in unbonded(s, 2)
    s2 = rig(players=2, center=["Na"])
    s2.apply_text(0, "center Na")
    s2.apply_text(1, "center Na")
    play_turn(s2, {})
    assert tiles(s2, 1) == {"two": "up", "center": "up", "rxn": "up"}  # nothing left: the tile stays up
    assert tiles(s2, 0)["center"] == "down"
    assert of_kind(s2, "center_empty") == [{"player": 1}]


def test_rxn_rearranges_at_round_end_in_flip_order():
    """Rulebook: "RXN (Reaction) – You may flip this tile at any point during a round, but it takes effect
    after all players have discarded their final 2 cards, before End of Round Scoring." and "If multiple
    players flip RXN Tiles in the same round, then the effects are resolved in the order they were
    flipped." """
    s = new_game()
    s.apply_text(3, "rxn")
    play_turn(s, {})
    drive(s, at_phase("pick"))
    s.apply_text(1, "rxn")
    play_turn(s, {})
    drive(s, at_phase("rxn"))
    assert s.actors() == [3]
    assert len(table(s)["discard"]) == 8 and table(s)["hand_sizes"] == [0, 0, 0, 0]
    assert table(s)["rxn"]["order"] == [3, 1]
    s.apply_text(3, "best")
    assert s.actors() == [1]
    s.apply_text(1, "take none")
    assert compounds(s, 1) == []  # every bond is broken
    form = next(m for m in s.legal_actions(1) if m.kind == "form")
    s.apply(1, form)
    assert compounds(s, 1) == [list(form.args)]
    s.apply_text(1, "done")
    assert table(s)["round"] == 2 or s.phase_name() == "refresh"
    assert [e.kind for e in s.events(None) if e.kind.startswith("rxn") or e.kind == "form"] == [
        "rxn_best", "rxn_take", "form", "rxn_done"]


def test_rxn_best_is_at_least_the_built_arrangement():
    """Rulebook: "Flipping this Tile in a round allows you to freely rearrange any or all of the Element
    Cards in your player area" (the engine's `best` never scores less than keeping the area)."""
    s = new_game(seed=4)
    s.apply_text(0, "rxn")
    play_turn(s, {})
    drive(s, at_phase("rxn"))
    goals = [g["id"] for g in table(s)["goals"]]
    kept = round_breakdown(goals, compounds(s, 0), unbonded(s, 0))["total"]
    s.apply_text(0, "best")
    assert table(s)["round"] == 2  # scored, and the next round is dealt
    assert table(s)["round_scores"][0][0]["total"] >= kept


def test_polyatomic_compound_refreshes_a_tile():
    """Rulebook: "If a player has completed a compound using a Polyatomic Ion showing the Action Tile icon,
    they may flip 1 of their face-down Action Tiles back to its face-up side (during scoring), to be used
    again later during a future round." """
    # Hydroxide is green but shows no icon (ruling): player 1 gets no refresh
    s = rig(compounds={0: [("Na", "NO3")], 1: [("Na", "OH")]}, tiles=[{"two": "down"}, {"two": "down"}])
    drive(s, at_round(2))
    assert tiles(s, 0)["two"] == "up"
    assert tiles(s, 1)["two"] == "down"
    assert {"player": 0, "tiles": ["two"]} in of_kind(s, "refresh")


def test_refresh_choice_when_several_tiles_are_down():
    """Ruling (compound.md): "flip one face-down tile of the player's choice face up during scoring" """
    s = rig(compounds={0: [("NH4", "Cl")]}, tiles=[{"two": "down", "center": "down"}])
    drive(s, at_phase("refresh"))
    assert s.actors() == [0]
    assert s.legal_actions(0) == [Move("refresh", ("two",)), Move("refresh", ("center",))]
    s.apply_text(0, "refresh center")
    assert tiles(s, 0) == {"two": "down", "center": "up", "rxn": "up"} and table(s)["round"] == 2
