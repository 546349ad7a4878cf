"""bank (Ion, the real-time team bank game) for RL: its action index and observation encoding.

Time: an episode is a sequence of decisions; each decision happens a fixed `reaction_time` (game
seconds, default 0.5) after the previous change of the game, the host moving the clock on and
applying `timeout` when a deadline passes before anyone is due (see `ionarena.rl.episode`).

Action index, built with the game's own action values and formatter (`games/bank/actions.py`) from
its card and object data, in this order: `team +`, `team -`; every card move — each card
(`+` `++` `+++` `-` ... `±±±`) at ×1, ×2, ×3 (`x2 ++`), then every wild play (`?? -`) at ×1, ×2,
×3; every object use (`s r : +: -: * X`, then `T <object>` per held kind); `& <move>` for each of
those moves but `:`; `skip`; the shop's `buy <object>` per kind that can be on sale;
`deal <object> <price> ¢` for each held object and the listed prices 1..10, then
`deal <object> 1 <other object>`; `ok <seat>` per seat; `done`. `quit` is never offered (bots stay).

Observation: the view only (no memory): phase, who acts, teams, the seat's cards, coins and
objects, the bank's charge, pot and shield, play order and direction, every seat's card and object
counts, quits, lost turns, scores, team scores, the round and the clocks (time left to move, in
the round, to the deadline), and in the shop the objects on sale and every open deal. The fast
path (`Encoder.encode_state`) encodes the same from the seat's observation (`games/bank/observe.py`).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core import View
from ..core.millis import EXACT_UP_TO
from ..games.bank.actions import USE_KINDS, Buy, Card, Combine, Deal, Ok, Team, Use, Word, format_action
from ..games.bank.base import LOBBY, PLAY, SHOP
from ..games.bank.cards import CARD_TEXTS, HELD_KINDS, NUM_CARDS, OBJECTS, config_for, kind_token
from ..games.bank.observe import observe
from ..games.bank.rules import BankState
from ..games.bank.shop import ON_SALE_CANDIDATES
from .config import GameConfig
from .encoding import FLOAT32, kept, squash
from .encoding import Encoder as BaseEncoder

PHASES = ("lobby", "play", "shop", "over")
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
CARD_INDEX = {text: i for i, text in enumerate(CARD_TEXTS)}
OBJECTS_HELD = tuple(k for k in HELD_KINDS if k != "coins")
"""Held object kinds other than coins, in the data file's order."""
KIND_OF_TOKEN = {kind_token(k): k for k in HELD_KINDS}
HELD_INDEX = {k: i for i, k in enumerate(HELD_KINDS)}
OBJECT_INDEX = {k: i for i, k in enumerate(OBJECTS_HELD)}
SALE_INDEX = {kind_token(k): i for i, k in enumerate(ON_SALE_CANDIDATES)}
TEAM_SIGN = {"+": 1.0, "-": -1.0}
SMALL_COUNTS = 64
"""Counts of objects below this are looked up by the fast path (larger ones worked out)."""


def _moves() -> list[Card | Use]:
    moves: list[Card | Use] = []
    for wild in (False, True):
        for card in range(NUM_CARDS):
            moves += [Card(card, mult, wild) for mult in (1, 2, 3)]
    moves += [Use(kind) for kind in USE_KINDS if kind != "take"]
    moves += [Use("take", kind) for kind in HELD_KINDS]
    return moves


def action_texts(config: GameConfig) -> list[str]:
    """Every action text of bank at this configuration (see the module docstring)."""
    cfg = config_for(config.option_dict)
    moves = _moves()
    actions: list[Any] = [Team(1), Team(-1), *moves]
    actions += [Combine(m) for m in moves if m != Use("movetime")]
    actions.append(Word("skip"))
    actions += [Buy(kind) for kind in ON_SALE_CANDIDATES]
    for kind in OBJECTS_HELD:
        actions += [Deal(kind, price, "coins") for price in range(1, cfg.listed_deal_prices + 1)]
        actions += [Deal(kind, 1, other) for other in OBJECTS_HELD if other != kind]
    actions += [Ok(seat) for seat in range(config.players)]
    actions.append(Word("done"))
    return [format_action(a) for a in actions]


