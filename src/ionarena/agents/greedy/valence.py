"""Greedy Valence bot: builds the most valuable set of molecules its hand allows, reacts when it
gains, plays Helium once its own hand is spent, and keeps the cards that are closest to molecules.

It sees only its seat's view (the envelope's phase, variant and scores, and the table's hand, bank,
discard pile top and, in the cooperative game, the types built) and its legal moves.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ...core import Action, State, View
from ...games.valence.actions import Move
from ...games.valence.cards import ELEMENTS, INDEX, MOLECULE_TYPES, RECIPES, TYPE_IDS
from ...games.valence.chemistry import accepts_name
from ...games.valence.scoring import WIN_POINTS, card_points
from ...games.valence.views import ValenceTable

RECIPE_LIST = tuple(RECIPES.values())
TYPE_INDEX = {t: i for i, t in enumerate(TYPE_IDS)}
GIVE_AWAY_ORDER = ("O", "F", "H", "Cl", "Na", "K", "Ca", "C", "He")
"""Least useful to an opponent first: these end up on top of the discard pile."""
VICTIM_LOSS = {"base": 2, "metal_oxide": 1, "deadly_carbonyl": 1}
"""Points a reaction takes from its target's owner (Base 4 -> Salt + Water 2, ...)."""


@lru_cache(maxsize=1 << 17)
def best_plan(hand: tuple[int, ...], bank: tuple[int, ...], values: tuple[float, ...],
              start: int = 0) -> tuple[float, tuple[str, ...]]:
    """The most valuable multiset of molecules buildable from `hand` with the bank's stock."""
    best: tuple[float, tuple[str, ...]] = (0.0, ())
    for k in range(start, len(RECIPE_LIST)):
        recipe = RECIPE_LIST[k]
        t = TYPE_INDEX[recipe.type]
        if bank[t] <= 0 or any(h < n for h, n in zip(hand, recipe.counts, strict=True)):
            continue
        rest = tuple(h - n for h, n in zip(hand, recipe.counts, strict=True))
        stock = (*bank[:t], bank[t] - 1, *bank[t + 1:])
        value, plan = best_plan(rest, stock, values, k)
        value += values[k]
        if value > best[0]:
            best = (value, (recipe.formula, *plan))
    return best


def nearness(hand: tuple[int, ...], values: tuple[float, ...]) -> float:
    """Partial credit for molecules the hand is close to (squared share of the cards present)."""
    total = 0.0
    for k, recipe in enumerate(RECIPE_LIST):
        need = sum(recipe.counts)
        have = sum(min(h, n) for h, n in zip(hand, recipe.counts, strict=True))
        total += values[k] * (have / need) ** 2
    return total


def hand_vector(cards: list[str]) -> tuple[int, ...]:
    """A list of element symbols as a count vector."""
    vec = [0] * len(ELEMENTS)
    for card in cards:
        vec[INDEX[card]] += 1
    return tuple(vec)


