"""valence (Science Ninjas: Valence) for RL: its action index and observation encoding.

Action index, from the card data (`games/valence/data`), in this order:
`draw`, `draw discard`, `redraw`; `place <element>` per element; the builds — `build <formula>` per
molecule in the data file's order, or in the ninja variant `build <cards> as <name>` for every name
of its multiple choice (the systematic names of the molecules of its type and the type's name);
`helium`; unless beginner: `react <reactor> <seat> <target>` per reaction (reactor, then target, in
molecule order) and seat 0..n-1, then `trade <salt>` per Salt; `end`; `discard <element>` per element.

Observation: the view only (no memory): phase, the seat's hand and the cards it is placing as
counts per element, the discard pile's top card and size, deck size, hand sizes, the molecule bank,
every stash (counts per molecule and Helium), who skips their draw, first turn, Trade Up used,
failed Science Ninja builds, built types (cooperative), points and turns.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from ..core import View
from ..games.valence.cards import DECK_SIZE, ELEMENT_COUNTS, ELEMENTS, MOLECULE_TYPES, RECIPES, TYPE_IDS
from ..games.valence.chemistry import normalise_name
from ..games.valence.legality import REACTIONS
from ..games.valence.observe import observe
from ..games.valence.rules import ValenceState
from ..games.valence.scoring import stash_points
from ..games.valence.views import ValenceTable
from .config import GameConfig
from .encoding import FLOAT32, kept
from .encoding import Encoder as BaseEncoder

PHASES = ("draw", "build", "place", "discard", "over")
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
FORMULAS = tuple(RECIPES)
"""Molecules in the data file's order."""
STASH_CARDS = (*FORMULAS, "He")
STASH_INDEX = {card: i for i, card in enumerate(STASH_CARDS)}
ELEMENT_INDEX = {symbol: i for i, symbol in enumerate(ELEMENTS)}
TYPE_INDEX = {t: i for i, t in enumerate(TYPE_IDS)}


def ninja_choices(formula: str) -> tuple[str, ...]:
    """The names a Science Ninja build of `formula` offers, alphabetically: every molecule name of
    its type and the type's own name (the game's multiple choice)."""
    kind = RECIPES[formula].type
    names = {normalise_name(r.name) for r in RECIPES.values() if r.type == kind}
    return tuple(sorted(names | {normalise_name(MOLECULE_TYPES[kind].label)}))


def action_texts(config: GameConfig) -> list[str]:
    """Every action text of valence at this configuration (see the module docstring)."""
    texts = ["draw", "draw discard", "redraw"]
    texts += [f"place {e}" for e in ELEMENTS]
    for formula, recipe in RECIPES.items():
        if config.variant == "ninja":
            texts += [f"build {' '.join(recipe.cards)} as {name}" for name in ninja_choices(formula)]
        else:
            texts.append(f"build {formula}")
    texts.append("helium")
    if config.variant != "beginner":
        for reactor, target in sorted(REACTIONS, key=lambda r: (FORMULAS.index(r[0]), FORMULAS.index(r[1]))):
            texts += [f"react {reactor} {seat} {target}" for seat in range(config.players)]
        texts += [f"trade {f}" for f, r in RECIPES.items() if r.type == "salt"]
    texts.append("end")
    texts += [f"discard {e}" for e in ELEMENTS]
    return texts


