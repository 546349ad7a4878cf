"""The end of a round and the shop between rounds.

"The round ends at the end of a predetermined time limit. The amount in the bank is split up amung
all users evenly." "Between rounds, players have 30 seconds to cash in their coins for certain
objects that may be on sale. They can also use this time to trade objects with other users."

Reading order: the round ends (the split, then the shop opens or the game ends), what may be done
in the shop and its checks, applying it, and the shop closing (the next round starts).
"""

from __future__ import annotations

from bisect import bisect
from functools import cache
from itertools import accumulate

from ...core import IllegalAction
from .actions import BankAction, Buy, Deal, Ok, Word
from .base import SHOP, BankBase
from .cards import HELD_KINDS, OBJECTS, SHOP_CANDIDATES, kind_token
from .scoring import split_evenly

DONE = Word("done")
ON_SALE_CANDIDATES = tuple(k for k in SHOP_CANDIDATES
                           if k not in ("coins", "useless") and not OBJECTS[k].powerdown)
BUYS = {kind: Buy(kind) for kind in OBJECTS}
"""`buy <object>` of every kind, made once (the shop lists them at every step)."""


@cache
def offers_of(kind: str, listed_prices: int) -> tuple[Deal, ...]:
    """The deals a holder of `kind` may offer, as the shop lists them: for 1 to `listed_prices`
    coins, then for one unit of every other held kind.

    Made once per kind: every holder gets this list at every step of every shop phase.
    """
    for_coins = tuple(Deal(kind, price, "coins") for price in range(1, listed_prices + 1))
    return for_coins + tuple(Deal(kind, 1, other) for other in HELD_KINDS if other not in ("coins", kind))


