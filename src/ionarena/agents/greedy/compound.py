"""Greedy bot for Ion: A Compound Building Game.

Picks the card worth most now: the points (and goal bonus) of a compound it completes with its own
unbonded cards, or, discounted per missing card, of a compound it keeps within reach; noble gases
by the set points they add; radioactive cards by reveal points and decay. A little denial: what the
card would be worth to the player who receives the hand next. Declares the best bond. Uses Play
Two and Play From Center when the extra card is worth it, RXN on the last pick when the optimiser
gains enough, and always resolves RXN with the engine's best arrangement.

Reads only its seat's view (`view["table"]`) and legal moves, and the game's pure chemistry and
scoring functions.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

from ionarena.core import State
from ionarena.games.compound.actions import Move
from ionarena.games.compound.cards import CARDS, GOALS, NOBLE_GASES, card_of, deck_for, is_charged
from ionarena.games.compound.chemistry import Recipe, all_recipes, match
from ionarena.games.compound.scoring import best_arrangement, goal_award, noble_gas_points, round_breakdown

DISCOUNT = 0.35
DENIAL = 0.2
TILE_THRESHOLD = 6.0
RXN_GAIN = 3


@cache
def _recipes_with(variant: str) -> dict[str, tuple[Recipe, ...]]:
    """Per card id, every compound holding it that the variant's deck can make."""
    copies = Counter(deck_for(variant))
    found: dict[str, list[Recipe]] = {}
    for r in all_recipes():
        need = Counter(r.cards)
        if all(copies[c] >= k for c, k in need.items()):
            for c in need:
                found.setdefault(c, []).append(r)
    return {c: tuple(rs) for c, rs in found.items()}


@cache
def _goal_recipes(goals: tuple[str, ...]) -> tuple[Recipe, ...]:
    """The compounds that can move some of these goal cards."""
    wanted = {f for g in goals for f in GOALS[g].compounds}
    neutral = any(GOALS[g].kind == "neutralization" for g in goals)
    return tuple(r for r in all_recipes() if r.formula in wanted or (neutral and (r.has_h or r.has_oh)))


class GreedyAgent:
    """One-step greedy player (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0, reaction_time: float = 0.5):
        self.rng = random.Random(seed)
        self.reaction_time = reaction_time

    # -- valuation --------------------------------------------------------------------------------

    @staticmethod
    def _goal_delta(table: dict[str, Any], me: dict[str, Any]) -> dict[str, int]:
        goals = [g["id"] for g in table["goals"]]
        recipes = [match(c["cards"]) for c in me["compounds"]]
        formulas = {r.formula for r in recipes if r}
        has_h = any(r.has_h for r in recipes if r)
        has_oh = any(r.has_oh for r in recipes if r)
        nobles = {c for c in me["unbonded"] if c in NOBLE_GASES}
        now = sum(goal_award(g, formulas, has_h, has_oh, nobles) for g in goals)
        delta: dict[str, int] = {}
        for r in _goal_recipes(tuple(goals)):
            if r.formula in delta:
                continue
            after = sum(goal_award(g, formulas | {r.formula}, has_h or r.has_h, has_oh or r.has_oh, nobles)
                        for g in goals)
            if after > now:
                delta[r.formula] = after - now
        for gas in NOBLE_GASES:
            after = sum(goal_award(g, formulas, has_h, has_oh, nobles | {gas}) for g in goals)
            if after > now:
                delta[gas] = after - now
        return delta

    def card_value(self, c: str, unbonded: list[str], delta: dict[str, int], variant: str,
                   turns_left: int) -> float:
        """What card `c` is worth to a player holding these unbonded cards."""
        kind = CARDS[c].kind
        if kind == "noble":
            nobles = [x for x in unbonded if x in NOBLE_GASES]
            return noble_gas_points([*nobles, c]) - noble_gas_points(nobles) + delta.get(c, 0)
        if kind == "radioactive":
            return 2.0 + CARDS[c].decay
        have = Counter(unbonded)
        best = 0.0
        for r in _recipes_with(variant).get(c, ()):
            need = Counter(r.cards)
            need[c] -= 1
            missing = sum(max(0, k - have[x]) for x, k in need.items())
            if missing > turns_left:
                continue
            value = (r.points + delta.get(r.formula, 0)) * DISCOUNT ** missing
            if value > best:
                best = value
        return best

    # -- decisions --------------------------------------------------------------------------------

    def act(self, state: State, player: int) -> Move:
        """The greedy move of `player`."""
        legal: list[Move] = state.legal_actions(player)
        view = state.view(player)
        phase = view["phase"]
        if phase == "rxn":
            return Move("best") if Move("best") in legal else legal[0]
        if phase == "refresh":
            for tile in ("rxn", "center", "two"):
                if Move("refresh", (tile,)) in legal:
                    return Move("refresh", (tile,))
            return legal[0]
        table = view["table"]
        me = {"compounds": table["compounds"][player], "unbonded": table["unbonded"][player],
              "hand_size": table["hand_sizes"][player]}
        delta = self._goal_delta(table, me)
        variant = view["variant"]
        if phase == "declare":
            bonds = [m for m in legal if m.kind == "bond"]
            if not bonds:
                return legal[0]

            def gain(m: Move) -> float:
                r = match(list(m.args))
                return (r.points + delta.get(r.formula, 0)) if r else 0.0
            return max(bonds, key=gain)
        turns_left = max(0, me["hand_size"] - 3)
        if phase == "center":
            return max(legal, key=lambda m: self.card_value(m.args[0], me["unbonded"], delta, variant,
                                                             turns_left))
        return self._pick(table, variant, me, legal, delta, turns_left, player)

    def _pick(self, table: dict[str, Any], variant: str, me: dict[str, Any], legal: list[Move],
              delta: dict[str, int], turns_left: int, player: int) -> Move:
        mine = table["your_pick"]
        unbonded = list(me["unbonded"]) + list(mine["picks"])
        if mine["center"]:
            unbonded.append(mine["center"])
        nxt = table["unbonded"][(player + 1) % len(table["unbonded"])]

        def value(c: str) -> float:
            own = self.card_value(c, unbonded, delta, variant, turns_left)
            deny = self.card_value(c, nxt, {}, variant, turns_left)
            return own + DENIAL * deny + self.rng.random() * 1e-3

        picks = [m for m in legal if m.kind == "pick"]
        ranked = sorted((value(m.args[0]), m) for m in picks)
        if Move("rxn") in legal and me["hand_size"] == 3 and self._rxn_gain(table, me) >= RXN_GAIN:
            return Move("rxn")
        if Move("two") in legal and len(ranked) >= 2 and ranked[-2][0] >= TILE_THRESHOLD:
            return Move("two")
        centre = [m for m in legal if m.kind == "center"]
        if centre:
            best_c = max(centre, key=lambda m: value(m.args[0]))
            if value(best_c.args[0]) >= TILE_THRESHOLD:
                return best_c
        return ranked[-1][1]

    @staticmethod
    def _rxn_gain(table: dict[str, Any], me: dict[str, Any]) -> int:
        goals = [g["id"] for g in table["goals"]]
        cards = [card_of(t) for c in me["compounds"] for t in c["cards"]] + list(me["unbonded"])
        extras = [c for c in [*table["center"], *table["discard"]] if is_charged(c)]  # what RXN may take
        current = round_breakdown(goals, [c["cards"] for c in me["compounds"]], me["unbonded"])
        best = best_arrangement(cards, goals, extras)
        return best.points - (current["total"] - current["radioactive"])