class Encoder(BaseEncoder[ValenceState]):
    """The valence observation (n = players; per-seat fields start with the observing seat)."""

    fast = True

    def __init__(self, config: GameConfig):
        super().__init__(config)
        n = self.n = config.players
        e, m = len(ELEMENTS), len(STASH_CARDS)
        most = float(max(ELEMENT_COUNTS))
        lay = self.layout
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_acting = lay.add("acting", 1, "1 when this seat is to decide now")
        self.o_hand = lay.add("hand", e, f"element cards held, per element ({' '.join(ELEMENTS)})", high=most)
        self.o_placing = lay.add("placing", e, "used cards still to place on the discard pile, per element",
                                 high=most)
        self.o_top = lay.add("discard_top", e, "one-hot: the discard pile's top card (zeros: empty)")
        self.o_discard = lay.add("discard_size", 1, f"cards in the discard pile / {DECK_SIZE}")
        self.o_deck = lay.add("deck_size", 1, f"cards in the deck / {DECK_SIZE}")
        self.o_sizes = lay.add("hand_sizes", n, "cards per hand / 10, relative seats", high=DECK_SIZE / 10)
        self.o_bank = lay.add("bank", len(TYPE_IDS), "molecule cards left in the bank / copies, per type ("
                              + " ".join(TYPE_IDS) + ")")
        most_stashed = max(*(t.copies for t in MOLECULE_TYPES.values()), ELEMENT_COUNTS[ELEMENT_INDEX["He"]])
        self.o_stash = lay.add("stashes", n * m, f"per relative seat, {m} counts: each molecule (data file "
                               "order) then Helium", high=float(most_stashed))
        self.o_skip = lay.add("skip_draw", n, "1 for seats that skip their next draw (reacted with), "
                              "relative")
        self.o_first = lay.add("first_turn", 1, "1 on the player's first turn (no Helium yet)")
        self.o_traded = lay.add("traded_up", 1, "1 once Trade Up was used this turn")
        self.o_failed = lay.add("failed_builds", len(FORMULAS), "1 for molecules named wrongly this turn "
                                "(ninja)")
        self.o_built = -1
        if config.variant == "cooperative":
            self.o_built = lay.add("built_types", len(TYPE_IDS), "1 for each molecule type built "
                                   "(cooperative)")
        self.o_points = lay.add("points", n, "stash points / 10 (capped at 5), relative seats", high=5.0)
        self.o_turn = lay.add("turn", 1, "turns played / turn cap")
        self.stash_size = m
        self.type_copies = [MOLECULE_TYPES[t].copies for t in TYPE_IDS]
        # Positions looked up by the view's words (no arithmetic on the hot path).
        self.phase_at = {name: self.o_phase + i for i, name in enumerate(PHASES)}
        self.phase_over = self.phase_at["over"]
        self.hand_at = {symbol: self.o_hand + i for symbol, i in ELEMENT_INDEX.items()}
        self.placing_at = {symbol: self.o_placing + i for symbol, i in ELEMENT_INDEX.items()}
        self.top_at = {symbol: self.o_top + i for symbol, i in ELEMENT_INDEX.items()}
        self.bank_at = tuple((kind, self.o_bank + i, self.type_copies[i]) for i, kind in enumerate(TYPE_IDS))
        self.stash_at = [{card: self.o_stash + r * m + i for card, i in STASH_INDEX.items()}
                         for r in range(n)]
        # The fast path's fields, and its caches of their values by contents (see `encode_state`).
        self.hand_slice = slice(self.o_hand, self.o_hand + e)
        self.placing_slice = slice(self.o_placing, self.o_placing + e)
        self.bank_slice = slice(self.o_bank, self.o_bank + len(TYPE_IDS))
        self.stash_slices = [slice(self.o_stash + r * m, self.o_stash + (r + 1) * m) for r in range(n)]
        self.counts_cache: dict[tuple[int, ...], array] = {}
        self.bank_cache: dict[tuple[int, ...], array] = {}
        self.stash_cache: dict[tuple[str, ...], tuple[array, float]] = {}
        self.zeros = self.blank()

    def encode(self, view: View, memory: Any) -> np.ndarray:
        """The vector of one seat's view (see the layout)."""
        n = self.n
        seat = view["seat"]
        assert seat is not None, "an observation is a seat's"
        table: ValenceTable = view["table"]
        o = self.zeros[:]
        o[self.phase_at[view["phase"]]] = 1.0
        if seat in view["actors"]:
            o[self.o_acting] = 1.0
        at = self.hand_at
        for symbol in table["hand"]:
            o[at[symbol]] += 1.0
        at = self.placing_at
        for symbol in table["placing"]:
            o[at[symbol]] += 1.0
        top = table["discard_top"]
        if top is not None:
            o[self.top_at[top]] = 1.0
        o[self.o_discard] = table["discard_size"] / DECK_SIZE
        o[self.o_deck] = table["deck_size"] / DECK_SIZE
        bank = table["bank"]
        for kind, i, copies in self.bank_at:
            o[i] = bank[kind] / copies
        sizes, stashes, skips = table["hand_sizes"], table["stashes"], table["skip_draw"]
        scores = view["scores"]
        stash_at = self.stash_at
        o_sizes, o_skip, o_points = self.o_sizes, self.o_skip, self.o_points
        for r in range(n):
            s = seat + r
            if s >= n:
                s -= n
            o[o_sizes + r] = sizes[s] / 10
            at = stash_at[r]
            for card in stashes[s]:
                o[at[card]] += 1.0
            if skips[s]:
                o[o_skip + r] = 1.0
            points = scores[s] / 10
            o[o_points + r] = 5.0 if points > 5.0 else points
        if table["first_turn"]:
            o[self.o_first] = 1.0
        if table["traded_up"]:
            o[self.o_traded] = 1.0
        for formula in table["failed_builds"]:
            o[self.o_failed + STASH_INDEX[formula]] = 1.0
        if self.o_built >= 0:
            for kind in table.get("built_types", ()):
                o[self.o_built + TYPE_INDEX[kind]] = 1.0
        turn = table["turn"] / table["turn_cap"]
        o[self.o_turn] = 1.0 if turn > 1.0 else turn
        return np.frombuffer(o, FLOAT32)

    def encode_state(self, state: ValenceState, seat: int) -> np.ndarray:
        """`encode`'s vector from the seat's observation (`games.valence.observe`): the public fields
        and the seat's own hand (other hands only by their sizes). The seat's hand and the cards to
        place are count vectors in `ELEMENTS` order already. The values of a count vector, of a
        stash (its counts and points) and of the bank change far less often than they are observed:
        each is made once and then looked up by its contents (`_counts`, `_stash`, `_bank`)."""
        # the observation is a plain tuple: unpacked at once (`ValenceObservation` gives the order)
        (phase, acting, hand, pending, discard, deck_size, bank, stashes, sizes, skips, first_turn, traded,
         failed, built_types, turn, turn_cap) = observe(state, seat)
        n = self.n
        o = self.zeros[:]
        o[self.phase_at[phase]] = 1.0
        if acting:
            o[self.o_acting] = 1.0
        counts = self.counts_cache
        key = tuple(hand)
        values = counts.get(key)
        o[self.hand_slice] = values if values is not None else self._counts(key)
        if any(pending):
            key = tuple(pending)
            values = counts.get(key)
            o[self.placing_slice] = values if values is not None else self._counts(key)
        if discard:
            o[self.top_at[discard[-1]]] = 1.0
        o[self.o_discard] = len(discard) / DECK_SIZE
        o[self.o_deck] = deck_size / DECK_SIZE
        values = self.bank_cache.get(tuple(bank.values()))
        o[self.bank_slice] = values if values is not None else self._bank(bank)
        stash_cache, stash_slices = self.stash_cache, self.stash_slices
        o_sizes, o_skip, o_points = self.o_sizes, self.o_skip, self.o_points
        for r in range(n):
            s = seat + r
            if s >= n:
                s -= n
            o[o_sizes + r] = sizes[s] / 10
            stash = stashes[s]
            if stash:
                held = tuple(stash)
                found = stash_cache.get(held)
                if found is None:
                    found = self._stash(held)
                o[stash_slices[r]], o[o_points + r] = found
            if skips[s]:
                o[o_skip + r] = 1.0
        if first_turn:
            o[self.o_first] = 1.0
        if traded:
            o[self.o_traded] = 1.0
        for formula in failed:
            o[self.o_failed + STASH_INDEX[formula]] = 1.0
        if self.o_built >= 0:
            for kind in built_types:
                o[self.o_built + TYPE_INDEX[kind]] = 1.0
        share = turn / turn_cap
        o[self.o_turn] = 1.0 if share > 1.0 else share
        return np.frombuffer(o, FLOAT32)

    def _counts(self, key: tuple[int, ...]) -> array:
        """A count vector's values, kept in `counts_cache`."""
        return kept(self.counts_cache, key, array("f", key))

    def _bank(self, bank: dict[str, int]) -> array:
        """The bank field (cards left / copies, per type), kept in `bank_cache` by the bank's counts:
        the bank lists its types in `TYPE_IDS` order (the rules make it so and copies keep it), which
        lets the counts alone stand for it."""
        assert tuple(bank) == TYPE_IDS, "the bank's types are not in TYPE_IDS order"
        values = [bank[kind] / copies for kind, _, copies in self.bank_at]
        return kept(self.bank_cache, tuple(bank.values()), array("f", values))

    def _stash(self, stash: tuple[str, ...]) -> tuple[array, float]:
        """A stash's part of the stashes field (counts per molecule, then Helium) and its points field
        (the view's score, `stash_points`, / 10 capped at 5), kept in `stash_cache`."""
        counts = array("f", bytes(4 * self.stash_size))
        for card in stash:
            counts[STASH_INDEX[card]] += 1.0
        points = float(stash_points(stash)) / 10
        return kept(self.stash_cache, stash, (counts, 5.0 if points > 5.0 else points))
