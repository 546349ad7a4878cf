"""The state machine of Ion: A Compound Building Game.

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
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple, Self

from ionarena.core import IllegalAction, SharedRng, State, View

from .cards import (
    CARDS,
    GOALS,
    IONS,
    card_of,
    deck_for,
    tokens_of,
)
from .chemistry import Recipe, match, recipe, why_not
from .scoring import best_arrangement, decay_awards, radioactive_points, refreshes, round_breakdown
from .views import TILES, table_view

ROUNDS = 3
TILE_NAMES = {"two": "Play Two", "center": "Play From Center", "rxn": "RXN"}
MAX_EVENTS = 8


class Move(NamedTuple):
    """An action: `kind` and its words, e.g. Move("bond", ("Mg", "Cl", "Cl")) is `bond Mg Cl Cl`."""

    kind: str
    args: tuple[str, ...] = ()


UNBONDED = Move("unbonded")
TAKE_NONE = Move("take", ("none",))


def hand_size(variant: str) -> int:
    """Cards dealt to each player: 10, or 9 in the Beginner game."""
    return 9 if variant == "beginner" else 10


class CompoundState(State):
    """A game of Ion: A Compound Building Game (see the module docstring for the phases)."""

    game_id = "compound"
    __slots__ = (
        "actions_taken",
        "center",
        "committed",
        "compounds",
        "deck",
        "discard",
        "end_bonus",
        "events",
        "first",
        "goals",
        "hands",
        "kept",
        "losers",
        "pending",
        "phase",
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
                 options: dict[str, Any] | None = None, *, _blank: bool = False):
        super().__init__(num_players, variant, seed, options)
        if _blank:
            return
        n = num_players
        self.rng = SharedRng(seed)
        self.round = 0
        self.turn = 0
        self.turns_total = 0
        self.actions_taken = 0
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
        self.picks: list[list[str]] = [[] for _ in range(n)]
        self.committed = [False] * n
        self.want_two = [False] * n
        self.want_center: list[str | None] = [None] * n
        self.want_rxn = [False] * n
        self.pending: list[list[str]] = [[] for _ in range(n)]
        self.losers: list[int] = []
        self.refills: list[int] = []
        self.rxn_order: list[int] = []
        self.rxn_index = 0
        self.rxn_stage = ""
        self.refresh_due = [0] * n
        self.round_scores: list[list[dict[str, int]]] = []
        self.end_bonus: list[dict[str, int]] | None = None
        self.events: list[str] = []
        self._start_round()

    # -- small helpers ----------------------------------------------------------------------------

    def _seat_order(self) -> list[int]:
        n = self.num_players
        return [(self.first + i) % n for i in range(n)]

    def _event(self, text: str) -> None:
        self.events.append(text)
        if len(self.events) > MAX_EVENTS:
            del self.events[0]

    def _tile_up(self, p: int, tile: str) -> bool:
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
        held = Counter(c for kept in self.kept for c in kept)
        deck = deck_for(self.variant)
        for c, k in held.items():
            for _ in range(k):
                deck.remove(c)
        rng.shuffle(deck)
        goals = list(GOALS)
        rng.shuffle(goals)
        self.goals = goals[:3]
        size = hand_size(self.variant)
        self.hands = [[deck.pop() for _ in range(size)] for _ in range(n)]
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
        self._clear_commits()
        self.phase = "pick"
        names = ", ".join(GOALS[g].name for g in self.goals)
        self._event(f"Round {self.round} begins (player {self.first} first); goals: {names}.")

    def _clear_commits(self) -> None:
        n = self.num_players
        self.picks = [[] for _ in range(n)]
        self.committed = [False] * n
        self.want_two = [False] * n
        self.want_center = [None] * n
        self.want_rxn = [False] * n

    # -- the protocol -----------------------------------------------------------------------------

    def actors(self) -> list[int]:
        """Pick: everyone not committed; center: the next player to re-choose; declare: everyone
        with revealed cards to place; rxn/refresh: the one player deciding."""
        if self.phase == "pick":
            return [p for p in self._seat_order() if not self.committed[p]]
        if self.phase == "center":
            return self.losers[:1]
        if self.phase == "declare":
            return [p for p in self._seat_order() if self.pending[p]]
        if self.phase == "rxn":
            return [self.rxn_order[self.rxn_index]]
        if self.phase == "refresh":
            return [p for p in self._seat_order() if self.refresh_due[p]][:1]
        return []

    def _legal_actions(self, player: int) -> list[Move]:  # type: ignore[override]
        """Every legal move of `player` now, in a fixed order."""
        if player not in self.actors():
            return []
        if self.phase == "pick":
            return self._pick_moves(player)
        if self.phase == "center":
            return [Move("center", (c,)) for c in sorted(set(self.center))]
        if self.phase == "declare":
            return [UNBONDED] + [Move("bond", r.tokens) for r in self.bond_options(player)]
        if self.phase == "rxn":
            if self.rxn_stage == "start":
                return [Move("best"), TAKE_NONE] + [Move("take", (c,)) for c in self._rxn_extras()]
            return [Move("done")] + [Move("form", r.tokens) for r in self._formable(self.unbonded[player])]
        if self.phase == "refresh":
            return [Move("refresh", (t,)) for t in TILES if not self._tile_up(player, t)]
        return []

    def _pick_moves(self, p: int) -> list[Move]:
        moves: list[Move] = []
        if not self.picks[p]:
            if self._tile_up(p, "two") and not self.want_two[p] and self.deck:
                moves.append(Move("two"))
            if self._tile_up(p, "center") and self.want_center[p] is None:
                moves += [Move("center", (c,)) for c in sorted(set(self.center))]
            if self._tile_up(p, "rxn") and not self.want_rxn[p]:
                moves.append(Move("rxn"))
        left = Counter(self.hands[p])
        left.subtract(self.picks[p])
        moves += [Move("pick", (c,)) for c in sorted(c for c, k in left.items() if k > 0)]
        return moves

    def bond_options(self, p: int) -> list[Recipe]:
        """The compounds player `p` may form with their next revealed card and their unbonded cards."""
        new = self.pending[p][0]
        have = Counter(self.unbonded[p])
        found: dict[tuple[str, ...], Recipe] = {}
        for tok in tokens_of(new):
            positive = IONS[tok].charge > 0
            for other in sorted(have):
                for otok in tokens_of(other):
                    r = recipe(tok, otok) if positive else recipe(otok, tok)
                    if r is None:
                        continue
                    need = Counter(card_of(t) for t in r.tokens)
                    need[new] -= 1
                    if all(have[c] >= k for c, k in need.items()):
                        found[r.tokens] = r
        return [found[k] for k in sorted(found)]

    @staticmethod
    def _formable(pool: list[str]) -> list[Recipe]:
        have = Counter(pool)
        found: dict[tuple[str, ...], Recipe] = {}
        for c in sorted(have):
            for a in sorted(have):
                for ct in tokens_of(c):
                    for at in tokens_of(a):
                        r = recipe(ct, at)
                        if r is not None and all(have[x] >= k for x, k in Counter(r.cards).items()):
                            found[r.tokens] = r
        return [found[k] for k in sorted(found)]

    def _rxn_extras(self) -> list[str]:
        return sorted({c for c in [*self.center, *self.discard] if CARDS[c].kind != "radioactive"})

    def _apply(self, player: int | None, action: Any) -> None:
        p = self.require_actor(player)
        if not isinstance(action, Move) or action not in self.legal_actions(p):
            raise IllegalAction(self._why_illegal(p, action))
        self.actions_taken += 1
        kind = action.kind
        if self.phase == "pick":
            self._apply_pick(p, action)
        elif self.phase == "center":
            self._grant_center(p, action.args[0])
            self.losers.pop(0)
            self._resolve_losers()
        elif self.phase == "declare":
            self._declare(p, action)
            self._auto_declare()
        elif self.phase == "rxn":
            self._apply_rxn(p, action)
        elif self.phase == "refresh" and kind == "refresh":
            self._set_tile(p, action.args[0], True)
            self.refresh_due[p] -= 1
            self._event(f"Player {p} flips {TILE_NAMES[action.args[0]]} face up again.")
            if not any(self.refresh_due):
                self._end_round()

    # -- pick and reveal --------------------------------------------------------------------------

    def _apply_pick(self, p: int, move: Move) -> None:
        if move.kind == "two":
            self.want_two[p] = True
        elif move.kind == "center":
            self.want_center[p] = move.args[0]
        elif move.kind == "rxn":
            self.want_rxn[p] = True
        else:
            self.picks[p].append(move.args[0])
            if len(self.picks[p]) == (2 if self.want_two[p] else 1):
                self.committed[p] = True
                if all(self.committed):
                    self._reveal()

    def _reveal(self) -> None:
        self.refills = []
        parts = []
        for p in self._seat_order():
            for c in self.picks[p]:
                self.hands[p].remove(c)
            self.pending[p] = list(self.picks[p])
            text = f"player {p} reveals {' and '.join(self.picks[p])}"
            used = []
            if self.want_two[p]:
                self._set_tile(p, "two", False)
                self.refills.append(p)
                used.append("Play Two")
            if self.want_center[p] is not None:
                self._set_tile(p, "center", False)
                used.append(f"Play From Center ({self.want_center[p]})")
            if self.want_rxn[p]:
                self._set_tile(p, "rxn", False)
                self.rxn_order.append(p)
                used.append("RXN")
            parts.append(text + (f" using {', '.join(used)}" if used else ""))
        self._event(f"Turn {self.turn}: " + "; ".join(parts) + ".")
        self.losers = []
        claimed = set()
        for p in self._seat_order():
            want = self.want_center[p]
            if want is None:
                continue
            if want in self.center and want not in claimed:
                claimed.add(want)
                self._grant_center(p, want)
            else:
                self.losers.append(p)
        self._resolve_losers()

    def _grant_center(self, p: int, c: str) -> None:
        self.center.remove(c)
        self.pending[p].append(c)
        self._event(f"Player {p} takes {c} from the center.")

    def _resolve_losers(self) -> None:
        while self.losers and not self.center:
            p = self.losers.pop(0)
            self._set_tile(p, "center", True)
            self._event(f"The center is empty: player {p}'s Play From Center tile stays face up.")
        if self.losers:
            self.phase = "center"
            return
        self._place_revealed()

    def _place_revealed(self) -> None:
        """Noble gases and radioactive cards never bond: place them; then ask for declarations."""
        hot = [c for pend in self.pending for c in pend if CARDS[c].kind == "radioactive"]
        if hot:
            pts = radioactive_points(len(hot))
            how = {4: "face up (+4)", 2: "rotated (+2)", 0: "face down (+0)"}[pts]
            self._event(f"{len(hot)} radioactive card(s) revealed this turn: {how}.")
        for p in range(self.num_players):
            keep = []
            for c in self.pending[p]:
                kind = CARDS[c].kind
                if kind == "radioactive":
                    self.radio[p].append((c, radioactive_points(len(hot))))
                elif kind == "noble":
                    self.unbonded[p].append(c)
                else:
                    keep.append(c)
            self.pending[p] = keep
        self.phase = "declare"
        self._auto_declare()

    def _declare(self, p: int, move: Move) -> None:
        new = self.pending[p].pop(0)
        if move.kind == "unbonded":
            self.unbonded[p].append(new)
            self._event(f"Player {p} plays {new} unbonded.")
            return
        r = match(list(move.args))
        assert r is not None
        used = list(r.cards)
        used.remove(new)
        for c in used:
            self.unbonded[p].remove(c)
        self.compounds[p].append(r.tokens)
        self._event(f"Player {p} bonds {r.label()} ({r.points} points).")

    def _auto_declare(self) -> None:
        for p in range(self.num_players):
            while self.pending[p] and not self.bond_options(p):
                c = self.pending[p].pop(0)
                self.unbonded[p].append(c)
        if not any(self.pending):
            self._pass_hands()

    def _pass_hands(self) -> None:
        for p in self.refills:
            if self.deck:
                self.hands[p].append(self.deck.pop())
        self.refills = []
        n = self.num_players
        self.hands = [self.hands[(p - 1) % n] for p in range(n)]
        self._clear_commits()
        self.turns_total += 1
        if all(len(h) <= 2 for h in self.hands):
            for h in self.hands:
                self.discard.extend(h)
            self.hands = [[] for _ in range(n)]
            self._event(f"Round {self.round} ends: the last cards go to the discard pile.")
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
            return "the center"
        self.discard.remove(c)
        return "the discard pile"

    def _apply_rxn(self, p: int, move: Move) -> None:
        if move.kind == "best":
            best = best_arrangement(self.area_cards(p), self.goals, self._rxn_extras())
            where = ""
            if best.extra is not None:
                where = f" taking {best.extra} from {self._take_extra(best.extra)}"
            self.compounds[p] = list(best.compounds)
            self.unbonded[p] = list(best.unbonded)
            names = ", ".join(match(list(c)).label() for c in best.compounds) or "no compounds"  # type: ignore[union-attr]
            self._event(f"Player {p} resolves RXN{where}: {names}.")
            self._next_rxn()
        elif move.kind == "take":
            pool = self.area_cards(p)
            text = "no extra card"
            if move != TAKE_NONE:
                c = move.args[0]
                text = f"{c} from {self._take_extra(c)}"
                pool.append(c)
            self.compounds[p] = []
            self.unbonded[p] = sorted(pool)
            self.rxn_stage = "form"
            self._event(f"Player {p} resolves RXN: breaks every bond and takes {text}.")
        elif move.kind == "form":
            r = match(list(move.args))
            assert r is not None
            for c in r.cards:
                self.unbonded[p].remove(c)
            self.compounds[p].append(r.tokens)
            self._event(f"Player {p} re-forms {r.label()}.")
        else:
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
            self._event(f"Player {p} scores {parts['total']} in round {self.round}.")
        self.round_scores.append(scores)
        self.phase = "refresh"
        self.refresh_due = [0] * self.num_players
        for p in range(self.num_players):
            if not self.tiles[p]:
                continue
            k = refreshes(self.compounds[p])
            down = [t for t in TILES if not self._tile_up(p, t)]
            if k >= len(down):
                for t in down:
                    self._set_tile(p, t, True)
                if down:
                    self._event(f"Player {p} refreshes {', '.join(TILE_NAMES[t] for t in down)}.")
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
        totals = self.scores()
        self._event("Game over: " + ", ".join(f"player {p} {int(s)}" for p, s in enumerate(totals)) + ".")

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

    # -- copies -----------------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy."""
        new = type(self).__new__(type(self))
        self._copy_base_into(new)
        new.rng = self.rng.fork()
        for name in ("round", "turn", "turns_total", "actions_taken", "phase", "first", "rxn_index",
                     "rxn_stage", "end_bonus"):
            setattr(new, name, getattr(self, name))
        new.deck = list(self.deck)
        new.center = list(self.center)
        new.discard = list(self.discard)
        new.goals = list(self.goals)
        new.hands = [list(h) for h in self.hands]
        new.compounds = [list(c) for c in self.compounds]
        new.unbonded = [list(u) for u in self.unbonded]
        new.radio = [list(r) for r in self.radio]
        new.kept = [list(k) for k in self.kept]
        new.tiles = [list(t) for t in self.tiles]
        new.picks = [list(p) for p in self.picks]
        new.committed = list(self.committed)
        new.want_two = list(self.want_two)
        new.want_center = list(self.want_center)
        new.want_rxn = list(self.want_rxn)
        new.pending = [list(p) for p in self.pending]
        new.losers = list(self.losers)
        new.refills = list(self.refills)
        new.rxn_order = list(self.rxn_order)
        new.refresh_due = list(self.refresh_due)
        new.round_scores = [list(r) for r in self.round_scores]  # the dicts are never mutated
        new.events = list(self.events)
        return new

    def determinize(self, player: int | None, rng: random.Random) -> Self:
        """A copy in which other players' hands, their hidden picks and the deck order are resampled.

        Before the reveal only whether a player has committed is public: another player's tile
        choices (Play Two, Play From Center and its card, RXN) are dropped and a committed player
        holds one resampled pick, so the copy tells nothing of what they chose."""
        new = self.clone()
        new.rng = SharedRng(rng.getrandbits(64))
        others = [q for q in range(self.num_players) if q != player]
        pool = list(new.deck)
        for q in others:
            pool.extend(new.hands[q])
        rng.shuffle(pool)
        for q in others:
            size = len(new.hands[q])
            new.hands[q] = [pool.pop() for _ in range(size)]
            if new.phase == "pick":
                new.want_two[q] = new.want_rxn[q] = False
                new.want_center[q] = None
                new.picks[q] = rng.sample(new.hands[q], 1) if new.committed[q] else []
        new.deck = pool
        return new

    # -- text -------------------------------------------------------------------------------------

    def format_action(self, action: Any) -> str:
        """`pick Cl`, `two`, `center Mg`, `rxn`, `unbonded`, `best`, `take none`, `take Cl`, `done`,
        `refresh rxn`; bonds name their compound: `bond Mg OH OH = Mg(OH)2 — magnesium hydroxide`."""
        text = " ".join((action.kind, *action.args))
        if action.kind in ("bond", "form"):
            r = match(list(action.args))
            if r is not None:
                text += f" = {r.label()}"
        return text

    def _parse_action(self, player: int | None, text: str) -> Move:
        """The move `text` names for `player`. `bond`/`form` accept the full text, the cards alone in
        any order (`bond Mg Cl Cl`, `bond Cl Mg Cl`) or the formula (`bond MgCl2`) when only one of
        the options has it."""
        words = text.split()
        if player is None or player not in self.actors():
            if self.is_over():
                raise IllegalAction("the game is over")
            raise IllegalAction(f"player {player} has nothing to decide now")
        canonical = " ".join(words)
        by_formula: list[Move] = []
        for move in self.legal_actions(player):
            if canonical in (self.format_action(move), " ".join((move.kind, *move.args))):
                return move
            if move.kind in ("bond", "form") and words[:1] == [move.kind] \
                    and sorted(words[1:]) == sorted(move.args):
                return move  # the cards in any order: `bond Cl Mg Cl`
            if move.kind in ("bond", "form") and len(words) == 2 and words[0] == move.kind:
                r = match(list(move.args))
                if r is not None and r.formula == words[1]:
                    by_formula.append(move)
        if len(by_formula) == 1:
            return by_formula[0]
        if by_formula:
            choices = " or ".join(" ".join((m.kind, *m.args)) for m in by_formula)
            raise IllegalAction(f"{words[1]} can be made two ways here: say {choices}")
        raise IllegalAction(self._why_illegal(player, Move(words[0], tuple(words[1:])) if words else None))

    def _why_illegal(self, p: int, move: Any) -> str:
        if not isinstance(move, Move):
            return f"that is not a move; try one of: {self._hint(p)}"
        kind, args = move.kind, move.args
        if self.phase == "pick":
            if kind == "pick" and len(args) == 1:
                return f"you have no {args[0]} left to pick in your hand"
            if kind in ("two", "center", "rxn"):
                if kind == "center" and args and args[0] not in self.center:
                    return f"there is no {args[0]} in the center"
                return f"you cannot use {TILE_NAMES[kind]} now (used already, face down, or chosen)"
        if self.phase == "declare" and kind == "bond":
            reason = why_not(list(args))
            if reason:
                return f"{' '.join(args)} is not a compound: {reason}"
            return (f"you cannot bond {' '.join(args)}: it must hold your revealed "
                    f"{self.pending[p][0]} and only your unbonded cards")
        if self.phase == "rxn" and kind == "form":
            reason = why_not(list(args))
            return f"{' '.join(args)} is not a compound: {reason}" if reason else \
                "those cards are not all among your unbonded cards"
        return f"{' '.join((kind, *args))!r} is not possible now; try one of: {self._hint(p)}"

    def _hint(self, p: int) -> str:
        moves = [self.format_action(m) for m in self.legal_actions(p)]
        return ", ".join(moves[:8]) + (" …" if len(moves) > 8 else "")

    # -- views ------------------------------------------------------------------------------------

    def _view(self, player: int | None) -> View:
        """What `player` sees: their own hand and commit; every player's area, tiles and scores; the
        goals, center, discard pile and deck size; recent events. Never others' hands or picks."""
        return table_view(self, player)

