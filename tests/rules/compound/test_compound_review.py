"""Review tests: every formula and name a student can see, hidden picks in determinized copies, texts."""

from __future__ import annotations

import random
import re
from math import gcd

import pytest

from ionarena.core import Names
from ionarena.games.compound.cards import IONS, ROMAN, display
from ionarena.games.compound.chemistry import match
from ionarena.games.compound.scoring import formula, name

from .rig import SPEC, at_round, drive, hand, new_game, play_turn, rig, table

SYMBOLS = sorted({ion.symbol for ion in IONS.values()}, key=len, reverse=True)


def _read(text: str) -> list[tuple[str, int]]:
    """A formula read back as (ion symbol, count) pairs; parentheses only around a polyatomic ion
    that occurs more than once, no subscript 1."""
    parts: list[tuple[str, int]] = []
    pos = 0
    while pos < len(text):
        if text[pos] == "(":
            m = re.match(r"\(([A-Za-z0-9]+)\)([2-9])", text[pos:])
            assert m, f"{text}: bad parentheses"
            assert m.group(1) in SYMBOLS and sum(ch.isupper() for ch in m.group(1)) > 1, text
            parts.append((m.group(1), int(m.group(2))))
            pos += m.end()
            continue
        sym = next((s for s in SYMBOLS if text.startswith(s, pos)), None)
        assert sym is not None, f"{text}: unknown ion at {text[pos:]}"
        pos += len(sym)
        m = re.match(r"[2-9]", text[pos:])
        count = 1
        if m:
            assert sum(ch.isupper() for ch in sym) == 1, f"{text}: {sym} needs parentheses"
            count = int(m.group(0))
            pos += 1
        parts.append((sym, count))
    return parts


def _legal_compounds(max_cards: int = 6):
    for cat in IONS.values():
        for an in IONS.values():
            if cat.charge <= 0 or an.charge >= 0:
                continue
            for nc in range(1, max_cards):
                for na in range(1, max_cards - nc + 1):
                    yield cat, an, nc, na


def test_every_compound_of_up_to_six_cards_has_a_correct_formula_and_name():
    """Rulebook: "Compounds are listed as formulas that show which Ions are used. If more than 1 of an
    Ion is used in that compound, a subscripted number after the Ion will show how many." and ruling
    (compound.md): "A compound is one formula unit in lowest ratio"."""
    seen = 0
    for cat, an, nc, na in _legal_compounds():
        tokens = [cat.token] * nc + [an.token] * na
        legal = nc * cat.charge + na * an.charge == 0 and gcd(nc, na) == 1
        r = match(tokens)
        assert (r is not None) == legal, tokens
        if r is None:
            continue
        seen += 1
        text, called = formula(tokens), name(tokens)
        if cat.symbol == "H" and an.symbol in ("OH", "O"):
            assert (text, called) == ("H2O", "water")
            continue
        assert _read(text) == [(cat.symbol, nc), (an.symbol, na)], text
        if cat.token != cat.card:  # a transition metal: its charge as a Roman numeral
            assert called == f"{cat.name.split('(')[0]}({ROMAN[cat.charge]}) {an.name}"
        elif cat.symbol == "H" and an.acid_name:
            assert called == an.acid_name and called.endswith(" acid")
        else:
            assert called == f"{cat.name} {an.name}"
    assert seen > 150


@pytest.mark.parametrize(("cards", "text"), [
    (["Na", "Cl"], "NaCl — sodium chloride"),
    (["Mg", "Cl", "Cl"], "MgCl2 — magnesium chloride"),
    (["Ca", "F", "F"], "CaF2 — calcium fluoride"),
    (["Na", "Na", "O"], "Na2O — sodium oxide"),
    (["Fe3", "Fe3", "O", "O", "O"], "Fe2O3 — iron(III) oxide"),
    (["Cu2", "O"], "CuO — copper(II) oxide"),
    (["Au3", "Cl", "Cl", "Cl"], "AuCl3 — gold(III) chloride"),
    (["Cr3", "Cr3", "O", "O", "O"], "Cr2O3 — chromium(III) oxide"),
    (["Co2", "OH", "OH"], "Co(OH)2 — cobalt(II) hydroxide"),
    (["NH4", "Cl"], "NH4Cl — ammonium chloride"),
    (["NH4", "NH4", "NH4", "PO4"], "(NH4)3PO4 — ammonium phosphate"),
    (["Fe3", "Fe3", "SO4", "SO4", "SO4"], "Fe2(SO4)3 — iron(III) sulfate"),
    (["H", "NO3"], "HNO3 — nitric acid"),
    (["H", "H", "H", "PO4"], "H3PO4 — phosphoric acid"),
    (["H", "H", "CO3"], "H2CO3 — carbonic acid"),
    (["H", "ClO3"], "HClO3 — chloric acid"),
    (["Na", "OH"], "NaOH — sodium hydroxide"),
])
def test_formulas_and_names_a_class_will_check(cards, text):
    """Rulebook: "For example: Mg(OH)2 is made of 1 Mg2+ Ion and 2 OH- Ions." (formula, then name)."""
    assert f"{formula(cards)} — {name(cards)}" == text


