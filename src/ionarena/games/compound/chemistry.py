"""Bonding chemistry: which cards make one neutral compound, its formula and its name.

A compound is one formula unit in lowest ratio: identical positive ions bonded with identical
negative ions whose charges sum to zero (NaCl, MgCl2, Fe2O3; never Na2Cl2 or Mg2O2).
"""

from __future__ import annotations

from functools import cache
from math import gcd
from typing import NamedTuple

from ionarena.core import quote
from ionarena.core.present import MINUS, number_word, signed

from .cards import CARDS, IONS, Ion, card_of, tokens_of
from .substances import copies_short, teacher_note

_CARDS_OF: dict[tuple[str, ...], tuple[str, ...]] = {}
"""The card ids of each compound's tokens (one entry per compound of the game: a small table)."""


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
    """Holds a Hydrogen card and is not water (the Neutralization goal's first half)."""
    has_oh: bool
    """Holds a Hydroxide card and is not water (the Neutralization goal's second half)."""

    @property
    def cards(self) -> tuple[str, ...]:
        """The card ids (transition metal sides dropped)."""
        found = _CARDS_OF.get(self.tokens)
        if found is None:
            found = _CARDS_OF[self.tokens] = tuple(card_of(t) for t in self.tokens)
        return found

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
    # "Bonding Hydrogen and Hydroxide (water) does not count toward this Goal Card's bonus points":
    # water is the product of neutralization, not one of its halves, however its cards were bonded
    # (H + OH, or 2 H + O): it is the same substance.
    water = cat.card == "H" and an.card in ("OH", "O")
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


Need = tuple[tuple[str, int], ...]
"""Cards and how many of each a compound needs: (("Cl", 2), ("Mg", 1))."""


@cache
def bonds_with(new: str, other: str) -> tuple[tuple[Recipe, Need], ...]:
    """Every compound the card `new` forms with the card `other`, each with the cards it needs
    besides that one `new` (sides of transition metals included)."""
    found = []
    for tok in tokens_of(new):
        positive = IONS[tok].charge > 0
        for otok in tokens_of(other):
            r = recipe(tok, otok) if positive else recipe(otok, tok)
            if r is None:
                continue
            need: dict[str, int] = {}
            for c in r.cards:
                need[c] = need.get(c, 0) + 1
            need[new] -= 1
            found.append((r, tuple((c, k) for c, k in sorted(need.items()) if k > 0)))
    return tuple(found)


@cache
def compounds_of(cation_card: str, anion_card: str) -> tuple[tuple[Recipe, Need], ...]:
    """Every compound of these two cards (a transition metal on each of its sides), with the cards
    each needs."""
    found = []
    for ct in tokens_of(cation_card):
        for at in tokens_of(anion_card):
            r = recipe(ct, at)
            if r is not None:
                need: dict[str, int] = {}
                for c in r.cards:
                    need[c] = need.get(c, 0) + 1
                found.append((r, tuple(sorted(need.items()))))
    return tuple(found)


# -- words for a classroom: ions with their charges, and why cards do or do not make a compound ------

_SUPERSCRIPT = str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def ion_text(token: str) -> str:
    """An ion as a chemist writes it: `Mg²⁺`, `Cl⁻`, `OH⁻`, `SO₄²⁻`, `NH₄⁺`, `Fe³⁺`."""
    ion = IONS[token]
    z = abs(ion.charge)
    charge = ("" if z == 1 else str(z)) + ("+" if ion.charge > 0 else "-")
    return ion.symbol.translate(_SUBSCRIPT) + charge.translate(_SUPERSCRIPT)


def ion_words(token: str, count: int) -> str:
    """`one magnesium ion Mg²⁺`, `two hydroxide ions OH⁻`, `one iron(III) ion Fe³⁺`."""
    return f"{number_word(count)} {IONS[token].name} ion{'' if count == 1 else 's'} {ion_text(token)}"


def _part_sum(token: str, count: int) -> str:
    """` (2 × −1 = −2)` after several ions of one kind; nothing after a single one."""
    if count == 1:
        return ""
    z = IONS[token].charge
    return f" ({count} × {signed(z)} = {signed(count * z)})"


def charge_sum(cation: str, n_cation: int, anion: str, n_anion: int) -> str:
    """The charges of a pairing added up: `+2 − 2 = 0`, `+1 − 2 = −1`."""
    plus = n_cation * IONS[cation].charge
    minus = n_anion * -IONS[anion].charge
    return f"+{plus} {MINUS} {minus} = {signed(plus - minus)}"


def explain_recipe(r: Recipe) -> str:
    """The chemistry of one compound for a class, e.g. `Mg(OH)2 — magnesium hydroxide: one magnesium
    ion Mg²⁺ and two hydroxide ions OH⁻ (2 × −1 = −2); the charges add up to +2 − 2 = 0, so the
    compound is neutral.` A hydrogen compound (HCl, H2O, H2SO4) also says that it is really a
    molecule: the cards count hydrogen as the ion H⁺, which it only becomes in water. A pairing that
    is right on paper but is no stable substance (CuF, CoCl3, H2CO3) says so (`substances`)."""
    text = (f"{r.label()}: {ion_words(r.cation, r.n_cation)}{_part_sum(r.cation, r.n_cation)} and "
            f"{ion_words(r.anion, r.n_anion)}{_part_sum(r.anion, r.n_anion)}; the charges add up to "
            f"{charge_sum(r.cation, r.n_cation, r.anion, r.n_anion)}, so the compound is neutral.")
    if IONS[r.cation].symbol == "H":
        text += (f" Real {r.formula} is a molecule whose atoms share electrons, not a salt of ions: the "
                 "cards count hydrogen as H⁺, the ion it forms in water.")
    note = teacher_note(r.formula)
    if note:
        text += " " + note
    return text


