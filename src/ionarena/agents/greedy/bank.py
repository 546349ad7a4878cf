"""Greedy bot for the bank game: plays its team's strongest card when that dumps or nears a dump.

It scores every legal move with a one-move evaluation seen from its team (our points minus theirs):
points to its own score count fully; a dump counts the whole pot (for us or against us); a pot whose
charge is near a pole (more than `NEAR` steps toward it) counts for that pole's team in proportion;
if the next player (usually the other team) could then dump toward their pole, that risk counts too;
using up an object costs that object's worth. So it pushes the charge over the edge when it can,
pulls it back (neutral cards, Swap, Invincible) when the other team is close to a dump, takes the
direct half points of the other sign's cards when the bank is safe, and spends [×2]/[×3]/wilds where
they pay. It never pays the `skip` penalty while it can move. In the shop it buys the best worth per
coin among the objects on sale (or accepts a cheap coin deal another player offers), then leaves
(`done`). It reads only its seat's view (the envelope and the game's `table`) and its legal actions.
"""

from __future__ import annotations

import random
from typing import Any

from ...core import State
from ...games.bank.actions import Buy, Card, Combine, Ok, Team, Use, Word
from ...games.bank.cards import OBJECTS, card_power, parse_kind
from ...games.bank.scoring import card_effect

WORTH = {"x2": 150, "x3": 250, "wild1": 100, "wild2": 150, "wild3": 200, "combine": 120,
         "invincible": 200, "swap": 250, "take": 150, "skip": 60, "reverse": 40, "roundplus": 30,
         "roundminus": 30, "movetime": 20, "useless": 0, "coins": 40}
"""What holding one object is worth to the bot, in points (the cost of using it up)."""
EXTRA_MOVE = 250
"""Rough worth of the second move that [&] gives."""
PUSH = 2
"""How far the next player is assumed to push the charge toward their pole after our move."""
RISK = 0.7
"""How likely that push is to happen when it would dump the bank."""
NEAR = 6
"""The pot starts to count for a team once the charge is more than this many steps toward its pole."""
STEP_WORTH = 1.0
"""Scale of the pot's worth by where the charge stands (below 1: a step of charge matters less)."""


class GreedyAgent:
    """Greedy bank player; see the module docstring."""

    name = "greedy"

    def __init__(self, seed: int = 0, reaction_time: float = 0.5):
        self.rng = random.Random(seed)
        self.reaction_time = reaction_time

    def act(self, state: State, player: int) -> Any:
        """The best-looking legal action for `player` now."""
        legal = state.legal_actions(player)
        if not legal:
            return None
        view = state.view(player)
        table = view["table"]
        if view["phase"] == "lobby":
            return self._pick_team(table, legal)
        if view["phase"] == "shop":
            return self._shop(table, legal)
        return self._move(table, view["now"] or 0.0, player, legal)

    def _pick_team(self, table: dict[str, Any], legal: list[Any]) -> Any:
        teams = table["teams"]
        plus, minus = teams.count("+"), teams.count("-")
        return Team(1) if plus < minus or (plus == minus and self.rng.random() < 0.5) else Team(-1)

    def _shop(self, table: dict[str, Any], legal: list[Any]) -> Any:
        """Buy (or accept a coin deal for) the object with the best worth per coin, else leave."""
        offers = {offer["seller"]: offer for offer in table["shop"]["offers"]}
        best, best_rate = None, 20.0
        for action in legal:
            if isinstance(action, Buy):
                obj = OBJECTS[action.kind]
                worth = obj.instant if obj.instant > 0 else WORTH.get(action.kind, 0)
                rate = worth / max(1, obj.price or 1)
            elif isinstance(action, Ok) and action.seller in offers and offers[action.seller]["units"] == "¢":
                offer = offers[action.seller]
                kind = parse_kind(offer["object"]) or "useless"
                rate = WORTH.get(kind, 0) / max(1, offer["price"]) - 5  # a little wary of deals
            else:
                continue
            if rate > best_rate:
                best, best_rate = action, rate
        return best if best is not None else Word("done")

    def _move(self, table: dict[str, Any], now: float, player: int, legal: list[Any]) -> Any:
        sign = 1 if table["teams"][player] == "+" else -1
        bank = table["bank"]
        charge, pot, full, shield = bank["charge"], bank["pot"], bank["full_charge"], bank["invincible_moves"]
        time_left = (table["round_ends_at"] or 0.0) - now
        weight = min(1.0, max(0.0, time_left / 20.0))
        reply = self._next_push(table, player, sign)

        def standing(c: int, p: int, moved: bool = True) -> float:
            """Pot worth to us minus them; after our move the next player pushes by `reply`."""
            if moved and shield <= 1:
                after = c + reply
                if abs(after) >= full:
                    return (p if after * sign > 0 else -p) * weight * RISK
            x = c * sign
            near = max(0.0, min(1.0, (abs(x) - NEAR) / (full - NEAR)))
            return p * (near if x > 0 else -near) * weight * STEP_WORTH

        base = standing(charge, pot, moved=False)

        def worth(action: Any) -> float:
            if isinstance(action, Card):
                new, into_pot, to_me = card_effect(charge, action.card, sign, action.mult, full)
                new_pot = pot + into_pot
                cost = WORTH[f"x{action.mult}"] if action.mult > 1 else 0
                if action.wild:
                    cost += WORTH[f"wild{card_power(action.card)}"]
                if abs(new) >= full and shield == 0:
                    gained = new_pot if new * sign > 0 else -new_pot
                    return to_me + gained - base - cost
                return to_me + standing(new, new_pot) - base - cost
            if isinstance(action, Use):
                cost = WORTH.get(action.kind, 0)
                if action.kind == "swap":
                    flipped = -charge
                    if abs(flipped) >= full and shield == 0:
                        return (pot if flipped * sign > 0 else -pot) - base - cost
                    return standing(flipped, pot) - base - cost
                if action.kind == "invincible":
                    danger = charge * sign <= -(full - 4) and shield == 0
                    return (0.6 * pot if danger else 0.0) - cost
                if action.kind == "take":
                    return 0.5 * WORTH.get(action.target, 0) - cost
                if action.kind == "movetime":
                    return -1e6
                return standing(charge, pot) - base - cost
            if isinstance(action, Combine):
                return worth(action.first) + EXTRA_MOVE - WORTH["combine"]
            return -1e8  # `skip` costs 1000 points and gains nothing: only when nothing else is left

        best, best_value = legal[-1], -1e9
        for action in legal:
            value = worth(action)
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def _next_push(table: dict[str, Any], player: int, sign: int) -> int:
        """How far the next player is assumed to push the charge: toward their own pole."""
        order = [p for p in table["order"] if not table["quit"][p]]
        if player not in order or len(order) < 2:
            return 0
        nxt = order[(order.index(player) + table["direction"]) % len(order)]
        their = 1 if table["teams"][nxt] == "+" else -1
        return their * PUSH

