"""The RXN optimiser: the exact best re-arrangement of a player's cards into compounds.

RXN lets a player break every bond and re-form their whole area, transition metals in either
orientation, with one extra card from the center or the discard pile. `best_arrangement` finds the
arrangement that leaves the player with the most points at the end of the game: the round score
(compounds + noble gas sets + goal cards) plus 2 for every face-down Action Tile its compounds flip
face up (a face-up tile scores +2 at the end of the game, or is worth at least that when used
again), ties broken by more refreshes, then by taking no extra card.

Exact, not heuristic:
- Noble gases never bond, so their part (sets and the Noble Gases goal) is scored on its own.
- Compound goal bonuses are not additive, so for every choice of goal compounds to *force* (per
  goal: none, one or both of its compounds; for Neutralization one compound with H and one with
  OH), those compounds are set aside first and the rest is a plain maximum of compound points. The
  optimal arrangement is found when exactly its goal compounds are forced, and no candidate scores
  less than computed; candidates are tried richest bonus first and cut by an upper bound.
- The plain maximum is a depth-first search over card types of one side (cations or anions,
  whichever has more types), choosing how many of each compound that card makes, memoised on the
  cards of the other side still unbonded and on how many tiles are already flipped up (a refresh
  beyond the face-down tiles is worth nothing, so the tile bonus is not additive).
- The extra card is a *wildcard*: at most one missing card of an offered type may be supplied,
  anywhere in the search (one search instead of one per offered card).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import NamedTuple

from .cards import GOALS, IONS, NOBLE_GASES, card_of, is_charged, tokens_of
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
    value: int = 0
    """What it is worth at the end of the game: `points` + 2 per face-down tile flipped up."""


Value = tuple[int, int]
"""(points with the tile bonus, refreshes), compared lexicographically."""
TILE_POINTS = 2
"""What a face-up Action Tile is worth at the end of the game ("2 points for each unused Action Tile")."""


def _compound_bonus(goals: Sequence[str], chosen: Iterable[Recipe]) -> int:
    """What the compound goals pay for these compounds (`scoring.goal_award` of each, in one pass)."""
    recipes = list(chosen)
    formulas = {r.formula for r in recipes}
    total = 0
    for g in goals:
        goal = GOALS[g]
        kind = goal.kind
        if kind == "noble_gas":
            continue
        if kind == "neutralization":
            if any(r.has_h for r in recipes) and any(r.has_oh for r in recipes):
                total += goal.bottom
            continue
        hits = 0
        for w in goal.compounds:
            if w in formulas:
                hits += 1
        if hits >= 2:
            total += goal.bottom
        elif hits == 1:
            total += goal.top or 0
    return total


@cache
def _card_counts(r: Recipe) -> tuple[tuple[str, int], ...]:
    """The cards of a compound with how many of each, in card order."""
    return tuple(sorted(Counter(r.cards).items()))


@cache
def _side_profile(card: str) -> tuple[tuple[int, int, bool], ...]:
    """A card's sides as the plain search sees them: charge, points, icon."""
    return tuple((IONS[t].charge, IONS[t].points, IONS[t].icon) for t in tokens_of(card))


@cache
def _top_points(card: str) -> int:
    """The most points a card scores in a compound, on its better side."""
    return max(IONS[t].points for t in tokens_of(card))


@lru_cache(maxsize=1024)
def _type_recipes(types: tuple[str, ...]) -> tuple[tuple[Recipe, tuple[tuple[int, int], ...], int, int], ...]:
    """Every compound of these card types (sorted): (compound, (type index, count) of the cards it
    needs, cation type index, anion type index), cation types first, then each side, then anions."""
    index = {t: i for i, t in enumerate(types)}
    found = []
    for ci, cat_card in enumerate(types):
        for cat in tokens_of(cat_card):
            if IONS[cat].charge <= 0:
                continue
            for ai, an_card in enumerate(types):
                for an in tokens_of(an_card):
                    r = recipe(cat, an)
                    if r is not None:
                        # types are sorted: card order is index order
                        need = tuple((index[c], k) for c, k in _card_counts(r))
                        found.append((r, need, ci, ai))
    return tuple(found)


