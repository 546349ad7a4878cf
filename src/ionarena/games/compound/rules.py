"""The state machine of Ion: A Compound Building Game (the rules as played here, the rulebook's
sentences and every ruling: docs/rules/compound.md).

A round is a sequence of turns; each turn has up to three phases:
- `pick`: every player secretly commits a pick (`pick Cl`), optionally first choosing Action
  Tiles (`two`, `center Mg`, `rxn`); `actors()` lists everyone who has not committed yet.
- `center`: if several wanted the same centre card, each who lost out names another (`center F`).
- `declare`: everyone with revealed cards declares, one card at a time, how it is played
  (`unbonded`, or `bond Mg Cl Cl` with their own unbonded cards). Cards with no bond are placed
  automatically. Then Play Two hands get their refill and every hand passes left.
When every hand is down to 2 cards they go to the discard pile, and the round ends with:
- `rxn`: RXN players, in flip order, re-form their area (`best`, or `take X`/`take none`,
  `form ...` and `done`);
- `refresh`: players whose compounds hold an icon polyatomic ion choose tiles to flip face up
  (`refresh rxn`) when they have more face-down tiles than refreshes.
After three rounds the game is over.

The phases live in their own modules and read top to bottom: `pick.py`, `declare.py` and `rxn.py`
(RXN, scoring, refresh and the end of the game), on `base.py` (the fields, seat order, the deal of a
round). This module puts them together: who acts, what is legal, dispatching an action to its
phase, results, copies and text. Events are data (`EVENT_FIELDS`). What the rules hide stays
private: a player's tile choices and picks are seen by that player alone until the reveal; the
others are told only that a player has picked (a `pick` event without its card, once the choice
is complete).
"""

from __future__ import annotations

import random
from typing import Any, Self

from ionarena.core import HOST, Actor, IllegalAction, SharedRng

from .actions import CENTER, RXN, TAKE_NONE, TILES, Move, format_move, parse_move, rxn_too_late, why_illegal
from .base import PHASES, ROUNDS, hand_size, seat_order
from .bonding import bond_options, formable
from .pick import Pick
from .views import CompoundTable, compound_data, table_view

__all__ = ["EVENT_FIELDS", "PHASES", "ROUNDS", "CompoundState", "hand_size"]

EVENT_FIELDS = {
    # a round is dealt: its goal cards and centre cards
    "round": ("round", "first", "goals", "center"),
    # only the player: a tile chosen for this turn's pick (`card`: the centre card wanted)
    "tile": ("player", "tile", "card"),
    # the player reads the card; the others only that the player has picked (`done`, no `card`)
    "pick": ("player", "card", "done"),
    # the picks and tiles of a player, revealed when everyone has picked
    "reveal": ("turn", "player", "cards", "tiles", "center"),
    "center": ("player", "card"),                   # takes a centre card (Play From Center)
    "center_lost": ("player", "card", "to"),        # wanted `card`; `to` came first in seat order
    "center_empty": ("player",),                    # nothing left in the centre: the tile stays up
    # a radioactive card placed; `revealed`: how many were revealed this turn, table-wide
    "radioactive": ("player", "card", "points", "revealed"),
    "unbonded": ("player", "card", "auto"),         # played unbonded (`auto`: no bond was possible)
    # the revealed `card` forms a compound of `cards` (+ formula, name, points, refresh)
    "bond": ("player", "card", "cards"),
    "refill": ("player", "to"),                     # Play Two: a deck card joins the hand passed to `to`
    "pass": ("turn",),                              # every hand passes left
    "round_end": ("round", "discard"),              # the last cards of the hands are discarded
    # RXN resolved by the engine's best arrangement, `card` taken from `source` (or None)
    "rxn_best": ("player", "card", "source", "compounds"),
    "rxn_take": ("player", "card", "source"),       # RXN by hand: every bond broken, `card` taken
    "form": ("player", "cards"),                    # RXN by hand: a compound re-formed (+ formula, ...)
    "rxn_done": ("player",),
    "score": ("player", "round", "compounds", "noble_gases", "goals", "radioactive", "total"),
    "refresh": ("player", "tiles"),                 # face-down tiles flipped up by polyatomic compounds
    "end_bonus": ("player", "tiles", "decay"),      # end of game: face-up tiles, decay ranking
    "game_end": ("winners", "scores"),
}
"""Every event compound emits, with its fields (cards as their ids, transition metals with their side)."""


