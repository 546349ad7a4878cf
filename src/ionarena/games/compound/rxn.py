"""The end of a round: RXN (re-forming an area, by the engine's best arrangement or by hand), the
scoring of the round, the refresh of Action Tiles by polyatomic compounds, and the end of the game.

"Flipping this Tile in a round allows you to freely rearrange any or all of the Element Cards in
your player area, re-bonding to form new compounds however you choose" (the rulebook, RXN; rulings:
docs/rules/compound.md).
"""

from __future__ import annotations

from .actions import TAKE_NONE, TILES, Move
from .base import ROUNDS, CompoundBase
from .bonding import formable
from .cards import CARDS, card_of, is_charged
from .chemistry import Recipe, match
from .scoring import best_arrangement, decay_awards, refreshes, round_breakdown


class Rxn(CompoundBase):
    """RXN, scoring, refresh and the end of the game (see the module docstring)."""

    __slots__ = ()

    def rxn_extras(self) -> list[str]:
        """The cards RXN may take: any charged card (ion or transition metal) in the centre or the
        discard pile (both public). RULING (Ion Arena): the card is taken "to use in forming your
        compounds", so never a noble gas or a radioactive card, which never bond."""
        return sorted({c for c in [*self.center, *self.discard] if is_charged(c)})

    @staticmethod
    def formable(pool: list[str]) -> list[Recipe]:
        """Every compound these cards can form (RXN by hand)."""
        return list(formable(pool).recipes)

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

    # -- scoring and refresh -----------------------------------------------------------------------

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

    def _apply_refresh(self, p: int, move: Move) -> None:
        """A face-down tile flipped up (a compound with an icon polyatomic ion refreshes it)."""
        tile = move.args[0]
        self._set_tile(p, tile, True)
        self.refresh_due[p] -= 1
        self._emit("refresh", (p, (tile,)))
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
