"""Fast rollout policy for Ion: A Compound Building Game: the greedy bot's card values, memoized.

What a card is worth depends only on the card, the player's unbonded cards, the goal bonuses still
open to them and the turns left, and the same situations come back thousands of times in a search:
each is computed once. It picks the card worth most (no denial), uses Play Two when a second card
is worth it, takes the best center card, declares the bond worth most, resolves RXN with the
engine's best arrangement and refreshes RXN first. It never flips RXN itself: judging whether RXN
pays takes the engine's exact optimiser, which would cost more than the rest of a rollout (a search
still weighs RXN as one of its own choices).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache, lru_cache
from typing import Any

from ...core import Action, State
from ...games.compound.actions import Move
from ...games.compound.cards import CARDS, GOALS, NOBLE_GASES, deck_for
from ...games.compound.chemistry import all_recipes, match
from ...games.compound.scoring import goal_award, noble_gas_points

DISCOUNT = 0.35
"""A compound's worth shrinks by this factor for every card still missing."""
TILE_THRESHOLD = 6.0
"""Play Two or Play From Center only for a card worth at least this much."""
BEST = Move("best")
TWO = Move("two")
REFRESH_ORDER = (Move("refresh", ("rxn",)), Move("refresh", ("center",)), Move("refresh", ("two",)))


@cache
def partners(variant: str) -> dict[str, tuple[tuple[int, str, tuple[tuple[str, int], ...]], ...]]:
    """Per card id, every compound holding it that the variant's deck can make, as
    (points, formula, the other cards it needs with their counts)."""
    copies = Counter(deck_for(variant))
    found: dict[str, list[tuple[int, str, tuple[tuple[str, int], ...]]]] = {}
    for r in all_recipes():
        need = Counter(r.cards)
        if all(copies[c] >= k for c, k in need.items()):
            for c in need:
                rest = Counter(need)
                rest[c] -= 1
                others = tuple((x, k) for x, k in rest.items() if k)
                found.setdefault(c, []).append((r.points, r.formula, others))
    return {c: tuple(rs) for c, rs in found.items()}


@lru_cache(maxsize=1 << 14)
def goal_bonus(goals: tuple[str, ...], formulas: frozenset[str], has_h: bool, has_oh: bool,
               nobles: frozenset[str]) -> tuple[tuple[str, int], ...]:
    """What building each compound formula (or holding each noble gas) would add in goal points."""
    now = sum(goal_award(g, set(formulas), has_h, has_oh, set(nobles)) for g in goals)
    bonus: dict[str, int] = {}
    wanted = {f for g in goals for f in GOALS[g].compounds}
    neutral = any(GOALS[g].kind == "neutralization" for g in goals)
    for r in all_recipes():
        if r.formula in bonus or not (r.formula in wanted or (neutral and (r.has_h or r.has_oh))):
            continue
        after = sum(goal_award(g, set(formulas) | {r.formula}, has_h or r.has_h, has_oh or r.has_oh,
                               set(nobles)) for g in goals)
        if after > now:
            bonus[r.formula] = after - now
    for gas in NOBLE_GASES:
        after = sum(goal_award(g, set(formulas), has_h, has_oh, set(nobles) | {gas}) for g in goals)
        if after > now:
            bonus[gas] = after - now
    return tuple(sorted(bonus.items()))


@lru_cache(maxsize=1 << 17)
def card_value(card: str, unbonded: tuple[str, ...], bonus: tuple[tuple[str, int], ...], variant: str,
               turns_left: int) -> float:
    """What `card` is worth to a player holding `unbonded` (sorted), as the greedy bot judges it."""
    info = CARDS[card]
    extra = dict(bonus)
    if info.kind == "noble":
        nobles = [x for x in unbonded if x in NOBLE_GASES]
        return noble_gas_points([*nobles, card]) - noble_gas_points(nobles) + extra.get(card, 0)
    if info.kind == "radioactive":
        return 2.0 + info.decay
    have = Counter(unbonded)
    best = 0.0
    for points, formula, need in partners(variant).get(card, ()):
        missing = 0
        for x, k in need:
            short = k - have[x]
            if short > 0:
                missing += short
        if missing > turns_left:
            continue
        value = (points + extra.get(formula, 0)) * DISCOUNT ** missing
        if value > best:
            best = value
    return best


@lru_cache(maxsize=1 << 12)
def bond_points(args: tuple[str, ...]) -> tuple[int, str]:
    """(points, formula) of the bond these tokens make; (0, '') if none."""
    r = match(args)
    return (r.points, r.formula) if r else (0, "")


class RolloutAgent:
    """The fast greedy policy (see the module docstring)."""

    name = "compound-rollout"

    def __init__(self, seed: int = 0, reaction_time: float = 0.5):
        self.rng = random.Random(seed)
        self.reaction_time = reaction_time

    def act(self, state: State, player: int) -> Action:
        """The policy's move of `player`."""
        legal: list[Move] = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        view = state.view(player)
        phase = view["phase"]
        if phase == "rxn":
            return BEST if BEST in legal else legal[0]
        if phase == "refresh":
            return next((m for m in REFRESH_ORDER if m in legal), legal[0])
        table = view["table"]
        bonus = self._bonus(table, player)
        if phase == "declare":
            extra = dict(bonus)
            best, best_value = legal[0], -1
            for m in legal:
                if m.kind == "bond":
                    points, formula = bond_points(m.args)
                    gain = points + extra.get(formula, 0)
                    if gain > best_value:
                        best, best_value = m, gain
            return best
        unbonded = list(table["unbonded"][player])
        mine = table["your_pick"]
        unbonded += mine["picks"]
        if mine["center"]:
            unbonded.append(mine["center"])
        key = tuple(sorted(unbonded))
        turns_left = max(0, table["hand_sizes"][player] - 3)
        variant = view["variant"]

        def value(m: Move) -> float:
            return card_value(m.args[0], key, bonus, variant, turns_left) + self.rng.random() * 1e-3

        if phase == "center":
            return max(legal, key=value)
        picks = sorted((value(m), m) for m in legal if m.kind == "pick")
        if TWO in legal and len(picks) >= 2 and picks[-2][0] >= TILE_THRESHOLD:
            return TWO
        centre = [m for m in legal if m.kind == "center"]
        if centre:
            best_centre = max(centre, key=value)
            if value(best_centre) >= TILE_THRESHOLD:
                return best_centre
        return picks[-1][1] if picks else legal[0]

    @staticmethod
    def _bonus(table: dict[str, Any], player: int) -> tuple[tuple[str, int], ...]:
        goals = tuple(g["id"] for g in table["goals"])
        formulas: set[str] = set()
        has_h = has_oh = False
        for compound in table["compounds"][player]:
            formula = bond_points(tuple(compound["cards"]))[1]
            if formula:
                formulas.add(formula)
                r = match(tuple(compound["cards"]))
                has_h = has_h or bool(r and r.has_h)
                has_oh = has_oh or bool(r and r.has_oh)
        nobles = frozenset(c for c in table["unbonded"][player] if c in NOBLE_GASES)
        return goal_bonus(goals, frozenset(formulas), has_h, has_oh, nobles)
