"""Invariants checked after every step of generic tests: every card is accounted for, and what a
seat knows of another hand (`knowledge`) is true."""

from __future__ import annotations

from typing import Any

from ...core import State
from .cards import BANK_SIZE, DECK_SIZE, ELEMENT_COUNTS, ELEMENTS, HELIUM, INDEX, MOLECULE_TYPES, RECIPES


def check_invariants(state: State[Any]) -> None:
    """All 48 element cards and all 46 molecule cards are somewhere, each exactly once per copy."""
    from .rules import ValenceState

    assert isinstance(state, ValenceState)
    counts = [0] * len(ELEMENTS)
    for hand in state.hands:
        assert all(n >= 0 for n in hand), "a hand holds a negative count"
        for i, n in enumerate(hand):
            counts[i] += n
    for i, n in enumerate(state.pending):
        assert n >= 0
        counts[i] += n
    for card in (*state.deck, *state.discard):
        counts[INDEX[card]] += 1
    molecules = {t: n for t, n in state.bank.items()}
    for stash in state.stashes:
        for card in stash:
            if card == HELIUM:
                counts[INDEX[HELIUM]] += 1
            else:
                molecules[RECIPES[card].type] += 1
    assert sum(counts) == DECK_SIZE, f"{sum(counts)} element cards instead of {DECK_SIZE}"
    assert tuple(counts) == ELEMENT_COUNTS, f"element cards {counts} instead of {list(ELEMENT_COUNTS)}"
    assert all(n >= 0 for n in state.bank.values()), "the bank holds a negative count"
    assert molecules == {t: m.copies for t, m in MOLECULE_TYPES.items()}, f"molecule cards {molecules}"
    assert sum(molecules.values()) == BANK_SIZE
    for (observer, holder), known in state.known.items():
        assert 0 <= observer <= state.num_players and 0 <= holder < state.num_players and observer != holder
        assert any(known), "nothing known is left out of `known`"
        assert all(k <= h for k, h in zip(known, state.hands[holder], strict=True)), \
            f"seat {observer} 'knows' {known} in hand {state.hands[holder]} of seat {holder}"
