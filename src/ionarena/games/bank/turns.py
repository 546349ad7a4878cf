"""Turns: what a player may do on their turn, and what it does to the bank.

"When it's a player's turn they may either use a card, or use an object in their inventory. Either
way, they will then recieve either a card or an object, and possibly bonus coins. If a player does
not move within 3 seconds of it becoming their turn, they are penalized 1000 points and skipped."

Reading order: the moves a player may make, their checks, then applying them (the penalty, a
card, an object, the dump, the receipt).
"""

from __future__ import annotations

from ...core import IllegalAction
from .actions import USE_KINDS, BankAction, Card, Combine, Use, Word, format_action, wild_kind
from .base import PLAY, SIGN_TEXT, BankBase
from .cards import CARD_TEXTS, HELD_KINDS, NUM_CARDS, OBJECTS, WILD_OF_POWER, card_id
from .scoring import card_effect, dump_shares, is_full, split_evenly

SKIP = Word("skip")
MOVE_TIME = Use("movetime")
ALL_CARDS = range(NUM_CARDS)
_MULTS = ((1,), (1, 2), (1, 3), (1, 2, 3))
"""The multipliers a player may use, by `has x2 + 2 * has x3`."""
PLAIN = tuple(Card(card) for card in ALL_CARDS)
CARD_FORMS = tuple(tuple(tuple(Card(card, m) for m in mults) for mults in _MULTS) for card in ALL_CARDS)
"""`CARD_FORMS[card][mask]`: the card played plainly, then with [×2], [×3] when held (values made once)."""
WILD_FORMS = {power: tuple(tuple(Card(card_id(family, power), m, True) for family in range(4) for m in mults)
                           for mults in _MULTS) for power in (1, 2, 3)}
USES = {kind: Use(kind) for kind in USE_KINDS if kind != "take"}
TAKES = tuple(Use("take", kind) for kind in HELD_KINDS)