class Shop(BankBase):
    """The end of a round, the shop phase, and the start of the next round."""

    __slots__ = ()

    # -- the round ends -----------------------------------------------------------------------

    def _end_round(self) -> None:
        """Split the pot evenly (remainder dropped), reset the bank, sell quitters' objects; then the
        shop opens, or the game ends after the last round or with fewer than 2 players left."""
        players = self._players()
        each, rest = split_evenly(self.pot, len(players))
        for p in players:
            self.score[p] += each
        self.dropped += rest
        self._emit("round_end", (self.round, self.pot, each, rest))
        self.pot = 0
        self.charge = 0
        self.shield = 0
        self.combo = False
        if self.quit_sales:
            self._emit("quit_sale", (None, self.quit_sales))
            self.quit_sales = 0
        if self.round >= self.cfg.rounds or len(players) < 2:
            self._game_over()
            return
        self._open_shop(players)

    def _open_shop(self, players: list[int]) -> None:
        self.phase = SHOP
        self.shop_end = round(self.clock + self.cfg.shop_time, 3)
        self.offers = {}
        self.done = [False] * self.num_players
        per_coin = self.cfg.useless_per_coin
        for p in players:
            coins = self.inv[p].get("useless", 0) // per_coin
            if coins:
                self._give(p, "useless", -coins * per_coin)
                self._give(p, "coins", coins)
                self._emit("earn", (p, coins, "useless"), seen_by=(p,))
        self.on_sale = self._pick_on_sale()
        self._emit("shop", (self.on_sale, self.shop_end))

    def _pick_on_sale(self) -> tuple[str, ...]:
        """4 different kinds drawn from the drop table (never coins, useless objects or powerdowns)."""
        kinds = list(ON_SALE_CANDIDATES)
        chosen: list[str] = []
        rng = self.rng.get()
        while kinds and len(chosen) < self.cfg.shop_kinds:
            weights = list(accumulate(OBJECTS[k].weight for k in kinds))
            chosen.append(kinds.pop(bisect(weights, rng.random() * weights[-1])))
        return tuple(chosen)

    # -- what may be done in the shop ---------------------------------------------------------

    def _shop_options(self, player: int) -> list[BankAction]:
        inv = self.inv[player]
        coins = inv.get("coins", 0)
        actions: list[BankAction] = [BUYS[k] for k in self.on_sale if (OBJECTS[k].price or 0) <= coins]
        listed_prices = self.cfg.listed_deal_prices
        for kind in HELD_KINDS:
            if kind != "coins" and inv.get(kind, 0) > 0:
                actions.extend(offers_of(kind, listed_prices))
        for seller, offer in sorted(self.offers.items()):
            if seller != player and self._has(seller, offer.kind) \
                    and self._has(player, offer.units, offer.price):
                actions.append(Ok(seller))
        actions.append(DONE)
        return actions

    def _check_shop(self, player: int, action: object) -> None:
        """Raise `IllegalAction` unless `player` may `buy`, `deal`, `ok` or be `done` now."""
        if self.done[player]:
            raise IllegalAction("you have left the shop (`done`); wait for the next round")
        if action.__class__ is Buy:
            kind = action.kind
            if kind not in self.on_sale:
                on_sale = ", ".join(kind_token(k) for k in self.on_sale)
                raise IllegalAction(f"{OBJECTS[kind].name} is not on sale; on sale: {on_sale}")
            price = OBJECTS[kind].price or 0
            if not self._has(player, "coins", price):
                raise IllegalAction(f"{OBJECTS[kind].name} costs {price}¢; you have "
                                    f"{self.inv[player].get('coins', 0)}¢")
        elif action.__class__ is Deal:
            kind, units = action.kind, action.units
            if kind == "coins" or not OBJECTS[kind].held:
                raise IllegalAction("a deal offers one object you hold (not coins)")
            if not OBJECTS[units].held:
                raise IllegalAction("a deal asks for ¢ or an object that can be held")
            if units == kind:
                raise IllegalAction("a deal trades an object for something else")
            if not self._has(player, kind):
                raise IllegalAction(f"you have no {OBJECTS[kind].symbol} to offer")
        elif action.__class__ is Ok:
            seller = action.seller
            if seller == player:
                raise IllegalAction("you cannot accept your own deal")
            offer = self.offers.get(seller)
            if offer is None:
                raise IllegalAction(f"Player {seller} has no open deal" if 0 <= seller < self.num_players
                                    else f"there is no seat {seller}")
            if not self._has(seller, offer.kind):
                raise IllegalAction(f"Player {seller} no longer has the object of that deal")
            if not self._has(player, offer.units, offer.price):
                raise IllegalAction(f"that deal costs {offer.price} {kind_token(offer.units)}; you have "
                                    f"{self.inv[player].get(offer.units, 0)}")
        elif action != DONE:
            raise IllegalAction("in the shop: `buy <object>`, `deal <object> <price> <units>`, "
                                "`ok <person>` or `done`")

    # -- applying it --------------------------------------------------------------------------

    def _apply_shop(self, player: int, action: object) -> None:
        if action.__class__ is Buy:
            kind = action.kind
            price = OBJECTS[kind].price or 0
            self._give(player, "coins", -price)
            self._emit("buy", (player, kind, price), seen_by=(player,), public=(player, None, None))
            self._gain_object(player, kind)
        elif action.__class__ is Deal:
            self.offers[player] = action
            self._emit("offer", (player, action.kind, action.price, action.units))
        elif action.__class__ is Ok:
            seller = action.seller
            offer = self.offers.pop(seller)
            self._give(player, offer.units, -offer.price)
            self._give(seller, offer.units, offer.price)
            self._give(seller, offer.kind, -1)
            self._give(player, offer.kind, 1)
            self._emit("accept", (player, seller, offer.kind, offer.price, offer.units))
        else:
            self.done[player] = True
            self._emit("done", (player,))
            if not self.actors():
                self._end_shop()

    def _end_shop(self) -> None:
        """The shop closes (open deals lapse) and the next round starts."""
        self.offers = {}
        self.on_sale = ()
        self._begin_round()
