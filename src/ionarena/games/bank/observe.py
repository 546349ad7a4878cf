"""What one seat may see of a bank game, read straight from the state's fields: the fast path of
observers that look at every step (the RL encoder, `ionarena.rl.bank`), which must not build the
view's dicts and text for each look.

`observe(state, seat)` gives exactly what the seat's view holds, as the state keeps it (cards as
counts per card int, objects by kind): its own hand, coins and objects, never another's; of the
others, their card and object counts. The lists it holds are the state's own: read them, never
change them, and do not keep them past the next action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .actions import Deal
from .base import PLAY
from .rules import BankState


class BankObservation(NamedTuple):
    """One seat's observation (seats are absolute; lists by seat hold one entry per seat)."""

    phase: str
    """`lobby`, `play`, `shop` or `over`."""
    on_turn: int
    """In play, the seat whose turn it is (also during the countdown before a round); else -1."""
    teams: Sequence[int]
    """By seat: 1 (+), -1 (-), 0 (no team yet)."""
    active: Sequence[bool]
    """By seat: False once the seat has quit."""
    done: Sequence[bool]
    """By seat: has left this shop."""
    hand: Sequence[int]
    """The seat's own cards, as counts per card int."""
    inventory: Mapping[str, int]
    """The seat's own coins and objects, by kind (never a zero count)."""
    full_charge: int
    rounds: int
    charge: int
    pot: int
    shield: int
    direction: int
    second_move: bool
    order: Sequence[int]
    cards: list[int]
    """By seat: how many cards."""
    objects: list[int]
    """By seat: how many objects (coins not counted)."""
    loses_turns: Sequence[int]
    scores: Sequence[int]
    round: int
    now: float
    round_end: float
    """In play: when the round ends (game seconds)."""
    move_end: float
    """In play: when the move clock of the player on turn runs out."""
    deadline: float | None
    """Outside play: the next deadline (`State.deadline`; in play the sooner of the two above)."""
    on_sale: Sequence[str]
    """In the shop: the kinds on sale."""
    offers: Mapping[int, Deal]
    """In the shop: each seller's open deal (every deal is told to everyone)."""


_new = tuple.__new__


def observe(state: BankState, seat: int) -> BankObservation:
    """What `seat` may see now (see the module docstring)."""
    phase = state.phase
    playing = phase == PLAY
    return _new(BankObservation, (
        phase, state.order[state.pos] if playing else -1, state.team, state.active, state.done,
        state.hands[seat], state.inv[seat], state.cfg.full_charge, state.cfg.rounds, state.charge, state.pot,
        state.shield, state.direction, state.combo, state.order, list(map(sum, state.hands)),
        [sum(i.values()) - i.get("coins", 0) for i in state.inv], state.lose_turns, state.score,
        state.round, state.clock, state.round_end, state.move_end, None if playing else state.deadline(),
        state.on_sale, state.offers))
