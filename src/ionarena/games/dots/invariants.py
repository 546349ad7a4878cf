"""Invariants of a dots state, checked after every step by the conformance suite (and by
`position` on the positions it builds): every card accounted for, and a sound turn."""

from __future__ import annotations

from typing import Any

from ionarena.core import State

from .actions import OVER, PENDING, PLAY
from .cards import ALL_DOTS, DECK, NUM_FACES
from .rules import DotsState
from .scoring import WINNING_TOTAL


def check_invariants(state: State[Any]) -> None:
    """Raise AssertionError unless all 128 cards are accounted for and the turn state is sound."""
    assert isinstance(state, DotsState)
    counts = [0] * NUM_FACES
    for zone in (*state.hands, state.deck, state.discard):
        for f in zone:
            counts[f] += 1
    expected = [0] * NUM_FACES
    for f in DECK:
        expected[f] += 1
    assert counts == expected, "the hands, draw pile and played cards do not hold the 128 cards"
    assert state.discard, "there is always a card on the table"
    for hand in state.hands:
        assert hand == sorted(hand), "hands are kept sorted"
    assert 0 <= state.cur < state.num_players
    assert state.dir in (-1, 1)
    assert state.turns <= state.cap
    if state.phase in (PLAY, PENDING):
        assert state.need and not state.need & ~ALL_DOTS, "the table asks for a dot value"
        assert state.phase != PENDING or state.pending > 0
    if state.phase == OVER:
        assert not state.tournament or state.winner < 0 or state.points[state.winner] >= WINNING_TOTAL