def test_determinize_forgets_other_players_hidden_tile_choices():
    """Rulebook: "Players will simultaneously choose 1 of these cards (face down) to keep" and ruling
    (compound.md): "every player commits a pick — with any tile used this turn and, for Play From
    Center, the centre card wanted — and when all have committed, all are revealed together." """
    state = new_game(players=3, seed=4)
    want = table(state)["center"][0]
    state.apply_text(1, "two")
    state.apply_text(1, f"center {want}")
    state.apply_text(1, "rxn")
    for c in hand(state, 1)[:2]:
        state.apply_text(1, f"pick {c}")
    state.apply_text(2, "two")
    state.apply_text(2, f"pick {hand(state, 2)[0]}")
    copy = state.determinize(0, random.Random(7))
    assert copy.view(0) == state.view(0)
    assert table(copy)["committed"] == [False, True, False]
    for seat in (1, 2):
        mine = table(copy, seat)["your_pick"]
        assert (mine["two"], mine["center"], mine["rxn"]) == (False, None, False)
    picked = table(copy, 1)["your_pick"]["picks"]
    assert len(picked) == 1 and picked[0] in hand(copy, 1) and table(copy, 2)["your_pick"]["picks"] == []
    # the original is untouched and plays on as chosen
    mine = table(state, 1)["your_pick"]
    assert mine["two"] and mine["center"] == want and len(mine["picks"]) == 2


def test_clones_draw_independently():
    """Ruling (compound.md): "every card is collected and reshuffled" each round: a clone deals the next
    round as the original does, and playing on in one never moves the other."""
    state = new_game(players=2, seed=9)
    copy = state.clone()
    drive(state, at_round(2))
    assert table(copy)["round"] == 1
    drive(copy, at_round(2))
    assert [copy.view(p) for p in (0, 1, None)] == [state.view(p) for p in (0, 1, None)]


def test_bond_cards_may_be_typed_in_any_order():
    """Rulebook: "To form a bond, simply place the new charged card together with the card or cards
    that form a valid chemical bond." (`bond Cl Mg Cl` is `bond Mg Cl Cl`)."""
    state = rig(players=2, hands={0: ["Cl"]}, unbonded={0: ["Mg", "Cl"]})
    play_turn(state, {0: ["pick Cl"]})
    move = state.parse_action(0, "bond Cl Mg Cl")
    assert state.format_action(move) == "bond Mg Cl Cl = MgCl2 — magnesium chloride"


def test_cards_show_their_charge_and_the_pick_reads_as_words():
    """Rulebook: "Some Element Cards have a positive charge and some others have a negative charge."
    (every card in a hand or the center is shown with its charge)."""
    assert display("Cl") == "Cl (Chloride 1-)"
    assert display("Mg") == "Mg (Magnesium 2+)"
    assert display("Fe") == "Fe (Iron 2+/3+)"
    state = rig(players=2, hands={0: ["Cl", "H"]}, center=["Mg", "O", "F", "K"])
    state.apply_text(0, "two")
    state.apply_text(0, "center Mg")
    state.apply_text(0, "pick Cl")
    text = SPEC.presenter.render(state.view(0), Names(0))
    assert "Center: F (Fluoride 1-), K (Potassium 1+), Mg (Magnesium 2+), O (Oxide 2-)" in text
    assert "Your choice so far: Play Two, Play From Center (Mg); picked Cl" in text
    assert "Your choice so far" not in SPEC.presenter.render(state.view(1), Names(1))


def test_neutralization_goal_text_says_which_water_is_excluded():
    """Rulebook: "Bonding Hydrogen and Hydroxide (water) does not count toward this Goal Card's bonus
    points." (ruling, issue 25: water is water however it is made, 2 H + O included)."""
    state = rig(players=2, goals=["neutralization", "alkali_salts", "noble_gases"])
    assert table(state, 0)["goals"][0]["wants"] == []
    text = SPEC.presenter.render(state.view(0), Names(0))
    assert "Neutralization Reaction: a compound with an H card and another with an OH card " \
           "(water, H2O, counts for neither) (both 10)" in text
