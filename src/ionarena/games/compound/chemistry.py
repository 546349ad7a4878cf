"""Bonding chemistry: which cards make one neutral compound, its formula and its name.

A compound is one formula unit in lowest ratio: identical positive ions bonded with identical
negative ions whose charges sum to zero (NaCl, MgCl2, Fe2O3; never Na2Cl2 or Mg2O2).
"""

from __future__ import annotations

from functools import cache
from math import gcd
from typing import NamedTuple

from .cards import IONS, Ion, card_of


class Recipe(NamedTuple):
    """One compound: `cation` bonded with `anion` in lowest ratio (`n_cation`, `n_anion`)."""

    cation: str
    anion: str
    n_cation: int
    n_anion: int
    tokens: tuple[str, ...]
    """The cards as ion tokens, cations first: ("Fe3", "Cl", "Cl", "Cl")."""
    points: int
    formula: str
    name: str
    icon: bool
    """Holds a Polyatomic Ion showing the Action Tile icon (refreshes one tile)."""
    has_h: bool
    """Holds a Hydrogen card and is not H + OH water (the Neutralization goal's first half)."""
    has_oh: bool
    """Holds a Hydroxide card and is not water (the Neutralization goal's second half)."""

    @property
    def cards(self) -> tuple[str, ...]:
        """The card ids (transition metal sides dropped)."""
        return tuple(card_of(t) for t in self.tokens)

    def label(self) -> str:
        """"MgCl2 — magnesium chloride"."""
        return f"{self.formula} — {self.name}"


def _part(ion: Ion, count: int) -> str:
    if count == 1:
        return ion.symbol
    if ion.grouped:
        return f"({ion.symbol}){count}"
    return f"{ion.symbol}{count}"


def _formula(cat: Ion, an: Ion, nc: int, na: int) -> str:
    if cat.symbol == "H" and an.symbol in ("OH", "O"):
        return "H2O"
    return _part(cat, nc) + _part(an, na)


def _name(cat: Ion, an: Ion) -> str:
    if cat.symbol == "H":
        if an.symbol in ("OH", "O"):
            return "water"
        if an.acid_name:
            return an.acid_name
    return f"{cat.name} {an.name}"


@cache
def recipe(cation: str, anion: str) -> Recipe | None:
    """The compound of ion tokens `cation` and `anion` in lowest ratio; None if they do not bond."""
    cat, an = IONS.get(cation), IONS.get(anion)
    if cat is None or an is None or cat.charge <= 0 or an.charge >= 0:
        return None
    zc, za = cat.charge, -an.charge
    g = gcd(zc, za)
    nc, na = za // g, zc // g
    tokens = (cation,) * nc + (anion,) * na
    water = cat.card == "H" and an.card == "OH"
    return Recipe(cation, anion, nc, na, tokens, nc * cat.points + na * an.points,
                  _formula(cat, an, nc, na), _name(cat, an), cat.icon or an.icon,
                  cat.card == "H" and not water, an.card == "OH" and not water)


@cache
def all_recipes() -> tuple[Recipe, ...]:
    """Every compound any two ion tokens make."""
    found = []
    for c in IONS:
        for a in IONS:
            r = recipe(c, a)
            if r is not None:
                found.append(r)
    return tuple(found)


def match(tokens: list[str] | tuple[str, ...]) -> Recipe | None:
    """The compound these ion tokens form, or None if they are not exactly one legal neutral compound."""
    return _match(tuple(tokens))


@cache
def _match(tokens: tuple[str, ...]) -> Recipe | None:
    pos = {t for t in tokens if t in IONS and IONS[t].charge > 0}
    neg = {t for t in tokens if t in IONS and IONS[t].charge < 0}
    if len(pos) != 1 or len(neg) != 1 or any(t not in IONS for t in tokens):
        return None
    r = recipe(next(iter(pos)), next(iter(neg)))
    if r is None or sorted(r.tokens) != sorted(tokens):
        return None
    return r


def why_not(tokens: list[str] | tuple[str, ...]) -> str:
    """A sentence saying why these tokens are not one neutral compound (empty if they are)."""
    if match(tokens) is not None:
        return ""
    unknown = [t for t in tokens if t not in IONS]
    if unknown:
        return f"{', '.join(unknown)} cannot bond (noble gases, radioactive cards and unturned " \
               f"transition metals never bond; write a transition metal with its side, e.g. Fe3)"
    pos = sorted({t for t in tokens if IONS[t].charge > 0})
    neg = sorted({t for t in tokens if IONS[t].charge < 0})
    if len(pos) > 1:
        return f"all positive ions in a compound must be identical, not {' and '.join(pos)}"
    if len(neg) > 1:
        return f"all negative ions in a compound must be identical, not {' and '.join(neg)}"
    if not pos or not neg:
        return "a compound needs positive and negative ions"
    total = sum(IONS[t].charge for t in tokens)
    if total != 0:
        return f"the charges sum to {total:+d}, not zero"
    return "a compound is one formula unit in lowest ratio"