def _noble_part(goals: Sequence[str], nobles: list[str]) -> int:
    from .scoring import goal_award, noble_gas_points
    held = set(nobles)
    return noble_gas_points(nobles) + sum(goal_award(g, set(), False, False, held) for g in goals
                                          if GOALS[g].kind == "noble_gas")


class _Search:
    """Memoised maximum of compound points over charged cards, with an optional wildcard card."""

    def __init__(self, types: list[str], wild_types: set[str], counts: Sequence[int], tiles_down: int = 0):
        self.types = types
        self.tiles_down = tiles_down
        """Face-down Action Tiles a refresh can flip up (each worth `TILE_POINTS`)."""
        self.index = {t: i for i, t in enumerate(types)}
        wild_ok = self.wild_ok = tuple(t in wild_types for t in types)
        self.profiles = [(_side_profile(t), ok) for t, ok in zip(types, wild_ok, strict=True)]
        side = self._group_recipes(_type_recipes(tuple(types)), counts)
        live = self._live_types()
        self.classes: list[list[tuple[int, ...]]] = [self._classes(types_live) for types_live in live]
        self.live_wild = [any(wild_ok[k] for k in s) for s in live]
        # memo keys per group: the counts of the types alone in their class, then of each larger class
        self.singles: list[itemgetter[tuple[int, ...]] | None] = []
        self.multis: list[list[tuple[int, ...]]] = []
        for classes in self.classes:
            alone = [cls[0] for cls in classes if len(cls) == 1]
            self.singles.append(itemgetter(*alone) if alone else None)
            self.multis.append([cls for cls in classes if len(cls) > 1])
        self.memo: list[dict[tuple[object, ...], Value]] = [{} for _ in side]
        self.size = len(side)
        self.plain = [[(need, r.points, int(r.icon)) for r, need in group] for group in self.groups]
        """Per group, what the plain search reads of each recipe: cards needed, points, refreshes."""
        self.token_types: dict[tuple[str, ...], tuple[int | None, ...]] = {}
        self.top = [_top_points(c) for c in types]
        self.top_wild = max((p for p, ok in zip(self.top, wild_ok, strict=True) if ok), default=0)

    def _group_recipes(self, recipes: Sequence[tuple[Recipe, tuple[tuple[int, int], ...], int, int]],
                       counts: Sequence[int]) -> list[int]:
        """Group the recipes by their cation or by their anion, whichever makes fewer memo keys;
        return the grouping types (`self.groups` holds each group's recipes and needs)."""
        cations = sorted({c for _, _, c, _ in recipes})
        anions = sorted({a for _, _, _, a in recipes})
        by_cation = self._configs(anions, counts) <= self._configs(cations, counts)
        side = cations if by_cation else anions
        self.group_type = side
        buckets: dict[int, list[tuple[Recipe, tuple[tuple[int, int], ...]]]] = {g: [] for g in side}
        for r, need, c, a in recipes:
            buckets[c if by_cation else a].append((r, need))
        self.groups = [buckets[g] for g in side]
        return side

    def _live_types(self) -> list[set[int]]:
        """For each group index, the types any group from it on may still use."""
        live: list[set[int]] = [set() for _ in range(len(self.groups) + 1)]
        for gi in range(len(self.groups) - 1, -1, -1):
            live[gi] = live[gi + 1] | {k for _, need in self.groups[gi] for k, _ in need}
        return live

    def _classes(self, types_live: set[int]) -> list[tuple[int, ...]]:
        """These types in classes of interchangeable types (the same side profile and wildcard use):
        memo keys hold the sorted counts of each class (the rest cannot matter any more)."""
        by_profile: dict[tuple[object, ...], list[int]] = {}
        for k in sorted(types_live):
            by_profile.setdefault(self.profiles[k], []).append(k)
        return [tuple(v) for v in by_profile.values()]

    def _configs(self, side: list[int], counts: Sequence[int]) -> float:
        """Roughly how many memo keys a search keyed on these types' counts can meet."""
        size = 1.0
        classes: dict[tuple[object, ...], int] = {}
        wild_ok, profiles = self.wild_ok, self.profiles
        for k in side:
            size *= counts[k] + 1 + int(wild_ok[k])
            profile = profiles[k]
            same = classes[profile] = classes.get(profile, 0) + 1
            size /= same
        return size

    def free(self, gi: int, counts: tuple[int, ...], wild: bool, flipped: int = 0) -> Value:
        """Best value of groups gi.. from these cards (and the wildcard if `wild`), `flipped` of the
        face-down tiles already flipped up by compounds chosen before."""
        if gi == self.size:
            return (0, 0)
        wild = wild and self.live_wild[gi]
        single = self.singles[gi]
        frozen: tuple[object, ...] = (wild, flipped, single(counts) if single is not None else ())
        for cls in self.multis[gi]:
            frozen += (tuple(sorted([counts[k] for k in cls])),)
        memo = self.memo[gi]
        hit = memo.get(frozen)
        if hit is None:
            hit = self.choose(gi, counts, wild, flipped)[0]
            memo[frozen] = hit
        return hit

    def choose(self, gi: int, counts: Sequence[int], wild: bool,
               flipped: int = 0) -> tuple[Value, tuple[int, ...], int]:
        """The best use of group gi: (value, uses per recipe, type index the wildcard filled or -1)."""
        recs = self.plain[gi]
        best: list[tuple[Value, tuple[int, ...], int]] = []
        uses = [0] * len(recs)
        own = self.group_type[gi]
        wild_ok = self.wild_ok
        own_wild = wild_ok[own]
        after = gi + 1
        last = after == self.size
        cap = self.tiles_down
        if not last:
            memo, single, multis = self.memo[after], self.singles[after], self.multis[after]
            live_wild = self.live_wild[after]
            choose = self.choose

        order = []  # the recipes these cards (and the wildcard, once) can make at least once
        for j, (need, _, _) in enumerate(recs):
            gap = 0
            for k, n in need:
                have = counts[k]
                if have < n:
                    if not wild or not wild_ok[k] or have < n - 1:
                        break
                    gap += 1
            else:
                if gap <= 1:
                    order.append(j)
        end = len(order)

        def walk(i: int, cnt: list[int], wild_left: bool, pts: int, ref: int, filled: int) -> None:
            if i == end or (cnt[own] == 0 and not (wild_left and own_wild)):
                now = flipped + ref
                if now > cap:
                    now = cap
                gain = pts + TILE_POINTS * (now - flipped)
                if last:
                    value = (gain, ref)
                else:  # self.free(after, cnt, wild_left, now), inline
                    wild_next = wild_left and live_wild
                    key: tuple[object, ...] = (wild_next, now, single(cnt) if single is not None else ())
                    for cls in multis:
                        key += (tuple(sorted([cnt[k] for k in cls])),)
                    sub = memo.get(key)
                    if sub is None:
                        sub = memo[key] = choose(after, cnt, wild_next, now)[0]
                    value = (gain + sub[0], ref + sub[1])
                if not best or value > best[0][0]:
                    best[:] = [(value, tuple(uses), filled)]
                return
            walk(i + 1, cnt, wild_left, pts, ref, filled)
            j = order[i]
            need, points, icon = recs[j]
            shorts = 0
            k0 = n0 = 0
            for k, n in need:
                if cnt[k] < n:
                    shorts += 1
                    k0, n0 = k, n
            if not shorts:
                rest = cnt[:]
                for k, n in need:
                    rest[k] -= n
                uses[j] += 1
                walk(i, rest, wild_left, pts + points, ref + icon, filled)
                uses[j] -= 1
            elif wild_left and shorts == 1 and wild_ok[k0] and cnt[k0] == n0 - 1:
                rest = cnt[:]
                for k, n in need:
                    rest[k] = 0 if k == k0 else rest[k] - n
                uses[j] += 1
                walk(i, rest, False, pts + points, ref + icon, k0)
                uses[j] -= 1

        walk(0, list(counts), wild, 0, 0, -1)
        return best[0]

    def plan(self, counts: tuple[int, ...], wild: bool,
             flipped: int = 0) -> tuple[list[Recipe], tuple[int, ...], int]:
        """The compounds of the best value, the cards left over, and the type the wildcard filled."""
        chosen: list[Recipe] = []
        filled = -1
        cnt = list(counts)
        for gi in range(len(self.groups)):
            _, uses, here = self.choose(gi, tuple(cnt), wild and self.live_wild[gi], flipped)
            if here >= 0:
                filled, wild = here, False
                cnt[here] += 1
            for (r, need), k in zip(self.groups[gi], uses, strict=True):
                for _ in range(k):
                    chosen.append(r)
                    flipped = min(flipped + int(r.icon), self.tiles_down)
                    for t, n in need:
                        cnt[t] -= n
        return chosen, tuple(cnt), filled

    def take(self, counts: tuple[int, ...], recipes: Iterable[Recipe],
             wild: bool) -> tuple[tuple[int, ...], bool, int] | None:
        """`counts` minus the cards of `recipes` (the wildcard may fill one gap); None if they do not fit."""
        rest = list(counts)
        filled = -1
        for r in recipes:
            kinds = self.token_types.get(r.tokens)
            if kinds is None:
                kinds = self.token_types[r.tokens] = tuple(self.index.get(c) for c in r.cards)
            for k in kinds:
                if k is None:
                    return None
                if rest[k] == 0:
                    if not wild or not self.wild_ok[k]:
                        return None
                    wild, filled = False, k
                    continue
                rest[k] -= 1
        return tuple(rest), wild, filled

    def bound(self, counts: tuple[int, ...], wild: bool, flipped: int = 0) -> int:
        """More than the charged cards left could ever be worth (their points and the tiles left)."""
        total = (self.top_wild if wild else 0) + TILE_POINTS * (self.tiles_down - flipped)
        for n, p in zip(counts, self.top, strict=True):
            total += n * p
        return total


