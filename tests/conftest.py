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


def pytest_unconfigure(config) -> None:
    """A test process ends quickly. pytest collects garbage once more as it ends (to report
    exceptions raised in finalizers), and a worker's heap after a whole run is half a million
    objects whose finalizers (connections, pools, pages) took 5-7 s to run on this 2-core machine:
    pytest-xdist then interrupts a worker still busy after 5 s, which printed a stray
    KeyboardInterrupt traceback (from whatever finalizer it hit) at the end of a green run. Every
    object is frozen out of that last collection instead: the process exits next, and garbage the
    tests made was collected by the interpreter as they ran, all but the last bit."""
    import gc

    gc.freeze()
