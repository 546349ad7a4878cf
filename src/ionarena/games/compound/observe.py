"""What one seat may see of a compound game, read straight from the state's fields: the fast path of
observers that look at every step (the RL encoder, `ionarena.rl.compound`), which must not build the
view's dicts and text for each look.

`observe(state, seat)` gives exactly what the seat's view holds, as the state keeps it (card ids,
ion tokens, tile faces as booleans): its own hand and pick in progress, never another's; of the
others, their hand sizes and whether they have picked. It is a plain tuple (`CompoundObservation`:
a tuple costs a tenth of what a NamedTuple costs to make, and observers unpack it at once). The
lists it holds are the state's own: read them, never change them, and do not keep them past the
next action.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import CompoundState
from .views import DECAY_OF

CompoundObservation = tuple[
    str,                            # phase
    list[int],                      # actors: the seats that may act now
    int,                            # round
    int,                            # turn
    int,                            # first_player: of the round
    Sequence[str],                  # hand: the seat's own cards, in the state's order
    Sequence[str],                  # picks: the seat's own picks this turn, not yet revealed
    bool,                           # want_two: the seat chose Play Two this turn
    bool,                           # want_rxn: the seat chose RXN this turn
    str | None,                     # want_center: the centre card the seat wants, if any
    Sequence[str],                  # center
    Sequence[str],                  # discard
    int,                            # deck: cards left in it
    list[int],                      # hand_sizes: by seat
    Sequence[bool] | None,          # committed: by seat, has picked this turn (None outside the pick)
    Sequence[Sequence[bool]],       # tiles: by seat, Play Two, Play From Center, RXN face up
    Sequence[Sequence[tuple[str, ...]]],  # compounds: by seat, as ion tokens
    Sequence[Sequence[str]],        # unbonded: by seat
    Sequence[Sequence[str]],        # revealed: by seat, revealed cards still to place
    list[float],                    # scores: by seat
    Sequence[str],                  # goals: the round's goal cards
    str,                            # rxn_stage: in the RXN phase `start` or `form`, else ""
    int,                            # rxn_player: in the RXN phase the seat re-forming its area, else -1
    Sequence[Sequence[tuple[str, int]]],  # radioactive: by seat, cards placed this round with points
    Sequence[Sequence[str]],        # kept: by seat, radioactive cards of earlier rounds
    list[int],                      # decay: advanced game, by seat (else empty)
]
"""One seat's observation, in this order (seats are absolute)."""


def observe(state: CompoundState, seat: int) -> CompoundObservation:
    """What `seat` may see now (see the module docstring)."""
    phase = state.phase
    rxn = phase == "rxn"
    decay: list[int] = []
    if state.variant == "advanced":
        decay = [sum(map(DECAY_OF, kept)) + sum(DECAY_OF(c) for c, _ in placed)
                 for kept, placed in zip(state.kept, state.radio, strict=True)]
    return (phase, state.actors(), state.round, state.turn, state.first, state.hands[seat], state.picks[seat],
            state.want_two[seat], state.want_rxn[seat], state.want_center[seat], state.center, state.discard,
            len(state.deck), list(map(len, state.hands)), state.committed if phase == "pick" else None,
            state.tiles, state.compounds, state.unbonded, state.pending, state.public_scores(), state.goals,
            state.rxn_stage if rxn else "", state.rxn_order[state.rxn_index] if rxn else -1, state.radio,
            state.kept, decay)
