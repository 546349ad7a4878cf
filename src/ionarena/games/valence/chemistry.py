"""The chemistry shown to players: which cards make which molecule, formulas, names, reactions.

All pure functions of element-card lists (`["Na", "O", "H"]`) or formulas ("NaOH").
"""

from __future__ import annotations

from .cards import ELEMENT_INFO, INDEX, RECIPE_BY_COUNTS, RECIPES, Recipe, count_vector
from .scoring import molecule_points

__all__ = [
    "accepted_names", "accepts_name", "atoms", "bonds", "buildable", "formula", "hill_formula", "ions",
    "is_a_name", "label", "molecule_points", "molecule_type", "name", "name_key", "normalise_name",
    "reacting_name", "reaction",
    "reaction_terms", "recipe_of", "short_label", "side_text",
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
    """What players read for a molecule formula: "COCl2 — carbonyl dichloride (phosgene)". An acid's
    common name is its solution's, so it says so: "HCl — hydrogen chloride (in water: hydrochloric
    acid)" (hydrogen chloride is a gas; hydrochloric acid is that gas dissolved in water)."""
    if molecule == "He":
        return "He — helium"
    recipe = RECIPES[molecule]
    text = f"{recipe.formula} — {recipe.name}"
    if not recipe.shown:
        return text
    return f"{text} (in water: {recipe.shown})" if recipe.type == "acid" else f"{text} ({recipe.shown})"


def reacting_name(formula: str) -> str:
    """The name of a molecule as it reacts: an acid card reacts as the acid, its solution in water
    ("hydrochloric acid"); anything else by its name ("sodium hydroxide")."""
    recipe = RECIPES[formula]
    return recipe.shown if recipe.type == "acid" and recipe.shown else recipe.name


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


def name_key(said: str) -> str:
    """What two spellings of one name share: `normalise_name` without spaces and hyphens, so
    "Sodium Hydroxide", "sodium-hydroxide" and "sodiumhydroxide" are one name, as are "CFC-11" and
    "cfc 11"."""
    return "".join(normalise_name(said).replace("-", " ").split())


def accepted_names(recipe: Recipe) -> list[str]:
    """Every name the Science Ninja variant accepts for `recipe`, as written in the table: its
    systematic name, its common name and the further names of the data file — never a formula (a
    formula is read off the cards: it names nothing the player had to know)."""
    names = [recipe.name]
    if recipe.shown:
        names.append(recipe.shown)
    names.extend(recipe.also)
    unique: list[str] = []
    seen: set[str] = set()
    for item in names:
        if name_key(item) not in seen:
            seen.add(name_key(item))
            unique.append(item)
    return unique


_ACCEPTED: dict[str, frozenset[str]] = {
    formula_: frozenset(name_key(n) for n in accepted_names(r)) for formula_, r in RECIPES.items()
}
_ANY_NAME = frozenset().union(*_ACCEPTED.values())


def accepts_name(cards: list[str], said: str) -> bool:
    """Science Ninja rules: is `said` a right name for the molecule these cards build?

    The systematic name, the common names and the table's other names are accepted, ignoring case,
    spaces and hyphens; a formula never is. A bare type name ("salt", "base") is not a name, except
    "water" and "carbon dioxide".
    """
    recipe = recipe_of(cards)
    return recipe is not None and name_key(said) in _ACCEPTED[recipe.formula]


def is_a_name(said: str) -> bool:
    """True if `said` is the accepted name of some molecule of the game (right or wrong for a build)."""
    return name_key(said) in _ANY_NAME


def _metal(recipe: Recipe) -> str:
    return next(s for s in recipe.cards if s in METALS)


def _halogen(recipe: Recipe) -> str:
    return next(s for s in recipe.cards if s in HALOGENS)


def _salt(metal: str, halogen: str) -> str:
    return f"Ca{halogen}2" if metal == "Ca" else f"{metal}{halogen}"


Term = tuple[int, str]
"""One side's term of an equation: `(2, "HCl")` is 2 HCl."""


Equation = tuple[tuple[str, str], tuple[Term, ...], tuple[Term, ...]]
"""The two product cards, the left side and the right side of a reaction."""


def reaction_terms(reactor: str, target: str) -> Equation | None:
    """The two product cards and the balanced equation's two sides when `reactor` reacts with `target`.

    Acid + Base or Metal Oxide -> Salt (the target's metal with the acid's halogen) + Water;
    Water + Deadly Carbonyl -> Carbon Dioxide + Acid. None if the two do not react.
    RULING (Ion Arena): COClF gives two acids, HCl and HF; its Acid card is HCl.
    """
    r, t = RECIPES.get(reactor), RECIPES.get(target)
    if r is None or t is None:
        return None
    if r.type == "acid" and t.type in ("base", "metal_oxide"):
        metal, halogen = _metal(t), _halogen(r)
        salt = _salt(metal, halogen)
        # Each metal ion's charge is balanced by halide ions: Ca2+ takes two, Na+ and K+ one each;
        # M2O holds two metal ions. Every H+ of the acid ends up in water with an OH- or O2-.
        metal_atoms = t.cards.count(metal)
        halide = metal_atoms * (2 if metal == "Ca" else 1)
        salts = 1 if metal == "Ca" else metal_atoms
        waters = t.cards.count("H") if t.type == "base" else 1
        left = ((1, target), (halide, reactor))
        return (salt, "H2O"), left, ((salts, salt), (waters, "H2O"))
    if r.type == "water" and t.type == "deadly_carbonyl":
        halogens = sorted((s for s in t.cards if s in HALOGENS), key=INDEX.__getitem__, reverse=True)
        if halogens[0] == halogens[1]:
            acid = f"H{halogens[0]}"
            return ("CO2", acid), ((1, target), (1, "H2O")), ((1, "CO2"), (2, acid))
        return ("CO2", "HCl"), ((1, target), (1, "H2O")), ((1, "CO2"), (1, "HCl"), (1, "HF"))
    return None


def side_text(terms: tuple[Term, ...]) -> str:
    """`((1, "CaO"), (2, "HCl"))` -> "CaO + 2 HCl"."""
    return " + ".join(formula_ if n == 1 else f"{n} {formula_}" for n, formula_ in terms)


def reaction(reactor: str, target: str) -> tuple[tuple[str, str], str] | None:
    """The two product cards and the balanced equation ("CaO + 2 HCl → CaCl2 + H2O") when `reactor`
    reacts with `target`; None if the two do not react (see `reaction_terms`)."""
    found = reaction_terms(reactor, target)
    if found is None:
        return None
    products, left, right = found
    return products, f"{side_text(left)} → {side_text(right)}"


def atoms(terms: tuple[Term, ...]) -> dict[str, int]:
    """How many atoms of each element one side of an equation holds, in order of first appearance."""
    counts: dict[str, int] = {}
    for n, formula_ in terms:
        for symbol in RECIPES[formula_].cards:
            counts[symbol] = counts.get(symbol, 0) + n
    return counts


ION_NAMES = {"Na": "sodium", "K": "potassium", "Ca": "calcium", "Cl": "chloride", "F": "fluoride",
             "O": "oxide", "OH": "hydroxide"}
_SUPERSCRIPT = {1: "⁺", 2: "²⁺", -1: "⁻", -2: "²⁻"}


def ions(molecule: str) -> list[tuple[int, str, str, int]]:
    """The ions of an ionic compound as `(count, ion, name, charge)`: NaOH -> `[(1, "Na⁺", "sodium ion",
    1), (1, "OH⁻", "hydroxide ion", -1)]`; `[]` for a covalent molecule (no metal: H2O, HCl, CO2, ...)."""
    recipe = RECIPES[molecule]
    metals = [s for s in recipe.cards if s in METALS]
    if not metals:
        return []
    metal = metals[0]
    charge = ELEMENT_INFO[metal].valence
    found = [(len(metals), f"{metal}{_SUPERSCRIPT[charge]}", f"{ION_NAMES[metal]} ion", charge)]
    hydrogens = recipe.cards.count("H")
    if hydrogens:
        found.append((hydrogens, "OH⁻", "hydroxide ion", -1))
    elif "O" in recipe.cards:
        found.append((1, "O²⁻", "oxide ion", -2))
    else:
        halogen = _halogen(recipe)
        found.append((recipe.cards.count(halogen), f"{halogen}⁻", f"{ION_NAMES[halogen]} ion", -1))
    return found


def bonds(molecule: str) -> str:
    """How the atoms of a covalent molecule are joined, in words with a sketch: "carbon in the
    middle, a double bond to each oxygen (O=C=O)"; "" for an ionic compound."""
    recipe = RECIPES[molecule]
    cards = recipe.cards
    if any(s in METALS for s in cards):
        return ""
    if "C" not in cards:
        if "O" in cards:  # water
            return "oxygen in the middle, a single bond to each hydrogen (H–O–H)"
        a, b = cards
        return f"one single bond between the two atoms ({a}–{b})"
    halogens = [s for s in cards if s in HALOGENS]
    if not halogens:  # carbon dioxide
        return "carbon in the middle, a double bond to each oxygen (O=C=O)"
    if "O" in cards:  # a carbonyl halide
        a, b = halogens
        to = f"each {ELEMENT_INFO[a].name}" if a == b else \
            f"the {ELEMENT_INFO[a].name} and one to the {ELEMENT_INFO[b].name}"
        return f"carbon in the middle, a double bond to the oxygen and a single bond to {to} ({a}–C(=O)–{b})"
    counts = {ELEMENT_INFO[s].name: halogens.count(s) for s in dict.fromkeys(halogens)}
    if len(counts) == 1:
        return f"carbon in the middle, a single bond to each of the four {next(iter(counts))} atoms"
    mix = " and ".join(f"{n} {name}" for name, n in counts.items())
    return f"carbon in the middle, a single bond to each of the four halogen atoms ({mix})"