class GreedyAgent:
    """Builds high-value molecules first, reacts against Bases and leaders, plays Helium well."""

    name = "greedy"
    trade_up_below = 5
    """Trade a Salt for two cards when the hand holds fewer cards than this."""

    def __init__(self, seed: int = 0, reaction_time: float = 0.5):
        self.rng = random.Random(seed)
        self.reaction_time = reaction_time

    def act(self, state: State, player: int) -> Action:
        """The greedy choice for `player` (the current player)."""
        legal: list[Any] = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        view = state.view(player)
        table: ValenceTable = view["table"]
        hand = hand_vector(table["hand"])
        bank = tuple(table["bank"][t] for t in TYPE_IDS)
        values = self._values(view)
        phase = view["phase"]
        if phase == "draw":
            return self._draw(legal, table, hand, bank, values)
        if phase == "place":
            return self._least_useful_last(legal)
        if phase == "discard":
            return self._discard(legal, hand, bank, values)
        return self._build_phase(legal, view, player, hand, bank, values)

    # -- decisions ----------------------------------------------------------------------------

    @staticmethod
    def _values(view: View) -> tuple[float, ...]:
        if view["variant"] == "cooperative":
            built = set(view["table"].get("built_types", ()))
            # A type nobody has built yet is what the team needs; Carbon is too scarce to spend twice.
            return tuple(10.0 if r.type not in built else (0.0 if "C" in r.cards else 0.2)
                         for r in RECIPE_LIST)
        return tuple(float(MOLECULE_TYPES[r.type].points) for r in RECIPE_LIST)

    @staticmethod
    def _worth(hand: tuple[int, ...], bank: tuple[int, ...], values: tuple[float, ...]) -> float:
        return best_plan(hand, bank, values)[0] + 0.3 * nearness(hand, values)

    def _draw(self, legal: list[Move], table: ValenceTable, hand: tuple[int, ...],
              bank: tuple[int, ...], values: tuple[float, ...]) -> Move:
        take = next((m for m in legal if m.verb == "draw" and m.what == "discard"), None)
        top = table["discard_top"]
        if take is not None and top is not None:
            with_top = list(hand)
            with_top[INDEX[top]] += 1
            if best_plan(tuple(with_top), bank, values)[0] > best_plan(hand, bank, values)[0]:
                return take
        return next(m for m in legal if m.verb == "draw" and m.what == "deck")

    @staticmethod
    def _least_useful_last(legal: list[Move]) -> Move:
        """Place the cards an opponent wants most first (bottom); the top ends up the dullest."""
        return max(legal, key=lambda m: GIVE_AWAY_ORDER.index(m.what))

    def _discard(self, legal: list[Move], hand: tuple[int, ...], bank: tuple[int, ...],
                 values: tuple[float, ...]) -> Move:
        def after(move: Move) -> float:
            rest = list(hand)
            rest[INDEX[move.what]] -= 1
            return self._worth(tuple(rest), bank, values) - 0.01 * GIVE_AWAY_ORDER.index(move.what)
        return max(legal, key=after)

    def _build_phase(self, legal: list[Move], view: View, player: int,
                     hand: tuple[int, ...], bank: tuple[int, ...], values: tuple[float, ...]) -> Move:
        score = view["scores"][player]
        ninja = view["variant"] == "ninja"
        builds = [m for m in legal if m.verb == "build"
                  and (not ninja or accepts_name(list(RECIPES[m.what].cards), m.said))]
        helium = next((m for m in legal if m.verb == "helium"), None)
        coop = view["variant"] == "cooperative"
        if not coop:
            for move in builds:
                if score + card_points(move.what) >= WIN_POINTS:
                    return move
            if helium is not None and score + card_points("He") >= WIN_POINTS:
                return helium
            react = self._reaction(legal, view, player)
            if react is not None:
                return react
        plan = best_plan(hand, bank, values)[1]
        if plan:
            first = max(plan, key=lambda f: values[list(RECIPES).index(f)])
            for move in builds:
                if move.what == first:
                    return move
        if helium is not None:  # only leftovers are passed on: the builds came first
            return helium
        trade = next((m for m in legal if m.verb == "trade"), None)
        if trade is not None and sum(hand) < self.trade_up_below and (coop or score < WIN_POINTS - 2):
            return trade
        return next(m for m in legal if m.verb == "end")

    @staticmethod
    def _reaction(legal: list[Move], view: View, player: int) -> Move | None:
        """The reaction that hurts most: a Base, or any target of a player close to winning."""
        best: tuple[float, Move] | None = None
        leader = max(s for q, s in enumerate(view["scores"]) if q != player)
        for move in legal:
            if move.verb != "react":
                continue
            loss = VICTIM_LOSS[RECIPES[move.target].type]
            victim_score = view["scores"][move.whom]
            threat = victim_score >= WIN_POINTS - 4 or victim_score == leader
            if loss < 2 and not threat:
                continue
            gain = loss + (1.0 if threat else 0.0) + 0.1 * victim_score
            if best is None or gain > best[0]:
                best = (gain, move)
        return best[1] if best else None


__all__ = ["GreedyAgent", "best_plan"]
