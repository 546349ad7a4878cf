"""Rulebook: 'Reacting'."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction
from ionarena.games.valence.invariants import check_invariants

from .valence_table import events, hand_of, seen, stashes, table, told


def test_acid_on_base_gives_salt_and_water():
    """'Acid reacts with Base and Metal Oxide' / 'Return the Reactor to the Molecule Bank. Take a
    random Element Card from your opponent.' / 'Exchange a Base or Metal Oxide for a Salt and Water'
    Ruling: 'the Salt is the target's metal with the reactor's halogen (NaOH + HF -> NaF + H2O)'."""
    state = table(3, hands={0: ["O"], 2: ["K"]}, stashes={0: ["HF"], 2: ["NaOH", "CO2"]})
    bank = dict(seen(state)["bank"])
    state.apply_text(0, "react HF 2 NaOH")
    after = seen(state, 1)
    assert after["stashes"][0] == []
    assert after["stashes"][2] == ["NaF", "H2O", "CO2"]
    assert hand_of(state, 0) == ["O", "K"]  # the only card player 2 had
    assert hand_of(state, 2) == []
    assert after["bank"]["acid"] == bank["acid"] + 1 and after["bank"]["base"] == bank["base"] + 1
    assert after["bank"]["salt"] == bank["salt"] - 1 and after["bank"]["water"] == bank["water"] - 1
    assert after["skip_draw"] == [False, False, True]
    react = events(state, 1)[0]
    assert react.kind == "react" and react.data == {
        "player": 0, "reactor": "HF", "victim": 2, "target": "NaOH", "products": ["NaF", "H2O"],
        "equation": "NaOH + HF → NaF + H2O"}
    check_invariants(state)


@pytest.mark.parametrize(("reactor", "target", "salt"), [
    ("HCl", "CaO", "CaCl2"), ("HF", "Na2O", "NaF"), ("HCl", "K2O", "KCl"),
    ("HF", "Ca(OH)2", "CaF2"), ("HCl", "KOH", "KCl")])
def test_acid_on_metal_oxide_and_base_products(reactor, target, salt):
    """'Exchange a Base or Metal Oxide for a Salt and Water' — Ruling: 'CaO + 2 HCl -> CaCl2 + H2O'."""
    state = table(2, hands={1: ["O"]}, stashes={0: [reactor], 1: [target]})
    state.apply_text(0, f"react {reactor} 1 {target}")
    assert stashes(state)[1] == [salt, "H2O"]


@pytest.mark.parametrize(("target", "acid", "equation"), [
    ("COCl2", "HCl", "COCl2 + H2O → CO2 + 2 HCl"),
    ("COF2", "HF", "COF2 + H2O → CO2 + 2 HF"),
    ("COClF", "HCl", "COClF + H2O → CO2 + HCl + HF")])
def test_water_on_deadly_carbonyl(target, acid, equation):
    """'Water reacts with Deadly Carbonyl.' / 'exchange a Deadly Carbonyl for a Carbon Dioxide and
    Acid.' Ruling: 'a carbonyl COX2 + H2O -> CO2 + the acid HX'; RULING (Ion Arena): COClF gives
    HCl and HF, and its one Acid card is HCl."""
    state = table(2, hands={1: ["O"]}, stashes={0: ["H2O"], 1: [target]})
    state.apply_text(0, f"react H2O 1 {target}")
    assert stashes(state)[1] == ["CO2", acid]
    assert events(state, None)[0].data["equation"] == equation


def test_what_cannot_react():
    """'Acid reacts with Base and Metal Oxide; Water reacts with Deadly Carbonyl.' Ruling: Halocarbon
    'cannot be reacted with'."""
    state = table(2, stashes={0: ["HCl", "H2O"], 1: ["CCl4", "COCl2", "NaOH", "CO2"]})
    legal = {state.format_action(a) for a in state.legal_actions(0) if a.verb == "react"}
    assert legal == {"react HCl 1 NaOH", "react H2O 1 COCl2"}
    for text in ("react HCl 1 CCl4", "react HCl 1 COCl2", "react H2O 1 NaOH", "react H2O 1 CO2"):
        with pytest.raises(IllegalAction):
            state.apply_text(0, text)


def test_only_an_opponents_molecule():
    """'Find an Opponent's Molecule and React.'"""
    state = table(2, stashes={0: ["HCl", "NaOH"]})
    with pytest.raises(IllegalAction, match="opponent"):
        state.apply_text(0, "react HCl 0 NaOH")


