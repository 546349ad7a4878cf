"""What each seat sees of a dots game, as data: the game's part of the view (`view["table"]`,
typed by `DotsTable`) and its events' fields (cards as their text, `5|2`).

The envelope (version, actors, phase, scores, winners, ...) is the kernel's; nothing here is prose.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from .cards import ALL_DOTS, POINTS, TEXT, mask_values
from .scoring import WINNING_TOTAL

if TYPE_CHECKING:
    from .rules import DotsState


class DotsTable(TypedDict):
    """The dots part of a seat's view."""

    deal: int
    dealer: int
    direction: str
    """`right` (seat - 1, the rulebook's start) or `left`."""
    top: str
    """The card on the table, as its text (`block 3|6`)."""
    match: list[int]
    """The dot values the next card must show (empty: a Double Joker's number is still to be named)."""
    pending_draw: int
    """Cards the player to move must take (or answer with a Block); 0 for none."""
    gift_from: int | None
    """Whose Gift the player to move may Block back."""
    hand_sizes: list[int]
    draw_pile: int
    played: int
    target: int | None
    """The tournament's winning total (None in a quick game)."""
    turns: int
    turn_cap: int
    hand: NotRequired[list[str]]
    """The seat's own cards (not in a spectator's view)."""
    hand_points: NotRequired[int]


MATCH_VALUES: tuple[tuple[int, ...], ...] = tuple(tuple(mask_values(need)) for need in range(ALL_DOTS + 1))
"""The dot values of every match mask (the view's `match`), computed once."""
_TEXT_OF = TEXT.__getitem__
_POINTS_OF = POINTS.__getitem__


def table_view(state: DotsState, player: int | None) -> DotsTable:
    """What `player` sees: their own hand, the table, hand sizes and points."""
    view: DotsTable = {
        "deal": state.deals,
        "dealer": state.dealer,
        "direction": "right" if state.dir < 0 else "left",
        "top": TEXT[state.discard[-1]],
        "match": list(MATCH_VALUES[state.need]),
        "pending_draw": state.pending,
        "gift_from": state.gift_from if state.gift_from >= 0 else None,
        "hand_sizes": list(map(len, state.hands)),
        "draw_pile": len(state.deck),
        "played": len(state.discard),
        "target": WINNING_TOTAL if state.tournament else None,
        "turns": state.turns,
        "turn_cap": state.cap,
    }
    if player is not None:
        hand = state.hands[player]
        view["hand"] = list(map(_TEXT_OF, hand))
        view["hand_points"] = sum(map(_POINTS_OF, hand))
    return view


EventData = Callable[[Any], dict[str, Any]]
"""An event's payload (a tuple) -> its fields as data."""


def event_builder(names: tuple[str, ...], card: int | None) -> EventData:
    """A kind's payload -> its fields, the card at index `card` as text (left out when None: the
    public side of a Gift). Unpacking checks the payload's length as `zip(strict=True)` would,
    several times faster than `dict(zip(...))` (observations read events at every step)."""
    if card is None and len(names) == 1:
        (a,) = names

        def one(payload: Any) -> dict[str, Any]:
            (x,) = payload
            return {a: x}
        return one
    if card is None and len(names) == 2:
        a, b = names

        def two(payload: Any) -> dict[str, Any]:
            x, y = payload
            return {a: x, b: y}
        return two
    if card == 1 and len(names) == 2:
        a, b = names

        def two_card(payload: Any) -> dict[str, Any]:
            x, face = payload
            return {a: x} if face is None else {a: x, b: TEXT[face]}
        return two_card
    if card == 2 and len(names) == 3:
        a, b, c = names

        def three_card(payload: Any) -> dict[str, Any]:
            x, y, face = payload
            return {a: x, b: y} if face is None else {a: x, b: y, c: TEXT[face]}
        return three_card
    return _general_builder(names, card)


def _general_builder(names: tuple[str, ...], card: int | None) -> EventData:
    def general(payload: Any) -> dict[str, Any]:
        data = dict(zip(names, payload, strict=True))
        if card is not None:
            if payload[card] is None:
                del data[names[card]]
            else:
                data[names[card]] = TEXT[payload[card]]
        return data
    return general
