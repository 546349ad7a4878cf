"""Host test helpers: a fake clock and the ticker game registered."""

from __future__ import annotations

import pytest

from .ticker import ensure_registered

ensure_registered()


class FakeClock:
    """A clock that only moves when told."""

    def __init__(self, now: float = 0.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
