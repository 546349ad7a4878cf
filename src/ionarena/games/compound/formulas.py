"""Formulas as people type them: `Mg(OH)2`, `MgOH2`, `Mg(OH)₂`, `Mg (OH)2`, `mgoh2` all name
magnesium hydroxide.

RULING (Ion Arena, docs/rules/compound.md "Typing a compound"): a formula may be written with or
without the brackets around a polyatomic ion, with subscript digits, with spaces between its parts
and in any case. The capitals are read as written first (`Co` is cobalt, `CO3` carbonate); only
when that reading is no compound of the game are the capitals ignored, and the text names the one
compound that reading finds (or asks which, if it finds several).
"""

from __future__ import annotations

from functools import lru_cache

from ionarena.core import quote
from ionarena.core.present import number_word

from .cards import IONS, card_of
from .chemistry import Recipe, match, why_not
from .substances import copies_short

_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
MAX_SUBSCRIPT = 99
"""A formula's subscripts are read up to this (no compound of the game needs more than 4)."""
MAX_IONS = 12
"""More ions than any compound of the game (the largest, Mn(OH)4, has five)."""
HOW_TO_WRITE = ("write the cards one by one (`bond Mg OH OH`) or the formula, with or without "
                "brackets (`bond Mg(OH)2` or `bond MgOH2`)")
"""How a compound may be typed, for a message that could not read what was typed."""

Parts = list[tuple[str, int]]
"""A formula read as (ion symbol, count) pairs, in order: [("Mg", 1), ("OH", 2)]."""


def _symbols() -> tuple[str, ...]:
    return tuple(sorted({ion.symbol for ion in IONS.values()}, key=len, reverse=True))


_SYMBOLS = _symbols()


def plain_text(text: str) -> str:
    """A typed formula with subscript digits as plain digits and no spaces: `Mg (OH)₂` -> `Mg(OH)2`."""
    return "".join(text.translate(_SUBSCRIPT_DIGITS).split())


def _count(text: str, pos: int) -> tuple[int, int] | None:
    """The subscript at `pos` (1 if none) and the position after it; None if it is out of range."""
    digits = ""
    while pos < len(text) and text[pos] in "0123456789" and len(digits) < 3:
        digits += text[pos]
        pos += 1
    if pos < len(text) and text[pos] in "0123456789":
        return None
    count = int(digits) if digits else 1
    return (count, pos) if 1 <= count <= MAX_SUBSCRIPT else None


MAX_TEXT = 40
"""A longer text is no formula of the game (and is not searched: read in any case, `ohoh...` can be
read two ways per `oh`)."""


def _readings(text: str, pos: int, exact: bool, ions: int = 0,
              kinds: frozenset[str] = frozenset()) -> list[Parts]:
    """Every way to read `text` from `pos` as ion symbols with counts: as written (`exact`, the
    longest symbol first, so one reading at most) or ignoring capitals (every reading that could be a
    compound: two kinds of ion at most). `ions` and `kinds`: read so far (a reading of more than
    `MAX_IONS` is dropped as soon as it has them)."""
    if ions > MAX_IONS or len(text) > MAX_TEXT or (not exact and len(kinds) > 2):
        return []
    if pos == len(text):
        return [[]]
    grouped = text[pos] == "("
    start = pos + 1 if grouped else pos
    found: list[Parts] = []
    for symbol in _SYMBOLS:
        end = start + len(symbol)
        written = text[start:end]
        if written != symbol and (exact or written.lower() != symbol.lower()):
            continue
        if grouped:
            if not text.startswith(")", end):
                continue
            end += 1
        counted = _count(text, end)
        if counted is None:
            continue
        count, after = counted
        for rest in _readings(text, after, exact, ions + count, kinds | {symbol}):
            found.append([(symbol, count), *rest])
        if exact and found:
            break
    return found


def read_formula(text: str) -> Parts | None:
    """A formula as written, as (ion symbol, count) pairs: `Mg(OH)2` -> [("Mg", 1), ("OH", 2)],
    `HF2` -> [("H", 1), ("F", 2)]; None if it is not written with the game's ions."""
    found = _readings(plain_text(text), 0, True)
    return found[0] if found and found[0] else None


def _sides(symbol: str) -> list[str]:
    """The ion tokens written with `symbol`: one, or each side of a transition metal."""
    return [t for t, ion in IONS.items() if ion.symbol == symbol]


def _compounds(parts: Parts) -> list[Recipe]:
    """The compounds these parts make, a transition metal on any side that fits."""
    if sum(k for _, k in parts) > MAX_IONS:
        return []
    options: list[tuple[str, ...]] = [()]
    for symbol, count in parts:
        options = [o + (t,) * count for o in options for t in _sides(symbol)]
    return [r for o in options if (r := match(o)) is not None]


@lru_cache(maxsize=4096)
def formula_recipes(text: str) -> tuple[Recipe, ...]:
    """The compounds a typed formula names (see the module docstring): usually one; none if it names
    no compound of the game; several only for a formula written in capitals that read two ways."""
    plain = plain_text(text)
    exact = _readings(plain, 0, True)
    if exact and exact[0]:
        found = _compounds(exact[0])
        if found:
            return tuple(found)
    anycase: dict[tuple[str, ...], Recipe] = {}
    for parts in _readings(plain, 0, False):
        for r in _compounds(parts):
            anycase.setdefault(r.tokens, r)
    return tuple(anycase[k] for k in sorted(anycase))


def formula_tokens(text: str) -> tuple[str, ...] | None:
    """The ion tokens of the one compound a typed formula names (`FeCl3` -> Fe3 Cl Cl Cl); None if it
    names none or several."""
    found = formula_recipes(text)
    return found[0].tokens if len(found) == 1 else None


def why_not_formula(text: str) -> str:
    """Why a typed formula (`HF2`) is not a compound of the game, or "" if it is one."""
    if formula_recipes(text):
        return ""
    parts = read_formula(text)
    if parts is None:
        return f"{quote(text, 30)} is not a formula or card of this game: {HOW_TO_WRITE}"
    if sum(k for _, k in parts) > MAX_IONS:
        return f"{quote(text, 30)} has more ions than any compound of the game"
    tokens: list[str] = []
    for symbol, count in parts:
        side = _sides(symbol)
        tokens += [side[0] if len(side) == 1 else IONS[side[0]].card] * count
    return why_not(tokens)


def why_not_in_deck(r: Recipe) -> str:
    """Why the deck can never make `r` ("" if it can): "it needs two Fe cards, and the deck has one"
    (Fe2O3: there is one card of each transition metal and of each polyatomic ion)."""
    short = copies_short(tuple(card_of(t) for t in r.tokens))
    if short is None:
        return ""
    card, need, have = short
    return f"it needs {number_word(need)} {card} cards, and the deck has {number_word(have)}"
