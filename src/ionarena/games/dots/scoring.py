"""Scoring for ION: Card Game, as pure functions of card texts (rulebook, "Scoring").

A card is written as players type it: `3|6` (a number card), `block 3|6`, `+5 1|6`, `joker 4`, `dj`.

    >>> card_points("3|6"), card_points("block 3|6"), card_points("joker 4"), card_points("dj")
    (9, 25, 50, 75)
    >>> hand_points(["1|2", "+5 1|6"])
    103
"""

from __future__ import annotations

from collections.abc import Iterable

ACTION_POINTS: dict[str, int] = {
    "+1": 25, "+3": 25, "block": 25, "gift": 25, "again": 25, "prev+1": 25, "prev+3": 25,
    "noplay": 25, "shift": 25, "joker": 50, "dj": 75, "+5": 100,
}
"""Points of each action card by its token; a number card is worth its total dots."""

WINNING_TOTAL = 1000
"""Tournament mode: the first player to score this many points wins."""


def card_points(card: str) -> int:
    """The points a card left in a hand is worth: total dots for a number card, else by kind."""
    words = card.strip().lower().split()
    if len(words) == 1 and "|" in words[0]:
        left, right = words[0].split("|")
        return int(left) + int(right)
    if not words or words[0] not in ACTION_POINTS:
        raise ValueError(f"{card!r} is not a card")
    return ACTION_POINTS[words[0]]


def hand_points(cards: Iterable[str]) -> int:
    """The points of every card in a hand."""
    return sum(card_points(card) for card in cards)


def going_out_points(other_hands: Iterable[Iterable[str]]) -> int:
    """What the player who goes out scores: the points of the cards left in the other hands."""
    return sum(hand_points(hand) for hand in other_hands)


def tournament_winner(totals: list[int]) -> int | None:
    """The seat that has reached the winning total (only the scorer of a deal can), else None."""
    best = max(range(len(totals)), key=totals.__getitem__)
    return best if totals[best] >= WINNING_TOTAL else None
