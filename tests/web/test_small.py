"""The smaller holes of a public address (issue 28, item 7, and the proxy's part of item 6): `HEAD`,
`nosniff`, versions that are not whole numbers or are from the future, names made of accents, the
WebSocket's `pong` documented, `legal_actions` and its docstring agreeing, and the seat cookie
`Secure` behind HTTPS (directly, or through a proxy `ion serve` is told to believe)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

import ionarena
from ionarena.core import state as state_module
from ionarena.web import create_app
from ionarena.web.guard import server_settings
from ionarena.web.limits import Limits

from .conftest import auth, free_port, make_table

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_page_and_read_answers_head_and_every_answer_says_nosniff(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "open"])
    for path in ("/", "/healthz", f"/t/{made['id']}", "/rules/dots", "/docs/api", "/api/games",
                 f"/api/tables/{made['id']}", "/static/js/app.js"):
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b"" and head.headers["content-type"] == got.headers["content-type"], path
        assert head.headers["x-content-type-options"] == got.headers["x-content-type-options"] == "nosniff"
    for refused in (client.get("/api/tables/nosuchtableatall"), client.post("/api/tables", json={})):
        assert refused.headers["x-content-type-options"] == "nosniff"


def test_a_version_must_be_a_number_and_cannot_be_from_the_future(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "human"], seed=3)
    table = made["id"]
    mover = made["seats"][0]["token"]
    state = client.get(f"/api/tables/{table}/state", headers=auth(mover)).json()
    if 0 not in state["actors"]:
        mover = made["seats"][1]["token"]
        state = client.get(f"/api/tables/{table}/state", headers=auth(mover)).json()
    move, where = state["legal"][0], f"/api/tables/{table}/actions"
    as_text = client.post(where, headers=auth(mover), json={"action": move, "version": "0"})
    assert as_text.status_code == 422 and "version" in as_text.json()["detail"]
    future = client.post(where, headers=auth(mover), json={"action": move, "version": 99})
    assert future.status_code == 422
    assert future.json()["detail"].startswith("there is no version 99 yet: the game is at version 0")
    assert client.get(f"/api/tables/{table}/state").json()["version"] == 0  # nothing changed


def test_a_name_is_letters_with_at_most_two_accents_each(client: TestClient) -> None:
    made = make_table(client, game="dots", players=3, seats=["human", "open", "open"])
    zalgo = client.post(f"/api/tables/{made['id']}/seats/1", json={"name": "a" + "\u0301" * 31})
    assert zalgo.status_code == 422 and "accents" in zalgo.json()["detail"]
    assert client.post(f"/api/tables/{made['id']}/seats/1", json={"name": "\u0301\u0301"}).status_code == 422
    assert client.post(f"/api/tables/{made['id']}/seats/1", json={"name": "Nguyễn"}).status_code == 200
    decomposed = client.post(f"/api/tables/{made['id']}/seats/2", json={"name": "Zoe\u0308"})
    assert decomposed.status_code == 200
    assert client.get(f"/api/tables/{made['id']}").json()["seats"][2]["name"] == "Zoë"  # composed


def test_the_websockets_pong_and_the_servers_limits_are_documented() -> None:
    api = (DOCS / "api.md").read_text()
    assert '{"type": "pong", "id"' in api
    for limit in ("429", "503", "413", "adjourned", "practice"):
        assert limit in api, limit


def test_legal_actions_lists_what_its_docstring_says_and_apply_takes_the_free_form_rest() -> None:
    doc = state_module.__doc__ or ""
    assert "listed_deal_prices" in doc and "Science Ninja" in doc
    # Valence's Science Ninja: a name that is not among the listed choices is legal (and wrong)
    state = ionarena.make("valence", players=2, seed=4, variant="ninja")
    for _ in range(200):
        seat = state.actors()[0]
        texts = [state.format_action(a) for a in state.legal_actions(seat)]
        builds = [t for t in texts if t.startswith("build ") and " as " in t]
        if builds:
            cards = builds[0].split(" as ")[0]
            free = f"{cards} as water of the moon"
            assert free not in texts
            state.apply(seat, state.parse_action(seat, free))
            assert state.events(None)[-1].kind == "wrong_name"
            break
        state.apply(seat, state.legal_actions(seat)[0])
    else:
        raise AssertionError("no build came up")


def test_bank_deals_above_the_listed_prices_are_legal_but_not_listed() -> None:
    state = ionarena.make("bank", players=2, seed=2, lobby=False, rounds=2, round_time=10)
    while state.view(None)["phase"] != "shop":  # time runs out on the first round
        state.apply(ionarena.HOST, state.timeout_action())
    state.apply(0, state.parse_action(0, "buy r"))  # something to sell
    listed = [state.format_action(a) for a in state.legal_actions(0)]
    assert "deal r 10 ¢" in listed and "deal r 500 ¢" not in listed
    state.apply(0, state.parse_action(0, "deal r 500 ¢"))
    assert state.events(None)[-1].kind == "offer"


class Served:
    """The app served by uvicorn as `ion serve` serves it, in a thread."""

    def __init__(self, db: str, **config: object):
        self.port = free_port()
        settings = server_settings(Limits())
        app = create_app(db, bot_delay=0.0)
        config = {"host": "127.0.0.1", "port": self.port, "log_level": "warning", "lifespan": "on",
                  **settings, **config}
        self.server = uvicorn.Server(uvicorn.Config(app, **config))  # type: ignore[arg-type]
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()), daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


def join_cookie(url: str, **headers: str) -> str:
    made = httpx.post(f"{url}/api/tables", json={"game": "dots", "players": 2, "seats": ["human", "open"]},
                      timeout=10).json()
    joined = httpx.post(f"{url}/api/tables/{made['id']}/seats/1", json={"name": "Bea"}, headers=headers,
                        timeout=10)
    assert joined.status_code == 200, joined.text
    return joined.headers["set-cookie"]


@pytest.fixture
def https_client(db_file: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_file, bot_delay=0.0), base_url="https://testserver") as client:
        yield client


def test_the_seat_cookie_is_secure_when_the_page_came_over_https(https_client: TestClient,
                                                                   client: TestClient) -> None:
    for over, secure in ((https_client, True), (client, False)):
        made = make_table(over, game="dots", players=2, seats=["human", "open"])
        cookie = over.post(f"/api/tables/{made['id']}/seats/1", json={"name": "Bea"}).headers["set-cookie"]
        assert ("Secure" in cookie) is secure and "HttpOnly" in cookie


def test_a_proxy_is_believed_only_when_ion_serve_is_told_to(tmp_path: Path) -> None:
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.4"}
    trusted = {"proxy_headers": True, "forwarded_allow_ips": "127.0.0.1"}  # --forwarded-allow-ips 127.0.0.1
    with Served(f"sqlite:///{tmp_path / 'a.sqlite3'}", **trusted) as url:
        assert "Secure" in join_cookie(url, **https)
    with Served(f"sqlite:///{tmp_path / 'b.sqlite3'}", proxy_headers=False) as url:  # the default
        assert "Secure" not in join_cookie(url, **https)
