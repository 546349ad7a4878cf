"""Test-wide settings: Hypothesis derandomized by default, so a run is reproducible from its commit
alone and takes the same time every time (set ION_HYPOTHESIS=explore for fresh random examples)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("derandomized", deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("explore" if os.environ.get("ION_HYPOTHESIS") == "explore" else "derandomized")


def pytest_configure(config) -> None:
    """No test writes to the user's real game store: every test run gets its own default database
    (tests that need a specific store pass `--db`/`Store(url)` themselves)."""
    if "ION_DB" not in os.environ or not os.environ["ION_DB"].startswith(("sqlite:////tmp", "/tmp")):
        import tempfile
        folder = tempfile.mkdtemp(prefix="ion-test-store-")
        os.environ["ION_DB"] = os.path.join(folder, "ionarena.sqlite3")