def test_victim_without_cards_means_a_card_from_the_deck():
    """'If the opponent has no Element Cards, take an Element card from the Element Deck.'"""
    state = table(2, hands={0: [], 1: []}, stashes={0: ["HCl"], 1: ["KOH"]}, deck=["Ca", "O"])
    state.apply_text(0, "react HCl 1 KOH")
    assert hand_of(state, 0) == ["Ca"]
    assert told(state, 1)[-1] == ("Player 0 takes 1 card from the Element Deck instead, as the opponent "
                                  "had no cards.")
    assert told(state, 0)[-1] == ("Player 0 (you) takes 1 card from the Element Deck instead, as the "
                                  "opponent had no cards: Ca.")
    check_invariants(state)


def test_react_as_many_times_as_you_choose():
    """'You can react as many times as you choose on your turn.'"""
    state = table(3, hands={1: ["O"], 2: ["O"]},
                  stashes={0: ["HCl", "HF", "H2O"], 1: ["NaOH"], 2: ["CaO", "COF2"]})
    for text in ("react HCl 1 NaOH", "react HF 2 CaO", "react H2O 2 COF2"):
        state.apply_text(0, text)
    assert stashes(state) == [[], ["NaCl", "H2O"], ["CaF2", "H2O", "CO2", "HF"]]
    assert seen(state)["skip_draw"] == [False, True, True]


def test_reaction_needs_the_products_in_the_bank():
    """Ruling: 'a reaction is legal only while the bank holds every product.'"""
    state = table(2, stashes={0: ["HCl"], 1: ["NaOH", *["NaCl"] * 9]})
    assert seen(state)["bank"]["salt"] == 0
    assert not [a for a in state.legal_actions(0) if a.verb == "react"]
    with pytest.raises(IllegalAction, match="Bank does not hold"):
        state.apply_text(0, "react HCl 1 NaOH")


def test_type_words_name_a_single_kind():
    """Action text (docs): 'react acid 1 base' works when there is one kind of each."""
    state = table(2, stashes={0: ["HCl"], 1: ["NaOH"]})
    assert state.format_action(state.parse_action(0, "react acid 1 base")) == "react HCl 1 NaOH"
    state = table(2, stashes={0: ["HCl", "HF"], 1: ["NaOH"]})
    with pytest.raises(IllegalAction, match="name it by formula"):
        state.parse_action(0, "react acid 1 base")


def test_only_acid_and_water_are_reactors():
    """'Acid and Water Molecules are Reactors and can react with certain white-bordered Molecules.' /
    'The bottom of your Reactor tells you what Molecules you can react with.'"""
    state = table(2, stashes={0: ["NaCl", "CO2", "NaOH", "CCl4", "COCl2", "CaO"],
                              1: ["KOH", "COF2", "K2O"]})
    assert not [a for a in state.legal_actions(0) if a.verb == "react"]
    for text in ("react NaCl 1 KOH", "react CO2 1 KOH", "react NaOH 1 K2O", "react COCl2 1 COF2"):
        with pytest.raises(IllegalAction, match="only Acid and Water"):
            state.apply_text(0, text)


def test_the_victim_skips_the_draw_of_their_next_turn_only():
    """'This player skips the draw phase of their next turn!' — with three players the victim's next
    turn comes after another player's; the skip waits for it and is used up by it."""
    state = table(3, hands={0: ["O"], 1: ["O", "O"], 2: ["H", "H"]}, stashes={0: ["HF"], 2: ["Na2O"]})
    state.apply_text(0, "react HF 2 Na2O")
    assert stashes(state)[2] == ["NaF", "H2O"]
    state.apply_text(0, "end")
    assert state.actors() == [1] and state.view(1)["phase"] == "draw"  # player 1 was not reacted with
    state.apply_text(1, "draw")
    state.apply_text(1, "end")
    assert state.actors() == [2] and state.view(2)["phase"] == "build"  # the victim's next turn: no draw
    assert events(state, 2)[-1].kind == "skip_draw" and events(state, 2)[-1].data == {"player": 2}
    state.apply_text(2, "end")
    for p in (0, 1):
        state.apply_text(p, "draw")
        state.apply_text(p, "end")
    assert state.actors() == [2] and state.view(2)["phase"] == "draw"  # the turn after: drawing again
