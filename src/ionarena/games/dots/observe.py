"""What one seat may see of a dots game, read straight from the state's fields: the fast path of
observers that look at every step (the RL encoder, `ionarena.rl.dots`), which must not build the
view's text for each look.

`observe(state, seat)` gives exactly what the seat's view and the events it was shown hold (its own
hand, never another's; the played cards since the last deal or reshuffle, as every play is public),
as faces and numbers instead of text. The lists it holds are the state's own: read them, never
change them, and do not keep them past the next action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .actions import OVER
from .cards import POINTS
from .rules import DotsState
from .views import MATCH_VALUES


class DotsObservation(NamedTuple):
    """One seat's observation (faces index `cards.TEXT`; seats are absolute)."""

    phase: int
    """The phase number (`actions.PLAY` ...; its name: `actions.PHASE_NAMES`)."""
    acting: bool
    """The seat is to decide now."""
    hand: Sequence[int]
    """The seat's own cards, as sorted faces."""
    hand_points: int
    played: Sequence[int]
    """The cards played onto the table since the last deal or reshuffle, bottom first (the last
    one is the card on the table)."""
    match: tuple[int, ...]
    """The dot values the next card must show."""
    pending_draw: int
    direction: int
    """-1: play goes right (seat - 1), 1: left."""
    gift_from: int
    """The seat whose Gift the player to move may Block back; -1 for none."""
    dealer: int
    hand_sizes: list[int]
    points: Sequence[int]
    """Tournament points by seat."""
    draw_pile: int
    turns: int
    turn_cap: int


_new = tuple.__new__
_POINTS_OF = POINTS.__getitem__


def observe(state: DotsState, seat: int) -> DotsObservation:
    """What `seat` may see now (see the module docstring)."""
    phase = state.phase
    hand = state.hands[seat]
    return _new(DotsObservation, (
        phase, phase != OVER and state.cur == seat, hand, sum(map(_POINTS_OF, hand)), state.discard,
        MATCH_VALUES[state.need], state.pending, state.dir, state.gift_from, state.dealer,
        list(map(len, state.hands)), state.points, len(state.deck), state.turns, state.cap))
