"""Real chemistry beside the game's: which compounds the deck's cards can make at all, and which of
those are not stable substances (for teachers: `data/substances.toml`, docs/rules/compound.md).

The game's bonding rule (identical positive ions, identical negative ions, charges summing to zero)
is right on paper; real chemistry adds that some of those pairings cannot be kept in a bottle (CuF,
CoCl3, H2CO3). The game still scores them (the rulebook's rule allows them), and says so when it
explains one.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import NamedTuple

from .cards import CARDS


class Substance(NamedTuple):
    """What real chemistry says of one compound of the game: `status` is "stable", "unstable" (not a
    stable substance) or "note" (real, with one fact worth telling); `note` is that sentence."""

    formula: str
    status: str
    note: str


@cache
def substances() -> dict[str, Substance]:
    """Every compound the deck can make, by formula, as `data/substances.toml` checks it."""
    text = resources.files(__package__).joinpath("data").joinpath("substances.toml").read_text("utf-8")
    data = tomllib.loads(text)
    found = {f: Substance(f, "stable", "") for f in data["stable"]}
    for status in ("unstable", "note"):
        for formula, note in data[status].items():
            found[formula] = Substance(formula, status, note)
    return found


def teacher_note(formula: str) -> str:
    """The sentence real chemistry adds to this compound ("" for a plain, stable substance)."""
    found = substances().get(formula)
    return found.note if found is not None else ""


def copies_short(cards: tuple[str, ...]) -> tuple[str, int, int] | None:
    """The first card this list needs more copies of than the deck holds, with how many it needs and
    how many the deck has (`("Fe", 2, 1)` for Fe2O3); None if the deck can supply them all."""
    for card in dict.fromkeys(cards):
        need = cards.count(card)
        have = CARDS[card].copies if card in CARDS else 0
        if need > have:
            return card, need, have
    return None


def deck_can_make(cards: tuple[str, ...]) -> bool:
    """True if the deck holds enough copies of these cards (card ids) for one compound of them."""
    return copies_short(cards) is None
