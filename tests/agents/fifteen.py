"""Fifteen: the kernel tests' toy game (`tests/core/toy.py`) for the agent tests, with no greedy
agent of its own, and a `determinize` that puts the unseen cards in a fixed order before shuffling
them, so a copy depends only on what the seat knows and on the generator it is given.

Cards 1..9 are shuffled; each player holds two; on a turn a player plays one card onto the total
and draws one; whoever brings the total to 15 or more wins. Actions are the card ints (`play 7`).
"""

from __future__ import annotations

import random

from ionarena.core import GameSpec

from ..core.toy import ToyPresenter, ToyState


class FifteenState(ToyState):
    game_id = "fifteen"
    __slots__ = ()

    def _determinize(self, player: int | None, rng: random.Random) -> FifteenState:
        new = self.clone()
        others = [p for p in range(self.num_players) if p != player]
        unseen = sorted([*new.deck, *(c for p in others for c in new.hands[p])])
        rng.shuffle(unseen)
        for p in others:
            new.hands[p] = [unseen.pop() for _ in new.hands[p]]
        new.deck = unseen
        return new


SPEC = GameSpec(id="fifteen", title="Fifteen", summary="agent test game", min_players=2, max_players=4,
                variants=("standard",), default_variant="standard",
                factory=lambda n, v, seed, options: FifteenState(n, v, seed, options or {}),
                presenter=ToyPresenter(), default_players=2)
