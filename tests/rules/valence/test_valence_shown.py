"""What the table sees: the discard pile's top, stolen cards, Helium put back at setup, reaction
text with names, the Science Ninja multiple choice, and the help line a student reads."""

from __future__ import annotations

import json
import random

import ionarena
from ionarena.games.valence.cards import RECIPES
from ionarena.games.valence.chemistry import accepts_name

from .valence_table import events, hand_of, seen, shown, stashes, table, told


def test_the_discard_pile_shows_its_top_card_and_its_size():
    """'If only drawing one card, you may instead draw the top card from the Discard Pile.' /
    'If you have Bases, don't put anything that could make Acids on top!' — the pile is a face-up
    stack, not spread: a player sees the top card and how many cards lie there."""
    state = table(3, hands={0: ["Na", "O"]}, discard=["F", "Cl", "H"], phase="draw")
    for seat in (0, 1, None):
        view = seen(state, seat)
        assert view["discard_top"] == "H" and view["discard_size"] == 3
        assert "discard_pile" not in view and "discard" not in view
        assert "Cl" not in json.dumps(view)  # the Cl under the top card is not shown
    assert "Discard pile: 3 cards, top H" in shown(state, 0)
    state = table(3, hands={0: ["Na", "O"]}, discard=["H"], phase="draw")
    assert "Discard pile: 1 card, top H" in shown(state, 0)
    state = table(3, hands={0: ["Na", "O"]}, discard=[], phase="draw")
    assert seen(state, 0)["discard_top"] is None and "Discard pile: empty" in shown(state, 0)


def test_the_victim_sees_which_card_was_taken_and_nobody_else_does():
    """'Take a random Element Card from your opponent.' The opponent sees the card leave their hand;
    the other players only see that a card was taken."""
    state = table(3, hands={1: ["K"], 2: ["O"]}, stashes={0: ["HCl"], 1: ["NaOH"]})
    state.apply_text(0, "react HCl 1 NaOH")
    assert told(state, 0)[-1] == "Player 0 (you) takes K from Player 1."
    assert told(state, 1)[-1] == "Player 0 takes K from Player 1 (you)."
    assert told(state, 2)[-1] == "Player 0 takes a random card from Player 1."
    assert told(state, None)[-1] == "Player 0 takes a random card from Player 1."
    for seat in (0, 1):
        assert events(state, seat)[-1].data == {"player": 0, "victim": 1, "card": "K"}
    for seat in (2, None):
        assert events(state, seat)[-1].data == {"player": 0, "victim": 1}
        assert "K" not in json.dumps([e.to_json() for e in state.events(seat)])


def test_reactions_are_told_with_formulas_names_and_the_balanced_equation():
    """'Collect Products. Whoever owns the white-bordered Molecule replaces it with the products of
    the reaction.' The table reads what reacted, the balanced equation and the products' names."""
    state = table(2, hands={1: ["O"]}, stashes={0: ["HCl"], 1: ["CaO"]})
    state.apply_text(0, "react HCl 1 CaO")
    assert told(state, None)[0] == (
        "Player 0 reacts HCl (hydrogen chloride) with the CaO (calcium oxide) of Player 1: "
        "CaO + 2 HCl → CaCl2 + H2O. Player 1 gets CaCl2 (calcium chloride) and H2O (water) and "
        "skips the next draw.")


def test_helium_put_back_at_setup_is_announced_and_stays_at_the_bottom():
    """'If Helium is one of your first six Element cards, return it to the bottom of the Element
    deck and replace it with another card.' Everyone sees a card go back, and only Helium ever does,
    so the table knows Helium is at the bottom: a resampled deck keeps it there."""
    put_back = 0
    for seed in range(60):
        state = ionarena.make("valence", players=5, seed=seed)
        said = told(state, None, since=-1)
        if not any(e.kind == "helium_back" for e in events(state, None, since=-1)):
            assert not any("Helium" in line for line in said)  # it may lie anywhere in the deck
            continue
        put_back += 1
        assert state.deck[0] == "He"
        assert any("Helium" in line and "bottom of the Element Deck" in line for line in said)
        for p in [*range(5), None]:
            assert state.determinize(p, random.Random(seed)).deck[0] == "He"
    assert put_back > 0


def test_helium_is_no_longer_known_at_the_bottom_after_a_reshuffle():
    """'If the Element Deck is empty, reshuffle the discard pile and reuse it as the Element Deck.'
    After a reshuffle nobody knows where Helium lies: a resampled deck may put it anywhere."""
    state = table(2, hands={0: []}, deck=["O", "He"], helium_under=True, phase="draw")
    assert {state.determinize(1, random.Random(seed)).deck[0] for seed in range(10)} == {"He"}
    state.apply_text(0, "draw")  # O, then Helium, then the discard pile is reshuffled for the third
    assert kinds_of(state) == ["reshuffle", "draw"]
    assert "He" in hand_of(state, 0)
    places = {"deck" if "He" in other.deck else "hand"
              for other in (state.determinize(1, random.Random(seed)) for seed in range(30))}
    assert places == {"deck", "hand"}