def _goal_options(goals: Sequence[str], search: _Search) -> list[list[tuple[Recipe, ...]]]:
    """Per compound goal, the choices of compounds to force for it (the empty choice first)."""
    everything = [r for group in search.groups for r, _ in group]
    by_formula: dict[str, list[Recipe]] = {}
    for r in everything:
        by_formula.setdefault(r.formula, []).append(r)
    options: list[list[tuple[Recipe, ...]]] = []
    for g in dict.fromkeys(goals):
        goal = GOALS[g]
        choice: list[tuple[Recipe, ...]] = [()]
        if goal.kind == "neutralization":
            hs = [r for r in everything if r.has_h]
            ohs = [r for r in everything if r.has_oh]
            choice += [(h, o) for h in hs for o in ohs]
        elif goal.kind != "noble_gas":
            singles = [rs for f in goal.compounds for rs in by_formula.get(f, [])]
            choice += [(r,) for r in singles]
            choice += list(itertools.combinations(singles, 2))
        else:
            continue
        options.append(choice)
    return options


def best_arrangement(cards: Sequence[str], goals: Sequence[str] = (), extra_choices: Iterable[str] = (),
                     tiles_down: int = 0) -> Arrangement:
    """The arrangement of `cards` (card ids or ion tokens) plus at most one of `extra_choices`
    (card ids) worth the most at the end of the game: the round score under the active `goals`
    plus 2 for each of the player's `tiles_down` face-down Action Tiles its compounds flip face up;
    ties: more refreshes, then no extra card. Radioactive cards (and anything else that cannot bond)
    stay unbonded. RULING (Ion Arena): RXN takes its extra card "to use in forming your compounds",
    so only a charged card is taken: a noble gas or radioactive card offered is ignored."""
    base = [card_of(c) for c in cards]
    wild_types = {c for c in map(card_of, extra_choices) if is_charged(c)}
    types = sorted({c for c in base if is_charged(c)} | wild_types)
    counts = tuple(base.count(t) for t in types)
    # a refresh needs an icon card: no more tiles can flip up than there are icon cards to bond
    icons = sum(n for t, n in zip(types, counts, strict=True) if IONS[tokens_of(t)[0]].icon)
    icons += any(IONS[tokens_of(t)[0]].icon for t in wild_types)
    search = _Search(types, wild_types, counts, max(0, min(tiles_down, icons)))
    nobles = [c for c in base if c in NOBLE_GASES]
    forced_list, rest, filled, wild_left, flipped = _best_forced(
        search, counts, goals, bool(wild_types), _noble_part(goals, nobles))
    chosen, left, filled_free = search.plan(rest, wild_left, flipped)
    wild_card = filled if filled >= 0 else filled_free
    extra = types[wild_card] if wild_card >= 0 else None
    compounds = sorted([*forced_list, *chosen], key=lambda r: (r.formula, r.tokens))
    unbonded = [t for t, n in zip(types, left, strict=True) for _ in range(n)]
    unbonded += [c for c in base if not is_charged(c)]
    from .scoring import goal_points, noble_gas_points
    points = (sum(r.points for r in compounds) + noble_gas_points(nobles)
              + goal_points(goals, [r.tokens for r in compounds], nobles))
    refreshes = sum(int(r.icon) for r in compounds)
    return Arrangement(tuple(r.tokens for r in compounds), tuple(sorted(unbonded)), extra, points,
                       refreshes, points + TILE_POINTS * min(refreshes, max(0, tiles_down)))


