"""The RL tests need the `rl` extra: without it they skip with the reason, except under CI
(`CI=true`), where a missing extra is a failure (CI must run them)."""

from __future__ import annotations

import importlib
import os

import pytest

NEEDED = ("numpy", "gymnasium", "pettingzoo")


def require_rl() -> None:
    """Skip the calling test module when the rl extra is missing (fail under CI)."""
    missing = []
    for name in NEEDED:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if not missing:
        return
    reason = f"the rl extra is not installed (missing: {', '.join(missing)}): pip install -e '.[rl]'"
    if os.environ.get("CI", "").lower() in ("true", "1"):
        pytest.fail(f"CI must run the RL tests but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)
