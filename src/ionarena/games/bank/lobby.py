"""The lobby: each player picks a team, then the game starts (teams rebalanced, hands dealt).

"Each player starts by selecting a team. Play is rotated in the order that the players selected
teams. Each player initially recieves 6 random cards." The lobby ends when every seat has a team,
when the host types `start`, or at its deadline (RULING: 60 s).
"""

from __future__ import annotations

from ...core import IllegalAction
from .actions import BankAction, Team
from .base import SIGN_TEXT, BankBase

TEAM_PLUS, TEAM_MINUS = Team(1), Team(-1)


class Lobby(BankBase):
    """Picking teams and starting the game."""

    __slots__ = ()

    def _lobby_options(self, player: int) -> list[BankAction]:
        return [TEAM_PLUS, TEAM_MINUS]

    def _check_lobby(self, player: int, action: object) -> None:
        if action.__class__ is not Team:
            raise IllegalAction("the game has not started: pick a team with `team +` or `team -`")
        if self.team[player] != 0:
            raise IllegalAction(f"you are already on team {SIGN_TEXT[self.team[player]]}")

    def _join(self, player: int, sign: int) -> None:
        """`player` joins team `sign`: they take the next place in the turn order."""
        self.team[player] = sign
        self.order.append(player)
        self._emit("join", (player, SIGN_TEXT[sign]))

    def _start(self) -> None:
        """Seats without a team join the smaller team; lopsided teams are rebalanced (the last to join
        the bigger team moves, keeping their place); everyone gets 6 cards and 5 coins; round 1 starts."""
        for p in range(self.num_players):
            if self.active[p] and self.team[p] == 0:
                plus, minus = len(self._players(1)), len(self._players(-1))
                self._join(p, 1 if plus <= minus else -1)
        while True:
            on_plus, on_minus = self._players(1), self._players(-1)
            if abs(len(on_plus) - len(on_minus)) <= 1:
                break
            big, sign = (on_plus, 1) if len(on_plus) > len(on_minus) else (on_minus, -1)
            mover = max(big, key=self.order.index)
            self.team[mover] = -sign
            self._emit("rebalance", (mover, SIGN_TEXT[-sign]))
        for p in self._players():
            self.inv[p]["coins"] = self.cfg.start_coins
            hand = self.hands[p]
            for _ in range(self.cfg.hand_size):
                hand[self._draw_card()] += 1
            self._emit("hand", (p, tuple(hand), self.cfg.start_coins), seen_by=(p,))
        self.round = 0
        self.pos = -1
        self.direction = 1
        self._begin_round()
