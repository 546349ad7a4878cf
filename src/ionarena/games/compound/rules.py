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

Events are data (`EVENT_FIELDS`). What the rules hide stays private: a player's tile choices and
picks are seen by that player alone until the reveal; the others are told only that a player has
picked (a `pick` event without its card, once the choice is complete).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Self

from ionarena.core import HOST, Action, Actor, IllegalAction, SharedRng, State, View

from .bonding import bond_options, formable
from .cards import CARDS, GOALS, card_of, deck_for, is_charged
from .chemistry import Recipe, match
from .moves import (
    CENTER,
    PICK,
    RXN,
    TAKE_NONE,
    TILES,
    TWO,
    Move,
    format_move,
    parse_move,
    rxn_too_late,
    why_illegal,
)
from .scoring import best_arrangement, decay_awards, radioactive_points, refreshes, round_breakdown
from .views import compound_data, table_view

ROUNDS = 3
PHASES = ("pick", "center", "declare", "rxn", "refresh", "over")

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


@cache
def _seat_order(first: int, n: int) -> tuple[int, ...]:
    """The seats in round order, from the round's first player."""
    return tuple((first + i) % n for i in range(n))


@cache
def _deck(variant: str) -> tuple[str, ...]:
    """The element deck of `variant` before shuffling (`deck_for`, made once)."""
    return tuple(deck_for(variant))


_KIND = {c: card.kind for c, card in CARDS.items()}
"""Each card's kind ("ion", "transition", "noble", "radioactive")."""
TWO_TILE, CENTER_TILE, RXN_TILE = (TILES.index(t) for t in ("two", "center", "rxn"))


def hand_size(variant: str) -> int:
    """Cards dealt to each player: 10, or 9 in the Beginner game."""
    return 9 if variant == "beginner" else 10


