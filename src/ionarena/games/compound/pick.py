"""Picks: every player secretly picks a card (two with Play Two), first choosing Action Tiles if
they like (`two`, `center <card>`, `rxn`); when everyone has picked the picks are revealed, centre
cards go to the first in seat order who wanted them, and those who lost out choose another (the
`center` phase). Then the revealed cards are placed (`declare.py`).
"""

from __future__ import annotations

from .actions import CENTER, PICK, RXN, TWO, Move
from .base import CENTER_TILE, RXN_TILE, TWO_TILE, seat_order
from .declare import Declare


class Pick(Declare):
    """The pick and centre phases, and the reveal (see the module docstring)."""

    __slots__ = ()

    def _pick_moves(self, p: int) -> list[Move]:
        moves: list[Move] = []
        if not self.picks[p] and self.tiles[p]:
            up = self.tiles[p]
            if up[0] and not self.want_two[p] and self.deck:
                moves.append(TWO)
            if up[1] and self.want_center[p] is None:
                moves += [CENTER[c] for c in sorted(set(self.center))]
            if up[2] and not self.want_rxn[p]:
                moves.append(RXN)
        hand = self.hands[p]
        picks = self.picks[p]
        if picks:
            left = list(hand)
            for c in picks:
                left.remove(c)
            hand = left
        moves += map(PICK.__getitem__, sorted(set(hand)))
        return moves

    def _apply_pick(self, p: int, move: Move) -> None:
        kind = move.kind
        if kind == "pick":
            card = move.args[0]
            picks = self.picks[p]
            picks.append(card)
            if len(picks) == (2 if self.want_two[p] else 1):
                self._emit("pick", (p, card, True), seen_by=(p,), public=(p, None, True))
                committed = self.committed
                committed[p] = True
                if all(committed):
                    self._reveal()
            else:
                self._emit("pick", (p, card, False), seen_by=(p,))
            return
        if kind == "two":
            self.want_two[p] = True
        elif kind == "center":
            self.want_center[p] = move.args[0]
        else:
            self.want_rxn[p] = True
        self._emit("tile", (p, kind, move.args[0] if move.args else None), seen_by=(p,))

    def _reveal(self) -> None:
        self.refills = []
        picks = self.picks
        self.picked = (*self.picked, tuple(map(tuple, picks)))
        hands, pending, tiles, turn = self.hands, self.pending, self.tiles, self.turn
        want_two, want_center, want_rxn = self.want_two, self.want_center, self.want_rxn
        order = seat_order(self.first, self.num_players)
        for p in order:
            hand = hands[p]
            mine = picks[p]
            for c in mine:
                hand.remove(c)
            pending[p] = list(mine)
            center = want_center[p]
            if not (want_two[p] or center is not None or want_rxn[p]):
                self._emit("reveal", (turn, p, tuple(mine), (), None))
                continue
            used = []
            if want_two[p]:
                tiles[p][TWO_TILE] = False
                self.refills.append(p)
                used.append("two")
            if center is not None:
                tiles[p][CENTER_TILE] = False
                used.append("center")
            if want_rxn[p]:
                tiles[p][RXN_TILE] = False
                self.rxn_order.append(p)
                used.append("rxn")
            self._emit("reveal", (turn, p, tuple(mine), tuple(used), center))
        self.losers = []
        if want_center.count(None) == len(want_center):
            self._place_revealed()  # nobody wants a centre card: nothing to resolve
            return
        granted: dict[str, int] = {}
        for p in order:
            want = self.want_center[p]
            if want is None:
                continue
            if want in self.center and want not in granted:
                granted[want] = p
                self._grant_center(p, want)
            else:
                self.losers.append(p)
                self._emit("center_lost", (p, want, granted.get(want)))
        self._resolve_losers()

    def _apply_center(self, p: int, move: Move) -> None:
        """A player who lost a centre card names another."""
        self._grant_center(p, move.args[0])
        self.losers.pop(0)
        self._resolve_losers()

    def _grant_center(self, p: int, c: str) -> None:
        self.center.remove(c)
        self.pending[p].append(c)
        self._emit("center", (p, c))

    def _resolve_losers(self) -> None:
        while self.losers and not self.center:
            p = self.losers.pop(0)
            self._set_tile(p, "center", True)
            self._emit("center_empty", (p,))
        if self.losers:
            self.phase = "center"
            return
        self._place_revealed()
