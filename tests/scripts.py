"""The project's scripts outside the package (`benchmarks/`, `examples/`), loaded as modules for
their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str, name: str) -> Any:
    """The script at `relative` (from the project's root) as a fresh module called `name`."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (dataclasses look their module up there)
    spec.loader.exec_module(module)
    return module
