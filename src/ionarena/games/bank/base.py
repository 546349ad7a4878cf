"""The bank game's table: every field of a game, and the small steps all three phases share.

`BankBase` holds the state (teams, hands, inventories, the bank, the clocks, the shop) and the
steps the lobby, the turns and the shop all use: giving and holding objects, the draws, passing
the turn, starting a round, receiving an object's effect, the end of the game. The phases build on
it (`lobby.py`, `turns.py`, `shop.py`); `rules.py` puts them together and dispatches.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core import SharedRng, State
from ...core.millis import to_ms
from .actions import BankAction, Deal
from .cards import DEFAULT, NUM_CARDS, OBJECTS, OPTIONS, Config, config_for, draw_card, draw_object

LOBBY, PLAY, SHOP, OVER = "lobby", "play", "shop", "over"
SIGN_TEXT = {1: "+", -1: "-", 0: "?"}
CLOCK_GRAIN = 0.001
"""Game time is kept in whole milliseconds."""


def complete_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """`options` with every missing option at its default (`GameSpec.make` has checked the values)."""
    given = options or {}
    return {option.name: given.get(option.name, option.default) for option in OPTIONS}


class BankBase(State[BankAction]):
    """The fields of one bank game and the steps every phase uses (see the module docstring)."""

    game_id = "bank"
    timed = True
    EVENT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {}  # set by rules.BankState
    __slots__ = (
        "active",
        "cfg",
        "charge",
        "clock",
        "combo",
        "created",
        "direction",
        "done",
        "dropped",
        "dumps",
        "hands",
        "inv",
        "lobby_end",
        "lose_turns",
        "move_end",
        "move_limit",
        "moves",
        "offers",
        "on_sale",
        "order",
        "phase",
        "pos",
        "pot",
        "quit_sales",
        "rng",
        "round",
        "round_end",
        "score",
        "shared_by_quits",
        "shield",
        "shop_end",
        "team",
        "timeouts",
        "turn_start",
    )

    def __init__(self, num_players: int, variant: str, seed: int, options: dict[str, Any] | None = None):
        super().__init__(num_players, variant, seed, complete_options(options))
        self.cfg: Config = config_for(self.options)
        self.rng = SharedRng(seed)
        n = num_players
        self.phase = LOBBY
        self.clock = 0.0
        self.team = [0] * n
        """Each seat's team: 1 (+), -1 (-), 0 (none yet)."""
        self.order: list[int] = []
        """Seats in the order they picked teams: the turn order."""
        self.active = [True] * n
        """False once a seat has quit."""
        self.hands = [[0] * NUM_CARDS for _ in range(n)]
        """Each seat's cards, as counts per card int."""
        self.inv: list[dict[str, int]] = [{} for _ in range(n)]
        """Each seat's objects and coins, as counts per kind (never a zero entry)."""
        self.score = [0] * n
        self.charge = 0
        self.pot = 0
        self.shield = 0
        """Moves left during which the bank cannot dump ([*] Invincible)."""
        self.pos = 0
        """Index in `order` of the player on turn."""
        self.direction = 1
        self.turn_start = 0.0
        self.move_limit = self.cfg.move_time
        self.move_end = round(self.move_limit, 3)
        """The move clock's deadline, `turn_start + move_limit` to the millisecond (see `_set_move_clock`)."""
        self.combo = False
        """True during the second move of [&] Combine."""
        self.lose_turns = [0] * n
        self.round = 0
        self.round_end = 0.0
        self.shop_end = 0.0
        self.lobby_end = self.cfg.lobby_time
        self.on_sale: tuple[str, ...] = ()
        self.offers: dict[int, Deal] = {}
        """Each seller's open `Deal`."""
        self.done = [False] * n
        """Seats that have left this shop phase."""
        self.created = 0
        """Points ever created (into the pot or a score), for the conservation check."""
        self.dropped = 0
        """Points lost to rounding (remainders of splits)."""
        self.shared_by_quits = 0
        self.quit_sales = 0
        """Coins the objects of this round's quitters sell for (to no one), told at the round's end."""
        self.moves = 0
        self.timeouts = 0
        self.dumps = 0

    # -- objects and points -------------------------------------------------------------------

    def _give(self, player: int, kind: str, units: int = 1) -> None:
        """Add `units` (or take away, if negative) of `kind` to a seat's inventory."""
        inv = self.inv[player]
        left = inv.get(kind, 0) + units
        if left:
            inv[kind] = left
        else:
            del inv[kind]

    def _has(self, player: int, kind: str, units: int = 1) -> bool:
        return self.inv[player].get(kind, 0) >= units

    def _credit(self, player: int, points: int) -> None:
        """New points (or a loss) on a seat's score."""
        self.score[player] += points
        self.created += points

    def _players(self, sign: int | None = None) -> list[int]:
        """Seats still in the game in turn order (of team `sign` if given)."""
        return [p for p in self.order if self.active[p] and (sign is None or self.team[p] == sign)]

    def _draw_card(self) -> int:
        return draw_card(self.rng.get())

    def _draw_object(self) -> str:
        return draw_object(self.rng.get())

    def _gain_object(self, player: int, kind: str) -> None:
        """An object received or bought: held ones go to the inventory (coins: a drop of 1-3); instant
        points and powerdowns act at once and everyone is told."""
        obj = OBJECTS[kind]
        if kind == "coins":
            coins = self.rng.get().randint(self.cfg.coin_drop_min, self.cfg.coin_drop_max)
            self._give(player, "coins", coins)
        elif obj.held:
            self._give(player, kind)
        elif kind == "losenext":
            self.lose_turns[player] += 1
            self._emit("lose_next", (player,))
        elif kind == "bankrupt":
            loss = min(self.score[player], 0) - self.score[player]
            self._credit(player, loss)
            self._emit("instant", (player, kind, loss))
        else:
            self._credit(player, obj.instant)
            self._emit("instant", (player, kind, obj.instant))

    # -- turns and rounds ---------------------------------------------------------------------

    @property
    def current(self) -> int | None:
        """The player on turn (play phase only)."""
        return self.order[self.pos] if self.phase == PLAY else None

    def _tick_shield(self) -> None:
        if self.shield > 0:
            self.shield -= 1

    def _advance(self) -> None:
        """Pass the turn to the next player still in the game, skipping lost turns."""
        self.combo = False
        order, active, lose = self.order, self.active, self.lose_turns
        count = len(order)
        while True:
            self.pos = (self.pos + self.direction) % count
            p = order[self.pos]
            if not active[p]:
                continue
            if lose[p] > 0:
                lose[p] -= 1
                self._tick_shield()
                self._emit("lost_turn", (p,))
                continue
            break
        self._set_move_clock(self.clock, self.cfg.move_time)

    def _set_move_clock(self, start: float, limit: float) -> None:
        """The move clock runs `limit` seconds from `start`.

        Its deadline is kept to the millisecond here, the one place the clock is set, because
        `deadline()` is asked several times a step (the scheduler, the host's checks) and would
        round it each time.
        """
        self.turn_start = start
        self.move_limit = limit
        self.move_end = to_ms(start + limit)

    def _begin_round(self) -> None:
        """The next round starts with the next player in turn order: its clock runs from now, or,
        with a `countdown`, from the end of the countdown (the first player's move clock too; until
        then nobody is on turn)."""
        self.round += 1
        self.phase = PLAY
        countdown = self.cfg.countdown
        self.round_end = round(self.clock + countdown + self.cfg.round_time, 3)
        self._emit("round_start", (self.round, self.cfg.rounds, self.round_end))
        self._advance()
        if countdown:
            self._set_move_clock(to_ms(self.clock + countdown), self.cfg.move_time)

    def counting_down(self) -> bool:
        """True during the countdown before a round's first turn (the move clock has not started)."""
        return self.phase == PLAY and self.clock < self.turn_start

    def team_scores(self) -> tuple[int, int]:
        """Sum of the scores of the players of team + and team - (players who quit excluded)."""
        plus = sum(self.score[p] for p in range(self.num_players) if self.active[p] and self.team[p] == 1)
        minus = sum(self.score[p] for p in range(self.num_players) if self.active[p] and self.team[p] == -1)
        return plus, minus

    def winning_team(self) -> str | None:
        """`+` or `-`, the team with the larger sum of scores; None for a tie."""
        plus, minus = self.team_scores()
        return "+" if plus > minus else "-" if minus > plus else None

    def _game_over(self) -> None:
        self.phase = OVER
        self.on_sale = ()
        self.offers = {}
        plus, minus = self.team_scores()
        self._emit("game_over", (plus, minus, self.winning_team()))


__all__ = ["CLOCK_GRAIN", "DEFAULT", "LOBBY", "OVER", "PLAY", "SHOP", "SIGN_TEXT", "BankBase",
           "complete_options"]
