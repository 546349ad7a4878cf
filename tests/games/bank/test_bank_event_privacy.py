"""Hidden information in bank events. docs/rules/bank.md "What a player sees": private are "your hand,
coins and inventory"; only you are told "your starting hand, the card, object or coins you receive
after each move, the coins you earn ..., and what you buy (the others read that you bought
something)". RULING: "of a [T] Take only the taker and the victim read which object was taken"
(rulebook: "Nothing is said in public")."""

from __future__ import annotations

import pytest

from ionarena.games.bank.rules import EVENT_FIELDS, BankState

from ..privacy import Private, audit_games, leak

PRIVATE = {
    "hand": Private(("cards", "coins"), lambda d: {d["player"]}, others_see_it=False),
    "receive": Private(("card", "object", "coins"), lambda d: {d["player"]}, others_see_it=False),
    "earn": Private(("coins",), lambda d: {d["player"]}, others_see_it=False),
    "buy": Private(("object", "price"), lambda d: {d["player"]}),
    "take": Private(("object",), lambda d: {d["player"], d["victim"]} - {None}),
}
PUBLIC = {
    "join", "rebalance", "round_start", "round_end", "game_over",        # teams and rounds
    "play", "dump", "timeout", "skip", "lost_turn", "away",              # moves and the bank
    "pass", "reverse", "move_time", "round_time", "invincible", "swap", "combine",  # objects used
    "instant", "lose_next",                                              # "instant points and powerdowns"
    "shop", "offer", "accept", "done",                                   # the shop's open deals
    "quit", "quit_sale",
}
CASES = [("standard", 2, 1), ("standard", 4, 2), ("standard", 7, 3)]
SHORT = {"round_time": 40.0, "shop_time": 10.0}


def test_every_event_kind_is_classified():
    assert PUBLIC | set(PRIVATE) == set(EVENT_FIELDS) and not PUBLIC & set(PRIVATE)


def test_no_seat_reads_another_seats_hand_coins_objects_or_purchases():
    seen = audit_games("bank", CASES, PRIVATE, PUBLIC, **SHORT)
    for kind in ("hand", "receive", "earn", "buy"):
        assert seen[kind, "reader"] > 0, f"no {kind} event was read by its player: exercise it"
    assert seen["buy", "other"] > 0 and seen["take", "reader"] > 0


@pytest.mark.parametrize("kind", ["receive", "buy"])
def test_the_audit_notices_a_private_event_told_to_everyone(monkeypatch, kind):
    """A test of the test: bank broken on purpose (what a player receives, or buys, told to every
    seat) fails the audit."""
    leak(monkeypatch, BankState, kind)
    with pytest.raises(AssertionError, match=r"meant for seats|only seats"):
        audit_games("bank", CASES[:2], PRIVATE, PUBLIC, **SHORT)
