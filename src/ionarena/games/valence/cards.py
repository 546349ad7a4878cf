"""The cards of Science Ninjas: Valence, loaded once from `data/*.toml`.

Element cards are plain symbols ("Na", "Cl"); a hand is a count vector indexed like `ELEMENTS`
(atomic-number order). Molecule cards are recipes, named by their formula ("NaOH", "Ca(OH)2");
a molecule type ("base") is what the bank counts.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, NamedTuple


class Element(NamedTuple):
    """An element card: symbol, name, atomic number, valence, copies in the deck."""

    symbol: str
    name: str
    atomic_number: int
    valence: int
    copies: int


class MoleculeType(NamedTuple):
    """A kind of molecule card in the bank ("base"): its label, bank count and points."""

    id: str
    label: str
    copies: int
    points: int


class Recipe(NamedTuple):
    """One molecule: the element cards that build it, its formula and names."""

    formula: str
    type: str
    cards: tuple[str, ...]
    name: str
    shown: str
    also: tuple[str, ...]
    counts: tuple[int, ...]
    """Cards needed, as a count vector indexed like `ELEMENTS`."""


def _load(filename: str) -> dict[str, Any]:
    folder = resources.files(__package__ or "ionarena.games.valence").joinpath("data")
    text = folder.joinpath(filename).read_text(encoding="utf-8")
    return tomllib.loads(text)


_ELEMENT_DATA = _load("elements.toml")["element"]
ELEMENT_INFO: dict[str, Element] = {
    e["symbol"]: Element(e["symbol"], e["name"], e["atomic_number"], e["valence"], e["count"])
    for e in _ELEMENT_DATA
}
ELEMENTS: tuple[str, ...] = tuple(sorted(ELEMENT_INFO, key=lambda s: ELEMENT_INFO[s].atomic_number))
"""Element symbols in atomic-number order: the index order of every hand vector."""
INDEX: dict[str, int] = {s: i for i, s in enumerate(ELEMENTS)}
HELIUM = "He"
HE = INDEX[HELIUM]
DECK_SIZE = sum(e.copies for e in ELEMENT_INFO.values())
ELEMENT_COUNTS: tuple[int, ...] = tuple(ELEMENT_INFO[s].copies for s in ELEMENTS)

_MOLECULE_DATA = _load("molecules.toml")
MOLECULE_TYPES: dict[str, MoleculeType] = {
    tid: MoleculeType(tid, t["label"], t["count"], t["points"])
    for tid, t in _MOLECULE_DATA["types"].items()
}
TYPE_IDS: tuple[str, ...] = tuple(MOLECULE_TYPES)
BANK_SIZE = sum(t.copies for t in MOLECULE_TYPES.values())


def count_vector(cards: list[str] | tuple[str, ...]) -> tuple[int, ...]:
    """The count vector of a list of element symbols (KeyError for an unknown symbol)."""
    vec = [0] * len(ELEMENTS)
    for card in cards:
        vec[INDEX[card]] += 1
    return tuple(vec)


RECIPES: dict[str, Recipe] = {}
for _r in _MOLECULE_DATA["recipe"]:
    RECIPES[_r["formula"]] = Recipe(_r["formula"], _r["type"], tuple(_r["cards"]), _r["name"],
                                    _r.get("shown", ""), tuple(_r.get("also", ())),
                                    count_vector(_r["cards"]))
RECIPE_BY_COUNTS: dict[tuple[int, ...], Recipe] = {r.counts: r for r in RECIPES.values()}


_SPELLED: dict[tuple[int, ...], tuple[str, ...]] = {}
"""Count vectors already spelled out by `elements_of` (views list two at every observation)."""
_SPELLED_MAX = 20_000


def elements_of(counts: list[int] | tuple[int, ...]) -> list[str]:
    """The symbols of a count vector, in atomic-number order with repeats."""
    key = tuple(counts)
    found = _SPELLED.get(key)
    if found is None:
        found = tuple(s for s, n in zip(ELEMENTS, key, strict=True) for _ in range(n))
        if len(_SPELLED) < _SPELLED_MAX:
            _SPELLED[key] = found
    return list(found)


def full_deck() -> list[str]:
    """All 48 element cards, in a fixed order (the game shuffles it)."""
    return [e.symbol for e in ELEMENT_INFO.values() for _ in range(e.copies)]


def kind_of(card: str) -> str:
    """The type of a stash card: a molecule type id, "helium", or "" for no such card."""
    if card == HELIUM:
        return "helium"
    recipe = RECIPES.get(card)
    return recipe.type if recipe else ""
