"""What one seat may see of a Valence game, read straight from the state's fields: the fast path of
observers that look at every step (the RL encoder, `ionarena.rl.valence`), which must not build the
view's lists of symbols for each look.

`observe(state, seat)` gives exactly what the seat's view holds, as the state keeps it (hands and
the cards to place as count vectors in `cards.ELEMENTS` order): its own hand, never another's; of
the others, their hand sizes. It is a plain tuple (`ValenceObservation`: a tuple costs a tenth of
what a NamedTuple costs to make, and observers unpack it at once). The lists it holds are the
state's own: read them, never change them, and do not keep them past the next action.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import ValenceState

ValenceObservation = tuple[
    str,                      # phase: `draw`, `build`, `place`, `discard` or `over`
    bool,                     # acting: the seat is to decide now
    Sequence[int],            # hand: the seat's own cards, counts per element
    Sequence[int],            # placing: used cards still to place on the discard pile, counts per element
    Sequence[str],            # discard: the discard pile, bottom first (a face-up stack: only its top
                              #   card and its size are seen)
    int,                      # deck_size
    dict[str, int],           # bank: molecule cards left, by type in `cards.TYPE_IDS` order
    Sequence[Sequence[str]],  # stashes: by seat
    list[int],                # hand_sizes: by seat
    Sequence[bool],           # skip_draw: by seat
    bool,                     # first_turn: the player to move is on their first turn
    bool,                     # traded_up: this turn
    Sequence[str],            # failed_builds: Science Ninja names wrong this turn
    frozenset[str],           # built_types: cooperative, the types built so far
    int,                      # turn
    int,                      # turn_cap
]
"""One seat's observation, in this order (seats are absolute)."""


def observe(state: ValenceState, seat: int) -> ValenceObservation:
    """What `seat` may see now (see the module docstring)."""
    over = state.over
    return ("over" if over else state.phase, not over and state.current == seat, state.hands[seat],
            state.pending, state.discard, len(state.deck), state.bank, state.stashes,
            list(map(sum, state.hands)), state.skip_draw, state.is_first_turn(state.current), state.traded,
            state.failed, state.built_types, state.turn, state.turn_cap)
