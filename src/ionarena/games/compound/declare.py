"""Placing revealed cards: noble gases and radioactive cards go down by themselves, every other
card is declared one at a time, `unbonded` or bonded into a compound with the player's own unbonded
cards (those with no bond possible are placed automatically); then Play Two refills and every hand
passes left, and when the hands are down to two cards the round ends (`rxn.py`).
"""

from __future__ import annotations

from .actions import Move
from .base import KIND, seat_order
from .bonding import bond_options
from .chemistry import Recipe, match
from .rxn import Rxn
from .scoring import radioactive_points


class Declare(Rxn):
    """The declare phase and the passing of hands (see the module docstring)."""

    __slots__ = ()

    def bond_options(self, p: int) -> list[Recipe]:
        """The compounds player `p` may form with their next revealed card and their unbonded cards."""
        return list(bond_options(self.pending[p][0], self.unbonded[p]).recipes)

    def _may_bond(self, p: int, tokens: tuple[str, ...]) -> bool:
        """True if `tokens` is one of `bond_options(p)` (checked without listing them)."""
        return tokens in bond_options(self.pending[p][0], self.unbonded[p]).tokens

    def _place_revealed(self) -> None:
        """Noble gases and radioactive cards never bond: place them; then ask for declarations."""
        kind_of = KIND
        pending = self.pending
        hot = 0
        for pend in pending:
            for c in pend:
                if kind_of[c] == "radioactive":
                    hot += 1
        for p in seat_order(self.first, self.num_players):
            keep = []
            for c in pending[p]:
                kind = kind_of[c]
                if kind == "radioactive":
                    points = radioactive_points(hot)
                    self.radio[p].append((c, points))
                    self._emit("radioactive", (p, c, points, hot))
                elif kind == "noble":
                    self.unbonded[p].append(c)
                    self._emit("unbonded", (p, c, True))
                else:
                    keep.append(c)
            pending[p] = keep
        self.phase = "declare"
        self._auto_declare()

    def _declare(self, p: int, move: Move) -> None:
        new = self.pending[p].pop(0)
        if move.kind == "unbonded":
            self.unbonded[p].append(new)
            self._emit("unbonded", (p, new, False))
            return
        r = match(move.args)
        assert r is not None
        used = list(r.cards)
        used.remove(new)
        for c in used:
            self.unbonded[p].remove(c)
        self.compounds[p].append(r.tokens)
        self._emit("bond", (p, new, r.tokens))

    def _auto_declare(self) -> None:
        pending, unbonded = self.pending, self.unbonded
        for p in seat_order(self.first, self.num_players):
            pend = pending[p]
            while pend and not bond_options(pend[0], unbonded[p]).recipes:
                c = pend.pop(0)
                unbonded[p].append(c)
                self._emit("unbonded", (p, c, True))
        if not any(pending):
            self._pass_hands()

    def _pass_hands(self) -> None:
        hands = self.hands
        self.passed = (*self.passed, tuple(map(tuple, hands)))
        n = self.num_players
        if self.refills:
            for p in self.refills:
                if self.deck:
                    hands[p].append(self.deck.pop())
                    self._emit("refill", (p, (p + 1) % n))
            self.refills = []
        self.hands = hands = [hands[-1], *hands[:-1]]  # every hand passes left
        self._clear_commits()
        self.turns_total += 1
        self._emit("pass", (self.turn,))
        if max(map(len, hands)) <= 2:
            discarded = []
            for h in self.hands:
                discarded.extend(h)
            self.discard.extend(discarded)
            self.hands = [[] for _ in range(n)]
            self._emit("round_end", (self.round, tuple(sorted(discarded))))
            self._start_rxn()
        else:
            self.turn += 1
            self.phase = "pick"
