"""A property-based run of the OpenAPI document (schemathesis): whatever a client sends that the
document allows — and much that it does not — no answer is a server error."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from ionarena.web import create_app

_folder = tempfile.mkdtemp(prefix="ion-schema-")
atexit.register(shutil.rmtree, _folder, True)
app = create_app(f"sqlite:///{Path(_folder) / 'schema.sqlite3'}", bot_delay=0.0)
schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)


@pytest.fixture(scope="module", autouse=True)
def running_app() -> object:
    with TestClient(app) as client:  # runs the app's lifespan (the hub) for every case
        client.post("/api/tables", json={"game": "dots", "players": 2, "seats": ["human", "open"]})
        yield client


@schema.parametrize()
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
def test_no_request_gets_a_server_error(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=[not_a_server_error])
