"""Building compound positions from plain data: every card accounted for, bad data one clear error."""

from __future__ import annotations

from collections import Counter

import pytest

import ionarena
from ionarena.core import IllegalAction, IonError
from ionarena.games.compound.cards import deck_for
from ionarena.games.compound.invariants import all_cards

SPEC = ionarena.get_spec("compound")
assert SPEC.position is not None
position = SPEC.position


def test_a_position_holds_every_card_once_and_plays_on():
    s = position({"players": 3, "hands": [["H", "Cl"], [], ["Fe"]], "unbonded": [["Mg"]],
                  "compounds": [[], [["Na", "Cl"]]], "center": ["O", "He", "K", "F"],
                  "goals": ["alkali_salts", "metal_oxides", "neutralization"], "deck_top": ["Ar"], "seed": 3})
    assert all_cards(s) == Counter(deck_for("standard"))
    t = s.view(0)["table"]
    assert {"H", "Cl"} <= set(t["hand"]) and t["hand_sizes"] == [10, 10, 10]
    assert t["unbonded"][0] == ["Mg"] and t["compounds"][1][0]["formula"] == "NaCl"
    assert t["center"] == ["F", "He", "K", "O"] and t["goals"][0]["id"] == "alkali_salts"
    assert [e.kind for e in s.events(None)] == ["round"]
    while not s.is_over():
        p = s.actors()[0]
        s.apply(p, s.legal_actions(p)[0])
    assert len(s.view(None)["table"]["round_scores"][0]) == 3


def test_the_seed_only_orders_the_cards_named_nowhere():
    a = position({"players": 2, "hands": [["He"]], "seed": 1})
    b = position({"players": 2, "hands": [["He"]], "seed": 2})
    assert "He" in a.view(0)["table"]["hand"] and "He" in b.view(0)["table"]["hand"]
    assert a.view(0)["table"]["hand"] != b.view(0)["table"]["hand"]
    assert position({"players": 2, "seed": 1}).view(1) == position({"players": 2, "seed": 1}).view(1)


@pytest.mark.parametrize(("data", "words"), [
    ({"hands": [["Xe"]]}, "not a card"),
    ({"hands": [["PO4", "PO4"]]}, "no more PO4"),
    ({"compounds": [[["Mg", "Cl"]]]}, "not a compound"),
    ({"variant": "beginner", "center": ["Na"]}, "no center"),
    ({"variant": "beginner", "tiles": [{"two": "down"}]}, "no Action Tiles"),
    ({"goals": ["alkali_salts"]}, "3 different goal"),
    ({"hand_size": 2}, "3 to 11"),
    ({"round": 4}, "round must be 1 to 3"),
    ({"round_scores": [[1, 2]]}, "after 0 scored rounds"),
    ({"radioactive": [[["Na", 4]]]}, "not a placed radioactive"),
    ({"players": 9}, "2-7 players"),
    ({"colour": "red"}, "has no 'colour'"),
    ({"round": "first"}, "wrong shape"),
    ({"hands": 7}, "wrong shape"),
    ({"tiles": [["two"]]}, "wrong shape"),
])
def test_bad_positions_are_one_clear_error(data, words):
    with pytest.raises(IonError, match=words):
        position({"players": 2, **data})


def test_a_position_error_is_an_illegal_action():
    with pytest.raises(IllegalAction):
        position({"players": 2, "hands": [["H"] * 11]})