Forced = tuple[list[Recipe], tuple[int, ...], int, bool, int]
"""The best choice of compounds forced for the goals: (the compounds, the card counts left, the
type the wildcard filled (-1: none), whether the wildcard is left, the tiles already flipped)."""


def _best_forced(search: _Search, counts: tuple[int, ...], goals: Sequence[str], with_wild: bool,
                 noble_pts: int) -> Forced:
    """Every distinct choice of compounds forced for the goals, richest bonus first, completed by the
    best free search, without the extra card first: the best of them (pruned by `search.bound`)."""
    cap = search.tiles_down
    # every distinct choice of forced compounds once (a choice met again scores the same), richest
    # bonus first: (bonus, forced, their points, their refreshes)
    distinct = dict.fromkeys(frozenset(r for part in combo for r in part)
                             for combo in itertools.product(*_goal_options(goals, search)))
    combos = [(_compound_bonus(goals, forced), forced, sum(r.points for r in forced),
               sum(int(r.icon) for r in forced)) for forced in distinct]
    combos.sort(key=lambda c: (-c[0], sorted(r.tokens for r in c[1])))
    best: tuple[Value, Forced] | None = None
    for wild in (False, True) if with_wild else (False,):  # without the extra card first
        for bonus, forced, forced_points, forced_icons in combos:
            taken = search.take(counts, forced, wild)
            if taken is None:
                continue
            rest, wild_left, filled = taken
            flipped = min(forced_icons, cap)
            head = forced_points + bonus + noble_pts + TILE_POINTS * flipped
            if best is not None and head + search.bound(rest, wild_left, flipped) < best[0][0]:
                continue
            pts, ref = search.free(0, rest, wild_left, flipped)
            value = (head + pts, ref + forced_icons)
            if best is None or value > best[0]:
                best = (value, (list(forced), rest, filled, wild_left, flipped))
    assert best is not None
    return best[1]
