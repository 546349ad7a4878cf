"""Invariants of a bank state, checked after every step by the conformance suite (and by `position`
on the positions it builds)."""

from __future__ import annotations

from typing import Any

from ...core import State
from .base import PLAY
from .cards import HELD_KINDS
from .rules import BankState


def check_invariants(state: State[Any]) -> None:
    """Points are conserved (scores + pot = points created - remainders dropped), hands and
    inventories are sane, the charge stays in range."""
    assert isinstance(state, BankState)
    assert sum(state.score) + state.pot == state.created - state.dropped, "points not conserved"
    assert abs(state.charge) <= state.cfg.full_charge
    assert state.pot >= 0
    for p in range(state.num_players):
        assert sum(state.hands[p]) <= state.cfg.hand_size, f"player {p} holds too many cards"
        assert all(v > 0 for v in state.inv[p].values()), f"player {p} has an empty inventory entry"
        assert all(k in HELD_KINDS for k in state.inv[p]), f"player {p} holds a non-held object"
        if not state.active[p]:
            assert not state.inv[p] and not any(state.hands[p])
    if state.phase == PLAY:
        assert state.active[state.order[state.pos]]
    assert len(set(state.order)) == len(state.order)