class CompoundState(Pick):
    """A game of Ion: A Compound Building Game (see the module docstring for the phases)."""

    game_id = "compound"
    EVENT_FIELDS = EVENT_FIELDS
    __slots__ = ()

    # -- the protocol ------------------------------------------------------------------------------

    def actors(self) -> list[int]:
        """Pick: everyone not committed; center: the next player to re-choose; declare: everyone
        with revealed cards to place; rxn/refresh: the one player deciding."""
        phase = self.phase
        if phase == "pick":
            committed = self.committed
            return [p for p in seat_order(self.first, self.num_players) if not committed[p]]
        if phase == "center":
            return self.losers[:1]
        if phase == "declare":
            pending = self.pending
            return [p for p in seat_order(self.first, self.num_players) if pending[p]]
        if phase == "rxn":
            return [self.rxn_order[self.rxn_index]]
        if phase == "refresh":
            return [p for p in self._seat_order() if self.refresh_due[p]][:1]
        return []

    def _legal_actions(self, player: int) -> list[Move]:
        """Every legal move of `player` now, in a fixed order."""
        phase = self.phase
        if phase == "pick":
            if self.committed[player]:
                return []
            return self._pick_moves(player)
        if phase == "declare":
            pending = self.pending[player]
            if not pending:
                return []
            return list(bond_options(pending[0], self.unbonded[player]).moves)
        if player not in self.actors():
            return []
        if phase == "center":
            return [CENTER[c] for c in sorted(set(self.center))]
        if phase == "rxn":
            if self.rxn_stage == "start":
                return [Move("best"), TAKE_NONE, *(Move("take", (c,)) for c in self.rxn_extras())]
            return list(formable(self.unbonded[player]).moves)
        return [Move("refresh", (t,)) for t in TILES if not self.tile_up(player, t)]

    def is_legal(self, p: int, move: object) -> bool:
        """True if `move` is one of `p`'s legal moves now (checked without listing them all)."""
        if move.__class__ is not Move:
            return False
        kind, args = move
        if kind.__class__ is not str or args.__class__ is not tuple:
            return False
        for a in args:
            if a.__class__ is not str:
                return False
        phase = self.phase
        if phase == "pick" and kind == "pick":
            if len(args) != 1 or self.committed[p]:
                return False
            card = args[0]
            return self.hands[p].count(card) > self.picks[p].count(card)
        if phase == "declare":
            if not self.pending[p]:
                return False
            if kind == "unbonded":
                return not args
            return kind == "bond" and self._may_bond(p, args)
        if phase == "rxn" and kind == "form" and self.rxn_stage != "start":
            return p == self.rxn_order[self.rxn_index] and args in formable(self.unbonded[p]).tokens
        return move in self._legal_actions(p)

    def _apply(self, player: Actor, action: Move) -> None:
        phase = self.phase
        if player is not HOST and (not self.committed[player] if phase == "pick"
                                   else phase == "declare" and self.pending[player]):
            p = player  # may act: checked without listing the actors (the hot path)
        else:
            if action == RXN and phase != "pick" and isinstance(player, int) and not self.is_over():
                raise IllegalAction(rxn_too_late(self))  # RXN is flipped only with a pick
            p = self.require_actor(player)
        if not self.is_legal(p, action):
            raise IllegalAction(why_illegal(self, p, action))
        if phase == "pick":
            self._apply_pick(p, action)
        elif phase == "center":
            self._apply_center(p, action)
        elif phase == "declare":
            self._declare(p, action)
            self._auto_declare()
        elif phase == "rxn":
            self._apply_rxn(p, action)
        else:
            self._apply_refresh(p, action)

    # -- results -----------------------------------------------------------------------------------

    def is_over(self) -> bool:
        """True after the third round has been scored."""
        return self.phase == "over"

    def scores(self) -> list[float]:
        """Points so far: every scored round, plus unused tiles and decay once the game is over."""
        totals = [0.0] * self.num_players
        for rs in self.round_scores:
            for p, parts in enumerate(rs):
                totals[p] += parts["total"]
        if self.end_bonus is not None:
            for p, bonus in enumerate(self.end_bonus):
                totals[p] += bonus["tiles"] + bonus["decay"]
        return totals

    def stats(self) -> dict[str, float]:
        """Turns played and rounds reached."""
        return {"turns": self.turns_total, "rounds": self.round, "capped": 0}

    def phase_name(self) -> str:
        """`pick`, `center` (choose another centre card), `declare`, `rxn`, `refresh` or `over`."""
        return self.phase

    # -- copies ------------------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (the per-round logs `passed` and `picked` are immutable: shared)."""
        new = object.__new__(type(self))
        self._copy_base_into(new)
        new.rng = self.rng.fork()
        new.round = self.round
        new.turn = self.turn
        new.turns_total = self.turns_total
        new.phase = self.phase
        new.first = self.first
        new.rxn_index = self.rxn_index
        new.rxn_stage = self.rxn_stage
        new.end_bonus = self.end_bonus  # set once at the end, never mutated
        new.passed = self.passed
        new.picked = self.picked
        new.deck = self.deck[:]
        new.center = self.center[:]
        new.discard = self.discard[:]
        new.goals = self.goals[:]
        new.hands = [h[:] for h in self.hands]
        new.compounds = [c[:] for c in self.compounds]
        new.unbonded = [u[:] for u in self.unbonded]
        new.radio = [r[:] for r in self.radio]
        new.kept = [k[:] for k in self.kept]
        new.tiles = [t[:] for t in self.tiles]
        new.picks = [p[:] for p in self.picks]
        new.committed = self.committed[:]
        new.want_two = self.want_two[:]
        new.want_center = self.want_center[:]
        new.want_rxn = self.want_rxn[:]
        new.pending = [p[:] for p in self.pending]
        new.losers = self.losers[:]
        new.refills = self.refills[:]
        new.rxn_order = self.rxn_order[:]
        new.refresh_due = self.refresh_due[:]
        new.round_scores = self.round_scores[:]  # lists of dicts never mutated once appended
        return new

    def known_hand(self, seat: int | None, holder: int) -> list[str]:
        """The cards of `holder`'s hand that `seat` knows are there: those left of the hand `seat` itself
        passed on (every pick since is revealed), not the Play Two refills added since; every card of
        `seat`'s own hand; nothing for a spectator."""
        return self._split_hand(seat, holder)[0]

    def _split_hand(self, seat: int | None, holder: int) -> tuple[list[str], list[str]]:
        """`holder`'s hand as (the cards `seat` knows are there, the others)."""
        hand = self.hands[holder]
        if seat is None:
            return [], list(hand)
        if seat == holder:
            return list(hand), []
        n = self.num_players
        ago = (holder - seat) % n  # `seat` passed this hand `ago` turns ago, if it ever held it
        passed_turn = self.turn - ago
        if passed_turn < 1 or passed_turn > len(self.passed):
            return [], list(hand)
        known: dict[str, int] = {}
        for c in self.passed[passed_turn - 1][seat]:
            known[c] = known.get(c, 0) + 1
        picked = self.picked
        for i in range(1, ago + 1):
            turn = passed_turn + i
            if turn > len(picked):
                break
            for c in picked[turn - 1][(seat + i) % n]:
                if c in known:
                    known[c] -= 1
        found: list[str] = []
        rest: list[str] = []
        for c in hand:
            k = known.get(c, 0)
            if k > 0:
                known[c] = k - 1
                found.append(c)
            else:
                rest.append(c)
        return found, rest

    def _determinize(self, player: int | None, rng: random.Random) -> Self:
        """A copy in which what `player` cannot see is resampled with `rng`: the deck order, the cards
        of other hands it has not seen (it knows what is left of a hand it passed on, except Play Two
        refills), and other players' hidden choices.

        Before the reveal only whether a player has committed is public: another player's tile
        choices (Play Two, Play From Center and its card, RXN) are dropped and a committed player
        holds one resampled pick, so the copy tells nothing of what they chose."""
        new = self.clone()
        new.rng = SharedRng(rng.getrandbits(64))
        others = [q for q in range(self.num_players) if q != player]
        pool = list(new.deck)
        kept: dict[int, list[str]] = {}
        for q in others:
            kept[q], rest = self._split_hand(player, q)
            pool.extend(rest)
        # The unseen cards in a fixed order before the shuffle: the copy depends on what `player`
        # knows and on `rng` only, never on the real deal.
        pool.sort()
        rng.shuffle(pool)
        for q in others:
            size = len(new.hands[q])
            new.hands[q] = sorted(kept[q] + [pool.pop() for _ in range(size - len(kept[q]))])
            if new.phase == "pick":
                new.want_two[q] = new.want_rxn[q] = False
                new.want_center[q] = None
                new.picks[q] = rng.sample(new.hands[q], 1) if new.committed[q] else []
        new.deck = pool
        # What other seats passed on is theirs to know: a copy made for `player` forgets it.
        new.passed = tuple(tuple(h if s == player else () for s, h in enumerate(turn))
                           for turn in self.passed)
        return new

    # -- text --------------------------------------------------------------------------------------

    def format_action(self, action: Move) -> str:
        """`pick Cl`, `two`, `center Mg`, `rxn`, `unbonded`, `best`, `take none`, `take Cl`, `done`,
        `refresh rxn`; bonds name their compound: `bond Mg OH OH = Mg(OH)2 — magnesium hydroxide`."""
        return format_move(action)

    def _parse_action(self, player: Actor, text: str) -> Move:
        """The move `text` names for `player` (see `actions.parse_move`)."""
        return parse_move(self, player, text)

    # -- views and events --------------------------------------------------------------------------

    def _view(self, player: int | None) -> CompoundTable:
        """What `player` sees: their own hand and pick; every player's area, tiles and scores; the
        goals, centre, discard pile and deck size. Never others' hands or picks."""
        return table_view(self, player)

    def _event_data(self, kind: str, payload: Any) -> dict[str, Any]:
        data = dict(zip(EVENT_FIELDS[kind], payload, strict=True))
        if kind == "bond" or kind == "form":
            data.update(compound_data(payload[-1]))
        elif kind == "pick":
            if payload[1] is None:
                del data["card"]  # the others learn that a player has picked, never what
        elif kind == "rxn_best":
            data["compounds"] = [compound_data(c) for c in payload[3]]
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return data
