"""Hidden information in dots events: hands are hidden; a Gift is read card and all by the giver and
the receiver only (rulebook: "you choose one of your cards and you give it to the next player"; the
others see a card change hands, not which)."""

from __future__ import annotations

import pytest

from ionarena.games.dots.rules import EVENT_FIELDS, DotsState

from ..privacy import Private, audit_games, leak

PRIVATE = {"gift": Private(("card",), lambda d: {d["player"], d["to"]})}
PUBLIC = {
    "deal", "play", "double_joker",  # cards turned up or played face up
    "gift_back",                     # a Block returns the gift: who to whom, not which card
    "draw", "takes", "must_draw",    # how many cards, never which
    "pass", "block_draw", "skip", "name", "reshuffle", "turn_cap", "deal_end", "game_end",
}
CASES = [("quick", 2, 3), ("quick", 4, 5), ("tournament", 3, 7), ("quick", 10, 11)]


def test_every_event_kind_is_classified():
    assert PUBLIC | set(PRIVATE) == set(EVENT_FIELDS) and not PUBLIC & set(PRIVATE)


def test_only_giver_and_receiver_read_which_card_a_gift_was():
    seen = audit_games("dots", CASES, PRIVATE, PUBLIC)
    assert seen["gift", "reader"] > 0 and seen["gift", "other"] > 0  # both sides were exercised


def test_the_audit_notices_a_gift_told_to_everyone(monkeypatch):
    """A test of the test: dots broken on purpose (Gift events to every seat) fails the audit."""
    leak(monkeypatch, DotsState, "gift")
    with pytest.raises(AssertionError, match="whose 'card' only seats"):
        audit_games("dots", CASES[:2], PRIVATE, PUBLIC)
