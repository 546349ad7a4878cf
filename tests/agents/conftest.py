"""Fixtures of the agent tests: the Fifteen test game, registered while a test uses it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ionarena.core import register
from ionarena.core.registry import unregister

from .fifteen import SPEC


@pytest.fixture
def fifteen() -> Iterator[str]:
    """The id of the registered Fifteen game."""
    register(SPEC)
    yield SPEC.id
    unregister(SPEC.id)
