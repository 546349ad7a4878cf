"""The pool's share of search time (`host.botpool.think_share`): a searching bot's budget is cut to
its share when more tables search than there are slots; other bots are thought as they are."""

from __future__ import annotations

from typing import Any

import pytest

from ionarena import make
from ionarena.host import botpool


@pytest.fixture
def agents_made(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The agents `think_share` makes (each still decides the move)."""
    made: list[Any] = []
    real = botpool.bot_action

    def bot_action(agent: Any, state: Any, seat: int) -> Any:
        made.append(agent)
        return real(agent, state, seat)

    monkeypatch.setattr(botpool, "bot_action", bot_action)
    return made


@pytest.mark.parametrize("spec,share,budget", [
    ("ismcts:ms=40", 0.25, {"ms": 10.0, "iters": None}),
    ("ismcts:iters=80", 0.25, {"ms": None, "iters": 20}),
    ("ismcts:iters=3", 0.125, {"ms": None, "iters": 1}),  # at least one iteration
    ("ismcts:iters=80", 1.0, {"ms": None, "iters": 80}),
])
def test_a_searching_bots_budget_is_cut_to_its_share(agents_made: list[Any], spec: str, share: float,
                                                      budget: dict[str, Any]) -> None:
    state = make("dots", players=2, seed=1)
    seat = state.actors()[0]
    action = botpool.think_share(spec, "dots", seat, state, None, share)
    assert action in state.legal_actions(seat)
    (agent,) = agents_made
    assert {"ms": agent.ms, "iters": agent.iters} == budget


def test_a_bot_that_does_not_search_is_thought_as_it_is(agents_made: list[Any]) -> None:
    state = make("dots", players=2, seed=1)
    seat = state.actors()[0]
    assert botpool.think_share("greedy", "dots", seat, state, None, 0.25) in state.legal_actions(seat)
    assert not hasattr(agents_made[0], "ms") and not botpool.searches("greedy", "dots")
    assert botpool.searches("ismcts:ms=40", "dots") and botpool.searches("hard", "dots")
