"""The bank game's state machine: lobby, timed rounds of turns, the shop between rounds.

The pure rules (`play_card`, `dump_shares`, ...) live in `scoring.py` and are re-exported here.
Time is an input: `deadline()` is the next deadline in game seconds, `now()` the clock; the host
applies `at <t>` (the clock moves on) and `timeout` (a deadline passed) with `player=HOST`.
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate
from typing import Any, Self

from ...core import HOST, IllegalAction, SharedRng, State, UnknownGame
from .actions import (
    At,
    BankAction,
    Buy,
    Card,
    Combine,
    Deal,
    Ok,
    Team,
    Use,
    Word,
    format_action,
    parse_command,
    wild_kind,
)
from .cards import (
    CARD_TEXTS,
    HELD_KINDS,
    NUM_CARDS,
    OBJECTS,
    SHOP_CANDIDATES,
    WILD_OF_POWER,
    Config,
    card_id,
    kind_token,
    with_options,
)
from .scoring import card_effect, dump_shares, is_full, play_card, split_evenly

__all__ = ["BankState", "dump_shares", "is_full", "play_card", "split_evenly"]

CLOCK_GRAIN = 0.001
"""Game time is kept in whole milliseconds."""
LOBBY, PLAY, SHOP, OVER = "lobby", "play", "shop", "over"
SIGN_TEXT = {1: "+", -1: "-", 0: "?"}
TAKEABLE = HELD_KINDS
USE_KINDS = ("skip", "reverse", "movetime", "roundplus", "roundminus", "invincible", "swap", "take")


def _draw_tables(config: Config) -> tuple[list[float], list[float], list[str]]:
    power = [float(w) for w in accumulate(config.power_weights)]
    kinds = list(OBJECTS)
    drops = list(accumulate(OBJECTS[k].weight for k in kinds))
    return power, drops, kinds


class BankState(State):
    """One game of Ion, the team bank game. See docs/rules/bank.md for the rules as played here."""

    game_id = "bank"
    __slots__ = (
        "_tables",
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
        "events",
        "hands",
        "inv",
        "lobby_end",
        "logged",
        "lose_turns",
        "move_limit",
        "moves",
        "notes",
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
        super().__init__(num_players, variant, seed, options)
        try:
            self.cfg = with_options(self.options)
        except (ValueError, TypeError) as err:
            raise UnknownGame(str(err)) from None
        self._tables = _draw_tables(self.cfg)
        self.rng = SharedRng(seed)
        n = num_players
        self.phase = LOBBY
        self.clock = 0.0
        self.team = [0] * n
        self.order: list[int] = []
        self.active = [True] * n
        self.hands = [[0] * NUM_CARDS for _ in range(n)]
        self.inv: list[dict[str, int]] = [{} for _ in range(n)]
        self.score = [0] * n
        self.charge = 0
        self.pot = 0
        self.shield = 0
        self.pos = 0
        self.direction = 1
        self.turn_start = 0.0
        self.move_limit = self.cfg.move_time
        self.combo = False
        self.lose_turns = [0] * n
        self.round = 0
        self.round_end = 0.0
        self.shop_end = 0.0
        self.lobby_end = self.cfg.lobby_time
        self.on_sale: tuple[str, ...] = ()
        self.offers: dict[int, Deal] = {}
        self.done = [False] * n
        self.events: tuple[str, ...] = ()
        self.logged = 0
        self.notes: list[tuple[str, ...]] = [() for _ in range(n)]
        self.created = 0
        self.dropped = 0
        self.shared_by_quits = 0
        self.quit_sales = 0
        self.moves = 0
        self.timeouts = 0
        self.dumps = 0
        teams = self.options.get("teams")
        if teams is not None:
            if (not isinstance(teams, str) or len(teams) != n or set(teams) - {"+", "-"}):
                raise UnknownGame(f"option teams must be a string of {n} signs + or -, e.g. '+-+-'")
            for p, sign in enumerate(teams):
                self._join(p, 1 if sign == "+" else -1)
            self._start()
        elif not self.options.get("lobby", True):
            self._start()

    # -- small helpers ------------------------------------------------------------------------

    def _log(self, text: str) -> None:
        self.events = (*self.events, text)[-self.cfg.events_kept:]
        self.logged += 1

    def _note(self, player: int, text: str) -> None:
        self.notes[player] = (*self.notes[player], text)[-self.cfg.events_kept:]

    def _give(self, player: int, kind: str, units: int = 1) -> None:
        inv = self.inv[player]
        left = inv.get(kind, 0) + units
        if left:
            inv[kind] = left
        else:
            del inv[kind]

    def _has(self, player: int, kind: str, units: int = 1) -> bool:
        return self.inv[player].get(kind, 0) >= units

    def _credit(self, player: int, points: int) -> None:
        self.score[player] += points
        self.created += points

    def _players(self, sign: int | None = None) -> list[int]:
        return [p for p in self.order if self.active[p] and (sign is None or self.team[p] == sign)]

    @property
    def current(self) -> int | None:
        """The player on turn (play phase only)."""
        return self.order[self.pos] if self.phase == PLAY else None

    def _draw_card(self) -> int:
        rng = self.rng.get()
        family = rng.randrange(4)
        power = bisect(self._tables[0], rng.random() * self._tables[0][-1]) + 1
        return card_id(family, power)

    def _draw_object(self) -> str:
        drops, kinds = self._tables[1], self._tables[2]
        return kinds[bisect(drops, self.rng.get().random() * drops[-1])]

    # -- lobby and start ----------------------------------------------------------------------

    def _join(self, player: int, sign: int) -> None:
        self.team[player] = sign
        self.order.append(player)
        self._log(f"player {player} joined team {SIGN_TEXT[sign]}")

    def _start(self) -> None:
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
            self._log(f"teams rebalanced: player {mover} moves to team {SIGN_TEXT[-sign]}")
            self._note(mover, f"you were moved to team {SIGN_TEXT[-sign]} to balance the teams")
        for p in self._players():
            self.inv[p]["coins"] = self.cfg.start_coins
            for _ in range(self.cfg.hand_size):
                self.hands[p][self._draw_card()] += 1
        self.round = 1
        self.phase = PLAY
        self.round_end = round(self.clock + self.cfg.round_time, 3)
        self.pos = -1
        self.direction = 1
        self._log(f"round 1 of {self.cfg.rounds} starts")
        self._advance()

    # -- turns --------------------------------------------------------------------------------

    def _tick_shield(self) -> None:
        if self.shield > 0:
            self.shield -= 1

    def _advance(self) -> None:
        """Pass the turn to the next player still in the game, skipping lost turns."""
        self.combo = False
        count = len(self.order)
        while True:
            self.pos = (self.pos + self.direction) % count
            p = self.order[self.pos]
            if not self.active[p]:
                continue
            if self.lose_turns[p] > 0:
                self.lose_turns[p] -= 1
                self._tick_shield()
                self._log(f"player {p} loses this turn")
                continue
            break
        self.turn_start = self.clock
        self.move_limit = self.cfg.move_time

    def _receive(self, player: int, bonus: int = 0) -> None:
        """The card or object received after a move; `bonus` coins earned by the move are noted with it."""
        extra = f" (and {bonus}¢ for a paying move)" if bonus else ""
        cards = sum(self.hands[player])
        if cards == 0 or (cards < self.cfg.hand_size and self.rng.get().random() < self.cfg.card_chance):
            card = self._draw_card()
            self.hands[player][card] += 1
            self._note(player, f"you received the card {CARD_TEXTS[card]}{extra}")
            return
        kind = self._draw_object()
        self._receive_object(player, kind, extra=extra)

    def _receive_object(self, player: int, kind: str, how: str = "received", extra: str = "") -> None:
        obj = OBJECTS[kind]
        if extra and not obj.held:  # what acts at once is told to everyone; the coins only to you
            self._note(player, f"you earned {extra.removeprefix(' (and ').removesuffix(')')}")
        if kind == "coins":
            coins = self.rng.get().randint(self.cfg.coin_drop_min, self.cfg.coin_drop_max)
            self._give(player, "coins", coins)
            self._note(player, f"you {how} {coins}¢{extra}")
        elif obj.held:
            self._give(player, kind)
            self._note(player, f"you {how} {obj.symbol} {obj.name}{extra}")
        elif kind == "losenext":
            self.lose_turns[player] += 1
            self._log(f"player {player} {how} the powerdown [L]: loses their next turn")
        elif kind == "bankrupt":
            loss = min(self.score[player], 0) - self.score[player]
            self._credit(player, loss)
            self._log(f"player {player} {how} the powerdown [B] Bankrupt ({loss} points)")
        else:
            self._credit(player, obj.instant)
            what = "powerdown" if obj.powerdown else "instant points"
            self._log(f"player {player} {how} {obj.symbol} {what}: {obj.instant:+d} points")

    def _check_dump(self, mover: int) -> None:
        full = self.cfg.full_charge
        if not is_full(self.charge, full):
            return
        pole = 1 if self.charge > 0 else -1
        self.charge = pole * full
        if self.shield > 0:
            return
        members = self._players(pole)
        pot = self.pot
        self.dumps += 1
        if not members:
            each, rest = split_evenly(pot, len(self._players()))
            for p in self._players():
                self.score[p] += each
            self.dropped += rest
            self._log(f"the bank dumped {pot} toward the empty team {SIGN_TEXT[pole]}: shared by all")
        elif mover in members:
            mine, each = dump_shares(pot, len(members))
            for p in members:
                self.score[p] += mine if p == mover else each
            self._log(f"player {mover} dumped the bank: {pot} points to team {SIGN_TEXT[pole]} "
                      f"({mine} to player {mover}, {each} to each teammate)")
        else:
            each, rest = split_evenly(pot, len(members))
            for p in members:
                self.score[p] += each
            self.dropped += rest
            self._log(f"player {mover} dumped the bank toward team {SIGN_TEXT[pole]}: {each} points "
                      f"to each of them")
        for p in members:
            self._give(p, "coins", self.cfg.coins_per_dump)
            self._note(p, f"you earned {self.cfg.coins_per_dump}¢: your team received the dump")
        self.charge = 0
        self.pot = 0

    # -- checks -------------------------------------------------------------------------------

    def _check_card(self, player: int, action: Card) -> None:
        if action.wild:
            kind = wild_kind(action.card)
            if not self._has(player, kind):
                raise IllegalAction(f"you have no {OBJECTS[kind].symbol} wild object")
        elif self.hands[player][action.card] < 1:
            raise IllegalAction(f"you have no {CARD_TEXTS[action.card]} card")
        if action.mult > 1:
            kind = f"x{action.mult}"
            if not self._has(player, kind):
                raise IllegalAction(f"you have no {OBJECTS[kind].symbol} object")

    def _check_use(self, player: int, action: Use) -> None:
        obj = OBJECTS[action.kind]
        if not self._has(player, action.kind):
            raise IllegalAction(f"you have no {obj.symbol} {obj.name} object")
        if action.kind == "movetime" and self.move_limit > self.cfg.move_time:
            raise IllegalAction("your move time is already extended this turn")
        if action.kind == "roundminus" and self.round_end - self.clock <= self.cfg.round_time_step:
            raise IllegalAction("the round has a minute or less left: [-:] has no use now (you keep it)")
        if action.kind == "take" and action.target not in TAKEABLE:
            raise IllegalAction(f"{OBJECTS[action.target].name} is never held, so it cannot be taken")

    def _check_move(self, player: int, action: object) -> None:
        if isinstance(action, Card):
            self._check_card(player, action)
        elif isinstance(action, Use):
            self._check_use(player, action)
        elif isinstance(action, Combine):
            if self.combo:
                raise IllegalAction("you are already making the second move of [&]")
            if not self._has(player, "combine"):
                raise IllegalAction("you have no [&] Combine object")
            first = action.first
            if isinstance(first, Use) and first.kind == "movetime":
                raise IllegalAction("[:] is not a move: type `:` on its own")
            if isinstance(first, Use) and first.kind == "combine":
                raise IllegalAction("no & inside &")
            self._check_move(player, first)
        elif action == Word("skip"):
            pass
        else:
            raise IllegalAction(f"`{self.format_action(action)}` is not a move you can make on your turn")

    def _check_host(self, action: object) -> None:
        deadline = self.deadline()
        if isinstance(action, At):
            if deadline is None:
                raise IllegalAction("the game is over: the clock has stopped")
            if not self.clock <= action.time < deadline + CLOCK_GRAIN / 2:
                raise IllegalAction(f"the clock can move on from {self.clock:.3f} to before the deadline "
                                    f"{deadline:.3f}, not to {action.time:.3f}")
        elif action == Word("timeout"):
            if deadline is None:
                raise IllegalAction("the game is over: there is no deadline")
        elif action == Word("start"):
            if self.phase != LOBBY:
                raise IllegalAction("the game has already started")
        else:
            raise IllegalAction("the host may only apply `timeout`, `at <seconds>` or `start`")

    def _check(self, player: int | None, action: object) -> None:
        if player is HOST:
            self._check_host(action)
            return
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no player {player}")
        if isinstance(action, (At,)) or action in (Word("timeout"), Word("start")):
            raise IllegalAction("only the host moves the clock, applies timeouts or starts the game")
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if not self.active[player]:
            raise IllegalAction("you have quit the game")
        if action == Word("quit"):
            return
        if self.phase == LOBBY:
            if not isinstance(action, Team):
                raise IllegalAction("the game has not started: pick a team with `team +` or `team -`")
            if self.team[player] != 0:
                raise IllegalAction(f"you are already on team {SIGN_TEXT[self.team[player]]}")
            return
        if isinstance(action, Team):
            raise IllegalAction("teams are picked before the game starts")
        if self.phase == SHOP:
            self._check_shop(player, action)
            return
        if isinstance(action, (Buy, Deal, Ok)) or action == Word("done"):
            raise IllegalAction("the shop is closed: it opens between rounds")
        if player != self.current:
            raise IllegalAction(f"it is not your turn: player {self.current} is on turn")
        self._check_move(player, action)

    def _check_shop(self, player: int, action: object) -> None:
        if self.done[player]:
            raise IllegalAction("you have left the shop (`done`); wait for the next round")
        if isinstance(action, Buy):
            if action.kind not in self.on_sale:
                on_sale = ", ".join(kind_token(k) for k in self.on_sale)
                raise IllegalAction(f"{OBJECTS[action.kind].name} is not on sale; on sale: {on_sale}")
            price = OBJECTS[action.kind].price or 0
            if not self._has(player, "coins", price):
                raise IllegalAction(f"{OBJECTS[action.kind].name} costs {price}¢; you have "
                                    f"{self.inv[player].get('coins', 0)}¢")
        elif isinstance(action, Deal):
            if action.kind == "coins" or action.kind not in TAKEABLE:
                raise IllegalAction("a deal offers one object you hold (not coins)")
            if action.units not in TAKEABLE:
                raise IllegalAction("a deal asks for ¢ or an object that can be held")
            if action.units == action.kind:
                raise IllegalAction("a deal trades an object for something else")
            if not self._has(player, action.kind):
                raise IllegalAction(f"you have no {OBJECTS[action.kind].symbol} to offer")
            if not 1 <= action.price <= self.cfg.max_deal_price:
                raise IllegalAction(f"the price must be 1 to {self.cfg.max_deal_price}")
        elif isinstance(action, Ok):
            offer = self.offers.get(action.seller)
            if action.seller == player:
                raise IllegalAction("you cannot accept your own deal")
            if offer is None:
                raise IllegalAction(f"player {action.seller} has no open deal")
            if not self._has(action.seller, offer.kind):
                raise IllegalAction(f"player {action.seller} no longer has the object of that deal")
            if not self._has(player, offer.units, offer.price):
                raise IllegalAction(f"that deal costs {offer.price} {kind_token(offer.units)}; you have "
                                    f"{self.inv[player].get(offer.units, 0)}")
        elif action != Word("done"):
            raise IllegalAction("in the shop: `buy <object>`, `deal <object> <price> <units>`, "
                                "`ok <person>` or `done`")

    # -- the protocol -------------------------------------------------------------------------

    def actors(self) -> list[int]:
        """Lobby: players without a team; play: the player on turn; shop: players still shopping."""
        if self.phase == PLAY:
            return [self.order[self.pos]]
        if self.phase == LOBBY:
            return [p for p in range(self.num_players) if self.active[p] and self.team[p] == 0]
        if self.phase == SHOP:
            return [p for p in range(self.num_players) if self.active[p] and not self.done[p]]
        return []

    def move_options(self, player: int, combo: bool | None = None) -> list[BankAction]:
        """Every card and object move `player` could make now (without `&` forms and `skip`)."""
        hand, inv = self.hands[player], self.inv[player]
        mults = [1] + [m for m in (2, 3) if inv.get(f"x{m}", 0) > 0]
        moves: list[BankAction] = []
        for card in range(NUM_CARDS):
            if hand[card]:
                moves.extend(Card(card, m) for m in mults)
        for power in (1, 2, 3):
            if inv.get(WILD_OF_POWER[power], 0) > 0:
                for family in range(4):
                    moves.extend(Card(card_id(family, power), m, True) for m in mults)
        for kind in USE_KINDS:
            if inv.get(kind, 0) > 0:
                if kind == "take":
                    moves.extend(Use("take", k) for k in TAKEABLE)
                elif kind == "roundminus" and (self.round_end - self.cfg.round_time_step
                                               <= self.turn_start + self.move_limit):
                    continue  # listed only when it stays usable until the move deadline
                else:
                    moves.append(Use(kind))
        return moves

    def _legal_actions(self, player: int) -> list[BankAction]:  # type: ignore[override]
        """Every legal action of `player` now. `quit` is always accepted but never listed (bots stay)."""
        if player not in self.actors():
            return []
        if self.phase == LOBBY:
            return [Team(1), Team(-1)]
        if self.phase == SHOP:
            return self._shop_options(player)
        moves = self.move_options(player)
        extended = self.move_limit > self.cfg.move_time
        actions = [m for m in moves if not (extended and m == Use("movetime"))]
        if not self.combo and self.inv[player].get("combine", 0) > 0:
            actions.extend(Combine(m) for m in moves  # type: ignore[arg-type]
                           if m not in (Use("movetime"), Use("combine")))
        actions.append(Word("skip"))
        return actions

    def _shop_options(self, player: int) -> list[BankAction]:
        inv = self.inv[player]
        coins = inv.get("coins", 0)
        actions: list[BankAction] = [Buy(k) for k in self.on_sale if (OBJECTS[k].price or 0) <= coins]
        for kind in HELD_KINDS:
            if kind != "coins" and inv.get(kind, 0) > 0:
                prices = range(1, self.cfg.listed_deal_prices + 1)
                actions.extend(Deal(kind, price, "coins") for price in prices)
                actions.extend(Deal(kind, 1, other) for other in HELD_KINDS
                               if other not in ("coins", kind))
        for seller, offer in sorted(self.offers.items()):
            if (seller != player and self._has(seller, offer.kind)
                    and self._has(player, offer.units, offer.price)):
                actions.append(Ok(seller))
        actions.append(Word("done"))
        return actions

    def _apply(self, player: int | None, action: object) -> None:
        self._check(player, action)
        if player is HOST:
            self._apply_host(action)
            return
        assert player is not None
        if action == Word("quit"):
            self._quit(player)
        elif isinstance(action, Team):
            self._join(player, action.sign)
            if not self.actors():
                self._start()
        elif self.phase == SHOP:
            self._apply_shop(player, action)
        else:
            self._apply_turn(player, action)

    def _apply_host(self, action: object) -> None:
        if isinstance(action, At):
            deadline = self.deadline()
            assert deadline is not None
            # a time that rounds to the deadline's millisecond is taken as one millisecond before it
            self.clock = round(min(action.time, deadline - CLOCK_GRAIN), 3)
            return
        if action == Word("start"):
            self._start()
            return
        deadline = self.deadline()
        assert deadline is not None
        self.clock = max(self.clock, deadline)
        if self.phase == LOBBY:
            self._start()
        elif self.phase == SHOP:
            self._end_shop()
        elif self.round_end <= self.turn_start + self.move_limit:
            self._end_round()
        else:
            p = self.order[self.pos]
            self._penalize(p, "ran out of time")
            self.timeouts += 1

    def _penalize(self, player: int, why: str) -> None:
        self._credit(player, -self.cfg.timeout_penalty)
        self._log(f"player {player} {why}: -{self.cfg.timeout_penalty} points")
        self._tick_shield()
        self._advance()

    def _apply_turn(self, player: int, action: object) -> None:
        if action == Word("skip"):
            self._penalize(player, "skipped")
            return
        if action == Use("movetime"):
            self._give(player, "movetime", -1)
            self.move_limit = self.cfg.extended_move_time
            self._log(f"player {player} used [:]: {self.cfg.extended_move_time:g} seconds to move")
            return
        if isinstance(action, Combine):
            self._give(player, "combine", -1)
            self._log(f"player {player} used [&] Combine")
            self._make_move(player, action.first)
            if self.phase == PLAY:
                self.combo = True
                self.turn_start = self.clock
                self.move_limit = self.cfg.move_time
            return
        self._make_move(player, action)
        if self.phase == PLAY:
            self._advance()

    def _make_move(self, player: int, action: object) -> None:
        """A card or object move: its effect, the dump check, the Invincible count, then a receipt."""
        self.moves += 1
        sets_shield = False
        bonus = 0
        if isinstance(action, Card):
            bonus = self._play(player, action)
        else:
            assert isinstance(action, Use)
            sets_shield = action.kind == "invincible"
            self._use(player, action)
        self._check_dump(player)
        if not sets_shield:
            self._tick_shield()
        self._receive(player, bonus)

    def _play(self, player: int, action: Card) -> int:
        """Play a card; returns the coins it earned (a move that pays points earns one)."""
        if action.wild:
            self._give(player, wild_kind(action.card), -1)
        else:
            self.hands[player][action.card] -= 1
        if action.mult > 1:
            self._give(player, f"x{action.mult}", -1)
        before = self.charge
        self.charge, into_pot, to_player = card_effect(self.charge, action.card, self.team[player],
                                                       action.mult, self.cfg.full_charge)
        self.pot += into_pot
        self.created += into_pot
        if to_player:
            self._credit(player, to_player)
        bonus = self.cfg.coins_per_paying_move if into_pot or to_player else 0
        if bonus:
            self._give(player, "coins", bonus)
        gain = f", +{into_pot} to the pot" if into_pot else ""
        gain += f", +{to_player} to player {player}" if to_player else ""
        self._log(f"player {player} played {self.format_action(action)}: charge {before:+d} -> "
                  f"{self.charge:+d}{gain}")
        return bonus

    def _use(self, player: int, action: Use) -> None:
        kind = action.kind
        self._give(player, kind, -1)
        symbol = OBJECTS[kind].symbol
        if kind == "skip":
            self._log(f"player {player} used [S]: passes")
        elif kind == "reverse":
            self.direction = -self.direction
            self._log(f"player {player} used [R]: play reverses")
        elif kind == "roundplus":
            self.round_end = round(self.round_end + self.cfg.round_time_step, 3)
            self._log(f"player {player} used [+:]: the round gets {self.cfg.round_time_step:g} more seconds")
        elif kind == "roundminus":
            self.round_end = round(self.round_end - self.cfg.round_time_step, 3)
            self._log(f"player {player} used [-:]: the round loses {self.cfg.round_time_step:g} seconds")
        elif kind == "invincible":
            self.shield = self.cfg.invincible_moves
            self._log(f"player {player} used [*]: the bank cannot dump for {self.shield} moves")
        elif kind == "swap":
            self.charge = -self.charge
            self._log(f"player {player} used [X]: the charge is now {self.charge:+d}")
        elif kind == "take":
            self._take(player, action.target)
        else:  # pragma: no cover - checked before
            raise AssertionError(symbol)

    def _take(self, player: int, kind: str) -> None:
        holders = [(p, self.inv[p].get(kind, 0)) for p in range(self.num_players)
                   if p != player and self.active[p] and self.inv[p].get(kind, 0) > 0]
        symbol = OBJECTS[kind].symbol
        if not holders:
            self._log(f"player {player} used [T] on {symbol}: nobody has one, the Take is forfeited")
            return
        pick = self.rng.get().randrange(sum(units for _, units in holders))
        victim = holders[-1][0]
        for holder, units in holders:
            if pick < units:
                victim = holder
                break
            pick -= units
        self._give(victim, kind, -1)
        self._give(player, kind, 1)
        self._log(f"player {player} used [T] and took one {symbol} from player {victim}")

    # -- rounds, shop, quitting ---------------------------------------------------------------

    def _end_round(self) -> None:
        players = self._players()
        each, rest = split_evenly(self.pot, len(players))
        for p in players:
            self.score[p] += each
        self.dropped += rest
        self._log(f"round {self.round} is over: the pot of {self.pot} is split, {each} each"
                  + (f" ({rest} left over and dropped)" if rest else ""))
        self.pot = 0
        self.charge = 0
        self.shield = 0
        self.combo = False
        if self.quit_sales:
            self._log(f"the objects of players who quit are sold for {self.quit_sales}¢ (to no one)")
            self.quit_sales = 0
        if self.round >= self.cfg.rounds or len(players) < 2:
            self._game_over()
            return
        self.phase = SHOP
        self.shop_end = round(self.clock + self.cfg.shop_time, 3)
        self.offers = {}
        self.done = [False] * self.num_players
        for p in players:
            useless = self.inv[p].get("useless", 0)
            coins = useless // self.cfg.useless_per_coin
            if coins:
                self._give(p, "useless", -coins * self.cfg.useless_per_coin)
                self._give(p, "coins", coins)
                self._note(p, f"{coins * self.cfg.useless_per_coin} useless objects became {coins}¢")
        self.on_sale = self._pick_on_sale()
        self._log("the shop is open: " + ", ".join(f"{OBJECTS[k].symbol} {OBJECTS[k].price}¢"
                                                   for k in self.on_sale))

    def _pick_on_sale(self) -> tuple[str, ...]:
        kinds = [k for k in SHOP_CANDIDATES if k not in ("coins", "useless") and not OBJECTS[k].powerdown]
        chosen: list[str] = []
        while kinds and len(chosen) < self.cfg.shop_kinds:
            weights = list(accumulate(OBJECTS[k].weight for k in kinds))
            chosen.append(kinds.pop(bisect(weights, self.rng.get().random() * weights[-1])))
        return tuple(chosen)

    def _end_shop(self) -> None:
        self.offers = {}
        self.on_sale = ()
        self.round += 1
        self.phase = PLAY
        self.round_end = round(self.clock + self.cfg.round_time, 3)
        self._log(f"round {self.round} of {self.cfg.rounds} starts")
        self._advance()

    def _apply_shop(self, player: int, action: object) -> None:
        if isinstance(action, Buy):
            obj = OBJECTS[action.kind]
            self._give(player, "coins", -(obj.price or 0))
            self._receive_object(player, action.kind, how="bought")
        elif isinstance(action, Deal):
            self.offers[player] = action
            self._log(f"player {player} offers deal {kind_token(action.kind)} {action.price} "
                      f"{kind_token(action.units)}: `ok {player}` to accept")
        elif isinstance(action, Ok):
            offer = self.offers.pop(action.seller)
            self._give(player, offer.units, -offer.price)
            self._give(action.seller, offer.units, offer.price)
            self._give(action.seller, offer.kind, -1)
            self._give(player, offer.kind, 1)
            self._log(f"player {player} accepted player {action.seller}'s deal "
                      f"{kind_token(offer.kind)} {offer.price} {kind_token(offer.units)}")
        else:
            self.done[player] = True
            self._log(f"player {player} has left the shop")
            if not self.actors():
                self._end_shop()

    def _quit(self, player: int) -> None:
        was_current = self.phase == PLAY and self.order[self.pos] == player
        self.active[player] = False
        self.hands[player] = [0] * NUM_CARDS
        inv = self.inv[player]
        units = sum(v for k, v in inv.items() if k != "coins")
        self.inv[player] = {}
        self.offers.pop(player, None)
        self.lose_turns[player] = 0
        if self.phase == SHOP:
            if units:
                self._log(f"player {player}'s objects are sold for {units * self.cfg.quit_sale_price}¢ "
                          f"(to no one)")
        else:
            self.quit_sales += units * self.cfg.quit_sale_price
        rest_players = self._players() if self.phase != LOBBY else [
            p for p in range(self.num_players) if self.active[p]]
        points = self.score[player]
        shared = ""
        if points > 0 and rest_players:
            each, rest = split_evenly(points, len(rest_players))
            for p in rest_players:
                self.score[p] += each
            self.score[player] = 0
            self.dropped += rest
            self.shared_by_quits += points - rest
            shared = f": {each} points to each remaining player"
        self._log(f"player {player} quit the game{shared}")
        if len(rest_players) < 2:
            if self.phase == PLAY:
                self._end_round()  # fewer than 2 players left: the round's pot is split, the game ends
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
            self._advance()

    def _game_over(self) -> None:
        self.phase = OVER
        self.on_sale = ()
        self.offers = {}
        plus, minus = self.team_scores()
        best = "+" if plus > minus else "-" if minus > plus else "none (a tie)"
        self._log(f"game over: team + {plus}, team - {minus}; winning team: {best}")

    # -- results and views --------------------------------------------------------------------

    def team_scores(self) -> tuple[int, int]:
        """Sum of the scores of the players of team + and team - (players who quit excluded)."""
        plus = sum(self.score[p] for p in range(self.num_players) if self.active[p] and self.team[p] == 1)
        minus = sum(self.score[p] for p in range(self.num_players) if self.active[p] and self.team[p] == -1)
        return plus, minus

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
        if self.phase == PLAY:
            return round(min(self.turn_start + self.move_limit, self.round_end), 3)
        if self.phase == SHOP:
            return self.shop_end
        if self.phase == LOBBY:
            return self.lobby_end
        return None

    def now(self) -> float:
        """The game clock in seconds."""
        return self.clock

    def _view(self, player: int | None) -> dict[str, Any]:
        """Public facts for everyone; the seat's own hand, inventory, coins and notes for `player`."""
        plus, minus = self.team_scores()
        view: dict[str, Any] = {
            "phase": self.phase,
            "round": self.round,
            "rounds": self.cfg.rounds,
            "now": round(self.clock, 3),
            "deadline": self.deadline(),
            "round_ends_at": self.round_end if self.phase == PLAY else None,
            "bank": {"charge": self.charge, "pot": self.pot, "full_charge": self.cfg.full_charge,
                     "invincible_moves": self.shield},
            "order": list(self.order),
            "direction": self.direction,
            "turn": self.current,
            "move_ends_at": round(self.turn_start + self.move_limit, 3) if self.phase == PLAY else None,
            "second_move": self.combo,
            "teams": [SIGN_TEXT[t] for t in self.team],
            "scores": self.score[:],
            "cards": [sum(h) for h in self.hands],
            "objects": [sum(i.values()) - i.get("coins", 0) for i in self.inv],
            "quit": [not a for a in self.active],
            "loses_turns": self.lose_turns[:],
            "team_scores": {"+": plus, "-": minus},
            "events": list(self.events),
            "events_total": self.logged,
        }
        if self.phase == SHOP:
            view["shop"] = {
                "on_sale": [{"object": kind_token(k), "name": OBJECTS[k].name, "price": OBJECTS[k].price}
                            for k in self.on_sale],
                "offers": [{"seller": s, "text": format_action(o)} for s, o in sorted(self.offers.items())],
                "shopping": self.actors(),
            }
        if player is not None:
            inv = self.inv[player]
            view["you"] = {
                "seat": player,
                "team": SIGN_TEXT[self.team[player]],
                "hand": [CARD_TEXTS[c] for c in range(NUM_CARDS) for _ in range(self.hands[player][c])],
                "coins": inv.get("coins", 0),
                "inventory": {kind_token(k): inv[k] for k in HELD_KINDS if k != "coins" and inv.get(k)},
                "notes": list(self.notes[player]),
            }
        if self.phase == OVER:
            view["winners"] = self.winners()
            view["winning_team"] = "+" if plus > minus else "-" if minus > plus else None
        return view

    def clone(self) -> Self:
        """An independent copy (explicit and shallow where values are immutable).

        The generator is shared copy-on-write: it is copied only when either side draws.
        """
        return self._copy_with(self.rng.fork())

    def _copy_with(self, rng: SharedRng) -> Self:
        new = self.__class__.__new__(self.__class__)
        self._copy_base_into(new)
        new.cfg = self.cfg
        new._tables = self._tables
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
        new.combo = self.combo
        new.lose_turns = self.lose_turns[:]
        new.round = self.round
        new.round_end = self.round_end
        new.shop_end = self.shop_end
        new.lobby_end = self.lobby_end
        new.on_sale = self.on_sale
        new.offers = dict(self.offers)
        new.done = self.done[:]
        new.events = self.events
        new.logged = self.logged
        new.notes = self.notes[:]
        new.created = self.created
        new.dropped = self.dropped
        new.shared_by_quits = self.shared_by_quits
        new.quit_sales = self.quit_sales
        new.moves = self.moves
        new.timeouts = self.timeouts
        new.dumps = self.dumps
        return new

    def determinize(self, player: int | None, rng: random.Random) -> Self:
        """A copy in which other players' cards, objects and coins and the future draws are resampled.

        Hand sizes and object counts are public and kept; the game's own RNG is reseeded from `rng`.
        """
        new = self._copy_with(SharedRng(rng.getrandbits(64)))  # no fork: self keeps a private generator
        kinds = [k for k in HELD_KINDS if k != "coins"]
        weights = list(accumulate(OBJECTS[k].weight for k in kinds))
        for p in range(self.num_players):
            if p == player:
                continue
            count = sum(self.hands[p])
            hand = [0] * NUM_CARDS
            powers = self._tables[0]
            for _ in range(count):
                hand[card_id(rng.randrange(4), bisect(powers, rng.random() * powers[-1]) + 1)] += 1
            new.hands[p] = hand
            units = sum(v for k, v in self.inv[p].items() if k != "coins")
            inv: dict[str, int] = {}
            for _ in range(units):
                kind = kinds[bisect(weights, rng.random() * weights[-1])]
                inv[kind] = inv.get(kind, 0) + 1
            if self.active[p] and self.phase != LOBBY:
                inv["coins"] = rng.randint(0, 2 * self.cfg.start_coins)
            new.inv[p] = inv
            new.notes[p] = ()
        return new

    def format_action(self, action: object) -> str:
        """The canonical command text (`+++`, `x2 ?? -`, `& ++`, `T x3`, `deal x 1 *`, `at 3.250`)."""
        return format_action(action)

    def _parse_action(self, player: int | None, text: str) -> BankAction:
        """The action `text` means for `player` now; `IllegalAction` with a one-line reason otherwise."""
        action = parse_command(text)
        self._check(player, action)
        return action

    def stats(self) -> dict[str, float]:
        """Moves, timeouts, dumps and rounds played."""
        return {"moves": self.moves, "timeouts": self.timeouts, "dumps": self.dumps,
                "rounds": self.round}

    # -- invariants ---------------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Points are conserved, hands and inventories are sane, the charge stays in range."""
        assert sum(self.score) + self.pot == self.created - self.dropped, "points not conserved"
        assert abs(self.charge) <= self.cfg.full_charge
        assert self.pot >= 0
        for p in range(self.num_players):
            assert sum(self.hands[p]) <= self.cfg.hand_size, f"player {p} holds too many cards"
            assert all(v > 0 for v in self.inv[p].values()), f"player {p} has an empty inventory entry"
            assert all(k in HELD_KINDS for k in self.inv[p]), f"player {p} holds a non-held object"
            if not self.active[p]:
                assert not self.inv[p] and not any(self.hands[p])
        if self.phase == PLAY:
            assert self.active[self.order[self.pos]]
        assert len(set(self.order)) == len(self.order)

