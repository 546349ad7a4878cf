"""IRC test fixtures: a real ngircd on loopback per test (a free port, a generated config).

Where ngircd is missing (scripts/install-ngircd.sh installs it with apt-get; a machine without
root cannot), the tests that need it skip and say why; under CI=true they fail instead, so a CI
machine without the server never passes by skipping.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .ngircd import Ngircd, find_ngircd

MISSING = "ngircd is not installed (run scripts/install-ngircd.sh as root)"


def require_ngircd() -> None:
    """Skip (or, under CI=true, fail) when ngircd is missing."""
    if find_ngircd() is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{MISSING}; CI must run the IRC tests", pytrace=False)
        pytest.skip(MISSING)


@pytest.fixture
def ircd(tmp_path: Path) -> Iterator[Ngircd]:
    """A running ngircd of this test only."""
    require_ngircd()
    server = Ngircd(tmp_path / "ircd").start()
    try:
        yield server
    finally:
        server.stop()
