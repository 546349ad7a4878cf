"""`position(data)`: Valence positions from plain data (what the rules tests stand on)."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.core import BadOption, IllegalAction, UnknownGame
from ionarena.games.valence.rules import ValenceState

position = ionarena.get_spec("valence").position


def test_a_position_holds_what_it_names_and_every_other_card():
    state = position({"hands": [["Na", "O"], ["H"]], "stashes": [["NaOH"], ["He"]], "discard": ["F", "Cl"],
                      "deck": ["Ca", "K"], "to_move": 1, "phase": "draw"})
    assert isinstance(state, ValenceState)
    table = state.view(0)["table"]
    assert table["hand"] == ["O", "Na"] and table["stashes"] == [["NaOH"], ["He"]]
    assert table["bank"]["base"] == 4 and table["discard_top"] == "Cl" and table["deck_size"] == 2
    assert state.actors() == [1] and state.view(0)["phase"] == "draw"
    assert state.events(None) == []  # no deal happened: the position starts the log
    state.apply_text(1, "draw")  # one card in hand: draws two, in the order given
    assert state.view(1)["table"]["hand"] == ["H", "K", "Ca"]
    ionarena.get_spec("valence").check_invariants(state)


@pytest.mark.parametrize(("data", "message"), [
    ({"hands": [[], []], "colour": "red"}, "no 'colour'"),
    ({"hands": [["Ca", "Ca", "Ca"], []]}, "more copies"),
    ({"hands": [["Xx"], []]}, "not an element card"),
    ({"hands": ["NaCl", []]}, "list of element symbols"),
    ({"hands": [[], []], "stashes": [["NaKO"], []]}, "not a molecule card"),
    ({"hands": [[], []], "stashes": [["NaOH"] * 6, []]}, "more molecule cards"),
    ({"hands": [[], []], "stashes": [[]]}, "a stash for each"),
    ({"hands": [[], []], "to_move": 2}, "to_move"),
    ({"hands": [[], []], "to_move": True}, "to_move"),
    ({"hands": [[], []], "phase": "place"}, "phase"),
    ({"hands": [[], []], "phase": "lunch"}, "phase"),
    ({"hands": [[], []], "built_types": ["gold"]}, "built_types"),
    ({"hands": [[], []], "helium_under": True, "deck": ["O"]}, "helium_under"),
])
def test_a_bad_position_is_one_clear_error(data, message):
    with pytest.raises(IllegalAction, match=message):
        position(data)


def test_players_variant_and_options_are_checked_like_a_new_game():
    with pytest.raises(UnknownGame):
        position({"hands": [[]]})
    with pytest.raises(UnknownGame):
        position({"hands": [[], []], "variant": "expert"})
    with pytest.raises(BadOption, match="turn_cap"):
        position({"hands": [[], []], "options": {"turn_cap": 0}})
