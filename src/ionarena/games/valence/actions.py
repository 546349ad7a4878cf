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

from ...core import IllegalAction, quote
from .cards import ELEMENTS, RECIPES, Recipe, kind_of
from .chemistry import accepted_names, hill_formula, is_a_name, name_key, normalise_name, recipe_of
from .refusals import formula_not_a_name, looks_like_formula, why_not_molecule

DRAW, REDRAW, PLACE, BUILD, HELIUM, REACT, TRADE, END, DISCARD = (
    "draw", "redraw", "place", "build", "helium", "react", "trade", "end", "discard")


class Move(NamedTuple):
    """One Valence decision. `what` is a deck source, an element symbol or a molecule formula."""

    verb: str
    what: str = ""
    whom: int = -1
    target: str = ""
    said: str = ""


VERBS = frozenset((DRAW, REDRAW, PLACE, BUILD, HELIUM, REACT, TRADE, END, DISCARD))
MAX_NAME = 80
"""The longest name a Science Ninja build may say (longer text is no molecule's name)."""


def well_formed(move: object) -> bool:
    """True if `move` is a `Move` whose fields have the right types (a Python caller may pass
    anything: a plain tuple, a bool for a seat, a list for a card); legality is checked later."""
    return (type(move) is Move and type(move.verb) is str and move.verb in VERBS
            and type(move.what) is str and type(move.whom) is int and type(move.target) is str
            and type(move.said) is str and len(move.said) <= MAX_NAME)


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
        _NAMES.setdefault(name_key(_n), _f)

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
    said = name_key(" ".join(words))
    return RECIPES[_NAMES[said]] if said in _NAMES else None


def formula_word(word: str) -> str | None:
    """The formula a single word spells ("naoh" -> "NaOH"), or None."""
    return _FORMULAS.get(word.lower())


def read_move(text: str, player: int, stashes: list[list[str]], ninja: bool) -> Move:
    """The move `text` spells (not yet checked for legality); IllegalAction for junk."""
    words = text.split()
    if not words:
        raise IllegalAction("type a move: draw, build NaOH, react HCl 1 NaOH, end, ...")
    verb, rest = words[0].lower(), words[1:]
    if verb == DRAW and not rest:
        return DRAW_DECK
    if verb == DRAW and [w.lower() for w in rest] == ["discard"]:
        return DRAW_DISCARD
    if verb in (REDRAW, HELIUM, END) and not rest:
        return Move(verb)
    if verb in (PLACE, DISCARD) and len(rest) == 1:
        s = symbol(rest[0])
        if s is None:
            raise IllegalAction(f"{quote(rest[0])} is not an element symbol")
        return Move(verb, s)
    if verb == TRADE:
        salts = [f for f in stashes[player] if kind_of(f) == "salt"]
        if not rest and salts:
            return Move(TRADE, salts[0])
        if len(rest) == 1 and formula_word(rest[0]):
            return Move(TRADE, formula_word(rest[0]) or "")
        raise IllegalAction("Trade Up needs a Salt from your stash: 'trade NaCl'")
    if verb == BUILD and rest:
        return _read_build(rest, ninja)
    if verb == REACT and len(rest) == 3:
        return _read_react(player, rest, stashes)
    raise IllegalAction(f"{quote(text.strip())} is not a Valence move; try draw, draw discard, redraw, "
                        "place O, build NaOH, helium, react HCl 1 NaOH, trade NaCl, end, discard Cl")


def _read_build(rest: list[str], ninja: bool) -> Move:
    lowered = [w.lower() for w in rest]
    said = ""
    if "as" in lowered:
        cut = lowered.index("as")
        typed = " ".join(rest[cut + 1:])
        rest, said = rest[:cut], normalise_name(typed)
        if ninja and looks_like_formula(typed) and not is_a_name(typed):
            raise IllegalAction(formula_not_a_name(said))  # `as MgO`: judged before the capitals go
        if not said:
            raise IllegalAction("say the molecule's name after 'as'")
        if len(said) > MAX_NAME:
            raise IllegalAction(f"{quote(said)} is too long to be a molecule's name")
    recipe = molecule(rest)
    if recipe is None:
        raise IllegalAction(why_not_molecule(rest))
    if not ninja:
        said = ""
    return Move(BUILD, recipe.formula, said=said)


def _read_react(player: int, rest: list[str], stashes: list[list[str]]) -> Move:
    word = rest[1]
    if not (word.isascii() and word.isdigit() and len(word) <= 2) or not 0 <= int(word) < len(stashes):
        raise IllegalAction(f"{quote(word)} is not a player number (0 to {len(stashes) - 1})")
    q = int(word)
    reactor = _stash_word(rest[0], stashes[player], "your stash")
    target = _stash_word(rest[2], stashes[q], f"Player {q}'s stash")
    return Move(REACT, reactor, q, target)


def _stash_word(word: str, stash: list[str], where: str) -> str:
    """A formula, or a type word ("acid", "base") that names one kind of molecule in `stash`."""
    found = formula_word(word)
    if found:
        return found
    types = TYPE_WORDS.get(word.lower())
    if types is None:
        raise IllegalAction(f"{quote(word)} is not a molecule formula or type")
    kinds = list(dict.fromkeys(f for f in stash if kind_of(f) in types))
    if len(kinds) != 1:
        raise IllegalAction(f"{where} holds {len(kinds)} kinds of {quote(word)}: name it by formula"
                            + (f" ({', '.join(kinds)})" if kinds else ""))
    return kinds[0]
