"""Invariants of a compound game state, checked after every step by the conformance suite."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ionarena.core import State

from .cards import CARDS, NOBLE_GASES, RADIOACTIVE, card_of, deck_for, is_charged
from .chemistry import match
from .rules import CompoundState


def all_cards(state: CompoundState) -> Counter[str]:
    """Every card the state holds, wherever it is (for the conservation invariant)."""
    found: Counter[str] = Counter(state.deck)
    found.update(state.center)
    found.update(state.discard)
    for p in range(state.num_players):
        found.update(state.hands[p])
        found.update(state.unbonded[p])
        found.update(state.pending[p])
        found.update(c for c, _ in state.radio[p])
        found.update(state.kept[p])
        found.update(card_of(t) for comp in state.compounds[p] for t in comp)
    return found


def check_invariants(state: State[Any]) -> None:
    """All cards accounted for, hands the same size, every compound legal, nobles and radioactive unbonded."""
    assert isinstance(state, CompoundState)
    assert all_cards(state) == Counter(deck_for(state.variant)), "cards are missing or duplicated"
    if state.phase == "pick":
        assert len({len(h) for h in state.hands}) == 1, "hands differ in size"
    for p in range(state.num_players):
        for comp in state.compounds[p]:
            assert match(list(comp)) is not None, f"illegal compound {comp}"
        assert all(CARDS[c].kind != "radioactive" for c in state.unbonded[p])
        assert all(is_charged(c) or c in NOBLE_GASES for c in state.unbonded[p])
    assert all(c in RADIOACTIVE for k in state.kept for c in k)
