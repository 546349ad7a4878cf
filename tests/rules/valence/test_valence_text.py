"""Action text forms (docs/rules/valence.md) and what players read (views and render)."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.core import IllegalAction

from .valence_table import table


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
    'COCl2 — carbonyl dichloride (phosgene)'."""
    state = table(2, hands={0: ["O"]}, stashes={0: ["COCl2"], 1: ["Ca(OH)2"]})
    view = state.view(1)
    assert view["names"] == {"COCl2": "COCl2 — carbonyl dichloride (phosgene)",
                             "Ca(OH)2": "Ca(OH)2 — calcium hydroxide"}
    text = ionarena.get_spec("valence").render(view, 1)
    assert "COCl2 — carbonyl dichloride (phosgene)" in text and "Ca(OH)2 — calcium hydroxide" in text
    assert "Your hand:" in text and "O(-2)" not in text  # player 1's hand is empty
    assert "O(-2)" in ionarena.get_spec("valence").render(state.view(0), 0)


def test_docs_publish_the_full_accepted_name_table():
    """Ruling: 'publish the full table in docs' — every accepted name of every molecule is listed."""
    from pathlib import Path

    from ionarena.games.valence.cards import RECIPES
    from ionarena.games.valence.chemistry import accepted_names, label

    docs = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "valence.md").read_text("utf-8")
    for formula, recipe in RECIPES.items():
        row = next(line for line in docs.splitlines() if f"| {label(formula)} |" in line)
        assert row.endswith(f"| {', '.join(accepted_names(recipe))} |"), formula
