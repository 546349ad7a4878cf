"""Why typed words are not a molecule of this game, in chemistry a class can follow: the valences and
their sum (`build Na Cl Cl`), or that a real compound is simply not in the Molecule Bank
(`build CaCO3`), and how to tell a formula from a name (Science Ninja names are words, not formulas).
"""

from __future__ import annotations

import re

from ...core import quote
from ...core.present import MINUS, and_list, number_word, signed
from .cards import ELEMENT_INFO, ELEMENTS, RECIPES

_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_BY_LOWER = {s.lower(): s for s in ELEMENTS}
_LONGEST_FIRST = sorted(ELEMENTS, key=len, reverse=True)
_WRITTEN = re.compile(r"(\()|(\))(\d*)|([A-Z][a-z]?)(\d*)")
"""A formula as chemists write it: element symbols with a capital, subscripts, brackets."""
MAX_ATOMS = 40

REAL_NOT_IN_BANK: dict[str, tuple[str, str]] = {
    "CaCO3": ("calcium carbonate", "chalk, limestone and marble"),
    "Na2CO3": ("sodium carbonate", "washing soda"),
    "K2CO3": ("potassium carbonate", "potash"),
    "NaHCO3": ("sodium hydrogen carbonate", "baking soda"),
    "KHCO3": ("potassium hydrogen carbonate", ""),
    "H2CO3": ("carbonic acid", "it exists only briefly, dissolved in water"),
}
"""Real compounds whose atoms have exactly the cards' valences (adding up to zero) but that are in no
recipe of the Molecule Bank, by formula: their name and a few words a class knows them by."""

OTHER_VALENCES: dict[str, str] = {
    "H2": "hydrogen", "O2": "oxygen", "O3": "ozone", "F2": "fluorine", "Cl2": "chlorine",
    "CO": "carbon monoxide", "CH4": "methane", "H2O2": "hydrogen peroxide", "HClO": "hypochlorous acid",
    "NaClO": "sodium hypochlorite (bleach)",
}
"""Real molecules of this game's elements whose atoms do not have the cards' valences (the element
molecules, carbon bonded to hydrogen, peroxide oxygen, chlorine bonded to oxygen): their valences do
not add up to zero, and a class may wonder why a real molecule is refused."""

Counts = dict[str, int]


def _key(counts: Counts) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counts.items()))


def read_written(text: str) -> Counts | None:
    """A formula as chemists write it, capitals and all (`CaCO3`, `Ca(OH)₂`, `MgO`), as atoms per
    element symbol, any element of the periodic table's shape; None if it is not written so."""
    text = text.translate(_SUBSCRIPTS)
    stack: list[Counts] = [{}]
    pos = 0
    for m in _WRITTEN.finditer(text):
        if m.start() != pos:
            return None
        pos = m.end()
        if m.group(1):
            stack.append({})
        elif m.group(2):
            if len(stack) == 1:
                return None
            inner = stack.pop()
            times = int(m.group(3) or 1)
            for s, n in inner.items():
                stack[-1][s] = stack[-1].get(s, 0) + n * times
        else:
            symbol, n = m.group(4), int(m.group(5) or 1)
            stack[-1][symbol] = stack[-1].get(symbol, 0) + n
    if pos != len(text) or len(stack) != 1 or not stack[0] or sum(stack[0].values()) > MAX_ATOMS:
        return None
    return stack[0]


_REAL_BY_COUNTS: dict[tuple[tuple[str, int], ...], str] = {}


def _count_formula(formula: str) -> Counts:
    counts = read_written(formula)
    assert counts is not None, formula
    return counts


for _formula in REAL_NOT_IN_BANK:
    _REAL_BY_COUNTS[_key(_count_formula(_formula))] = _formula
_REAL_BY_NAME = {name: f for f, (name, _) in REAL_NOT_IN_BANK.items()}
_REAL_OTHER_VALENCES = {_key(_count_formula(f)): (f, name) for f, name in OTHER_VALENCES.items()}


def _read_any_case(text: str) -> Counts | None:
    """A formula of this game's element cards typed in any case (`naoh`, `caco3`); None if none."""
    parts = _parts_any_case(text, 0)
    if parts is None:
        return None
    counts: Counts = {}
    for symbol, n in parts:
        counts[symbol] = counts.get(symbol, 0) + n
    return counts


def _parts_any_case(text: str, pos: int) -> list[tuple[str, int]] | None:
    if pos == len(text):
        return []
    for symbol in _LONGEST_FIRST:
        end = pos + len(symbol)
        if text[pos:end].lower() != symbol.lower():
            continue
        digits = re.match(r"\d*", text[end:])
        assert digits is not None
        rest = _parts_any_case(text, end + len(digits.group()))
        if rest is not None:
            return [(symbol, int(digits.group() or 1)), *rest]
    return None


def read_formula(text: str) -> Counts | None:
    """A typed formula as atoms per element symbol: as written when it is written with capitals and
    uses only this game's elements, else in any case with this game's elements (`naoh`), else as
    written with any element (`MgO`, to say Mg is no card); None if it is no formula."""
    plain = "".join(text.translate(_SUBSCRIPTS).split()).strip("\"'.")
    if len(plain) > 2 * MAX_ATOMS:
        return None
    written = read_written(plain)
    if written is not None and all(s in ELEMENT_INFO for s in written):
        return written
    if "(" not in plain and ")" not in plain:
        anycase = _read_any_case(plain)
        if anycase:
            return anycase
    return written


