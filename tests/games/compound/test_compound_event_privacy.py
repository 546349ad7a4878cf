"""Hidden information in compound events: hands are hidden, and picks are simultaneous and face down
(rulebook: "Players will simultaneously choose 1 of these cards (face down) to keep ... Once all
players have made their selection, players reveal"). A pick and the Action Tiles chosen with it are
read by the picker alone until the reveal; the others read only that a player has picked, once their
choice is complete (never a first Play Two pick, which would give the tile away). Play Two's refill
goes face down into a hand: nobody is told the card in an event (the receiver sees it in their hand)."""

from __future__ import annotations

import pytest

from ionarena.games.compound.rules import EVENT_FIELDS, CompoundState

from ..privacy import Private, audit_games, leak

PRIVATE = {
    "tile": Private(("tile", "card"), lambda d: {d["player"]}, others_see_it=False),
    "pick": Private(("card",), lambda d: {d["player"]}, others_check=lambda d: d["done"] is True),
}
PUBLIC = {
    "round", "pass", "round_end", "refill",            # deals, passing, discards, refills (no card)
    "reveal", "center", "center_lost", "center_empty",  # the reveal and the centre's face-up cards
    "radioactive", "unbonded", "bond",                  # cards placed face up in a player's area
    "rxn_best", "rxn_take", "form", "rxn_done", "refresh", "score", "end_bonus", "game_end",
}
CASES = [("beginner", 2, 1), ("standard", 3, 2), ("standard", 5, 3), ("advanced", 4, 4), ("advanced", 7, 5)]


def test_every_event_kind_is_classified():
    assert PUBLIC | set(PRIVATE) == set(EVENT_FIELDS) and not PUBLIC & set(PRIVATE)


def test_picks_and_tiles_stay_with_the_picker_until_the_reveal():
    seen = audit_games("compound", CASES, PRIVATE, PUBLIC)
    assert seen["pick", "reader"] > 0 and seen["pick", "other"] > 0 and seen["tile", "reader"] > 0


@pytest.mark.parametrize("kind", ["pick", "tile"])
def test_the_audit_notices_a_pick_or_tile_told_to_everyone(monkeypatch, kind):
    """A test of the test: compound broken on purpose (picks or tile choices told to every seat)
    fails the audit."""
    leak(monkeypatch, CompoundState, kind)
    with pytest.raises(AssertionError, match=r"meant for seats|only seats"):
        audit_games("compound", CASES, PRIVATE, PUBLIC)
