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

from typing import Any

import numpy as np

from ..core import View
from ..games.valence.cards import DECK_SIZE, ELEMENT_COUNTS, ELEMENTS, MOLECULE_TYPES, RECIPES, TYPE_IDS
from ..games.valence.chemistry import normalise_name
from ..games.valence.legality import REACTIONS
from .config import GameConfig
from .encoding import FLOAT32
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


class Encoder(BaseEncoder):
    """The valence observation (n = players; per-seat fields start with the observing seat)."""

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
        self.hand_at = {symbol: self.o_hand + i for symbol, i in ELEMENT_INDEX.items()}
        self.placing_at = {symbol: self.o_placing + i for symbol, i in ELEMENT_INDEX.items()}
        self.top_at = {symbol: self.o_top + i for symbol, i in ELEMENT_INDEX.items()}
        self.bank_at = tuple((kind, self.o_bank + i, self.type_copies[i]) for i, kind in enumerate(TYPE_IDS))
        self.stash_at = [{card: self.o_stash + r * m + i for card, i in STASH_INDEX.items()}
                         for r in range(n)]
        self.zeros = self.blank()

    def encode(self, view: View, memory: Any) -> np.ndarray:
        """The vector of one seat's view (see the layout)."""
        n = self.n
        seat = view["seat"]
        table = view["table"]
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
