"""The countdown before each round (a ruling of Ion Arena; the rulebook starts a round at once).

RULING (docs/rules/bank.md): "the game option `countdown` (0 s, the rulebook's, by default) is a
countdown before each round's first turn: nobody is on turn and no clock runs until it ends; then
the first player's move clock starts, and the round lasts its whole `round_time` after it."
"""

from __future__ import annotations

import pytest

import ionarena
from ionarena.core import HOST, IllegalAction
from ionarena.games.bank.actions import Word

from .bank_table import kinds, public

TIMEOUT = Word("timeout")


def test_without_a_countdown_the_first_player_is_on_turn_at_once():
    """The rulebook's start: the round begins, and its first player's 3 seconds run from it."""
    state = ionarena.make("bank", players=2, seed=5, teams="+-")
    assert state.actors() == [0] and state.deadline() == 3.0


def test_a_countdown_holds_the_first_turn_and_the_round_clock():
    """ "nobody is on turn and no clock runs until it ends; then the first player's move clock
    starts, and the round lasts its whole `round_time` after it." """
    state = ionarena.make("bank", players=2, seed=5, teams="+-", countdown=3)
    assert state.actors() == [] and state.legal_actions(0) == []
    assert state.deadline() == 3.0  # the end of the countdown
    assert public(state)["round_ends_at"] == 183.0
    with pytest.raises(IllegalAction, match="countdown"):
        state.apply_text(0, state.view(0)["table"]["hand"][0])
    state.apply(HOST, TIMEOUT)  # the countdown ends: no penalty, nobody loses a turn
    assert state.now() == 3.0 and state.actors() == [0] and state.scores() == [0.0, 0.0]
    assert "timeout" not in kinds(state) and state.deadline() == 6.0
    assert state.legal_actions(0)


def test_the_countdown_comes_before_every_round_after_the_lobby_and_the_shop():
    """Before round 1 (when the last team is picked) and before each later round (when the shop closes)."""
    state = ionarena.make("bank", players=2, seed=6, countdown=2, round_time=10, shop_time=5)
    state.apply_text(0, "team +")
    state.apply_text(1, "team -")
    assert state.view(None)["phase"] == "play" and state.actors() == []
    assert state.deadline() == pytest.approx(2.0)
    while public(state)["round"] == 1 or state.view(None)["phase"] != "play":
        state.apply(HOST, TIMEOUT)  # timeouts to the end of round 1, then the shop closes
    start = state.now()
    assert state.actors() == [] and state.deadline() == pytest.approx(start + 2.0)
    assert public(state)["round_ends_at"] == pytest.approx(start + 2.0 + 10)


def test_a_player_who_quits_during_the_countdown_leaves_it_running():
    """The next player is on turn when the countdown ends, as planned, not sooner."""
    state = ionarena.make("bank", players=3, seed=7, teams="+-+", countdown=3)
    state.apply_text(0, "quit")
    assert state.actors() == [] and state.deadline() == 3.0
    state.apply(HOST, TIMEOUT)
    assert state.actors() == [1] and state.deadline() == 6.0


def test_the_countdown_option_is_bounded():
    """Every number is checked before a game exists: 0 to 30 seconds."""
    with pytest.raises(ionarena.core.BadOption, match="countdown"):
        ionarena.make("bank", players=2, seed=1, countdown=31)
