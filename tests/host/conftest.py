"""Host test helpers: a fake clock, and the ticker game registered during each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .ticker import registered


@pytest.fixture(autouse=True)
def ticker_game() -> Iterator[None]:
    with registered():
        yield


class FakeClock:
    """A clock that only moves when told."""

    def __init__(self, now: float = 0.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