class Encoder(BaseEncoder[BankState]):
    """The bank observation (n = players; per-seat fields start with the observing seat)."""

    fast = True

    def __init__(self, config: GameConfig):
        super().__init__(config)
        n = self.n = config.players
        cfg = self.cfg = config_for(config.option_dict)
        h = len(HELD_KINDS)
        lay = self.layout
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_acting = lay.add("acting", n, "1 for each seat that may act now, relative seats")
        self.o_team = lay.add("teams", n, "team of each seat: +1 for +, -1 for -, 0 before picking, relative",
                              low=-1.0)
        self.o_hand = lay.add("hand", NUM_CARDS, "cards held per card (+ ++ +++ - -- --- = == === ± ±± ±±±) "
                              f"/ {cfg.hand_size}")
        self.o_coins = lay.add("coins", 1, "coins, squashed: c / (c + 10)")
        self.o_inv = lay.add("inventory", len(OBJECTS_HELD), "objects held per kind (" + " ".join(
            kind_token(k) for k in OBJECTS_HELD) + "), squashed: k / (k + 3)")
        self.o_charge = lay.add("charge", 1, "the bank's charge / full charge", low=-1.0)
        self.o_pot = lay.add("pot", 1, "points in the pot, squashed: p / (p + 1000)")
        self.o_shield = lay.add("invincible_moves", 1, "moves the bank cannot dump, squashed: m / (m + 3)")
        self.o_dir = lay.add("direction", 1, "1 when play goes up the order, 0 down")
        self.o_combo = lay.add("second_move", 1, "1 during the second move of [&]")
        self.o_order = lay.add("order", n, "each seat's place in the play order / n (1: not in it), relative")
        self.o_cards = lay.add("cards", n, f"cards per seat / {cfg.hand_size}, relative")
        self.o_objects = lay.add("objects", n, "objects per seat, squashed: k / (k + 5), relative")
        self.o_quit = lay.add("quit", n, "1 for seats that quit, relative")
        self.o_lose = lay.add("loses_turns", n, "turns each seat will lose / 3 (capped at 1), relative")
        self.o_scores = lay.add("scores", n, "scores, squashed: s / (abs(s) + 2000), relative", low=-1.0)
        self.o_team_scores = lay.add("team_scores", 2, "own team's then the other team's score sum, "
                                     "squashed: s / (abs(s) + 5000) (+ then - before teams are picked)",
                                     low=-1.0)
        self.o_round = lay.add("round", 1, "round / rounds")
        self.o_round_left = lay.add("round_left", 1, "seconds left in the round / round time (capped at 3)",
                                    high=3.0)
        self.o_move_left = lay.add("move_left", 1, "seconds left to move / move time (capped at 10)",
                                   high=10.0)
        self.o_deadline = lay.add("deadline", 1, "seconds to the next deadline, squashed: t / (t + 10)")
        on_sale = " ".join(kind_token(k) for k in ON_SALE_CANDIDATES)
        self.o_sale = lay.add("on_sale", len(ON_SALE_CANDIDATES), f"1 for each kind on sale ({on_sale})")
        self.deal_size = 2 * h + 2
        self.o_deals = lay.add("deals", n * self.deal_size, f"per relative seat, its open deal: 1 if any, "
                               f"the object offered one-hot ({h} held kinds), the price squashed "
                               f"p / (p + 10), the units asked one-hot ({h} held kinds)")
        # Positions looked up by the view's words (no arithmetic on the hot path).
        self.phase_at = {name: self.o_phase + i for i, name in enumerate(PHASES)}
        self.phase_over = self.phase_at["over"]
        self.hand_at = {text: self.o_hand + i for text, i in CARD_INDEX.items()}
        self.hand_unit = 1.0 / cfg.hand_size
        self.inventory_at = {token: self.o_inv + OBJECT_INDEX[kind] for token, kind in KIND_OF_TOKEN.items()
                             if kind in OBJECT_INDEX}
        self.zeros = self.blank()
        self._fast_tables()

    def encode(self, view: View, memory: Any) -> np.ndarray:
        """The vector of one seat's view (see the layout); missing keys read as empty."""
        n = self.n
        cfg = self.cfg
        seat = view["seat"]
        assert seat is not None, "an observation is a seat's"
        table: Mapping[str, Any] = view["table"]  # read with defaults: missing keys are empty
        get = table.get
        o = self.zeros[:]
        o[self.phase_at.get(view["phase"], self.phase_over)] = 1.0
        at = self.o_acting
        for s in view["actors"]:
            o[at + (s - seat) % n] = 1.0
        teams = get("teams") or ["?"] * n
        mine = TEAM_SIGN.get(teams[seat], 0.0)
        card_at, unit = self.hand_at, self.hand_unit
        for text in get("hand", ()):
            o[card_at[text]] += unit
        x = get("coins", 0)
        o[self.o_coins] = x / (abs(x) + 10)  # squash(x, 10), as every squash below
        inventory_at = self.inventory_at
        for token, count in (get("inventory") or {}).items():
            position = inventory_at.get(token)
            if position is not None:
                o[position] = count / (abs(count) + 3)
        bank = get("bank") or {}
        full = bank.get("full_charge") or cfg.full_charge
        x = bank.get("charge", 0) / full
        x = x if x < 1.0 else 1.0  # max(-1, min(1, x))
        o[self.o_charge] = x if x > -1.0 else -1.0
        x = bank.get("pot", 0)
        o[self.o_pot] = x / (abs(x) + 1000)
        x = bank.get("invincible_moves", 0)
        o[self.o_shield] = x / (abs(x) + 3)
        if get("direction", 1) > 0:
            o[self.o_dir] = 1.0
        if get("second_move"):
            o[self.o_combo] = 1.0
        order = get("order") or []
        place = {s: i for i, s in enumerate(order)}
        cards, objects = get("cards") or [0] * n, get("objects") or [0] * n
        quits, lose = get("quit") or [False] * n, get("loses_turns") or [0] * n
        scores = view["scores"]
        hand_size = cfg.hand_size
        o_team, o_order, o_cards, o_objects = self.o_team, self.o_order, self.o_cards, self.o_objects
        o_quit, o_lose, o_scores = self.o_quit, self.o_lose, self.o_scores
        for r in range(n):
            s = seat + r
            if s >= n:
                s -= n
            o[o_team + r] = TEAM_SIGN.get(teams[s], 0.0)
            i = place.get(s)
            o[o_order + r] = 1.0 if i is None else i / n
            x = cards[s] / hand_size
            o[o_cards + r] = 1.0 if x > 1.0 else x
            x = objects[s]
            o[o_objects + r] = x / (abs(x) + 5)
            if quits[s]:
                o[o_quit + r] = 1.0
            x = lose[s] / 3
            o[o_lose + r] = 1.0 if x > 1.0 else x
            x = scores[s]
            o[o_scores + r] = x / (abs(x) + 2000)
        sums = get("team_scores") or {}
        plus, minus = sums.get("+", 0), sums.get("-", 0)
        own, other = (minus, plus) if mine < 0 else (plus, minus)
        o[self.o_team_scores] = own / (abs(own) + 5000)
        o[self.o_team_scores + 1] = other / (abs(other) + 5000)
        rounds = get("rounds") or cfg.rounds
        x = get("round", 0) / rounds
        o[self.o_round] = 1.0 if x > 1.0 else x
        now = view.get("now") or 0.0
        until = get("round_ends_at")
        if until is not None:
            x = until - now
            x = (0.0 if x < 0.0 else x) / cfg.round_time
            o[self.o_round_left] = 3.0 if x > 3.0 else x
        until = get("move_ends_at")
        if until is not None:
            x = until - now
            x = (0.0 if x < 0.0 else x) / cfg.move_time
            o[self.o_move_left] = 10.0 if x > 10.0 else x
        until = view.get("deadline")
        if until is not None:
            x = until - now
            x = 0.0 if x < 0.0 else x
            o[self.o_deadline] = x / (abs(x) + 10)
        shop = get("shop")
        if shop:
            for item in shop.get("on_sale", ()):
                index = SALE_INDEX.get(item.get("object"))
                if index is not None:
                    o[self.o_sale + index] = 1.0
            h = len(HELD_KINDS)
            for offer in shop.get("offers", ()):
                base = self.o_deals + ((offer["seller"] - seat) % n) * self.deal_size
                o[base] = 1.0
                kind, units = KIND_OF_TOKEN.get(offer.get("object")), KIND_OF_TOKEN.get(offer.get("units"))
                if kind is not None:
                    o[base + 1 + HELD_INDEX[kind]] = 1.0
                o[base + 1 + h] = squash(offer.get("price", 0), 10)
                if units is not None:
                    o[base + 2 + h + HELD_INDEX[units]] = 1.0
        return np.frombuffer(o, FLOAT32)

    def _fast_tables(self) -> None:
        """The positions and values `encode_state` looks up instead of working them out at every step
        (each the same float `encode` works out, so the vectors are equal bit for bit)."""
        n = self.n
        cfg = self.cfg
        # By the state's kinds: the view's token, then the position `encode` finds for it.
        self.kind_at = {kind: self.inventory_at[kind_token(kind)] for kind in OBJECTS_HELD
                        if kind_token(kind) in self.inventory_at}
        self.sale_at = {kind: self.o_sale + SALE_INDEX[kind_token(kind)] for kind in OBJECTS
                        if kind_token(kind) in SALE_INDEX}
        self.held_at = {kind: HELD_INDEX[KIND_OF_TOKEN[kind_token(kind)]] for kind in OBJECTS
                        if kind_token(kind) in KIND_OF_TOKEN}
        self.places = (self.o_coins, self.o_charge, self.o_pot, self.o_shield, self.o_dir, self.o_combo,
                       self.o_team_scores, self.o_round, self.o_round_left, self.o_move_left, self.o_deadline)
        per_seat = (self.o_team, self.o_cards, self.o_objects, self.o_scores)
        self.seat_at = [[tuple(at + (s - seat) % n for at in per_seat) for s in range(n)]
                        for seat in range(n)]
        """Seen from each seat, the positions of every seat s's team, cards, objects and score (its quit
        and lost turns are n and 2n places after its objects)."""
        self.acting_at = [tuple(self.o_acting + (s - seat) % n for s in range(n)) for seat in range(n)]
        # Small counts' values: cards / hand size (capped at 1), squash(objects, 5), squash(units, 3).
        self.cards_of = [1.0 if x > 1.0 else x for x in (k / cfg.hand_size for k in range(cfg.hand_size + 1))]
        self.objects_of = [k / (abs(k) + 5) for k in range(SMALL_COUNTS)]
        self.units_of = [k / (abs(k) + 3) for k in range(SMALL_COUNTS)]
        # Rows kept as they are met: the hand field per hand (counts per card int), and seen from each
        # seat the order field per play order.
        self.hand_rows: dict[tuple[int, ...], array] = {}
        self.order_rows: list[dict[tuple[int, ...], array]] = [{} for _ in range(n)]

    def _hand_row(self, hand: tuple[int, ...]) -> array:
        """The hand field of a hand (counts per card int), added up as `encode` does, kept for next time
        (there are 18,564 hands of up to 6 cards)."""
        row = array("f", bytes(4 * NUM_CARDS))
        unit = self.hand_unit
        for card, count in enumerate(hand):
            for _ in range(count):
                row[card] += unit
        return kept(self.hand_rows, hand, row)

    def _order_row(self, seat: int, order: tuple[int, ...]) -> array:
        """The order field seen from `seat`, as `encode` fills it, kept for next time."""
        n = self.n
        row = array("f", [1.0] * n)
        for i, s in enumerate(order):
            row[(s - seat) % n] = i / n
        return kept(self.order_rows[seat], order, row)

    def encode_state(self, state: BankState, seat: int) -> np.ndarray:
        """`encode`'s vector from the seat's observation (`games.bank.observe`): the seat's own hand,
        coins and objects, and of the other seats only what the view shows (their card and object
        counts, teams, scores...)."""
        # the observation is a plain tuple: unpacked at once (`BankObservation` gives the order)
        (phase, on_turn, team, active, done, hand_counts, inv, full_charge, rounds, charge, pot, shield,
         direction, second_move, order, cards_by_seat, objects_by_seat, loses_turns, scores, round_, now,
         round_end, move_end, deadline, on_sale, offers) = observe(state, seat)
        (at_coins, at_charge, at_pot, at_shield, at_dir, at_combo, at_team_scores, at_round, at_round_left,
         at_move_left, at_deadline) = self.places
        n = self.n
        cfg = self.cfg
        o = self.zeros[:]
        o[self.phase_at.get(phase, self.phase_over)] = 1.0
        acting_at = self.acting_at[seat]
        if phase == PLAY:
            o[acting_at[on_turn]] = 1.0
        elif phase == LOBBY:
            for s in range(n):
                if active[s] and not team[s]:
                    o[acting_at[s]] = 1.0
        elif phase == SHOP:
            for s in range(n):
                if active[s] and not done[s]:
                    o[acting_at[s]] = 1.0
        hand = tuple(hand_counts)
        row = self.hand_rows.get(hand)
        if row is None:
            row = self._hand_row(hand)
        at = self.o_hand
        o[at:at + NUM_CARDS] = row
        x: float = inv.get("coins", 0)
        o[at_coins] = x / (abs(x) + 10)  # squash(x, 10), as every squash below
        kind_at, units_of = self.kind_at, self.units_of
        for kind, count in inv.items():  # never a zero count
            position = kind_at.get(kind)
            if position is not None:
                try:
                    o[position] = units_of[count]
                except IndexError:
                    o[position] = count / (abs(count) + 3)
        x = charge / (full_charge or cfg.full_charge)
        x = x if x < 1.0 else 1.0
        o[at_charge] = x if x > -1.0 else -1.0
        x = pot
        o[at_pot] = x / (abs(x) + 1000)
        x = shield
        if x:
            o[at_shield] = x / (abs(x) + 3)
        if direction > 0:
            o[at_dir] = 1.0
        if second_move:
            o[at_combo] = 1.0
        key = tuple(order)
        row = self.order_rows[seat].get(key)
        if row is None:
            row = self._order_row(seat, key)
        at = self.o_order
        o[at:at + n] = row
        cards_of, objects_of = self.cards_of, self.objects_of
        quit_after, lose_after = n, 2 * n
        sums = [0, 0, 0]  # by team: none, +, - (index -1)
        for (at_team, at_cards, at_objects, at_score), t, cards, objects, lost, x, alive in zip(
                self.seat_at[seat], team, cards_by_seat, objects_by_seat, loses_turns, scores, active,
                strict=True):
            if t:
                o[at_team] = t
            try:  # counts only, as the view's `cards` and `objects` (never negative)
                o[at_cards] = cards_of[cards]
            except IndexError:
                o[at_cards] = 1.0
            try:
                o[at_objects] = objects_of[objects]
            except IndexError:
                o[at_objects] = objects / (abs(objects) + 5)
            if lost:
                lost /= 3
                o[at_objects + lose_after] = 1.0 if lost > 1.0 else lost
            if x:
                o[at_score] = x / (abs(x) + 2000)
            if alive:  # as team_scores(): seats that quit are left out
                sums[t] += x
            else:
                o[at_objects + quit_after] = 1.0
        own, other_team = (sums[-1], sums[1]) if team[seat] < 0 else (sums[1], sums[-1])
        o[at_team_scores] = own / (abs(own) + 5000)
        o[at_team_scores + 1] = other_team / (abs(other_team) + 5000)
        x = round_ / (rounds or cfg.rounds)
        o[at_round] = 1.0 if x > 1.0 else x
        # the view's round(now, 3), skipped on whole milliseconds (as `to_ms`)
        if not (now.__class__ is float and 0.0 <= now <= EXACT_UP_TO and round(now * 1000) / 1000 == now):
            now = round(now, 3)
        until: float | None
        if phase == PLAY:
            until = move_end
            x = round_end - now
            x = (0.0 if x < 0.0 else x) / cfg.round_time
            o[at_round_left] = 3.0 if x > 3.0 else x
            x = until - now
            x = (0.0 if x < 0.0 else x) / cfg.move_time
            o[at_move_left] = 10.0 if x > 10.0 else x
            if round_end < until:  # deadline(): the sooner of the two
                until = round_end
        else:
            until = deadline
        if until is not None:
            x = until - now
            x = 0.0 if x < 0.0 else x
            o[at_deadline] = x / (abs(x) + 10)
        if phase == SHOP:
            sale_at = self.sale_at
            for kind in on_sale:
                position = sale_at.get(kind)
                if position is not None:
                    o[position] = 1.0
            held_at, size, h = self.held_at, self.deal_size, len(HELD_KINDS)
            for seller, offer in offers.items():  # public: every deal was told
                base = self.o_deals + ((seller - seat) % n) * size
                o[base] = 1.0
                index = held_at.get(offer.kind)
                if index is not None:
                    o[base + 1 + index] = 1.0
                x = offer.price
                o[base + 1 + h] = x / (abs(x) + 10)
                index = held_at.get(offer.units)
                if index is not None:
                    o[base + 2 + h + index] = 1.0
        return np.frombuffer(o, FLOAT32)
