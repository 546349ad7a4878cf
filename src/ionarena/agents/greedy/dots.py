"""Greedy bot for ION: Card Game (dots).

One-ply heuristics on what the seat can see (its view: its own hand, hand sizes, the table) and its
legal actions, nothing else: never draw when a card can be played; answer a draw with a Block; chain
Play Again only when another card can follow;
keep Jokers for when nothing else matches; shed heavy cards; aim +1/+3/New Game +5, No Play and
Previous Player cards at the player closest to going out; give away the least useful card.
"""

from __future__ import annotations

import random

from ...core import State
from ...games.dots.actions import DJ_BASE, DRAW, GIFT_BASE, GIVE_BASE, NAME_BASE
from ...games.dots.cards import (
    AGAIN,
    BLOCK,
    DJ,
    DJ_FACE,
    FACE_BY_TEXT,
    GIFT,
    GIFT_FACES,
    JOKER,
    KIND,
    MATCH,
    NEED,
    NEXT_DRAWS,
    NOPLAY,
    NUM_FACES,
    POINTS,
    PREV_DRAWS,
    SHIFT,
)
from ...games.dots.views import DotsTable
from ..base import Action

_WILD = (JOKER, DJ)


def _options(hand: list[int], need: int) -> int:
    """How many non-wild cards of `hand` match `need`."""
    return sum(1 for f in hand if KIND[f] not in _WILD and MATCH[f] & need)


def _best_name(hand: list[int]) -> int:
    """The dot value most of `hand` can follow."""
    return max(range(1, 7), key=lambda n: (_options(hand, 1 << n), -n))


def _give_value(face: int, hand: list[int]) -> float:
    """How glad we are to be rid of `face`: heavy, hard to match cards go first, Jokers stay."""
    if KIND[face] in _WILD:
        return -10.0
    return POINTS[face] / 25 - 0.3 * sum(1 for f in hand if f != face and MATCH[f] & NEED[face])


class _Seen:
    """What the seat reads off its view once per decision."""

    __slots__ = ("closest", "gift_pending", "next", "previous", "sizes")

    def __init__(self, player: int, table: DotsTable):
        self.sizes: list[int] = table["hand_sizes"]
        step = -1 if table["direction"] == "right" else 1
        n = len(self.sizes)
        self.next = (player + step) % n
        self.previous = (player - step) % n
        self.closest = min(s for q, s in enumerate(self.sizes) if q != player)
        self.gift_pending = table["gift_from"] is not None


class GreedyAgent:
    """Plays the card that sheds the most and keeps options open; attacks the leader."""

    name = "greedy"

    def __init__(self, seed: int = 0, reaction_time: float = 0.5):
        self.rng = random.Random(seed)
        self.reaction_time = reaction_time

    def act(self, state: State, player: int) -> Action:
        """The best-scoring legal action of `player` (ties broken by the agent's own RNG)."""
        legal: list[int] = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        view = state.view(player)
        table: DotsTable = view["table"]
        hand = [FACE_BY_TEXT[text] for text in table["hand"]]
        phase = view["phase"]
        if phase == "respond":
            return legal[1]  # a matching Block beats taking the cards
        if phase == "name":
            return NAME_BASE + _best_name(hand)
        if phase == "give":
            return max(legal, key=lambda a: _give_value(a - GIVE_BASE, hand))
        seen = _Seen(player, table)
        best: list[int] = []
        best_score = float("-inf")
        for action in legal:
            score = self._score(seen, hand, action)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

    def _score(self, seen: _Seen, hand: list[int], action: int) -> float:
        if action == DRAW or (action >= NUM_FACES + 1 and action < DJ_BASE):
            return 0.0  # draw or pass: only when nothing else
        given = -1
        if action >= GIFT_BASE:
            index, given = divmod(action - GIFT_BASE, NUM_FACES)
            face = GIFT_FACES[index]
        elif action > DJ_BASE:
            face = DJ_FACE
        else:
            face = action
        rest = list(hand)
        rest.remove(face)
        if given >= 0:
            rest.remove(given)
        if not rest:
            return 1000.0
        need = 1 << (action - DJ_BASE) if face == DJ_FACE else NEED[face]
        kind = KIND[face]
        sizes = seen.sizes
        nxt, prv = seen.next, seen.previous
        closest = seen.closest
        next_leads = sizes[nxt] == closest
        options = _options(rest, need)
        score = 10.0 + POINTS[face] / 25 + 1.5 * options
        if kind == AGAIN:
            score += 6 if options else -4
        elif kind in _WILD:
            score -= 0 if len(hand) <= 3 else 6
        elif NEXT_DRAWS[face]:
            score += NEXT_DRAWS[face] * (2.0 if next_leads else 0.7)
        elif PREV_DRAWS[face]:
            score += PREV_DRAWS[face] * (2.0 if sizes[prv] == closest else 0.7)
        elif kind == NOPLAY:
            score += 5 if next_leads else 2
        elif kind == GIFT:
            score += 5 + _give_value(given, rest)
        elif kind == SHIFT:
            score += 3 if next_leads and sizes[prv] > closest else -1
        elif kind == BLOCK:
            score += 6 if seen.gift_pending else -1
        return score
