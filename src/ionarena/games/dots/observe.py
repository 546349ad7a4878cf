"""What one seat may see of a dots game, read straight from the state's fields: the fast path of
observers that look at every step (the RL encoder, `ionarena.rl.dots`), which must not build the
view's text for each look.

`observe(state, seat)` gives exactly what the seat's view and the events it was shown hold (its own
hand, never another's; the played cards since the last deal or reshuffle, as every play is public),
as faces and numbers instead of text, in a plain tuple (`DotsObservation`: a tuple costs a tenth of
what a NamedTuple costs to make, and observers unpack it at once). The lists it holds are the
state's own: read them, never change them, and do not keep them past the next action.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import OVER
from .cards import POINTS
from .rules import DotsState
from .views import MATCH_VALUES

DotsObservation = tuple[
    int,            # phase: the phase number (`actions.PLAY` ...; its name: `actions.PHASE_NAMES`)
    bool,           # acting: the seat is to decide now
    Sequence[int],  # hand: the seat's own cards, as sorted faces (`cards.TEXT` order)
    int,            # hand_points: what those cards are worth
    Sequence[int],  # played: the cards played onto the table since the last deal or reshuffle,
                    #   bottom first (the last one is the card on the table)
    tuple[int, ...],  # match: the dot values the next card must show
    int,            # pending_draw: cards the player to move must take (or answer with a Block)
    int,            # direction: -1 play goes right (seat - 1), 1 left
    int,            # gift_from: the seat whose Gift the player to move may Block back; -1 for none
    int,            # dealer
    list[int],      # hand_sizes: by seat
    Sequence[int],  # points: tournament points by seat
    int,            # draw_pile: cards left to draw
    int,            # turns: of this deal
    int,            # turn_cap
]
"""One seat's observation, in this order (seats are absolute)."""

_POINTS_OF = POINTS.__getitem__


def observe(state: DotsState, seat: int) -> DotsObservation:
    """What `seat` may see now (see the module docstring)."""
    phase = state.phase
    hand = state.hands[seat]
    return (phase, phase != OVER and state.cur == seat, hand, sum(map(_POINTS_OF, hand)), state.discard,
            MATCH_VALUES[state.need], state.pending, state.dir, state.gift_from, state.dealer,
            list(map(len, state.hands)), state.points, len(state.deck), state.turns, state.cap)
