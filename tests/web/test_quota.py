"""A flood of tables (issue: 2,000 `POST /api/tables` in 5 s filled the server's table cap and every
later create by anyone got 422): one maker is held to its quotas, other people still make tables,
waiting tables can fill only their share of the cap, and at the cap the tables nobody is at make
room. Client addresses come through a trusted proxy's `X-Forwarded-For`, as behind nginx."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ionarena.web import create_app
from ionarena.web.limits import Limits

WAITING = {"game": "dots", "players": 2, "seats": ["human", "open"]}
AT_ONCE = {"game": "dots", "players": 2, "seats": ["human", "bot:greedy"]}


def behind_proxy(db_file: str, **limits: Any) -> TestClient:
    """The app behind a proxy it trusts: each request says its client address."""
    app = create_app(db_file, bot_delay=0.0, limits=Limits(**limits))
    client = TestClient(ProxyHeadersMiddleware(app, trusted_hosts="*"))  # type: ignore[arg-type]
    client.app_state = app.state  # type: ignore[attr-defined]
    return client


def post(client: TestClient, body: dict[str, Any], address: str) -> Any:
    return client.post("/api/tables", json=body, headers={"X-Forwarded-For": address})


@pytest.fixture
def proxied(db_file: str) -> Iterator[TestClient]:
    with behind_proxy(db_file) as client:
        yield client


def test_2000_tables_from_one_address_in_seconds_stop_at_its_quota_and_others_still_make_tables(
        proxied: TestClient) -> None:
    started = time.monotonic()
    answers = [post(proxied, WAITING, "203.0.113.7") for _ in range(2000)]
    seconds = time.monotonic() - started
    codes = Counter(a.status_code for a in answers)
    limits = Limits()
    assert codes == {201: limits.waiting_per_maker, 429: 2000 - limits.waiting_per_maker}, (codes, seconds)
    refused = answers[-1]
    assert refused.headers["Retry-After"] and "waiting for players" in refused.json()["detail"]
    assert post(proxied, AT_ONCE, "203.0.113.7").status_code == 429  # 20 a minute, whatever the table
    assert "made as many tables" in post(proxied, AT_ONCE, "203.0.113.7").json()["detail"]
    for other in ("198.51.100.1", "198.51.100.2"):  # everyone else is unaffected
        assert post(proxied, WAITING, other).status_code == 201
        assert post(proxied, AT_ONCE, other).status_code == 201
    hub = proxied.app_state.hub  # type: ignore[attr-defined]
    makers = Counter(h.makers[0] for h in hub.tables.values())
    assert sorted(makers.values()) == [2, 2, limits.waiting_per_maker]  # kept by a hash, not the address
    assert all("203.0.113.7" not in tag for tag in makers)


def test_waiting_tables_fill_only_their_share_and_tables_that_start_at_once_still_get_made(
        db_file: str) -> None:
    with behind_proxy(db_file, max_tables=40, max_waiting=10, waiting_per_maker=5) as client:
        for k in range(10):  # two addresses' worth: the server's share of waiting tables is full
            assert post(client, WAITING, f"192.0.2.{k // 5}").status_code == 201
        full = post(client, WAITING, "192.0.2.9")
        assert full.status_code == 503 and "waiting for players" in full.json()["detail"]
        assert full.headers["Retry-After"]
        assert post(client, AT_ONCE, "192.0.2.9").status_code == 201


def test_at_the_table_cap_the_tables_nobody_is_at_make_room(db_file: str) -> None:
    with behind_proxy(db_file, max_tables=6, max_waiting=2, presence_seconds=0.3) as client:
        made = [post(client, AT_ONCE, f"192.0.2.{k}").json()["id"] for k in range(6)]
        assert post(client, AT_ONCE, "192.0.2.50").status_code == 503  # everyone is still at their table
        time.sleep(0.4)  # nobody looked at them since
        for k in range(3):
            client.get(f"/api/tables/{made[k]}")  # three are looked at again
        again = post(client, AT_ONCE, "192.0.2.50")
        assert again.status_code == 201, again.text
        statuses = [client.get(f"/api/tables/{table}").json()["status"] for table in made]
        assert statuses[:3] == ["playing"] * 3 and "adjourned" in statuses[3:]
