"""Store fixtures: a fresh SQLite file or a fresh PostgreSQL database for each test.

PostgreSQL comes from `scripts/test_postgres.py ensure` (the server on 127.0.0.1:5432, or a
throwaway cluster it starts, installing the binaries if needed). Each test gets its own uniquely
named database, dropped afterwards. Without PostgreSQL those tests skip with the reason; under
CI=true they fail instead.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.host.ticker import registered


@pytest.fixture(autouse=True)
def ticker_game() -> Iterator[None]:
    with registered():
        yield


ROOT = Path(__file__).resolve().parents[2]
_admin: dict[str, str | None] = {}


def admin_url() -> str:
    """A PostgreSQL admin URL, or skip (fail under CI) saying why there is none."""
    if "url" not in _admin:
        done = subprocess.run([sys.executable, str(ROOT / "scripts" / "test_postgres.py"), "ensure"],
                              capture_output=True, text=True, timeout=900)
        _admin["url"] = done.stdout.strip() if done.returncode == 0 else None
        _admin["why"] = done.stderr.strip() or f"exit {done.returncode}"
    url = _admin["url"]
    if url is None:
        reason = f"PostgreSQL cannot be had here: {_admin['why']}"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return url


def _admin_execute(url: str, sql: str) -> None:
    import psycopg
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql)  # type: ignore[arg-type]


def fresh_database(prefix: str = "ion_test") -> Iterator[str]:
    """A fresh, empty PostgreSQL database's URL, dropped when the generator is closed."""
    admin = admin_url()
    name = f"{prefix}_{os.getpid()}_{secrets.token_hex(4)}"
    _admin_execute(admin, f'CREATE DATABASE "{name}"')
    try:
        yield f"{admin.rsplit('/', 1)[0]}/{name}"
    finally:
        _admin_execute(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (dropped after the test)."""
    yield from fresh_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store location: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ion.sqlite3'}"
    return str(request.getfixturevalue("pg_url"))
