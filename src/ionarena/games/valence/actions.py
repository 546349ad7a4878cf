"""Valence actions and their canonical text forms.

| text                                   | meaning                                                  |
|----------------------------------------|----------------------------------------------------------|
| `draw`                                 | draw 1, 2 or 3 element cards (by hand size)              |
| `draw discard`                         | take the discard pile's top card instead of drawing one  |
| `redraw`                               | discard the whole hand, then draw three                  |
| `place O`                              | put the next used card (O) on top of the discard pile    |
| `build NaOH` (or `build Na O H`)       | build a molecule                                         |
| `build Na O H as sodium hydroxide`     | Science Ninja rules: build and name it                   |
| `helium`                               | add Helium to your stash (2 points); hands pass right    |
| `react HCl 2 NaOH`                     | your HCl reacts with player 2's NaOH                     |
| `trade NaCl`                           | Trade Up: return a Salt to the bank, draw two cards      |
| `end`                                  | end the turn                                             |
| `discard Cl`                           | discard down to six cards at the end of the turn         |
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import ELEMENTS, RECIPES, Recipe
from .chemistry import accepted_names, hill_formula, normalise_name, recipe_of

DRAW, REDRAW, PLACE, BUILD, HELIUM, REACT, TRADE, END, DISCARD = (
    "draw", "redraw", "place", "build", "helium", "react", "trade", "end", "discard")


class Move(NamedTuple):
    """One Valence decision. `what` is a deck source, an element symbol or a molecule formula."""

    verb: str
    what: str = ""
    whom: int = -1
    target: str = ""
    said: str = ""


DRAW_DECK = Move(DRAW, "deck")
DRAW_DISCARD = Move(DRAW, "discard")
REDRAW_HAND = Move(REDRAW)
ADD_HELIUM = Move(HELIUM)
END_TURN = Move(END)

_SYMBOLS = {s.lower(): s for s in ELEMENTS}
_FORMULAS: dict[str, str] = {}
for _f, _r in RECIPES.items():
    _FORMULAS[_f.lower()] = _f
    _FORMULAS.setdefault(hill_formula(_r.cards).lower(), _f)
_NAMES: dict[str, str] = {}
for _f, _r in RECIPES.items():
    for _n in accepted_names(_r):
        _NAMES.setdefault(normalise_name(_n), _f)

TYPE_WORDS = {
    "acid": ("acid",), "water": ("water",), "base": ("base",), "oxide": ("metal_oxide",),
    "metal_oxide": ("metal_oxide",), "carbonyl": ("deadly_carbonyl",),
    "deadly_carbonyl": ("deadly_carbonyl",), "salt": ("salt",),
}


def format_move(move: Move) -> str:
    """The canonical text of a move."""
    verb = move.verb
    if verb == DRAW:
        return "draw" if move.what == "deck" else "draw discard"
    if verb in (PLACE, DISCARD, TRADE):
        return f"{verb} {move.what}"
    if verb == BUILD:
        if move.said:
            return f"build {' '.join(RECIPES[move.what].cards)} as {move.said}"
        return f"build {move.what}"
    if verb == REACT:
        return f"react {move.what} {move.whom} {move.target}"
    return verb


def symbol(word: str) -> str | None:
    """The element symbol `word` names (case-insensitive), or None."""
    return _SYMBOLS.get(word.lower())


def molecule(words: list[str]) -> Recipe | None:
    """The recipe named by a formula ("NaOH"), a list of element cards ("Na O H") or a name."""
    if len(words) == 1 and words[0].lower() in _FORMULAS:
        return RECIPES[_FORMULAS[words[0].lower()]]
    symbols = [symbol(w) for w in words]
    if words and all(symbols):
        return recipe_of([s for s in symbols if s])
    said = normalise_name(" ".join(words))
    return RECIPES[_NAMES[said]] if said in _NAMES else None


def formula_word(word: str) -> str | None:
    """The formula a single word spells ("naoh" -> "NaOH"), or None."""
    return _FORMULAS.get(word.lower())
