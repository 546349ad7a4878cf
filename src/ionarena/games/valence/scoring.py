"""Points: pure functions of plain values (molecule types, stash lists)."""

from __future__ import annotations

from .cards import HELIUM, MOLECULE_TYPES, RECIPES

HELIUM_POINTS = 2
"""Helium added to a stash is worth two points (rulebook: "Helium")."""
WIN_POINTS = 10
"""'If you have ten points worth of Molecules, you've won the game!'"""


def molecule_points(molecule_type: str) -> int:
    """Points of a molecule type id ("base" -> 4); "helium" (or "He") is worth 2."""
    if molecule_type in ("helium", HELIUM):
        return HELIUM_POINTS
    try:
        return MOLECULE_TYPES[molecule_type].points
    except KeyError:
        raise ValueError(f"no molecule type {molecule_type!r}") from None


def card_points(stash_card: str) -> int:
    """Points of one stash card, given by formula ("NaOH") or "He" for Helium."""
    if stash_card == HELIUM:
        return HELIUM_POINTS
    return MOLECULE_TYPES[RECIPES[stash_card].type].points


_POINTS_OF = {HELIUM: HELIUM_POINTS, **{formula: card_points(formula) for formula in RECIPES}}.__getitem__
"""`card_points` of every stash card, looked up (scores are read at every view)."""


def stash_points(stash: list[str] | tuple[str, ...]) -> int:
    """Total points of a stash (formulas and "He")."""
    return sum(map(_POINTS_OF, stash))


def has_won(stash: list[str] | tuple[str, ...]) -> bool:
    """True when a stash is worth ten points or more."""
    return stash_points(stash) >= WIN_POINTS


def points_text(points: int) -> str:
    """"1 point", "4 points"."""
    return f"{points} point" if points == 1 else f"{points} points"
