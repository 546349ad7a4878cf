"""The RXN optimiser: the exact best re-arrangement of a player's cards into compounds.

RXN lets a player break every bond and re-form their whole area, transition metals in either
orientation, with one extra card from the centre or the discard pile. `best_arrangement` finds the
arrangement with the highest round score (compounds + noble gas sets + goal cards), ties broken by
more Action Tile refreshes.

Exact, not heuristic. Goal bonuses are not additive, so the search is split in two:
1. for every choice of goal compounds to *force* (per goal: none, one or both of its compounds; for
   Neutralization a compound with H and one with OH), those compounds are set aside first;
2. the rest is a plain maximum of compound points, found by a depth-first search over the possible
   compounds (grouped by their cation) with memoisation on the cards still unbonded.
The best forced choice is the optimum: the optimal arrangement is found when exactly its goal
compounds are forced, and every candidate's true score is at least its computed score.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .cards import GOALS, NOBLE_GASES, card_of, is_charged, tokens_of
from .chemistry import Recipe, recipe


class Arrangement(NamedTuple):
    """A way to hold a set of cards: compounds (ion tokens), unbonded cards, the extra card taken."""

    compounds: tuple[tuple[str, ...], ...]
    unbonded: tuple[str, ...]
    extra: str | None
    points: int
    """Round points of this arrangement: compounds + noble gas sets + goal cards."""
    refreshes: int
    """Compounds holding a Polyatomic Ion with the Action Tile icon."""


def _goal_bonus(goals: Sequence[str], chosen: Iterable[Recipe], nobles: set[str]) -> int:
    from .scoring import goal_award
    recipes = list(chosen)
    formulas = {r.formula for r in recipes}
    has_h = any(r.has_h for r in recipes)
    has_oh = any(r.has_oh for r in recipes)
    return sum(goal_award(g, formulas, has_h, has_oh, nobles) for g in goals)


class _Search:
    """Memoised maximum of compound points over the charged cards, for one set of card types."""

    def __init__(self, types: list[str]):
        self.types = types
        index = {t: i for i, t in enumerate(types)}
        self.index = index
        found: list[tuple[Recipe, tuple[tuple[int, int], ...]]] = []
        for cat_card in types:
            for cat in tokens_of(cat_card):
                for an_card in types:
                    for an in tokens_of(an_card):
                        r = recipe(cat, an)
                        if r is not None:
                            need = Counter(index[card_of(t)] for t in r.tokens)
                            found.append((r, tuple(sorted(need.items()))))
        self.recipes = found
        # the card types that any recipe from position i on still uses (for normalised memo keys)
        live: list[frozenset[int]] = [frozenset()] * (len(found) + 1)
        for i in range(len(found) - 1, -1, -1):
            live[i] = live[i + 1] | {k for k, _ in found[i][1]}
        self.keep = [tuple(k in live[i] for k in range(len(types))) for i in range(len(found) + 1)]
        self.memo: dict[tuple[int, tuple[int, ...]], tuple[int, int]] = {}

    def free(self, ri: int, counts: tuple[int, ...]) -> tuple[int, int]:
        """Best (points, refreshes) from recipes ri.. with these cards left."""
        if ri == len(self.recipes):
            return (0, 0)
        keep = self.keep[ri]
        key = (ri, tuple(c if k else 0 for c, k in zip(counts, keep, strict=True)))
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best = self.free(ri + 1, counts)
        r, need = self.recipes[ri]
        if all(counts[k] >= n for k, n in need):
            rest = list(counts)
            for k, n in need:
                rest[k] -= n
            pts, ref = self.free(ri, tuple(rest))
            cand = (pts + r.points, ref + int(r.icon))
            if cand > best:
                best = cand
        self.memo[key] = best
        return best

    def plan(self, counts: tuple[int, ...]) -> tuple[list[Recipe], tuple[int, ...]]:
        """The compounds of the best value from `counts`, and the cards left over."""
        chosen: list[Recipe] = []
        ri = 0
        while ri < len(self.recipes):
            here = self.free(ri, counts)
            if here == self.free(ri + 1, counts):
                ri += 1
                continue
            r, need = self.recipes[ri]
            rest = list(counts)
            for k, n in need:
                rest[k] -= n
            counts = tuple(rest)
            chosen.append(r)
        return chosen, counts

    def take(self, counts: tuple[int, ...], recipes: Iterable[Recipe]) -> tuple[int, ...] | None:
        """`counts` minus the cards of `recipes`; None if they do not fit."""
        rest = list(counts)
        for r in recipes:
            for t in r.tokens:
                k = self.index.get(card_of(t))
                if k is None:
                    return None
                rest[k] -= 1
                if rest[k] < 0:
                    return None
        return tuple(rest)


def _goal_options(goals: Sequence[str], search: _Search) -> list[list[tuple[Recipe, ...]]]:
    """Per goal, the choices of compounds to force for it (the empty choice first)."""
    by_formula: dict[str, list[Recipe]] = {}
    for r, _ in search.recipes:
        by_formula.setdefault(r.formula, []).append(r)
    options: list[list[tuple[Recipe, ...]]] = []
    for g in dict.fromkeys(goals):
        goal = GOALS[g]
        choice: list[tuple[Recipe, ...]] = [()]
        if goal.kind == "neutralization":
            hs = [r for r, _ in search.recipes if r.has_h]
            ohs = [r for r, _ in search.recipes if r.has_oh]
            choice += [(h, o) for h in hs for o in ohs]
        elif goal.kind != "noble_gas":
            singles = [rs for f in goal.compounds for rs in by_formula.get(f, [])]
            choice += [(r,) for r in singles]
            choice += list(itertools.combinations(singles, 2))
        options.append(choice)
    return options


def best_arrangement(cards: Sequence[str], goals: Sequence[str] = (),
                     extra_choices: Iterable[str] = ()) -> Arrangement:
    """The arrangement of `cards` (card ids or ion tokens) plus at most one of `extra_choices`
    (card ids) with the highest round score under the active `goals`; ties: more refreshes, then
    no extra card, then the first extra in sorted order. Radioactive cards stay unbonded."""
    base = [card_of(c) for c in cards]
    extras: list[str | None] = [None, *sorted({card_of(c) for c in extra_choices if is_charged(card_of(c))
                                               or card_of(c) in NOBLE_GASES})]
    types = sorted({c for c in [*base, *(e for e in extras if e)] if is_charged(c)})
    search = _Search(types)
    options = _goal_options(goals, search)
    best: tuple[tuple[int, int], Arrangement] | None = None
    for extra in extras:
        held = base + ([extra] if extra else [])
        counts = tuple(held.count(t) for t in types)
        nobles = [c for c in held if c in NOBLE_GASES]
        from .scoring import noble_gas_points
        noble_pts = noble_gas_points(nobles)
        noble_set = set(nobles)
        tried: set[frozenset[Recipe]] = set()
        for combo in itertools.product(*options):
            forced = frozenset(r for part in combo for r in part)
            if forced in tried:
                continue
            tried.add(forced)
            rest = search.take(counts, forced)
            if rest is None:
                continue
            pts, ref = search.free(0, rest)
            total = (pts + sum(r.points for r in forced) + noble_pts + _goal_bonus(goals, forced, noble_set),
                     ref + sum(int(r.icon) for r in forced))
            if best is not None and total <= best[0]:
                continue
            chosen, left = search.plan(rest)
            compounds = sorted([*forced, *chosen], key=lambda r: (r.formula, r.tokens))
            unbonded = [t for t, n in zip(types, left, strict=True) for _ in range(n)]
            unbonded += [c for c in held if not is_charged(c)]
            true_points = (sum(r.points for r in compounds) + noble_pts
                           + _goal_bonus(goals, compounds, noble_set))
            arrangement = Arrangement(tuple(r.tokens for r in compounds), tuple(sorted(unbonded)), extra,
                                      true_points, sum(int(r.icon) for r in compounds))
            best = ((true_points, arrangement.refreshes), arrangement)
    assert best is not None
    return best[1]
