"""More rulebook tests: round scoring end to end, RXN by hand, tile limits, texts."""

from __future__ import annotations

import pytest

from ionarena import record
from ionarena.core import IllegalAction, Names
from ionarena.games.compound.actions import Move

from .rig import (
    SPEC,
    at_phase,
    at_round,
    compounds,
    drive,
    new_game,
    of_kind,
    others_unbonded,
    play_turn,
    rig,
    table,
    unbonded,
)


def test_round_score_adds_compounds_noble_sets_and_goals():
    """Rulebook: "At the end of the round, players score points for their bonded compounds and Noble Gas
    cards. Any unbonded charged Cards score zero points." and "A player scores bonus points for any
    compound(s) they've built that are listed on any of the Compound Goal Cards for the round." """
    s = rig(hands={0: ["Cl", "Cl", "Cl"]}, compounds={0: [("Na", "Cl"), ("K", "Cl")]},
            unbonded={0: ["He", "Ne"]}, goals=["alkali_salts", "noble_gases", "neutralization"], hand_size=3)
    play_turn(s, {0: ["pick Cl"]})
    drive(s, at_round(2))
    parts = {"compounds": 14, "noble_gases": 5, "goals": 7 + 5, "radioactive": 0, "total": 31}
    assert table(s)["round_scores"][0] == [parts]
    assert {"player": 0, "round": 1, **parts} in of_kind(s, "score")


def test_rxn_by_hand_takes_a_center_card_and_reforms():
    """Rulebook: "Additionally, at the end of round you may take any 1 Element Card from the center of the
    table or Discard Pile to use in forming your compounds." """
    s = rig(hands={0: ["Cl", "Cl", "Cl"]}, compounds={0: [("Fe2", "Cl", "Cl")]},
            center=["Cl", "He", "O", "Mg"], goals=["alkali_salts", "metal_oxides", "noble_gases"],
            hand_size=3)
    play_turn(s, {0: ["rxn", "pick Cl"]})
    drive(s, at_phase("rxn"))
    assert s.actors() == [0]
    # RULING (Ion Arena): the card is taken "to use in forming your compounds": never the noble gas He
    assert Move("take", ("Cl",)) in s.legal_actions(0) and Move("take", ("He",)) not in s.legal_actions(0)
    s.apply_text(0, "take Cl")
    assert "Cl" not in table(s)["center"]
    assert of_kind(s, "rxn_take") == [{"player": 0, "card": "Cl", "source": "center"}]
    assert unbonded(s, 0) == ["Cl", "Cl", "Cl", "Cl", "Fe"] and compounds(s, 0) == []
    with pytest.raises(IllegalAction, match="charges"):
        s.apply_text(0, "form Fe3 Cl Cl")
    s.apply_text(0, "form FeCl3")
    s.apply_text(0, "done")
    assert table(s)["round_scores"][0][0]["compounds"] == 19


def test_rxn_best_can_take_from_the_discard_pile():
    """Rulebook: "take any 1 Element Card from the center of the table or Discard Pile" (ruling: the engine's
    `best` picks the extra card that scores most)."""
    s = rig(players=2, hands={0: ["Na", "Na", "Na"], 1: ["O", "Ar", "Ar"]}, unbonded={0: ["He", "Na"]},
            center=["Cl", "F", "Br", "Ca"], goals=["alkali_salts", "f_br_salts", "hydrohalic_acids"],
            hand_size=3)
    play_turn(s, {0: ["rxn", "pick Na"], 1: ["pick Ar"]})
    drive(s, at_phase("rxn"))
    assert "O" in table(s)["discard"]
    s.apply_text(0, "best")  # Na2O from the discard (12) beats NaF + goal (7 + 4) and NaCl + goal
    best = of_kind(s, "rxn_best")[0]
    made = [c["formula"] for c in best["compounds"]]
    assert (best["card"], best["source"], made) == ("O", "discard", ["Na2O"])
    assert "O" not in table(s)["discard"]
    assert table(s)["round_scores"][0][0]["compounds"] == 12 and table(s)["round_scores"][0][0]["goals"] == 0


def test_rxn_leaves_radioactive_cards_alone():
    """Ruling (compound.md): "The player's whole area (not radioactive cards) is re-formed into compounds" """
    s = rig(variant="advanced", hands={0: ["H", "H", "H"]}, radioactive=[[["rad-Fr", 4]]], hand_size=3)
    play_turn(s, {0: ["rxn", "pick H"]})
    drive(s, at_phase("rxn"))
    s.apply_text(0, "take none")
    assert "rad-Fr" not in unbonded(s, 0)
    assert table(s)["radioactive"][0] == [{"card": "rad-Fr", "points": 4}]


def test_tiles_need_a_deck_and_a_center():
    """Ruling (compound.md): "Play Two is not allowed when the deck is empty." and Play From Center is "Not
    allowed when the centre is empty." """
    s = rig(deck=[])
    assert table(s)["deck"] == 0
    assert Move("two") not in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="deck is empty"):
        s.apply_text(0, "two")
    t = rig(center=[])
    assert not any(m.kind == "center" for m in t.legal_actions(0))
    assert Move("two") in t.legal_actions(0)
    with pytest.raises(IllegalAction, match="center is empty"):
        t.apply_text(0, "center Na")


def test_water_can_be_made_two_ways_and_the_text_says_which():
    """Ruling (compound.md): "water (H + OH) scores its 7 points ... H2O made of 2 H + O counts as a compound
    with an H card. `formula()` writes H2O for both, never HOH." """
    s = rig(hands={0: ["H"]}, unbonded={0: ["H", "OH", "O"]})
    play_turn(s, {0: ["pick H"]})
    others_unbonded(s, keep=0)
    texts = [s.format_action(m) for m in s.legal_actions(0)]
    assert "bond H OH = H2O — water" in texts and "bond H H O = H2O — water" in texts
    with pytest.raises(IllegalAction, match="more than one way"):
        s.parse_action(0, "bond H2O")
    assert s.parse_action(0, "bond H H O") == Move("bond", ("H", "H", "O"))


def test_records_and_events_name_every_compound():
    """Brief: every compound is displayed with correct formula and name in views, events and records."""
    s = rig(hands={0: ["OH"]}, unbonded={0: ["OH", "Mg"]})
    play_turn(s, {0: ["pick OH"]})
    others_unbonded(s, keep=0)
    s.apply_text(0, "bond Mg OH OH")
    rec = record.from_state(s)
    assert [0, "bond Mg OH OH = Mg(OH)2 — magnesium hydroxide"] in [list(a) for a in rec.actions]
    bond = next(e for e in s.events(1) if e.kind == "bond")
    assert (bond.data["formula"], bond.data["name"]) == ("Mg(OH)2", "magnesium hydroxide")
    assert SPEC.presenter.describe(bond, Names(1)) == \
        "Player 0 bonds OH into Mg(OH)2 — magnesium hydroxide (13 points)."
    assert "Mg(OH)2 — magnesium hydroxide (13)" in SPEC.presenter.render(s.view(2), Names(2))


def test_a_record_of_a_position_free_game_replays():
    """Brief: a game is seed + config + action log; replaying a record gives the same views."""
    s = new_game(players=3, seed=12)
    drive(s, at_round(2))
    again = record.replay(record.loads(record.from_state(s).to_json()))
    assert [again.view(p) for p in (0, 1, 2, None)] == [s.view(p) for p in (0, 1, 2, None)]
