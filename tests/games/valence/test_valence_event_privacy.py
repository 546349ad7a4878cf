"""Hidden information in Valence events: hands are hidden (rulebook: each player is dealt 6 Element
cards, and draws from the face-down Element Deck). Only the drawer reads the cards drawn; a Helium pass
is read card by card by the two players it goes between; a reaction's random card by the thief and
the victim ("Take a random Element Card from your opponent"). Cards put face up on the discard pile
(builds, a whole-hand redraw, discards, a card taken from the top) are public."""

from __future__ import annotations

import pytest

from ionarena.games.valence.rules import EVENT_FIELDS, ValenceState

from ..privacy import Private, audit_games, leak

PRIVATE = {
    "hand": Private(("cards",), lambda d: {d["player"]}, others_see_it=False),
    "draw": Private(("cards",), lambda d: {d["player"]}),
    "pass": Private(("cards",), lambda d: {d["player"], d["to"]}),
    "steal": Private(("card",), lambda d: {d["player"], d["victim"]}),
}
PUBLIC = {
    "deal", "helium_back", "first_player",        # the deal: sizes, the first discard, who goes first
    "take_discard", "redraw", "place", "discard",  # cards that lie face up on the discard pile
    "build", "wrong_name", "trade", "react",       # molecules and the cards shown for them
    "skip_draw", "helium", "must_discard", "end_turn", "reshuffle",
    "win", "team_win", "team_loss", "turn_cap",
}
CASES = [("standard", 2, 1), ("standard", 4, 2), ("standard", 5, 3), ("beginner", 3, 4),
         ("cooperative", 4, 5), ("ninja", 3, 6), ("standard", 3, 7), ("standard", 5, 8)]


def test_every_event_kind_is_classified():
    assert PUBLIC | set(PRIVATE) == set(EVENT_FIELDS) and not PUBLIC & set(PRIVATE)


def test_no_seat_reads_another_seats_hand_draws_passes_or_stolen_cards():
    seen = audit_games("valence", CASES, PRIVATE, PUBLIC)
    for kind in PRIVATE:
        assert seen[kind, "reader"] > 0, f"no {kind} event was read by its own players: exercise it"
    for kind in ("draw", "pass", "steal"):
        assert seen[kind, "other"] > 0, f"no {kind} event reached the other seats: exercise it"


@pytest.mark.parametrize("kind", ["hand", "steal"])
def test_the_audit_notices_a_hidden_card_told_to_everyone(monkeypatch, kind):
    """A test of the test: Valence broken on purpose (a dealt hand, or a stolen card, told to every
    seat) fails the audit."""
    leak(monkeypatch, ValenceState, kind)
    with pytest.raises(AssertionError, match=r"meant for seats|only seats"):
        audit_games("valence", CASES, PRIVATE, PUBLIC)
