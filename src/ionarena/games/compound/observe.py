"""What one seat may see of a compound game, read straight from the state's fields: the fast path of
observers that look at every step (the RL encoder, `ionarena.rl.compound`), which must not build the
view's dicts and text for each look.

`observe(state, seat)` gives exactly what the seat's view holds, as the state keeps it (card ids,
ion tokens, tile faces as booleans): its own hand and pick in progress, never another's; of the
others, their hand sizes and whether they have picked. The lists it holds are the state's own: read
them, never change them, and do not keep them past the next action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .rules import CompoundState
from .views import DECAY_OF


class CompoundObservation(NamedTuple):
    """One seat's observation (seats are absolute; lists by seat hold one entry per seat)."""

    phase: str
    actors: list[int]
    round: int
    turn: int
    first_player: int
    hand: Sequence[str]
    """The seat's own cards, in the state's order."""
    picks: Sequence[str]
    """The seat's own picks this turn, not yet revealed."""
    want_two: bool
    want_rxn: bool
    want_center: str | None
    """The centre card the seat wants with Play From Center, if any."""
    center: Sequence[str]
    discard: Sequence[str]
    deck: int
    hand_sizes: list[int]
    committed: Sequence[bool] | None
    """By seat: has picked this turn (None outside the pick phase)."""
    tiles: Sequence[Sequence[bool]]
    """By seat: Play Two, Play From Center, RXN face up (empty in the Beginner game)."""
    compounds: Sequence[Sequence[tuple[str, ...]]]
    """By seat: the compounds formed, as ion tokens."""
    unbonded: Sequence[Sequence[str]]
    revealed: Sequence[Sequence[str]]
    scores: list[float]
    goals: Sequence[str]
    rxn_stage: str
    """In the RXN phase: `start` or `form` ("" otherwise)."""
    rxn_player: int
    """In the RXN phase: the seat re-forming its area (-1 otherwise)."""
    radioactive: Sequence[Sequence[tuple[str, int]]]
    """By seat: radioactive cards placed this round, with their points."""
    kept: Sequence[Sequence[str]]
    """By seat: radioactive cards kept from earlier rounds."""
    decay: list[int]
    """Advanced game: by seat, the decay of every radioactive card placed or kept (else empty)."""


_new = tuple.__new__


def observe(state: CompoundState, seat: int) -> CompoundObservation:
    """What `seat` may see now (see the module docstring)."""
    phase = state.phase
    rxn = phase == "rxn"
    decay: list[int] = []
    if state.variant == "advanced":
        decay = [sum(map(DECAY_OF, kept)) + sum(DECAY_OF(c) for c, _ in placed)
                 for kept, placed in zip(state.kept, state.radio, strict=True)]
    return _new(CompoundObservation, (
        phase, state.actors(), state.round, state.turn, state.first, state.hands[seat], state.picks[seat],
        state.want_two[seat], state.want_rxn[seat], state.want_center[seat], state.center, state.discard,
        len(state.deck), list(map(len, state.hands)), state.committed if phase == "pick" else None,
        state.tiles, state.compounds, state.unbonded, state.pending, state.public_scores(), state.goals,
        state.rxn_stage if rxn else "", state.rxn_order[state.rxn_index] if rxn else -1, state.radio,
        state.kept, decay))