def explain(tokens: list[str] | tuple[str, ...]) -> str:
    """`explain_recipe` of the compound these ion tokens form; "" if they form none."""
    r = match(tokens)
    return "" if r is None else explain_recipe(r)


def _not_bonding(word: str) -> str:
    """Why a word that is no ion token cannot be in a compound."""
    c = CARDS.get(word)
    if c is None:
        return f"{quote(word)} is not a card of this game"
    if c.kind == "noble":
        return f"{word} ({c.name}) is a noble gas: it is already neutral and never bonds"
    if c.kind == "radioactive":
        return f"{word} ({c.name}) is radioactive: it has no charge and never bonds"
    return ""  # a transition metal: a side is chosen below


def why_not(tokens: list[str] | tuple[str, ...]) -> str:
    """Why these cards (ion tokens or card ids) are not one neutral compound, in a sentence that names
    the ions and adds up their charges; "" if they are one."""
    if match(tokens) is not None:
        return ""
    if not tokens:
        return "name the cards of the compound, e.g. Mg Cl Cl"
    counts: dict[str, int] = {}
    for t in tokens:
        counts[t] = counts.get(t, 0) + 1
    for word in counts:
        if word not in IONS:
            reason = _not_bonding(word)
            if reason:
                return reason
    sides = {word: [word] if word in IONS else list(tokens_of(word)) for word in counts}
    positive = [w for w in counts if IONS[sides[w][0]].charge > 0]
    negative = [w for w in counts if IONS[sides[w][0]].charge < 0]
    def shown(word: str) -> str:
        return " or ".join(ion_text(t) for t in sides[word])

    if len(positive) > 1:
        return "all positive ions in a compound must be identical, not " + " and ".join(map(shown, positive))
    if len(negative) > 1:
        return "all negative ions in a compound must be identical, not " + " and ".join(map(shown, negative))
    if not positive or not negative:
        have = " and ".join(map(shown, counts))
        are = "is" if len(counts) == 1 else "are both" if len(counts) == 2 else "are all"
        return f"a compound needs a positive and a negative ion; {have} {are} " \
               f"{'positive' if positive else 'negative'}"
    cat, an = positive[0], negative[0]
    nc, na = counts[cat], counts[an]
    tries = []
    for side in sides[cat]:
        if nc * IONS[side].charge + na * IONS[an].charge == 0:
            r = recipe(side, an)
            assert r is not None
            if gcd(nc, na) > 1:
                return (f"the charges add up to zero, but a compound is one formula unit in lowest ratio: "
                        f"{r.formula} ({number_word(r.n_cation)} {ion_text(side)} and "
                        f"{number_word(r.n_anion)} {ion_text(an)}), not {number_word(nc)} {ion_text(side)} "
                        f"and {number_word(na)} {ion_text(an)}")
            return f"write which side of the transition metal {cat} you mean: {' '.join(r.tokens)} " \
                   f"({r.formula})"
        tries.append(f"{ion_words(side, nc)}{_part_sum(side, nc)} and {ion_words(an, na)}"
                     f"{_part_sum(an, na)} give {charge_sum(side, nc, an, na)}, not 0")
    hint = "; ".join(_balance_hints(sides[cat], an))
    return "the charges do not add up to zero: " + "; ".join(tries) + (f" ({hint})" if hint else "")


def _balance_hints(typed: list[str], anion: str) -> list[str]:
    """How the typed cation side(s) and `anion` do balance, suggesting only what the deck can make:
    `FeO is: one Fe²⁺ and one O²⁻, +2 − 2 = 0`. A balance the deck cannot make (Fe2O3: one Fe card)
    is said to be impossible, and the card's other side is offered if it balances."""
    hints = []
    every = tokens_of(card_of(typed[0])) or tuple(typed)
    for side in sorted(every, key=lambda t: t not in typed):  # the sides typed first
        r = recipe(side, anion)
        if r is None:
            continue
        short = copies_short(r.cards)
        if short is None:
            prefix = "" if side in typed else \
                f"with the {r.cards[0]} card on its {IONS[side].charge}+ side, "
            hints.append(f"{prefix}{r.formula} is: {number_word(r.n_cation)} {ion_text(r.cation)} and "
                         f"{number_word(r.n_anion)} {ion_text(r.anion)}, "
                         f"{charge_sum(r.cation, r.n_cation, r.anion, r.n_anion)}")
        elif side in typed:
            card, need, have = short
            hints.append(f"{ion_text(side)} and {ion_text(anion)} balance only as {r.formula}, which needs "
                         f"{number_word(need)} {card} cards, and the deck has {number_word(have)}")
    return hints