class CompoundState(State):
    """A game of Ion: A Compound Building Game (see the module docstring for the phases)."""

    game_id = "compound"
    EVENT_FIELDS = EVENT_FIELDS
    __slots__ = (
        "center",
        "committed",
        "compounds",
        "deck",
        "discard",
        "end_bonus",
        "first",
        "goals",
        "hands",
        "kept",
        "losers",
        "passed",
        "pending",
        "phase",
        "picked",
        "picks",
        "radio",
        "refills",
        "refresh_due",
        "rng",
        "round",
        "round_scores",
        "rxn_index",
        "rxn_order",
        "rxn_stage",
        "tiles",
        "turn",
        "turns_total",
        "unbonded",
        "want_center",
        "want_rxn",
        "want_two",
    )

    def __init__(self, num_players: int, variant: str = "standard", seed: int = 0,
                 options: dict[str, Any] | None = None, *, deal: bool = True):
        super().__init__(num_players, variant, seed, options)
        n = num_players
        self.rng = SharedRng(seed)
        self.round = 0
        self.turn = 0
        self.turns_total = 0
        self.phase = "pick"
        self.first = 0
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []
        self.center: list[str] = []
        self.discard: list[str] = []
        self.goals: list[str] = []
        self.compounds: list[list[tuple[str, ...]]] = [[] for _ in range(n)]
        self.unbonded: list[list[str]] = [[] for _ in range(n)]
        self.radio: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.kept: list[list[str]] = [[] for _ in range(n)]
        self.tiles: list[list[bool]] = [[True] * 3 if variant != "beginner" else [] for _ in range(n)]
        self.pending: list[list[str]] = [[] for _ in range(n)]
        self.losers: list[int] = []
        self.refills: list[int] = []
        self.rxn_order: list[int] = []
        self.rxn_index = 0
        self.rxn_stage = ""
        self.refresh_due = [0] * n
        self.round_scores: list[list[dict[str, int]]] = []
        self.end_bonus: list[dict[str, int]] | None = None
        self.passed: tuple[tuple[tuple[str, ...], ...], ...] = ()
        self.picked: tuple[tuple[tuple[str, ...], ...], ...] = ()
        self._clear_commits()
        if deal:
            self._start_round()

    # -- small helpers ----------------------------------------------------------------------------

    def _seat_order(self) -> tuple[int, ...]:
        return _seat_order(self.first, self.num_players)

    def tile_up(self, p: int, tile: str) -> bool:
        """True if player `p` has the Action Tile `tile` (`two`, `center`, `rxn`) face up."""
        return bool(self.tiles[p]) and self.tiles[p][TILES.index(tile)]

    def _set_tile(self, p: int, tile: str, up: bool) -> None:
        self.tiles[p][TILES.index(tile)] = up

    # -- round set-up -----------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.turn = 1
        n = self.num_players
        self.first = (self.round - 1) % n
        rng = self.rng.get()
        deck = list(_deck(self.variant))
        for kept in self.kept:
            for c in kept:
                deck.remove(c)
        rng.shuffle(deck)
        goals = list(GOALS)
        rng.shuffle(goals)
        self.goals = goals[:3]
        size = hand_size(self.variant)
        hands = []
        for _ in range(n):  # each hand takes the deck's last `size` cards, the last one first
            hand = deck[-size:]
            hand.reverse()
            del deck[-size:]
            hands.append(hand)
        self.hands = hands
        self.center = []
        self.discard = []
        if self.variant != "beginner":
            aside: list[str] = []
            while len(self.center) < 4 and deck:
                c = deck.pop()
                (aside if c in self.center else self.center).append(c)
            if aside:
                deck.extend(aside)
                rng.shuffle(deck)
        self.deck = deck
        self.compounds = [[] for _ in range(n)]
        self.unbonded = [[] for _ in range(n)]
        self.radio = [[] for _ in range(n)]
        self.passed = ()
        self.picked = ()
        self._clear_commits()
        self.phase = "pick"
        self._emit("round", (self.round, self.first, tuple(self.goals), tuple(self.center)))

    def _clear_commits(self) -> None:
        n = self.num_players
        self.picks: list[list[str]] = [[] for _ in range(n)]
        self.committed = [False] * n
        self.want_two = [False] * n
        self.want_center: list[str | None] = [None] * n
        self.want_rxn = [False] * n

    # -- the protocol -----------------------------------------------------------------------------

    def actors(self) -> list[int]:
        """Pick: everyone not committed; center: the next player to re-choose; declare: everyone
        with revealed cards to place; rxn/refresh: the one player deciding."""
        phase = self.phase
        if phase == "pick":
            committed = self.committed
            return [p for p in _seat_order(self.first, self.num_players) if not committed[p]]
        if phase == "center":
            return self.losers[:1]
        if phase == "declare":
            pending = self.pending
            return [p for p in _seat_order(self.first, self.num_players) if pending[p]]
        if phase == "rxn":
            return [self.rxn_order[self.rxn_index]]
        if phase == "refresh":
            return [p for p in self._seat_order() if self.refresh_due[p]][:1]
        return []

    def _may_act(self, p: int) -> bool:
        phase = self.phase
        if phase == "pick":
            return not self.committed[p]
        if phase == "declare":
            return bool(self.pending[p])
        return p in self.actors()

    def _legal_actions(self, player: int) -> list[Action]:
        """Every legal move of `player` now, in a fixed order."""
        phase = self.phase
        if phase == "pick":
            if self.committed[player]:
                return []
            return self._pick_moves(player)  # type: ignore[return-value]
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

    def bond_options(self, p: int) -> list[Recipe]:
        """The compounds player `p` may form with their next revealed card and their unbonded cards."""
        return list(bond_options(self.pending[p][0], self.unbonded[p]).recipes)

    def _may_bond(self, p: int, tokens: tuple[str, ...]) -> bool:
        """True if `tokens` is one of `bond_options(p)` (checked without listing them)."""
        return tokens in bond_options(self.pending[p][0], self.unbonded[p]).tokens

    @staticmethod
    def formable(pool: list[str]) -> list[Recipe]:
        """Every compound these cards can form (RXN by hand)."""
        return list(formable(pool).recipes)

    def rxn_extras(self) -> list[str]:
        """The cards RXN may take: any charged card (ion or transition metal) in the centre or the
        discard pile (both public). RULING (Ion Arena): the card is taken "to use in forming your
        compounds", so never a noble gas or a radioactive card, which never bond."""
        return sorted({c for c in [*self.center, *self.discard] if is_charged(c)})

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

    def _apply(self, player: Actor, action: Action) -> None:
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
        assert isinstance(action, Move)
        if phase == "pick":
            self._apply_pick(p, action)
        elif phase == "center":
            self._grant_center(p, action.args[0])
            self.losers.pop(0)
            self._resolve_losers()
        elif phase == "declare":
            self._declare(p, action)
            self._auto_declare()
        elif phase == "rxn":
            self._apply_rxn(p, action)
        else:
            tile = action.args[0]
            self._set_tile(p, tile, True)
            self.refresh_due[p] -= 1
            self._emit("refresh", (p, (tile,)))
            if not any(self.refresh_due):
                self._end_round()

    # -- pick and reveal --------------------------------------------------------------------------

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
        order = _seat_order(self.first, self.num_players)
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

    def _place_revealed(self) -> None:
        """Noble gases and radioactive cards never bond: place them; then ask for declarations."""
        kind_of = _KIND
        pending = self.pending
        hot = 0
        for pend in pending:
            for c in pend:
                if kind_of[c] == "radioactive":
                    hot += 1
        for p in _seat_order(self.first, self.num_players):
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
        for p in _seat_order(self.first, self.num_players):
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

    # -- round end --------------------------------------------------------------------------------

    def _start_rxn(self) -> None:
        self.rxn_index = 0
        if self.rxn_order:
            self.phase = "rxn"
            self.rxn_stage = "start"
        else:
            self._score_round()

    def area_cards(self, p: int) -> list[str]:
        """Player `p`'s bonded and unbonded cards as card ids (radioactive cards not included)."""
        return [card_of(t) for comp in self.compounds[p] for t in comp] + list(self.unbonded[p])

    def _take_extra(self, c: str) -> str:
        if c in self.center:
            self.center.remove(c)
            return "center"
        self.discard.remove(c)
        return "discard"

    def _apply_rxn(self, p: int, move: Move) -> None:
        kind = move.kind
        if kind == "best":
            # the most the player finishes with: the round's points and the tiles it flips face up
            best = best_arrangement(self.area_cards(p), self.goals, self.rxn_extras(),
                                    self.tiles[p].count(False))
            source = self._take_extra(best.extra) if best.extra is not None else None
            self.compounds[p] = list(best.compounds)
            self.unbonded[p] = list(best.unbonded)
            self._emit("rxn_best", (p, best.extra, source, tuple(best.compounds)))
            self._next_rxn()
        elif kind == "take":
            pool = self.area_cards(p)
            card = None if move == TAKE_NONE else move.args[0]
            source = None
            if card is not None:
                source = self._take_extra(card)
                pool.append(card)
            self.compounds[p] = []
            self.unbonded[p] = sorted(pool)
            self.rxn_stage = "form"
            self._emit("rxn_take", (p, card, source))
        elif kind == "form":
            r = match(move.args)
            assert r is not None
            for c in r.cards:
                self.unbonded[p].remove(c)
            self.compounds[p].append(r.tokens)
            self._emit("form", (p, r.tokens))
        else:
            self._emit("rxn_done", (p,))
            self._next_rxn()

    def _next_rxn(self) -> None:
        self.rxn_index += 1
        self.rxn_stage = "start"
        if self.rxn_index >= len(self.rxn_order):
            self._score_round()

    def _score_round(self) -> None:
        self.rxn_order = []
        self.rxn_index = 0
        scores = []
        for p in range(self.num_players):
            parts = round_breakdown(self.goals, self.compounds[p], self.unbonded[p],
                                    [pts for _, pts in self.radio[p]])
            scores.append(parts)
            self._emit("score", (p, self.round, parts["compounds"], parts["noble_gases"], parts["goals"],
                                 parts["radioactive"], parts["total"]))
        self.round_scores.append(scores)
        self.phase = "refresh"
        self.refresh_due = [0] * self.num_players
        for p in range(self.num_players):
            if not self.tiles[p]:
                continue
            k = refreshes(self.compounds[p])
            down = [t for t in TILES if not self.tile_up(p, t)]
            if k >= len(down):
                for t in down:
                    self._set_tile(p, t, True)
                if down:
                    self._emit("refresh", (p, tuple(down)))
            else:
                self.refresh_due[p] = k
        if not any(self.refresh_due):
            self._end_round()

    def _end_round(self) -> None:
        for p in range(self.num_players):
            self.kept[p].extend(c for c, _ in self.radio[p])
            self.radio[p] = []
        if self.round >= ROUNDS:
            self._finish()
        else:
            self._start_round()

    def _finish(self) -> None:
        self.phase = "over"
        decays = [sum(CARDS[c].decay for c in kept) for kept in self.kept]
        awards = decay_awards(decays) if self.variant == "advanced" else [0] * self.num_players
        self.end_bonus = [{"tiles": 2 * sum(self.tiles[p]), "decay": awards[p]}
                          for p in range(self.num_players)]
        for p, bonus in enumerate(self.end_bonus):
            self._emit("end_bonus", (p, bonus["tiles"], bonus["decay"]))
        self._emit("game_end", (tuple(self.winners()), tuple(int(s) for s in self.scores())))

    # -- results ----------------------------------------------------------------------------------

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

    # -- copies -----------------------------------------------------------------------------------

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

    # -- text -------------------------------------------------------------------------------------

    def format_action(self, action: Action) -> str:
        """`pick Cl`, `two`, `center Mg`, `rxn`, `unbonded`, `best`, `take none`, `take Cl`, `done`,
        `refresh rxn`; bonds name their compound: `bond Mg OH OH = Mg(OH)2 — magnesium hydroxide`."""
        return format_move(action)

    def _parse_action(self, player: Actor, text: str) -> Action:
        """The move `text` names for `player` (see `moves.parse_move`)."""
        return parse_move(self, player, text)

    # -- views and events -------------------------------------------------------------------------

    def _view(self, player: int | None) -> View:
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
