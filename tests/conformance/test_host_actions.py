"""A timed game's host actions built without text (`timeout_action`, `clock_action`: the driver's and
the tables' fast path) are exactly what parsing their text gives, and `apply` still checks them."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ionarena
from ionarena.core import HOST, IllegalAction, all_specs
from ionarena.sim.driver import bot_step

TIMED = [spec.id for spec in all_specs() if ionarena.make(spec.id).deadline() is not None]


def test_there_is_a_timed_game():
    assert TIMED == ["bank"]


@pytest.mark.parametrize("game", TIMED)
@given(when=st.floats(min_value=0, max_value=120, allow_nan=False)
       | st.sampled_from([0.0005, 1.2345, 2.9995, 4.0625, 59.9995, 59.9996, 61.0]))
def test_clock_and_timeout_actions_equal_their_parsed_text(game, when):
    """Where the text is refused (parsing checks it), the value made without text is refused by
    `apply` for the same reason; where it is accepted, both are the same value."""
    state = ionarena.make(game, players=4, seed=1)
    made = state.clock_action(when)
    try:
        parsed = state.parse_action(HOST, f"at {when:.3f}")
    except IllegalAction as refused:
        with pytest.raises(IllegalAction, match=re.escape(str(refused))):
            state.clone().apply(HOST, made)
    else:
        assert made == parsed
    assert state.timeout_action() == state.parse_action(HOST, "timeout")


@pytest.mark.parametrize("game", TIMED)
def test_apply_still_checks_a_clock_action_made_without_text(game):
    state = ionarena.make(game, players=4, seed=1, teams="+-+-")
    for _ in range(20):
        bot_step(state, [ionarena.agents.make_agent("greedy", game, p, 1) for p in range(4)])
    deadline, version = state.deadline(), state.version
    assert deadline is not None
    with pytest.raises(IllegalAction, match="deadline"):
        state.apply(HOST, state.clock_action(deadline + 5))
    with pytest.raises(IllegalAction):
        state.apply(HOST, state.clock_action(state.now() - 1))
    assert state.version == version
