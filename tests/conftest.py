"""Test-wide settings: Hypothesis derandomized by default, so a run is reproducible from its commit
alone and takes the same time every time (set ION_HYPOTHESIS=explore for fresh random examples)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("derandomized", deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("explore" if os.environ.get("ION_HYPOTHESIS") == "explore" else "derandomized")
