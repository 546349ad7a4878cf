"""What one seat may see of a bank game, read straight from the state's fields: the fast path of
observers that look at every step (the RL encoder, `ionarena.rl.bank`), which must not build the
view's dicts and text for each look.

`observe(state, seat)` gives exactly what the seat's view holds, as the state keeps it (cards as
counts per card int, objects by kind): its own hand, coins and objects, never another's; of the
others, their card and object counts. It is a plain tuple (`BankObservation`: a tuple costs a tenth
of what a NamedTuple costs to make, and observers unpack it at once). The lists it holds are the
state's own: read them, never change them, and do not keep them past the next action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .actions import Deal
from .base import PLAY
from .rules import BankState

BankObservation = tuple[
    str,                # phase: `lobby`, `play`, `shop` or `over`
    int,                # on_turn: in play, the seat whose turn it is (also during a round's
                        #   countdown); else -1
    Sequence[int],      # teams: by seat, 1 (+), -1 (-), 0 (no team yet)
    Sequence[bool],     # active: by seat, False once the seat has quit
    Sequence[bool],     # done: by seat, has left this shop
    Sequence[int],      # hand: the seat's own cards, counts per card int
    Mapping[str, int],  # inventory: the seat's own coins and objects, by kind (never a zero count)
    int,                # full_charge
    int,                # rounds
    int,                # charge
    int,                # pot
    int,                # shield: moves left during which the bank cannot dump
    int,                # direction
    bool,               # second_move: of [&] Combine
    Sequence[int],      # order: seats in turn order
    list[int],          # cards: by seat, how many cards
    list[int],          # objects: by seat, how many objects (coins not counted)
    Sequence[int],      # loses_turns: by seat
    Sequence[int],      # scores: by seat
    int,                # round
    float,              # now: the game clock
    float,              # round_end: in play, when the round ends
    float,              # move_end: in play, when the move clock runs out
    float | None,       # deadline: outside play, the next deadline (in play: the sooner of the two)
    Sequence[str],      # on_sale: in the shop, the kinds on sale
    Mapping[int, Deal],  # offers: in the shop, each seller's open deal (every deal is told)
]
"""One seat's observation, in this order (seats are absolute)."""


def observe(state: BankState, seat: int) -> BankObservation:
    """What `seat` may see now (see the module docstring)."""
    phase = state.phase
    playing = phase == PLAY
    return (phase, state.order[state.pos] if playing else -1, state.team, state.active, state.done,
            state.hands[seat], state.inv[seat], state.cfg.full_charge, state.cfg.rounds, state.charge,
            state.pot, state.shield, state.direction, state.combo, state.order, list(map(sum, state.hands)),
            [sum(i.values()) - i.get("coins", 0) for i in state.inv], state.lose_turns, state.score,
            state.round, state.clock, state.round_end, state.move_end, None if playing else state.deadline(),
            state.on_sale, state.offers)
