"""The bank game's state: the phases put together, and the protocol (who acts, what is legal,
applying an action, views, copies).

The phases live in their own modules and read top to bottom: `lobby.py` (teams, the start),
`turns.py` (moves, the move clock, dumps), `shop.py` (the end of a round, the shop); `base.py`
holds the fields and the steps they share. This module dispatches each action to its phase, and
applies what belongs to no phase: the host's clock and timeouts, and `quit`.

The pure rules (`play_card`, `dump_shares`, ...) live in `scoring.py` and are re-exported here.
Time is an input: `deadline()` is the next deadline in game seconds, `now()` the clock; the host
applies `at <t>` (the clock moves on) and `timeout` (a deadline passed) with `player=HOST`.
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate
from typing import Any, Self

from ...core import HOST, Actor, BadOption, IllegalAction, SharedRng
from ...core.millis import to_ms
from .actions import (
    HOST_WORDS,
    At,
    BankAction,
    Buy,
    Deal,
    Ok,
    Team,
    Word,
    check_value,
    command_word,
    format_action,
    parse_command,
)
from .base import CLOCK_GRAIN, LOBBY, OVER, PLAY, SHOP
from .cards import CARD_TEXTS, HELD_KINDS, NUM_CARDS, OBJECTS, draw_card, kind_token
from .lobby import Lobby
from .scoring import dump_shares, is_full, play_card, split_evenly
from .shop import Shop
from .turns import Turns
from .views import BankTable, table_view

__all__ = ["EVENT_FIELDS", "BankState", "dump_shares", "is_full", "play_card", "split_evenly"]

EVENT_FIELDS = {
    # the lobby
    "join": ("player", "team"),               # picked team "+" or "-" (or was put on one at the start)
    "rebalance": ("player", "team"),          # moved to the other team to balance them
    "hand": ("player", "cards", "coins"),     # private: the 6 cards and 5 coins a player starts with
    # rounds
    "round_start": ("round", "rounds", "ends"),         # `ends`: the round's deadline, game seconds
    "round_end": ("round", "pot", "each", "dropped"),   # the pot split evenly, remainder dropped
    "game_over": ("plus", "minus", "team"),             # team sums; the winning team (None: a tie)
    # turns
    "play": ("player", "card", "times", "wild", "before", "charge", "pot", "points"),
    # a card (`times` 2/3 with [×2]/[×3]; `wild`: a wild object played as `card`), the charge before
    # and after, points into the pot and straight to the player
    "dump": ("player", "team", "pot", "dumper", "share", "each", "receivers"),
    # `player`'s move dumped `pot` toward team `team`; `dumper` (None if the mover is not on that
    # team) got the double share `share`, every other receiver `each`
    "timeout": ("player", "points"),          # ran out of time: `points` (-1000) and the turn passes
    "skip": ("player", "points"),             # typed `skip`: the same penalty
    "lost_turn": ("player",),                 # a turn lost to [L] is skipped
    "away": ("player",),                      # host `away`: the player on turn is off the network,
    # their turn passes without penalty
    "pass": ("player",),                      # used [S]
    "reverse": ("player", "direction"),       # used [R]: play now goes `direction` (1 or -1)
    "move_time": ("player", "until"),         # used [:]: may move until `until`
    "round_time": ("player", "seconds", "ends"),  # used [+:] (+60) or [-:] (-60); the round ends at `ends`
    "invincible": ("player", "moves"),        # used [*]: no dump for `moves` moves
    "swap": ("player", "charge"),             # used [X]: the charge is now `charge`
    "combine": ("player",),                   # used [&]: a first move, then one more
    "take": ("player", "object", "victim"),   # used [T]: `object` for the taker and the victim only;
    # `victim` None: nobody had one, the Take is forfeited
    "receive": ("player", "card", "object", "coins"),   # private: the card or object received after
    # a move (`coins` for a coin drop)
    "earn": ("player", "coins", "why"),       # private: coins for a paying "move", a "dump" to the
    # team, or "useless" objects (25 each) turned into coins
    "instant": ("player", "object", "points"),  # instant points or a powerdown (-100, bankrupt) took effect
    "lose_next": ("player",),                 # received [L]: their next turn is lost
    # the shop
    "shop": ("on_sale", "closes"),            # the shop opens: objects on sale; closes at `closes`
    "buy": ("player", "object", "price"),     # the object and price for the buyer only
    "offer": ("player", "object", "price", "units"),    # `deal <object> <price> <units>`
    "accept": ("player", "seller", "object", "price", "units"),  # `ok <seller>`
    "done": ("player",),                      # left the shop
    # quitting
    "quit": ("player", "points", "each"),     # `points` shared, `each` to every remaining player
    "quit_sale": ("player", "coins"),         # objects of a player who quit (None: this round's
    # quitters) sold for `coins`, to no one
}
"""Every event bank emits, with its fields (cards and objects as their text: `++`, `x2`, `¢`)."""
_OBJECT_FIELDS = {"object", "units"}
_HIDDEN_FIELDS = {"buy": ("object", "price"), "take": ("object",)}
"""Fields the other seats do not read (absent from their version of the event, as in every game)."""

TIMEOUT = Word("timeout")
START = Word("start")
AWAY = Word("away")


class BankState(Lobby, Turns, Shop):
    """One game of Ion, the team bank game. See docs/rules/bank.md for the rules as played here."""

    EVENT_FIELDS = EVENT_FIELDS
    __slots__ = ()

    def __init__(self, num_players: int, variant: str, seed: int, options: dict[str, Any] | None = None):
        super().__init__(num_players, variant, seed, options)
        teams = self.options["teams"]
        if teams is not None:
            if len(teams) != num_players or set(teams) - {"+", "-"}:
                raise BadOption(f"bank option teams must be {num_players} signs + or -, one per seat, "
                                "e.g. '+-+-'")
            for p, sign in enumerate(teams):
                self._join(p, 1 if sign == "+" else -1)
            self._start()
        elif not self.options["lobby"]:
            self._start()

    # -- who acts and what is legal ------------------------------------------------------------

    def actors(self) -> list[int]:
        """Lobby: players without a team; play: the player on turn; shop: players still shopping."""
        phase = self.phase
        if phase == PLAY:
            return [self.order[self.pos]] if self.clock >= self.turn_start else []  # else: the countdown
        if phase == LOBBY:
            return [p for p in range(self.num_players) if self.active[p] and self.team[p] == 0]
        if phase == SHOP:
            return [p for p in range(self.num_players) if self.active[p] and not self.done[p]]
        return []

    def _legal_actions(self, player: int) -> list[BankAction]:
        """Every legal action of `player` now. `quit` is always accepted but never listed (bots stay)."""
        phase = self.phase
        if phase == PLAY:
            on_turn = player == self.order[self.pos] and self.clock >= self.turn_start
            return self._turn_options(player) if on_turn else []
        if player not in self.actors():
            return []
        if phase == LOBBY:
            return self._lobby_options(player)
        return self._shop_options(player)

    def _check(self, player: Actor, action: object) -> None:
        """Raise `IllegalAction` unless `player` may apply `action` now; change nothing."""
        check_value(action)
        if player is HOST:
            self._check_host(action)
            return
        cls = action.__class__
        word = command_word(action)
        if cls is At or word in HOST_WORDS:
            raise IllegalAction("only the host moves the clock, applies timeouts, starts the game or passes "
                                "the turn of a player who is away")
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("the game is over")
        if not self.active[player]:
            raise IllegalAction("you have quit the game")
        if word == "quit":
            return
        if phase == PLAY:
            if cls is Team:
                raise IllegalAction("teams are picked before the game starts")
            if cls in (Buy, Deal, Ok) or word == "done":
                raise IllegalAction("the shop is closed: it opens between rounds")
            if self.clock < self.turn_start:
                raise IllegalAction("the round has not started: wait for the countdown")
            if player != self.order[self.pos]:
                raise IllegalAction(f"it is not your turn: Player {self.order[self.pos]} is on turn")
            self._check_move(player, action)
        elif phase == LOBBY:
            self._check_lobby(player, action)
        else:
            if action.__class__ is Team:
                raise IllegalAction("teams are picked before the game starts")
            self._check_shop(player, action)

    def _check_host(self, action: object) -> None:
        deadline = self.deadline()
        if action.__class__ is At:
            if deadline is None:
                raise IllegalAction("the game is over: the clock has stopped")
            time = action.time
            if deadline <= self.clock:
                raise IllegalAction(f"the deadline {deadline:.3f} has come: the host applies `timeout`")
            if not self.clock <= time < deadline + CLOCK_GRAIN / 2:
                raise IllegalAction(f"the clock can move on from {self.clock:.3f} to before the deadline "
                                    f"{deadline:.3f}, not to {time:.3f}")
        elif action == TIMEOUT:
            if deadline is None:
                raise IllegalAction("the game is over: there is no deadline")
        elif action == START:
            if self.phase != LOBBY:
                raise IllegalAction("the game has already started")
        elif action == AWAY:
            if self.phase != PLAY:
                raise IllegalAction("`away` passes a turn: nobody is on turn now")
        else:
            raise IllegalAction("the host may only apply `timeout`, `at <seconds>`, `start` or `away`")

    # -- applying an action -------------------------------------------------------------------

    def _apply(self, player: Actor, action: object) -> None:
        self._check(player, action)
        if player is HOST:
            self._apply_host(action)
        elif command_word(action) == "quit":
            self._quit(player)
        elif self.phase == PLAY:
            self._apply_turn(player, action)
        elif self.phase == SHOP:
            self._apply_shop(player, action)
        else:
            assert action.__class__ is Team  # `_check` made sure of it
            self._join(player, action.sign)
            if not self.actors():
                self._start()

    def _apply_host(self, action: object) -> None:
        if action.__class__ is At:
            deadline = self.deadline()
            assert deadline is not None
            # a time that rounds to the deadline's millisecond is taken as one millisecond before it;
            # any other time is whole milliseconds already (`check_value`), so it is taken as it is
            last = deadline - CLOCK_GRAIN
            self.clock = action.time if action.time <= last else round(last, 3)
            return
        if action == START:
            self._start()
            return
        if action == AWAY:
            self._pass_away()
            return
        deadline = self.deadline()
        assert deadline is not None
        counting_down = self.counting_down()
        self.clock = max(self.clock, deadline)
        if counting_down:
            return  # the countdown is over: the first player's move clock runs from now
        if self.phase == LOBBY:
            self._start()
        elif self.phase == SHOP:
            self._end_shop()
        elif self.round_end <= self.turn_start + self.move_limit:
            self._end_round()
        else:
            self._timeout()

    def _quit(self, player: int) -> None:
        """`quit`: the quitter's points are shared evenly among the players left (whatever their
        sign), their objects sold cheaply to no one; on their turn the turn passes; with fewer than 2
        players left the game ends."""
        was_current = self.phase == PLAY and self.order[self.pos] == player
        self.active[player] = False
        self.hands[player] = [0] * NUM_CARDS
        units = sum(v for k, v in self.inv[player].items() if k != "coins")
        self.inv[player] = {}
        self.offers.pop(player, None)
        self.lose_turns[player] = 0
        sale = units * self.cfg.quit_sale_price
        if self.phase == SHOP:
            if units:
                self._emit("quit_sale", (player, sale))
        else:
            self.quit_sales += sale
        if self.phase == LOBBY:
            left = [p for p in range(self.num_players) if self.active[p]]
        else:
            left = self._players()
        points = self.score[player]
        each = 0
        if points and left:
            each, rest = split_evenly(points, len(left))
            for p in left:
                self.score[p] += each
            self.score[player] = 0
            self.dropped += rest
            self.shared_by_quits += points - rest
        self._emit("quit", (player, points if left else 0, each))
        if len(left) < 2:
            if self.phase == PLAY:
                self._end_round()  # the round's pot is split among the players left, the game ends
            else:
                self._game_over()
            return
        if self.phase == LOBBY:
            if player in self.order:
                self.order.remove(player)
            if not self.actors():
                self._start()
        elif self.phase == SHOP:
            if not self.actors():
                self._end_shop()
        elif was_current:
            countdown_end = self.turn_start if self.counting_down() else None
            self._advance()
            if countdown_end is not None:  # the next player starts when the countdown ends, as planned
                self._set_move_clock(countdown_end, self.cfg.move_time)

    # -- results and time ---------------------------------------------------------------------

    def is_over(self) -> bool:
        """True after the last round (or when fewer than 2 players are left)."""
        return self.phase == OVER

    def scores(self) -> list[float]:
        """Each player's individual score."""
        return [float(s) for s in self.score]

    def winners(self) -> list[int]:
        """The players still in the game with the highest individual score."""
        if self.phase != OVER:
            return []
        players = [p for p in range(self.num_players) if self.active[p]]
        if not players:
            return []
        best = max(self.score[p] for p in players)
        return [p for p in players if self.score[p] == best]

    def deadline(self) -> float | None:
        """The next deadline in game seconds: lobby end, move clock or round end, shop end."""
        phase = self.phase
        if phase == PLAY:
            if self.clock < self.turn_start:
                return self.turn_start  # the end of the countdown before a round's first turn
            # both are whole milliseconds already (the move clock's end is rounded when it is set)
            round_end, move_end = self.round_end, self.move_end
            return round_end if round_end < move_end else move_end  # min(), without the call
        if phase == SHOP:
            return self.shop_end
        if phase == LOBBY:
            return self.lobby_end
        return None

    def now(self) -> float:
        """The game clock in seconds."""
        return self.clock

    def phase_name(self) -> str:
        """`lobby`, `play`, `shop` or `over`."""
        return self.phase

    def stats(self) -> dict[str, float]:
        """Moves, timeouts, dumps and rounds played."""
        return {"moves": self.moves, "timeouts": self.timeouts, "dumps": self.dumps, "rounds": self.round}

    # -- views and events ---------------------------------------------------------------------

    def _view(self, player: int | None) -> BankTable:
        """Public facts for everyone; the seat's own hand, coins and objects for `player` (`views`)."""
        return table_view(self, player)

    def _event_data(self, kind: str, payload: Any) -> dict[str, Any]:
        """Cards and objects as their text; a hand as its list of cards."""
        data = dict(zip(EVENT_FIELDS[kind], payload, strict=True))
        if "card" in data and data["card"] is not None:
            data["card"] = CARD_TEXTS[data["card"]]
        for name in _OBJECT_FIELDS & data.keys():
            if data[name] is not None:
                data[name] = kind_token(data[name])
        if kind == "hand":
            data["cards"] = [CARD_TEXTS[c] for c in range(NUM_CARDS) for _ in range(data["cards"][c])]
        elif kind == "shop":
            data["on_sale"] = [kind_token(k) for k in data["on_sale"]]
        elif kind == "dump":
            data["receivers"] = list(data["receivers"])
        elif kind in _HIDDEN_FIELDS and data["object"] is None:
            for name in _HIDDEN_FIELDS[kind]:  # the others' side: that it happened, not what
                del data[name]
        return data

    # -- copies -------------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (explicit and shallow where values are immutable).

        The generator is shared copy-on-write: it is copied only when either side draws.
        """
        return self._copy_with(self.rng.fork())

    def _copy_with(self, rng: SharedRng) -> Self:
        new = self.__class__.__new__(self.__class__)
        self._copy_base_into(new)
        new.cfg = self.cfg
        new.rng = rng
        new.phase = self.phase
        new.clock = self.clock
        new.team = self.team[:]
        new.order = self.order[:]
        new.active = self.active[:]
        new.hands = [h[:] for h in self.hands]
        new.inv = [dict(i) for i in self.inv]
        new.score = self.score[:]
        new.charge = self.charge
        new.pot = self.pot
        new.shield = self.shield
        new.pos = self.pos
        new.direction = self.direction
        new.turn_start = self.turn_start
        new.move_limit = self.move_limit
        new.move_end = self.move_end
        new.combo = self.combo
        new.lose_turns = self.lose_turns[:]
        new.round = self.round
        new.round_end = self.round_end
        new.shop_end = self.shop_end
        new.lobby_end = self.lobby_end
        new.on_sale = self.on_sale
        new.offers = dict(self.offers)
        new.done = self.done[:]
        new.created = self.created
        new.dropped = self.dropped
        new.shared_by_quits = self.shared_by_quits
        new.quit_sales = self.quit_sales
        new.moves = self.moves
        new.timeouts = self.timeouts
        new.dumps = self.dumps
        return new

    def _determinize(self, player: int | None, rng: random.Random) -> Self:
        """A copy in which other players' cards, objects and coins and the future draws are resampled.

        What `player` knows is kept: hand sizes and object counts (public), and the object each open
        deal offers (its seller held it when offering). The game's own RNG is reseeded from `rng`.
        """
        new = self._copy_with(SharedRng(rng.getrandbits(64)))  # no fork: self keeps a private generator
        kinds = [k for k in HELD_KINDS if k != "coins"]
        weights = list(accumulate(OBJECTS[k].weight for k in kinds))
        for p in range(self.num_players):
            if p == player:
                continue
            hand = [0] * NUM_CARDS
            for _ in range(sum(self.hands[p])):
                hand[draw_card(rng)] += 1
            new.hands[p] = hand
            units = sum(v for k, v in self.inv[p].items() if k != "coins")
            inv: dict[str, int] = {}
            offer = self.offers.get(p)
            if offer is not None and units:
                inv[offer.kind] = 1
                units -= 1
            for _ in range(units):
                kind = kinds[bisect(weights, rng.random() * weights[-1])]
                inv[kind] = inv.get(kind, 0) + 1
            if self.active[p] and self.phase != LOBBY:
                inv["coins"] = rng.randint(0, 2 * self.cfg.start_coins)
            new.inv[p] = inv
        return new

    # -- text ---------------------------------------------------------------------------------

    def timeout_action(self) -> BankAction:
        """`timeout`, without parsing it (the host applies it hundreds of times a game)."""
        return TIMEOUT

    def clock_action(self, when: float) -> BankAction:
        """`at <when>` to the millisecond, as `parse_command` reads it, without the text."""
        return At(to_ms(when))

    def format_action(self, action: object) -> str:
        """The canonical command text (`+++`, `x2 ?? -`, `& ++`, `T x3`, `deal x 1 *`, `at 3.250`)."""
        return format_action(action)

    def _parse_action(self, player: Actor, text: str) -> BankAction:
        """The action `text` means for `player` now; `IllegalAction` with a one-line reason otherwise."""
        action = parse_command(text)
        self._check(player, action)
        return action
