"""Action text forms (docs/rules/valence.md) and what players read (views and render)."""

from __future__ import annotations

import pytest

from ionarena.core import IllegalAction

from .valence_table import seen, shown, table


@pytest.mark.parametrize("text", ["build NaOH", "build Na O H", "build na o h", "build H O Na",
                                  "BUILD naoh", "build sodium hydroxide"])
def test_build_text_forms(text):
    """Docs: 'build NaOH' (or the cards 'build Na O H', any order, any case)."""
    state = table(2, hands={0: ["Na", "O", "H"]})
    assert state.format_action(state.parse_action(0, text)) == "build NaOH"


def test_ninja_text_form_keeps_the_cards_and_the_name():
    """Docs: Science Ninja builds read 'build Na O H as sodium hydroxide'."""
    state = table(2, "ninja", hands={0: ["Na", "O", "H"]})
    move = state.parse_action(0, "build NaOH as Sodium  Hydroxide")
    assert state.format_action(move) == "build Na O H as sodium hydroxide"


@pytest.mark.parametrize("text", ["", "fly", "build", "build Xy", "react HCl", "react HCl x NaOH",
                                  "place", "discard Zz", "draw deck now", "trade", "helium now"])
def test_junk_raises(text):
    """Docs: text that is not a move is refused with a reason."""
    state = table(2, hands={0: ["Na"]})
    with pytest.raises(IllegalAction) as err:
        state.parse_action(0, text)
    assert str(err.value)


def test_views_and_render_show_formulas_and_names():
    """Brief: each molecule is shown with its correct formula and name, e.g.
    'COCl2 — carbonyl dichloride (phosgene)'. The view holds formulas; the words come from the
    presenter."""
    state = table(2, hands={0: ["O"]}, stashes={0: ["COCl2"], 1: ["Ca(OH)2"]})
    assert seen(state, 1)["stashes"] == [["COCl2"], ["Ca(OH)2"]]
    text = shown(state, 1)
    assert "COCl2 — carbonyl dichloride (phosgene)" in text and "Ca(OH)2 — calcium hydroxide" in text
    assert "Player 1 (you): 4 points" in text and "Player 0: 4 points" in text
    assert "Your hand: empty" in text and "O(-2)" not in text  # player 1's hand is empty
    assert "Your hand: O(-2)" in shown(state, 0)
    assert "Your hand" not in shown(state, None)


def test_render_interprets_no_markup():
    """Brief: plain text; nothing a person typed is interpreted (a Science Ninja name like '[/]' is
    shown as typed)."""
    state = table(2, "ninja", hands={0: ["Na", "O", "H"]})
    state.apply_text(0, "build Na O H as [bold]lye[/]")
    from .valence_table import told
    assert told(state, 1) == ['Player 0 calls Na O H "[bold]lye[/]": wrong, it is NaOH — sodium hydroxide. '
                              "The cards stay in hand."]


def test_bad_numbers_in_a_move_are_one_short_error():
    """Docs: 'react HCl 2 NaOH' names a player by number; huge, negative or non-ASCII numbers are refused
    with a short message, and nothing changes."""
    state = table(3, stashes={0: ["HCl"], 2: ["NaOH"]})
    for number in ("9" * 5000, "-1", "1.5", "٢", "1e400"):
        with pytest.raises(IllegalAction) as err:
            state.apply_text(0, f"react HCl {number} NaOH")
        assert len(str(err.value)) < 200
    assert seen(state)["stashes"] == [["HCl"], [], ["NaOH"]]


def test_docs_publish_the_full_accepted_name_table():
    """Ruling: 'publish the full table in docs' — every accepted name of every molecule is listed."""
    from pathlib import Path

    from ionarena.games.valence.cards import RECIPES
    from ionarena.games.valence.chemistry import accepted_names, label

    docs = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "valence.md").read_text("utf-8")
    for formula, recipe in RECIPES.items():
        row = next(line for line in docs.splitlines() if f"| {label(formula)} |" in line)
        assert row.endswith(f"| {', '.join(accepted_names(recipe))} |"), formula
