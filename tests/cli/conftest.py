"""`ion play` tests never write to the user's data folder: the default store is a temporary file."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "default-store.sqlite3"
    monkeypatch.setenv("ION_DB", str(path))
    return path
