"""Fixtures of the simulation tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ionarena.sim import runner

from . import claim


@pytest.fixture
def labelled_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    """Agent specs `random#2`, `greedy#b`: the agent before `#`, under a label of their own (so a
    tournament can field three distinct agents before more agent kinds exist). In-process only."""
    real = runner.make_agent

    def make(name: str, game: str, seat: int = 0, seed: int = 0, **kwargs: Any) -> Any:
        return real(name.partition("#")[0], game, seat, seed, **kwargs)

    monkeypatch.setattr(runner, "make_agent", make)


@pytest.fixture
def rigged(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The claim game (`tests/sim/claim.py`) registered, with its agents `always`, `never`, `coin`."""
    claim.install()
    real = runner.make_agent

    def make(name: str, game: str, seat: int = 0, seed: int = 0, **kwargs: Any) -> Any:
        if game == claim.GAME:
            return claim.WordAgent(name, runner.derive_seed(seed, "agent", name, seat))
        return real(name, game, seat, seed, **kwargs)

    monkeypatch.setattr(runner, "make_agent", make)
    yield
    claim.uninstall()
