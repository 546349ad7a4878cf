"""Moves in groups, for every game: no legal move lost or doubled, cards open their own moves,
long lists shortened, and the moves that throw points away ask first."""

from __future__ import annotations

import random

import pytest

from ionarena.core import HOST, Names, get_spec
from ionarena.tui.games import GenericUI, ui_for

CASES = [("dots", None), ("valence", "standard"), ("valence", "ninja"), ("compound", "advanced"),
         ("bank", None)]


def positions(game: str, variant: str | None, count: int = 120):
    """(view, legal texts) of seats that may act, along random games."""
    spec = get_spec(game)
    rng = random.Random(7)
    found = []
    for seed in range(3):
        options = {"lobby": False} if game == "bank" else {}
        state = spec.make(players=spec.default_players, seed=seed, variant=variant, **options)
        for _ in range(400):
            if state.is_over() or len(found) >= count * (seed + 1):
                break
            actors = [a for a in state.actors() if a is not HOST]
            if not actors:
                state.apply(HOST, state.parse_action(HOST, "timeout"))
                continue
            seat = rng.choice(actors)
            legal = state.legal_actions(seat)
            if not legal:
                state.apply(HOST, state.parse_action(HOST, "timeout"))
                continue
            found.append((state.view(seat), [state.format_action(a) for a in legal]))
            state.apply(seat, rng.choice(legal))
    return found


@pytest.mark.parametrize(("game", "variant"), CASES, ids=[f"{g}-{v}" for g, v in CASES])
def test_every_legal_move_is_offered_once_and_cards_open_their_own(game, variant):
    ui = ui_for(game)
    longest = 0
    for view, legal in positions(game, variant):
        groups = ui.group(legal, view, Names(view["seat"]))
        offered = [c.move for g in groups for c in g.choices]
        extra = [m for m in offered if m not in legal]
        assert sorted(m for m in offered if m in legal) == sorted(legal)
        assert extra in ([], ["start"])  # bank's lobby `start` is the host's, offered to the person
        hand = {card.key for card in ui.hand(view)}
        for group in groups:
            if group.card is not None:
                assert group.card in hand, (group.card, hand)
        longest = max(longest, len(groups))
    assert longest <= 20, f"{game}: {longest} entries at the first level"


def test_science_ninja_builds_are_cards_then_a_name():
    """Valence ninja offers up to dozens of `build <cards> as <name>` moves; the screen offers
    the card sets, each opening its names."""
    ui = ui_for("valence")
    view = {"seat": 0, "table": {"hand": ["C", "Cl", "Cl", "Cl", "Cl"]}}
    said = ("halocarbon", "tetrachloromethane", "carbon tetrachloride")
    legal = [f"build C Cl Cl Cl Cl as {n}" for n in said]
    legal += ["end"]
    groups = ui.group(legal, view, Names(0))
    assert [g.label for g in groups] == ["build from C Cl Cl Cl Cl …", "end your turn"]
    assert [c.label for c in groups[0].choices] == ["call it halocarbon", "call it tetrachloromethane",
                                                   "call it carbon tetrachloride"]


def test_moves_that_throw_points_away_ask_first():
    compound, valence, bank, dots = (ui_for(g) for g in ("compound", "valence", "bank", "dots"))
    view = {"seat": 0, "table": {"revealed": [["Cl"]]}}
    asked = compound.confirm("unbonded", view, ["unbonded", "bond Na Cl = NaCl — sodium chloride"])
    assert asked is not None and "NaCl — sodium chloride" in asked
    assert compound.confirm("unbonded", view, ["unbonded"]) is None  # nothing else to do
    assert "1000 points" in (bank.confirm("skip", {"table": {}}, ["skip", "+"]) or "")
    assert valence.confirm("end", {"table": {"hand": ["Na", "Cl"]}}, ["build NaCl", "end"]) is not None
    assert valence.confirm("end", {"table": {"hand": ["Na"]}}, ["end"]) is None
    pending = {"table": {"pending_draw": 3}}
    assert dots.confirm("draw", pending, ["draw", "play block 1|2"]) is not None
    assert dots.confirm("draw", pending, ["draw"]) is None


def test_a_game_without_its_own_screen_groups_long_verbs():
    ui = GenericUI("dots")
    legal = [f"name {n}" for n in range(1, 10)] + ["draw"]
    groups = ui.group(legal, {}, Names(0))
    assert [g.label for g in groups] == ["name …", "draw"]
    assert len(groups[0].choices) == 9


def test_a_bank_deal_to_accept_names_its_seller_as_the_reader_reads_them():
    ui = ui_for("bank")
    view = positions("bank", None, count=1)[0][0]
    names = Names(1, ["ada", "bob", "cy"])
    assert ui.classify("ok 0", view, names).label == "accept ada's deal"
    assert ui.classify("ok 1", view, names).label == "accept your deal"  # never "bob (you)'s"
