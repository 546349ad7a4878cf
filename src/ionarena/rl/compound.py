"""compound (Ion: A Compound Building Game) for RL: its action index and observation encoding.

Picks are simultaneous: in the AEC env each picker decides in turn (a committed pick stays hidden
from the others until the reveal), in the Parallel env all pickers decide in one step.

Action index, built with the game's own move values and formatter (`games/compound/actions.py`)
from the card data of the variant, in this order: `pick <card>` per card of the variant's deck (data
file order); unless beginner, the tiles `two`, `rxn` and `center <card>` per card; `unbonded`;
`bond <ions> = <formula> — <name>` per compound the variant's cards can form (the chemistry's
order: `all_recipes()`); the RXN moves `best`, `take none`, `take <card>` per card that is not
radioactive, `done` and `form <ions> = ...` per compound; `refresh two|center|rxn` (not beginner).

Observation: the view only (no memory): phase, who acts, round and turn, first player, the seat's
hand and pick in progress, the centre and discard pile, deck size, hand sizes, who has committed,
every seat's tiles, compounds (counts per compound), unbonded and revealed cards, the goals,
scores, RXN progress, and in the advanced game radioactive cards and decay.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core import View
from ..games.compound.actions import TILES, Move, format_move
from ..games.compound.cards import CARDS, GOAL_IDS, GOALS, RADIOACTIVE, deck_for
from ..games.compound.chemistry import Recipe, all_recipes, match
from ..games.compound.observe import observe
from ..games.compound.rules import CompoundState
from .config import GameConfig
from .encoding import FLOAT32
from .encoding import Encoder as BaseEncoder

PHASES = ("pick", "center", "declare", "rxn", "refresh", "over")
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
GOAL_INDEX = {g: i for i, g in enumerate(GOAL_IDS)}
RXN_STAGES = ("start", "form")


def variant_cards(variant: str) -> tuple[str, ...]:
    """The card ids of the variant's deck, in the data files' order."""
    return tuple(dict.fromkeys(deck_for(variant)))


def variant_recipes(variant: str) -> tuple[Recipe, ...]:
    """Every compound the variant's deck has the cards for, in the chemistry's order."""
    copies = Counter(deck_for(variant))
    return tuple(r for r in all_recipes() if all(copies[c] >= k for c, k in Counter(r.cards).items()))


def action_texts(config: GameConfig) -> list[str]:
    """Every action text of compound at this configuration (see the module docstring)."""
    cards = variant_cards(config.variant)
    recipes = variant_recipes(config.variant)
    tiles = config.variant != "beginner"
    moves = [Move("pick", (c,)) for c in cards]
    if tiles:
        moves += [Move("two"), Move("rxn"), *(Move("center", (c,)) for c in cards)]
    moves.append(Move("unbonded"))
    moves += [Move("bond", r.tokens) for r in recipes]
    moves += [Move("best"), Move("take", ("none",))]
    moves += [Move("take", (c,)) for c in cards if CARDS[c].kind != "radioactive"]
    moves.append(Move("done"))
    moves += [Move("form", r.tokens) for r in recipes]
    if tiles:
        moves += [Move("refresh", (t,)) for t in TILES]
    return [format_move(m) for m in moves]


def per_seat(start: int, index: dict[Any, int], size: int, n: int) -> list[dict[Any, int]]:
    """For each relative seat r, every key's position in a field of `size` counts per seat that
    starts at `start`."""
    return [{key: start + r * size + i for key, i in index.items()} for r in range(n)]


class _ByCompound(dict[tuple[str, ...], int]):
    """Positions by a compound's ion tokens: tokens in another order than the recipe's (a position
    built from data may hold them so) are looked up as the view writes them (`compound_data`: the
    recipe's tokens) and kept."""

    def __missing__(self, tokens: tuple[str, ...]) -> int:
        recipe = match(tokens)
        assert recipe is not None, f"not a compound: {tokens}"
        found = self[tokens] = self[recipe.tokens]
        return found


class Encoder(BaseEncoder[CompoundState]):
    """The compound observation (n = players; per-seat fields start with the observing seat)."""

    fast = True

    def __init__(self, config: GameConfig):
        super().__init__(config)
        n = self.n = config.players
        variant = config.variant
        self.cards = variant_cards(variant)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        recipes = variant_recipes(variant)
        self.recipe_index = {r.tokens: i for i, r in enumerate(recipes)}
        copies = Counter(deck_for(variant))
        c, k = len(self.cards), len(recipes)
        most = float(max(copies.values()))
        self.c, self.k = c, k
        lay = self.layout
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_acting = lay.add("acting", n, "1 for each seat that may act now, relative seats")
        self.o_round = lay.add("round", 1, "round / 3")
        self.o_turn = lay.add("turn", 1, "turn of the round / 10 (capped at 2)", high=2.0)
        self.o_first = lay.add("first_player", n, "one-hot relative seat of the round's first player")
        self.o_hand = lay.add("hand", c, f"cards held per card ({c} card ids of the variant, data order)",
                              high=most)
        self.o_picks = lay.add("your_picks", c, "cards picked this turn, not yet revealed", high=2.0)
        self.o_tiles_wanted = lay.add("your_tiles", 2 + c, "tiles chosen this turn: Play Two, RXN, then the "
                                      "centre card wanted (one-hot per card)")
        self.o_center = lay.add("center", c, "centre cards per card", high=most)
        self.o_discard = lay.add("discard", c, "discard pile per card", high=most)
        self.deck_size = sum(copies.values())
        self.o_deck = lay.add("deck", 1, f"cards in the deck / {self.deck_size}")
        self.o_sizes = lay.add("hand_sizes", n, "cards per hand / 10, relative seats", high=2.0)
        self.o_committed = lay.add("committed", n, "1 for seats that have picked this turn, relative")
        self.o_tiles = lay.add("tiles", 3 * n, "per relative seat: Play Two, Play From Center, RXN face up")
        self.o_compounds = lay.add("compounds", k * n, f"per relative seat, compounds formed per compound "
                                   f"({k}, the action index's bond order)", high=most)
        self.o_unbonded = lay.add("unbonded", c * n, "per relative seat, unbonded cards per card", high=most)
        self.o_revealed = lay.add("revealed", c * n, "per relative seat, revealed cards still to place",
                                  high=2.0)
        self.o_goals = lay.add("goals", len(GOAL_IDS), f"1 for each goal card of the round "
                               f"({' '.join(GOAL_IDS)})")
        self.o_scores = lay.add("scores", n, "points, squashed: s / (abs(s) + 30), relative", low=-1.0)
        self.o_rxn = lay.add("rxn", len(RXN_STAGES) + n, "RXN: stage one-hot (start, form), then the "
                             "relative seat re-forming its area")
        self.advanced = variant == "advanced"
        if self.advanced:
            r = len(RADIOACTIVE)
            self.radio_index = {card: i for i, card in enumerate(RADIOACTIVE)}
            self.o_radio = lay.add("radioactive", r * n, "per relative seat, radioactive cards placed this "
                                   "round")
            self.o_kept = lay.add("radioactive_kept", r * n, "per relative seat, radioactive cards kept")
            self.o_decay = lay.add("decay", n, "decay sum / 20 (capped at 3), relative", high=3.0)
        # Positions looked up by the view's words (no arithmetic on the hot path).
        self.phase_at = {name: self.o_phase + i for i, name in enumerate(PHASES)}
        self.phase_over = self.phase_at["over"]
        cards = self.card_index
        self.hand_at = {card: self.o_hand + i for card, i in cards.items()}
        self.center_at = {card: self.o_center + i for card, i in cards.items()}
        self.discard_at = {card: self.o_discard + i for card, i in cards.items()}
        self.picks_at = {card: self.o_picks + i for card, i in cards.items()}
        self.wanted_at = {card: self.o_tiles_wanted + 2 + i for card, i in cards.items()}
        self.compounds_at = per_seat(self.o_compounds, self.recipe_index, k, n)
        self.compound_at = [_ByCompound(at) for at in self.compounds_at]
        self.goal_at = {goal: self.o_goals + GOAL_INDEX[g.id] for goal, g in GOALS.items()
                        if g.id in GOAL_INDEX}
        self.unbonded_at = per_seat(self.o_unbonded, cards, c, n)
        self.revealed_at = per_seat(self.o_revealed, cards, c, n)
        if self.advanced:
            self.radio_at = per_seat(self.o_radio, self.radio_index, len(self.radio_index), n)
            self.kept_at = per_seat(self.o_kept, self.radio_index, len(self.radio_index), n)
        self.zeros = self.blank()

    def encode(self, view: View, memory: Any) -> np.ndarray:
        """The vector of one seat's view (see the layout); missing keys read as empty."""
        n = self.n
        seat = view["seat"]
        assert seat is not None, "an observation is a seat's"
        table: Mapping[str, Any] = view["table"]  # read with defaults: missing keys are empty
        get = table.get
        o = self.zeros[:]
        o[self.phase_at.get(view["phase"], self.phase_over)] = 1.0
        at = self.o_acting
        for s in view["actors"]:
            o[at + (s - seat) % n] = 1.0
        x = get("round", 0) / 3
        o[self.o_round] = 1.0 if x > 1.0 else x
        x = get("turn", 0) / 10
        o[self.o_turn] = 2.0 if x > 2.0 else x
        o[self.o_first + (get("first_player", seat) - seat) % n] = 1.0
        for card_at, held in ((self.hand_at, get("hand", ())), (self.center_at, get("center", ())),
                              (self.discard_at, get("discard", ()))):
            for card in held:
                o[card_at[card]] += 1.0
        pick = get("your_pick") or {}
        card_at = self.picks_at
        for card in pick.get("picks", ()):
            o[card_at[card]] += 1.0
        if pick.get("two"):
            o[self.o_tiles_wanted] = 1.0
        if pick.get("rxn"):
            o[self.o_tiles_wanted + 1] = 1.0
        wanted = pick.get("center")
        if wanted is not None:
            o[self.wanted_at[wanted]] = 1.0
        x = get("deck", 0) / self.deck_size
        o[self.o_deck] = 1.0 if x > 1.0 else x
        sizes = get("hand_sizes") or [0] * n
        committed = get("committed") or [False] * n
        tiles = get("tiles") or [{}] * n
        compounds = get("compounds") or [[]] * n
        unbonded = get("unbonded") or [[]] * n
        revealed = get("revealed") or [[]] * n
        scores = view["scores"]
        o_sizes, o_committed, o_tiles, o_scores = self.o_sizes, self.o_committed, self.o_tiles, self.o_scores
        for r in range(n):
            s = seat + r
            if s >= n:
                s -= n
            x = sizes[s] / 10
            o[o_sizes + r] = 2.0 if x > 2.0 else x
            if committed[s]:
                o[o_committed + r] = 1.0
            faces = tiles[s]
            if faces:
                base = o_tiles + 3 * r
                for t, tile in enumerate(TILES):
                    if faces.get(tile) == "up":
                        o[base + t] = 1.0
            recipe_at = self.compounds_at[r]
            for compound in compounds[s]:
                o[recipe_at[tuple(compound["cards"])]] += 1.0
            card_at = self.unbonded_at[r]
            for card in unbonded[s]:
                o[card_at[card]] += 1.0
            card_at = self.revealed_at[r]
            for card in revealed[s]:
                o[card_at[card]] += 1.0
            x = scores[s]
            o[o_scores + r] = x / (abs(x) + 30)  # squash(x, 30)
        for goal in get("goals", ()):
            index = GOAL_INDEX.get(goal["id"] if isinstance(goal, dict) else goal)
            if index is not None:
                o[self.o_goals + index] = 1.0
        rxn = get("rxn")
        if rxn:
            if rxn.get("stage") in RXN_STAGES:
                o[self.o_rxn + RXN_STAGES.index(rxn["stage"])] = 1.0
            o[self.o_rxn + len(RXN_STAGES) + (rxn["player"] - seat) % n] = 1.0
        if self.advanced:
            placed = get("radioactive") or [[]] * n
            kept = get("radioactive_kept") or [[]] * n
            decay = get("decay") or [0] * n
            o_decay = self.o_decay
            for r in range(n):
                s = seat + r
                if s >= n:
                    s -= n
                card_at = self.radio_at[r]
                for item in placed[s]:
                    o[card_at[item["card"]]] += 1.0
                card_at = self.kept_at[r]
                for card in kept[s]:
                    o[card_at[card]] += 1.0
                x = decay[s] / 20
                o[o_decay + r] = 3.0 if x > 3.0 else x
        return np.frombuffer(o, FLOAT32)

    def encode_state(self, state: CompoundState, seat: int) -> np.ndarray:
        """`encode`'s vector from the seat's observation (`games.compound.observe`): the public
        fields, the seat's own hand and its own pick in progress (other hands only by their sizes,
        other picks only by whether they are committed)."""
        # the observation is a plain tuple: unpacked at once (`CompoundObservation` gives the order)
        (phase, actors, round_, turn, first_player, hand, picks, want_two, want_rxn, wanted, center, discard,
         deck, sizes, committed, tiles, compounds, unbonded, revealed, scores, goals, rxn_stage, rxn_player,
         placed, kept, decays) = observe(state, seat)
        n = self.n
        o = self.zeros[:]
        o[self.phase_at.get(phase, self.phase_over)] = 1.0
        at = self.o_acting - seat  # seat s sits at relative place (s - seat) % n
        for s in actors:
            o[at + s if s >= seat else at + s + n] = 1.0
        x = round_ / 3
        o[self.o_round] = 1.0 if x > 1.0 else x
        x = turn / 10
        o[self.o_turn] = 2.0 if x > 2.0 else x
        o[self.o_first + (first_player - seat) % n] = 1.0
        card_at = self.hand_at
        for card in hand:
            o[card_at[card]] += 1.0
        card_at = self.center_at
        for card in center:
            o[card_at[card]] += 1.0
        card_at = self.discard_at
        for card in discard:
            o[card_at[card]] += 1.0
        card_at = self.picks_at
        for card in picks:
            o[card_at[card]] += 1.0
        if want_two:
            o[self.o_tiles_wanted] = 1.0
        if want_rxn:
            o[self.o_tiles_wanted + 1] = 1.0
        if wanted is not None:
            o[self.wanted_at[wanted]] = 1.0
        x = deck / self.deck_size
        o[self.o_deck] = 1.0 if x > 1.0 else x
        o_sizes, o_committed, o_tiles, o_scores = self.o_sizes, self.o_committed, self.o_tiles, self.o_scores
        compound_at, unbonded_at, revealed_at = self.compound_at, self.unbonded_at, self.revealed_at
        for r in range(n):
            s = seat + r
            if s >= n:
                s -= n
            x = sizes[s] / 10
            o[o_sizes + r] = 2.0 if x > 2.0 else x
            if committed is not None and committed[s]:
                o[o_committed + r] = 1.0
            faces = tiles[s]  # Play Two, Play From Center, RXN (none in the beginner game)
            if faces:
                at = o_tiles + 3 * r
                if faces[0]:
                    o[at] = 1.0
                if faces[1]:
                    o[at + 1] = 1.0
                if faces[2]:
                    o[at + 2] = 1.0
            x = scores[s]
            o[o_scores + r] = x / (abs(x) + 30)  # squash(x, 30)
            recipe_at = compound_at[r]
            for compound in compounds[s]:
                o[recipe_at[compound]] += 1.0
            card_at = unbonded_at[r]
            for card in unbonded[s]:
                o[card_at[card]] += 1.0
            card_at = revealed_at[r]
            for card in revealed[s]:
                o[card_at[card]] += 1.0
        goal_at = self.goal_at
        for goal in goals:
            o[goal_at[goal]] = 1.0
        if phase == "rxn":
            if rxn_stage in RXN_STAGES:
                o[self.o_rxn + RXN_STAGES.index(rxn_stage)] = 1.0
            o[self.o_rxn + len(RXN_STAGES) + (rxn_player - seat) % n] = 1.0
        if self.advanced:
            o_decay, radio_at, kept_at = self.o_decay, self.radio_at, self.kept_at
            for r in range(n):
                s = seat + r
                if s >= n:
                    s -= n
                card_at = radio_at[r]
                for card, _ in placed[s]:
                    o[card_at[card]] += 1.0
                card_at = kept_at[r]
                for card in kept[s]:
                    o[card_at[card]] += 1.0
                decay = decays[s]
                if decay:
                    x = decay / 20
                    o[o_decay + r] = 3.0 if x > 3.0 else x
        return np.frombuffer(o, FLOAT32)
