"""Pure scoring functions of Ion: A Compound Building Game.

Cards are written as ion tokens: card ids, with a transition metal's side appended ("Fe3", "Cu1").

    >>> compound_points(["H", "Cl"])
    7
    >>> formula(["Mg", "OH", "OH"]), name(["Mg", "OH", "OH"])
    ('Mg(OH)2', 'magnesium hydroxide')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TypedDict

from .cards import CARDS, GOALS, NOBLE_GASES, NOBLE_SET_POINTS, REVEAL_POINTS
from .chemistry import Recipe, match, why_not


def compound_points(cards: list[str]) -> int | None:
    """Points of one neutral compound (the sum of its cards' points); None if not one legal compound."""
    r = match(cards)
    return None if r is None else r.points


def _recipe(cards: Sequence[str]) -> Recipe:
    r = match(cards if cards.__class__ is tuple else list(cards))
    if r is None:
        raise ValueError(f"{' '.join(cards)} is not one neutral compound: {why_not(list(cards))}")
    return r


def formula(cards: Sequence[str]) -> str:
    """The chemical formula of a compound, lowest ratio, cation first: "Mg(OH)2", "FeCl3", "H2O"."""
    return _recipe(cards).formula


def name(cards: Sequence[str]) -> str:
    """The chemical name of a compound: "magnesium hydroxide", "iron(III) chloride", "water"."""
    return _recipe(cards).name


def label(cards: Sequence[str]) -> str:
    """Formula and name, as shown to people: "FeCl3 — iron(III) chloride"."""
    return _recipe(cards).label()


def noble_gas_points(cards: Iterable[str]) -> int:
    """Points for noble gas cards in sets of different gases (1 -> 2, 2 -> 5, 3 -> 9); others ignored.

    Triples first, then pairs, then singles: that partition is optimal for 2/5/9.
    """
    held = list(cards)
    counts = sorted((held.count(g) for g in NOBLE_GASES), reverse=True)
    total = 0
    for size in range(len(counts), 0, -1):
        sets = counts[size - 1] - (counts[size] if size < len(counts) else 0)
        total += sets * NOBLE_SET_POINTS[size]
    return total


def radioactive_points(revealed_together: int) -> int:
    """End-of-round points of a radioactive card revealed when `revealed_together` were revealed
    table-wide that turn: 1 -> +4 (face up), 2 -> +2 (rotated), 3 or more -> 0 (face down)."""
    if revealed_together < 1:
        raise ValueError("at least the card itself was revealed")
    return REVEAL_POINTS[min(revealed_together, len(REVEAL_POINTS)) - 1]


def decay_chart(num_players: int) -> list[int]:
    """Points by decay rank: +15, +9, +3 for ranks 1-3, -5 for the last rank, 0 in between."""
    chart = [0] * num_players
    for i, pts in enumerate((15, 9, 3)):
        if i < num_players - 1:
            chart[i] = pts
    chart[-1] = -5
    return chart


def decay_awards(decays: list[int]) -> list[int]:
    """End-of-game radioactive decay awards, most decay first; tied players share the points of the
    positions they hold, divided equally and rounded up (10, 7, 7, 2 -> 15, 6, 6, -5)."""
    n = len(decays)
    chart = decay_chart(n)
    order = sorted(range(n), key=lambda p: -decays[p])
    awards = [0] * n
    pos = 0
    while pos < n:
        tied = [p for p in order[pos:] if decays[p] == decays[order[pos]]]
        share = math.ceil(sum(chart[pos:pos + len(tied)]) / len(tied))
        for p in tied:
            awards[p] = share
        pos += len(tied)
    return awards


def goal_award(goal_id: str, formulas: set[str], has_h: bool, has_oh: bool, nobles: set[str]) -> int:
    """What one Compound Goal Card pays a player who built compounds with these `formulas`
    (`has_h`/`has_oh`: a compound with a Hydrogen / Hydroxide card that is not water) and holds
    these noble gas cards."""
    goal = GOALS[goal_id]
    if goal.kind == "neutralization":
        return goal.bottom if has_h and has_oh else 0
    wanted = goal.items if goal.kind == "noble_gas" else goal.compounds
    have = nobles if goal.kind == "noble_gas" else formulas
    hits = sum(1 for w in wanted if w in have)
    if hits >= 2:
        return goal.bottom
    if hits == 1:
        return goal.top or 0
    return 0


def goal_points(goals: Iterable[str], compounds: Iterable[Sequence[str]], cards: Iterable[str] = ()) -> int:
    """Total bonus of the active `goals` for these compounds (lists of ion tokens) and other cards."""
    return _goal_total(goals, [_recipe(c) for c in compounds], cards)


def _goal_total(goals: Iterable[str], recipes: list[Recipe], cards: Iterable[str]) -> int:
    formulas = {r.formula for r in recipes}
    has_h = any(r.has_h for r in recipes)
    has_oh = any(r.has_oh for r in recipes)
    nobles = {c for c in cards if c in NOBLE_GASES}
    return sum(goal_award(g, formulas, has_h, has_oh, nobles) for g in goals)


class RoundParts(TypedDict):
    """A seat's score of one round, taken apart (`round_breakdown`)."""

    compounds: int
    noble_gases: int
    goals: int
    radioactive: int
    total: int


def round_breakdown(goals: Iterable[str], compounds: Iterable[Sequence[str]], unbonded: Iterable[str],
                    radioactive: Iterable[int] = ()) -> RoundParts:
    """A player's round score by part: compounds, noble gases, goals, radioactive, total.

    `radioactive` holds the points of each radioactive card placed this round (4, 2 or 0).
    """
    recipes = [_recipe(c) for c in compounds]
    loose = [c for c in unbonded if c in CARDS]
    built = sum(r.points for r in recipes)
    nobles = noble_gas_points(loose)
    bonus = _goal_total(goals, recipes, loose)
    hot = sum(radioactive)
    return {"compounds": built, "noble_gases": nobles, "goals": bonus, "radioactive": hot,
            "total": built + nobles + bonus + hot}


def refreshes(compounds: Iterable[Sequence[str]]) -> int:
    """How many Action Tiles these compounds refresh: one per compound holding an icon polyatomic ion."""
    return sum(1 for c in compounds if _recipe(c).icon)


# The RXN optimiser lives in its own module; it is part of the scoring API.
from .optimiser import Arrangement, best_arrangement  # noqa: E402

__all__ = [
    "Arrangement", "best_arrangement", "compound_points", "decay_awards", "decay_chart", "formula",
    "goal_award", "goal_points", "label", "name", "noble_gas_points", "radioactive_points",
    "refreshes", "round_breakdown",
]
