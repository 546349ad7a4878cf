"""The chemistry shown to players: which cards make which molecule, formulas, names, reactions.

All pure functions of element-card lists (`["Na", "O", "H"]`) or formulas ("NaOH").
"""

from __future__ import annotations

from .cards import INDEX, RECIPE_BY_COUNTS, RECIPES, Recipe, count_vector
from .scoring import molecule_points

__all__ = [
    "accepted_names", "accepts_name", "buildable", "formula", "hill_formula", "label",
    "molecule_points", "molecule_type", "name", "normalise_name", "reaction", "recipe_of",
    "short_label",
]

_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
HALOGENS = ("Cl", "F")
METALS = ("Na", "K", "Ca")


def recipe_of(cards: list[str] | tuple[str, ...]) -> Recipe | None:
    """The molecule these element cards build (any order), or None if they build none."""
    try:
        return RECIPE_BY_COUNTS.get(count_vector(cards))
    except KeyError:  # not an element symbol
        return None


def molecule_type(cards: list[str]) -> str | None:
    """The molecule type id these cards build (`["Na","O","H"]` -> "base"), or None."""
    recipe = recipe_of(cards)
    return recipe.type if recipe else None


def formula(cards: list[str]) -> str | None:
    """The conventional formula of the molecule these cards build ("Ca(OH)2"), or None."""
    recipe = recipe_of(cards)
    return recipe.formula if recipe else None


def name(cards: list[str]) -> str | None:
    """The systematic (IUPAC) name of the molecule these cards build, or None."""
    recipe = recipe_of(cards)
    return recipe.name if recipe else None


def label(molecule: str) -> str:
    """What players read for a molecule formula: "COCl2 — carbonyl dichloride (phosgene)"."""
    if molecule == "He":
        return "He — helium"
    recipe = RECIPES[molecule]
    text = f"{recipe.formula} — {recipe.name}"
    return f"{text} ({recipe.shown})" if recipe.shown else text


def short_label(molecule: str) -> str:
    """A formula with its name in brackets, for running text: "NaF (sodium fluoride)"."""
    if molecule == "He":
        return "He (helium)"
    return f"{molecule} ({RECIPES[molecule].name})"


def buildable(hand: list[str] | tuple[str, ...], bank: dict[str, int]) -> list[str]:
    """The formulas of every molecule these element cards can build now (its type still in `bank`),
    in the data files' order."""
    have = count_vector(hand)
    return [r.formula for r in RECIPES.values()
            if bank.get(r.type, 0) > 0 and all(h >= n for h, n in zip(have, r.counts, strict=True))]


def hill_formula(cards: list[str] | tuple[str, ...]) -> str:
    """The Hill-system formula: C first, then H, then the rest alphabetically (no C: all alphabetical)."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    order = sorted(counts)
    if "C" in counts:
        order = ["C"] + (["H"] if "H" in counts else []) + [s for s in order if s not in ("C", "H")]
    return "".join(s if counts[s] == 1 else f"{s}{counts[s]}" for s in order)


def normalise_name(said: str) -> str:
    """A spoken name made comparable: lower case, subscript digits, single spaces, no quotes or
    full stop around it ("Sodium  Hydroxide." -> "sodium hydroxide")."""
    return " ".join(said.translate(_SUBSCRIPTS).lower().split()).strip(" .!\"'")


def accepted_names(recipe: Recipe) -> list[str]:
    """Every name the Science Ninja variant accepts for `recipe`, as written in the table."""
    names = [recipe.name, recipe.formula, hill_formula(recipe.cards)]
    if recipe.shown:
        names.append(recipe.shown)
    names.extend(recipe.also)
    unique: list[str] = []
    seen: set[str] = set()
    for item in names:
        if normalise_name(item) not in seen:
            seen.add(normalise_name(item))
            unique.append(item)
    return unique


_ACCEPTED: dict[str, frozenset[str]] = {
    formula_: frozenset(normalise_name(n) for n in accepted_names(r)) for formula_, r in RECIPES.items()
}


def accepts_name(cards: list[str], said: str) -> bool:
    """Science Ninja rules: is `said` a right name for the molecule these cards build?

    The systematic name, the common names and the formula are accepted, case-insensitively.
    A bare type name ("salt", "base") is not a name, except "water" and "carbon dioxide".
    """
    recipe = recipe_of(cards)
    return recipe is not None and normalise_name(said) in _ACCEPTED[recipe.formula]


def _metal(recipe: Recipe) -> str:
    return next(s for s in recipe.cards if s in METALS)


def _halogen(recipe: Recipe) -> str:
    return next(s for s in recipe.cards if s in HALOGENS)


def _salt(metal: str, halogen: str) -> str:
    return f"Ca{halogen}2" if metal == "Ca" else f"{metal}{halogen}"


def reaction(reactor: str, target: str) -> tuple[tuple[str, str], str] | None:
    """The two product cards and the balanced equation when `reactor` reacts with `target`.

    Acid + Base or Metal Oxide -> Salt (the target's metal with the acid's halogen) + Water;
    Water + Deadly Carbonyl -> Carbon Dioxide + Acid. None if the two do not react.
    RULING (Ion Arena): COClF gives two acids, HCl and HF; its Acid card is HCl.
    """
    r, t = RECIPES[reactor], RECIPES[target]
    if r.type == "acid" and t.type in ("base", "metal_oxide"):
        metal, halogen = _metal(t), _halogen(r)
        salt = _salt(metal, halogen)
        two = metal == "Ca" or t.type == "metal_oxide"  # CaX2, or M2O: two H+ needed
        acid = f"2 {reactor}" if two else reactor
        if t.type == "base":
            water = "2 H2O" if metal == "Ca" else "H2O"
            return (salt, "H2O"), f"{target} + {acid} → {salt} + {water}"
        salt_side = salt if metal == "Ca" else f"2 {salt}"
        return (salt, "H2O"), f"{target} + {acid} → {salt_side} + H2O"
    if r.type == "water" and t.type == "deadly_carbonyl":
        halogens = sorted((s for s in t.cards if s in HALOGENS), key=INDEX.__getitem__, reverse=True)
        if halogens[0] == halogens[1]:
            acid = f"H{halogens[0]}"
            return ("CO2", acid), f"{target} + H2O → CO2 + 2 {acid}"
        return ("CO2", "HCl"), f"{target} + H2O → CO2 + HCl + HF"
    return None
