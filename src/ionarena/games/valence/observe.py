"""What one seat may see of a Valence game, read straight from the state's fields: the fast path of
observers that look at every step (the RL encoder, `ionarena.rl.valence`), which must not build the
view's lists of symbols for each look.

`observe(state, seat)` gives exactly what the seat's view holds, as the state keeps it (hands and
the cards to place as count vectors in `cards.ELEMENTS` order): its own hand, never another's; of
the others, their hand sizes. The lists it holds are the state's own: read them, never change them,
and do not keep them past the next action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .rules import ValenceState


class ValenceObservation(NamedTuple):
    """One seat's observation (seats are absolute; lists by seat hold one entry per seat)."""

    phase: str
    """`draw`, `build`, `place`, `discard` or `over`."""
    acting: bool
    hand: Sequence[int]
    """The seat's own cards, as counts per element (`cards.ELEMENTS` order)."""
    placing: Sequence[int]
    """Used cards still to place on the discard pile, as counts per element."""
    discard: Sequence[str]
    """The discard pile, bottom first: only its top card and its size are seen (a face-up stack)."""
    deck_size: int
    bank: dict[str, int]
    """Molecule cards left in the bank, by type in `cards.TYPE_IDS` order."""
    stashes: Sequence[Sequence[str]]
    hand_sizes: list[int]
    skip_draw: Sequence[bool]
    first_turn: bool
    traded_up: bool
    failed_builds: Sequence[str]
    built_types: frozenset[str]
    turn: int
    turn_cap: int


_new = tuple.__new__


def observe(state: ValenceState, seat: int) -> ValenceObservation:
    """What `seat` may see now (see the module docstring)."""
    over = state.over
    return _new(ValenceObservation, (
        "over" if over else state.phase, not over and state.current == seat, state.hands[seat],
        state.pending, state.discard, len(state.deck), state.bank, state.stashes, list(map(sum, state.hands)),
        state.skip_draw, state.is_first_turn(state.current), state.traded, state.failed, state.built_types,
        state.turn, state.turn_cap))
