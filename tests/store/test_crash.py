"""SIGKILL mid-game: a new process resumes every table, no accepted action is lost, and the
continued games end exactly as uninterrupted ones do."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ionarena.store import Store

from .crash_games import GAMES, make_table

ROOT = Path(__file__).resolve().parents[2]
PER_TABLE = 12
"""Versions each table must have announced before the kill."""


def host_until_killed(url: str, prefix: str) -> dict[str, int]:
    """Run the child until every table announced PER_TABLE versions; SIGKILL it; return the last
    version each table announced."""
    child = subprocess.Popen([sys.executable, "-m", "tests.store.crash_child", url, prefix], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": os.pathsep.join(
                                 [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])})
    announced: dict[str, int] = {}
    deadline = time.monotonic() + 120
    try:
        assert child.stdout is not None
        for line in child.stdout:
            assert line != "all over\n", f"every game ended before {PER_TABLE} versions each: {announced}"
            table_id, version = line.split()
            announced[table_id] = max(announced.get(table_id, 0), int(version))
            if len(announced) == len(GAMES) and min(announced.values()) >= PER_TABLE:
                break
            assert time.monotonic() < deadline, "the child hosted too slowly"
    finally:
        child.send_signal(signal.SIGKILL)
        _, err = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL, err
    return announced


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_tables_survive_sigkill_and_play_on_to_the_same_records(backend, request, tmp_path):
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_url")
    prefix = secrets.token_hex(4)
    announced = host_until_killed(url, prefix)

    with Store(url) as store:
        resumed = {t.id: t for t in store.resume(clock=lambda: 1000.0)}
        for name in GAMES:
            table_id = f"{prefix}-{name}"
            assert table_id in resumed or store.tables(status="over"), table_id
        for table_id, version in announced.items():
            kept = store.log(table_id)
            assert len(kept) >= version, f"{table_id}: version {version} was announced but not kept"
        assert any(not t.is_over() for t in resumed.values()), "the kill came after every game ended"
        for table in resumed.values():
            table.pump(1e9)
        for name in GAMES:
            reference = make_table(name, prefix, clock=lambda: 0.0)
            reference.start(0.0)
            reference.pump(1e9)
            assert reference.is_over()
            assert store.record(f"{prefix}-{name}") == reference.record(), name