def looks_like_formula(said: str) -> bool:
    """True if a Science Ninja "name" is a chemical formula (`NaOH`, `naoh`, `H₂O`, `CaO2H2`, `MgO`)."""
    plain = "".join(said.translate(_SUBSCRIPTS).split()).strip("\"'.")
    if not plain or len(plain) > MAX_ATOMS:
        return False
    if read_written(plain) is not None:
        return True
    unbracketed = plain.replace("(", "").replace(")", "")
    return bool(unbracketed) and _read_any_case(unbracketed) is not None


def _sum_text(counts: Counts) -> tuple[str, int]:
    """`Na +1 and two Cl −1 (2 × −1 = −2)`, and the sum of the valences."""
    parts = []
    terms = []
    total = 0
    for s in sorted(counts, key=lambda s: -ELEMENT_INFO[s].valence):
        v, n = ELEMENT_INFO[s].valence, counts[s]
        total += v * n
        if n == 1:
            parts.append(f"{s} {signed(v)}")
        else:
            parts.append(f"{number_word(n)} {s} {signed(v)} ({n} × {signed(v)} = {signed(n * v)})")
        terms.append(n * v)
    if len(terms) == 1:
        return f"{and_list(parts)} give {signed(total)}", total
    sums = signed(terms[0]) + "".join(f" {'+' if t >= 0 else MINUS} {abs(t)}" for t in terms[1:])
    return f"{and_list(parts)} give {sums} = {signed(total)}", total


def _same_elements(counts: Counts) -> list[str]:
    """The bank's molecules made of exactly these elements (the hint after a wrong sum)."""
    return [f for f, r in RECIPES.items() if set(r.cards) == set(counts)]


def why_not_molecule(words: list[str]) -> str:
    """Why these typed words (element cards, a formula or a name) are not a molecule of this game:
    the valences and their sum, or that the compound is real but not in the Molecule Bank."""
    text = " ".join(words)
    name = " ".join(text.lower().split()).strip("\"'.")
    if name in _REAL_BY_NAME:
        return _real(_REAL_BY_NAME[name])
    symbols = [_BY_LOWER.get(w.lower()) for w in words]
    counts: Counts | None
    if words and all(symbols):
        counts = {}
        for s in symbols:
            assert s is not None
            counts[s] = counts.get(s, 0) + 1
    else:
        counts = read_formula("".join(words))
    if counts is None or sum(counts.values()) > MAX_ATOMS:
        return (f"{quote(text, 40)} is not the name, formula or cards of a molecule of this game: "
                "build with the cards (`build Na O H`), the formula (`build NaOH`) or the name")
    strangers = [s for s in counts if s not in ELEMENT_INFO]
    if strangers:
        are = "is not an element card" if len(strangers) == 1 else "are not element cards"
        return (f"{quote(text, 40)} is not a molecule of this game: {and_list(strangers)} {are} of this game "
                f"(the cards are {', '.join(ELEMENTS)})")
    shown = " ".join(s for s in counts for _ in range(counts[s]))
    if "He" in counts:
        return (f"{shown} is not a molecule: helium (valence 0) is never part of one; it goes into your "
                "stash alone (`helium`)")
    sums, total = _sum_text(counts)
    if total != 0:
        other = _REAL_OTHER_VALENCES.get(_key(counts))
        if other is not None:
            formula, name = other
            hint = (f" ({formula}, {name}, is real, but its atoms do not all have the valences on the "
                    "cards, so no cards build it)")
        else:
            same = _same_elements(counts)
            hint = f" ({' and '.join(same)} {'is' if len(same) == 1 else 'are'} built from these " \
                "elements)" if same else ""
        return f"{shown} is not a molecule: the valences do not add up to zero: {sums}, not 0{hint}"
    real = _REAL_BY_COUNTS.get(_key(counts))
    if real is not None:
        return _real(real)
    metals = [s for s in counts if s in ("Na", "K", "Ca")]
    mixed = f" ({and_list(metals)} are two metals: no molecule card mixes metals)" if len(metals) > 1 else ""
    return (f"{shown} is not a molecule of this game: the valences add up to zero ({sums}), but only "
            f"the recipes of the Molecule Bank are molecules here{mixed}")


def _real(formula: str) -> str:
    name, known = REAL_NOT_IN_BANK[formula]
    counts = _count_formula(formula)
    sums, _ = _sum_text(counts)
    aka = f"; {known}" if known else ""
    return (f"{formula} ({name}{aka}) is a real compound, and its valences add up to zero ({sums}), "
            "but it is not a molecule of this game: it is in no recipe of the Molecule Bank")


def formula_not_a_name(said: str) -> str:
    """The refusal of a Science Ninja "name" that is a formula (RULING (Ion Arena): a formula is read off
    the cards; the rulebook asks players to "name the specific Molecule")."""
    return (f"{quote(said, 40)} is a chemical formula, not a name: Science Ninja rules ask you to name the "
            "molecule in words ('build Na O H as <its name>')")