class Turns(BankBase):
    """The play phase: moves, the move clock, the bank and dumps."""

    __slots__ = ()

    # -- what may be played -------------------------------------------------------------------

    def move_options(self, player: int) -> list[Card | Use]:
        """Every card and object move `player` could make now (without `&` forms and `skip`)."""
        hand, inv = self.hands[player], self.inv[player]
        if len(inv) <= ("coins" in inv):  # no objects: the cards alone (the common case)
            return [PLAIN[card] for card in ALL_CARDS if hand[card]]
        mask = ("x2" in inv) + 2 * ("x3" in inv)
        moves: list[Card | Use] = []
        for card in ALL_CARDS:
            if hand[card]:
                moves.extend(CARD_FORMS[card][mask])
        for power in (1, 2, 3):
            if WILD_OF_POWER[power] in inv:
                moves.extend(WILD_FORMS[power][mask])
        for kind in USE_KINDS:
            if kind in inv:
                if kind == "take":
                    moves.extend(TAKES)
                elif kind == "roundminus" and (self.round_end - self.cfg.round_time_step
                                               < self.turn_start + self.move_limit):
                    continue  # listed only when it stays usable until the move deadline
                elif kind == "movetime" and self.move_limit >= self.cfg.extended_move_time:
                    continue  # already extended this move clock, or the move time is that long anyway
                else:
                    moves.append(USES[kind])
        return moves

    def _turn_options(self, player: int) -> list[BankAction]:
        moves = self.move_options(player)
        actions: list[BankAction] = list(moves)
        if not self.combo and self.inv[player].get("combine", 0) > 0:
            actions.extend(Combine(m) for m in moves if m != MOVE_TIME)
        actions.append(SKIP)
        return actions

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
        if action.kind == "movetime" and self.move_limit >= self.cfg.extended_move_time:
            if self.cfg.move_time >= self.cfg.extended_move_time:
                raise IllegalAction(f"your move time is already {self.cfg.move_time:g} seconds: "
                                    "[:] has no use")
            raise IllegalAction("your move time is already extended this turn")
        if action.kind == "roundminus" and self.round_end - self.clock < self.cfg.round_time_step:
            raise IllegalAction("the round has less than a minute left: [-:] has no use now (you keep it)")

    def _check_move(self, player: int, action: object) -> None:
        """Raise `IllegalAction` unless `player`, on turn, may make `action` (a well-formed value)."""
        if action.__class__ is Card:
            self._check_card(player, action)
        elif action.__class__ is Use:
            self._check_use(player, action)
        elif action.__class__ is Combine:
            if self.combo:
                raise IllegalAction("you are already making the second move of [&]")
            if not self._has(player, "combine"):
                raise IllegalAction("you have no [&] Combine object")
            first = action.first
            if first == MOVE_TIME:
                raise IllegalAction("[:] is not a move: type `:` on its own")
            self._check_move(player, first)
        elif action != SKIP:
            raise IllegalAction(f"`{format_action(action)}` is not a move you can make on your turn")

    # -- applying a move ----------------------------------------------------------------------

    def _timeout(self) -> None:
        """The move clock ran out: the player on turn is penalized and skipped."""
        self.timeouts += 1
        self._penalize(self.order[self.pos], "timeout")

    def _pass_away(self) -> None:
        """Host `away`: the player on turn is off the network (a host that follows who is
        connected says so); the turn passes without penalty and nothing is received. Like a lost
        turn, it counts for Invincible."""
        player = self.order[self.pos]
        self._emit("away", (player,))
        self._tick_shield()
        self._advance()

    def _penalize(self, player: int, kind: str) -> None:
        penalty = self.cfg.timeout_penalty
        self._credit(player, -penalty)
        self._emit(kind, (player, -penalty))
        self._tick_shield()
        self._advance()

    def _apply_turn(self, player: int, action: object) -> None:
        # By class first: comparing a card with `SKIP` or `MOVE_TIME` calls two dataclass `__eq__`s.
        if action.__class__ is Word:  # `skip`, the one word checked for a turn (`quit` is applied before)
            self._penalize(player, "skip")
            return
        if action.__class__ is Use and action.kind == "movetime":
            self._give(player, "movetime", -1)
            self._set_move_clock(self.turn_start, self.cfg.extended_move_time)
            self._emit("move_time", (player, self.move_end))
            return
        if action.__class__ is Combine:
            self._give(player, "combine", -1)
            self._emit("combine", (player,))
            self._make_move(player, action.first)
            if self.phase == PLAY:
                self.combo = True
                self._set_move_clock(self.clock, self.cfg.move_time)
            return
        self._make_move(player, action)
        if self.phase == PLAY:
            self._advance()

    def _make_move(self, player: int, action: object) -> None:
        """A card or object move: its effect, the dump check, the Invincible count, then a receipt."""
        self.moves += 1
        sets_shield = False
        bonus = 0
        if action.__class__ is Card:
            bonus = self._play(player, action)
        else:
            assert isinstance(action, Use)
            sets_shield = action.kind == "invincible"
            self._use(player, action)
        self._check_dump(player)
        if not sets_shield:
            self._tick_shield()
        if bonus:
            self._give(player, "coins", bonus)
            self._emit("earn", (player, bonus, "move"), seen_by=(player,))
        self._receive(player)

    def _play(self, player: int, action: Card) -> int:
        """Play a card; returns the coins it earns (a move that pays points earns one)."""
        if action.wild:
            self._give(player, wild_kind(action.card), -1)
        else:
            self.hands[player][action.card] -= 1
        if action.mult > 1:
            self._give(player, f"x{action.mult}", -1)
        before = self.charge
        self.charge, into_pot, to_player = card_effect(before, action.card, self.team[player],
                                                       action.mult, self.cfg.full_charge)
        self.pot += into_pot
        self.created += into_pot
        if to_player:
            self._credit(player, to_player)
        self._emit("play", (player, action.card, action.mult, action.wild, before, self.charge, into_pot,
                            to_player))
        return self.cfg.coins_per_paying_move if into_pot or to_player else 0

    def _use(self, player: int, action: Use) -> None:
        kind = action.kind
        self._give(player, kind, -1)
        if kind == "skip":
            self._emit("pass", (player,))
        elif kind == "reverse":
            self.direction = -self.direction
            self._emit("reverse", (player, self.direction))
        elif kind == "roundplus" or kind == "roundminus":
            step = self.cfg.round_time_step if kind == "roundplus" else -self.cfg.round_time_step
            self.round_end = round(self.round_end + step, 3)
            self._emit("round_time", (player, step, self.round_end))
        elif kind == "invincible":
            self.shield = self.cfg.invincible_moves
            self._emit("invincible", (player, self.shield))
        elif kind == "swap":
            self.charge = -self.charge
            self._emit("swap", (player, self.charge))
        else:
            self._take(player, action.target)

    def _take(self, player: int, kind: str) -> None:
        """[T]: one unit of `kind` at random among all units other players hold, or forfeited.

        The taker and the victim read what was taken; everyone else reads who took from whom."""
        holders = [(p, self.inv[p].get(kind, 0)) for p in range(self.num_players)
                   if p != player and self.active[p] and self.inv[p].get(kind, 0) > 0]
        if not holders:
            self._emit("take", (player, kind, None), seen_by=(player,), public=(player, None, None))
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
        self._emit("take", (player, kind, victim), seen_by=(player, victim), public=(player, None, victim))

    def _check_dump(self, mover: int) -> None:
        """At full charge the pot goes to that pole's team (double share to a dumper on it), unless
        the bank is Invincible; the charge never goes beyond full charge."""
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
        receivers = members or self._players()  # RULING: toward an empty team, shared by all
        dumper = mine = None
        if mover in members:
            mine, each = dump_shares(pot, len(members))
            for p in members:
                self.score[p] += mine if p == mover else each
            dumper = mover
        else:
            each, rest = split_evenly(pot, len(receivers))
            for p in receivers:
                self.score[p] += each
            self.dropped += rest
        self._emit("dump", (mover, SIGN_TEXT[pole], pot, dumper, mine, each, tuple(receivers)))
        coins = self.cfg.coins_per_dump
        for p in members:
            self._give(p, "coins", coins)
            self._emit("earn", (p, coins, "dump"), seen_by=(p,))
        self.charge = 0
        self.pot = 0

    def _receive(self, player: int) -> None:
        """After a move: with fewer than 6 cards a card (80 %) or an object, with 6 an object, with
        none a card. Only the player reads what they received."""
        cards = sum(self.hands[player])
        rng = self.rng.get()
        if cards == 0 or (cards < self.cfg.hand_size and rng.random() < self.cfg.card_chance):
            card = self._draw_card()
            self.hands[player][card] += 1
            self._emit("receive", (player, card, None, None), seen_by=(player,))
            return
        kind = self._draw_object()
        if kind == "coins":
            coins = rng.randint(self.cfg.coin_drop_min, self.cfg.coin_drop_max)
            self._give(player, "coins", coins)
            self._emit("receive", (player, None, kind, coins), seen_by=(player,))
            return
        self._emit("receive", (player, None, kind, None), seen_by=(player,))
        self._gain_object(player, kind)
