"""Who goes first: pure functions of the dealt hands (rulebook "Initial Setup").

"The player with the Element card with the highest atomic number ... goes first ... In a tie, the
next highest atomic number is used to determine who goes first." RULING: hands are compared sorted
high to low, duplicates included; identical hands: the lowest seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ELEMENT_INFO

HIGHEST = "highest"
"""The first player alone holds the highest atomic number."""
NEXT_CARDS = "next cards"
"""A tie on the highest card, settled by the next highest cards."""
IDENTICAL = "identical hands"
"""Identical hands: the lowest seat goes first."""


def _numbers(hand: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted((ELEMENT_INFO[s].atomic_number for s in hand), reverse=True))


def first_player(hands: Sequence[Sequence[str]]) -> int:
    """The seat that goes first, given each seat's hand as element symbols."""
    return max(range(len(hands)), key=lambda p: (_numbers(hands[p]), -p))


def deciding_card(hands: Sequence[Sequence[str]]) -> tuple[int, str, str]:
    """`(seat, card, how)`: who goes first, their highest card, and how it was settled
    (`HIGHEST`, `NEXT_CARDS` or `IDENTICAL`)."""
    seat = first_player(hands)
    mine = _numbers(hands[seat])
    best = max(hands[seat], key=lambda s: ELEMENT_INFO[s].atomic_number) if hands[seat] else ""
    if sum(1 for hand in hands if _numbers(hand) == mine) > 1:
        how = IDENTICAL
    elif sum(1 for hand in hands if _numbers(hand)[:1] == mine[:1]) > 1:
        how = NEXT_CARDS
    else:
        how = HIGHEST
    return seat, best, how
