"""Tests of the tests: each game is broken on purpose, and the conformance checks must notice.

A leak check that passes on a game whose `determinize` resamples nothing, or whose view shows
another seat's hand, proves nothing; nor does a clone check that passes on a shallow copy.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import ionarena
from ionarena.core import State

from .checks import check_clone_independence, check_leaks

GAMES = [spec.id for spec in ionarena.all_specs()]


def broken(game: str, **methods: Any) -> State:
    """A new 3-seat game of `game` whose class has `methods` replaced (same memory layout)."""
    state = ionarena.make(game, players=max(3, ionarena.get_spec(game).min_players), seed=4)
    cls = type(state)
    state.__class__ = type(f"Broken{cls.__name__}", (cls,), {"__slots__": (), **methods})
    return state


def _clone_only(self: State, player: int | None, rng: Any) -> State:
    return self.clone()


def _view_with_next_seats_table(self: State, player: int | None) -> dict[str, Any]:
    view = type(self).__mro__[1]._view(self, player)  # type: ignore[attr-defined]
    peek = 0 if player is None else (player + 1) % self.num_players
    view["peek"] = type(self).__mro__[1]._view(self, peek)  # type: ignore[attr-defined]
    return view


def _shallow_clone(self: State) -> State:
    return copy.copy(self)


@pytest.mark.parametrize("game", GAMES)
def test_the_game_as_it_is_passes(game):
    assert all(count > 0 for count in check_leaks(ionarena.make(game, players=3, seed=4), 4).values())


@pytest.mark.parametrize("game", GAMES)
def test_leak_check_fails_when_determinize_resamples_nothing(game):
    with pytest.raises(AssertionError, match="never resampled"):
        check_leaks(broken(game, _determinize=_clone_only), 4)


@pytest.mark.parametrize("game", GAMES)
def test_leak_check_fails_when_a_view_shows_another_seats_hand(game):
    with pytest.raises(AssertionError, match="can tell the resampled copy apart"):
        check_leaks(broken(game, _view=_view_with_next_seats_table), 4)


@pytest.mark.parametrize("game", GAMES)
def test_clone_check_fails_on_a_shallow_copy(game):
    with pytest.raises(AssertionError, match=r"changed the original|older clone changed|differs"):
        check_clone_independence(broken(game, clone=_shallow_clone), 4)