def kinds_of(state) -> list[str]:
    return [e.kind for e in events(state, 1)]


def test_ninja_moves_are_a_multiple_choice_with_one_right_name():
    """'Players must name the specific Molecule they're building.' The legal moves offer, for each
    molecule the hand can build, the names of every molecule of its type plus the bare type name,
    alphabetically: the menu quizzes the player, exactly one choice is right."""
    state = table(2, "ninja", hands={0: ["Na", "O", "H", "Cl"]})
    builds = [a for a in state.legal_actions(0) if a.verb == "build"]
    by_formula: dict[str, list[str]] = {}
    for move in builds:
        by_formula.setdefault(move.what, []).append(move.said)
    assert by_formula["NaOH"] == ["base", "calcium hydroxide", "potassium hydroxide", "sodium hydroxide"]
    assert by_formula["HCl"] == ["acid", "hydrogen chloride", "hydrogen fluoride"]
    for formula, names in by_formula.items():
        assert names == sorted(names)
        assert sum(accepts_name(list(RECIPES[formula].cards), n) for n in names) == 1


def test_help_line_offers_only_what_the_rules_allow():
    """'Beginner Rules - Set aside trading up and reactions and just focus on building Molecules.'
    The student's help line never suggests a move the variant forbids, and Science Ninja help shows
    the cards, not the names."""
    stashes = {0: ["HCl", "NaCl"], 1: ["NaOH"]}
    beginner = table(2, "beginner", hands={0: ["Na", "O", "H"]}, stashes=stashes)
    text = shown(beginner, 0)
    assert "react" not in text and "trade" not in text
    assert "You can build: NaOH — sodium hydroxide" in text
    standard = table(2, hands={0: ["Na", "O", "H"]}, stashes=stashes)
    text = shown(standard, 0)
    assert "react <your Acid or Water>" in text and "trade <your Salt>" in text
    ninja = table(2, "ninja", hands={0: ["Na", "O", "H"]}, stashes=stashes)
    text = shown(ninja, 0)
    assert "You can build from: Na O H" in text
    assert "hydroxide" not in text.split("You can build from:")[1]
    draw = table(2, hands={0: ["O"]}, discard=["H"], phase="draw")
    text = shown(draw, 0)
    assert "draw (2 cards)" in text and "draw discard" not in text


def test_a_build_is_told_with_formula_name_cards_type_and_points():
    """'Place the Molecule face up in front of you so all opponents can see' / 'Place Element Cards
    that built the Molecule face up in the Discard Pile.' The table reads the formula, its name, the
    cards it was built from, its type and its points."""
    state = table(2, hands={0: ["Ca", "O", "H", "O", "H"]})
    state.apply_text(0, "build Ca O H O H")
    assert told(state, 1)[0] == "Player 0 builds Ca(OH)2 — calcium hydroxide from Ca O H O H: Base, 4 points."
    assert events(state, 1)[0].data == {"player": 0, "molecule": "Ca(OH)2",
                                        "cards": ["Ca", "O", "H", "O", "H"], "type": "base", "points": 4}


def test_ninja_names_forgive_quotes_and_a_full_stop():
    """'they must declare they've made Sodium Hydroxide to take their Molecule!' — a name typed as a
    sentence ("Sodium Hydroxide." or "lye" in quotes) is still that name."""
    for said in ("Sodium Hydroxide.", '"lye"', "'caustic soda'!"):
        state = table(2, "ninja", hands={0: ["Na", "O", "H"]})
        state.apply_text(0, f"build Na O H as {said}")
        assert stashes(state)[0] == ["NaOH"], said


def test_the_bank_line_shows_cards_left_and_points():
    """'Take the Molecule from the Molecule Bank' — the bank shows how many of each type are left
    and what each is worth (Base 4, Metal Oxide 3, Salt 1, ...)."""
    state = table(2, stashes={1: ["NaOH"]})
    text = shown(state, 0)
    assert "Molecule Bank (cards left, points each): Salt 9 (1), Water 9 (1), Metal Oxide 5 (3), " \
           "Acid 5 (1), Base 4 (4), Carbon Dioxide 6 (2), Deadly Carbonyl 4 (4), Halocarbon 3 (4)" in text


def test_help_line_leaves_out_a_molecule_named_wrongly_this_turn():
    """'If they get it wrong, players can try again next turn.' The help line no longer offers it."""
    state = table(2, "ninja", hands={0: ["H", "Cl", "H", "O", "H"]})
    state.apply_text(0, "build H Cl as hydrogen fluoride")
    text = shown(state, 0)
    assert "You can build from: H H O\n" in text
