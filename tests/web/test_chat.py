"""The table chat: lines pushed to the table and kept with the game (SQLite and PostgreSQL), two
rooms that never leak into each other, limits per person, and — in Chromium — a line from one
browser seen by the other, never by a spectator of a private table, on a phone with quick phrases."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from ionarena.store import Store
from ionarena.store.chat import ChatLine, ChatStore
from ionarena.store.migrate import downgrade, upgrade
from ionarena.web import create_app

from .conftest import LiveServer, auth, make_table
from .people import until, up_to_barrier

LINE_KEYS = {"id", "room", "seat", "name", "text", "version", "at"}


def two_people(client: TestClient, public: bool = False, game: str = "dots") -> tuple[str, str, str]:
    made = make_table(client, game=game, players=3, seats=["human", "human", "bot:easy"],
                      names=["ada", "<b>bob</b>"], public=public, seed=5)
    return made["id"], made["seats"][0]["token"], made["seats"][1]["token"]


def say(client: TestClient, table: str, text: str, token: str | None = None, **more: Any) -> httpx.Response:
    return client.post(f"/api/tables/{table}/chat", json={"text": text, **more},
                       headers=auth(token) if token else {})


def chat_lines(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [line for m in messages if m["type"] == "chat" for line in m["lines"]]


def test_a_line_reaches_the_other_seat_at_once_and_is_kept_with_the_game(db_file: str) -> None:
    with TestClient(create_app(db_file, bot_delay=0.0)) as client:
        table, ada, bob = two_people(client)
        with client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as ws:
            history = until(ws, "chat")
            assert history["history"] and history["lines"] == [] and history["rooms"] == ["players"]
            said = say(client, table, "  <script>alert(1)</script> gg  ", ada)
            assert said.status_code == 201, said.text
            line = until(ws, "chat")["lines"][0]
        assert set(line) == LINE_KEYS
        assert line["text"] == "<script>alert(1)</script> gg"  # as typed, stripped: never markup
        assert (line["seat"], line["name"], line["room"]) == (0, "ada", "players")
        version = client.get(f"/api/tables/{table}/state", headers=auth(ada)).json()["version"]
        assert line["version"] == version
        assert say(client, table, "and you, <b>bob</b>?", bob).json()["name"] == "<b>bob</b>"
    with TestClient(create_app(db_file, bot_delay=0.0)) as again:  # a restart: the lines are kept
        kept = again.get(f"/api/tables/{table}/chat", headers=auth(bob)).json()["lines"]
        assert [k["text"] for k in kept] == ["<script>alert(1)</script> gg", "and you, <b>bob</b>?"]
        with again.websocket_connect(f"/api/tables/{table}/ws?token={ada}") as ws:
            assert [k["id"] for k in until(ws, "chat")["lines"]] == [k["id"] for k in kept]


def test_spectators_of_a_private_table_never_read_the_players_chat(client: TestClient) -> None:
    table, ada, bob = two_people(client, public=False)
    with client.websocket_connect(f"/api/tables/{table}/ws?token=") as watcher, \
            client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as player:
        first = until(watcher, "chat")
        assert first["rooms"] == [] and first["lines"] == [] and first["spectators"] is False
        until(player, "chat")
        assert say(client, table, "my hand is all jokers", ada).status_code == 201
        assert chat_lines(up_to_barrier(watcher)) == []
        assert [line["text"] for line in chat_lines(up_to_barrier(player))] == ["my hand is all jokers"]
        assert client.get(f"/api/tables/{table}/chat").json()["lines"] == []
        # the spectators' chat is closed by default here; a seated person may open it
        assert say(client, table, "hi", name="eve").status_code == 403
        opened = client.put(f"/api/tables/{table}/chat/spectators", json={"open": True}, headers=auth(bob))
        assert opened.json() == {"spectators": True}
        reread = until(watcher, "chat", lambda m: m.get("history"))
        assert reread["rooms"] == ["spectators"] and reread["lines"] == []  # still none of the players'
        assert say(client, table, "ada should play the 5", name="eve").status_code == 201
        assert [line["name"] for line in chat_lines(up_to_barrier(watcher))] == ["eve"]
        told = up_to_barrier(player)  # its history again (the setting changed), and no coaching
        assert [m["spectators"] for m in told if m.get("history")] == [True]
        assert all(line["room"] == "players" for line in chat_lines(told))
        mine = client.get(f"/api/tables/{table}/chat", headers=auth(ada)).json()
        assert [line["text"] for line in mine["lines"]] == ["my hand is all jokers"]
    assert client.put(f"/api/tables/{table}/chat/spectators", json={"open": False}).status_code == 401


def test_spectators_of_a_listed_table_read_the_players_and_talk_among_themselves(client: TestClient) -> None:
    table, ada, _ = two_people(client, public=True)
    with client.websocket_connect(f"/api/tables/{table}/ws?token=") as watcher:
        assert until(watcher, "chat")["rooms"] == ["players", "spectators"]
        say(client, table, "good luck", ada)
        assert say(client, table, "go ada", name="<img src=x onerror=alert(1)>").status_code == 201
        lines = chat_lines(up_to_barrier(watcher))
        assert [(line["room"], line["name"]) for line in lines] == [
            ("players", "ada"), ("spectators", "<img src=x onerror=alert(1)>")]


def test_a_line_is_checked_and_each_person_is_held_to_a_rate(client: TestClient) -> None:
    table, ada, bob = two_people(client, public=True)
    refused = {"": 422, "   ": 422, "x" * 281: 422, "two\nlines": 422, "evil \u202etxt.exe": 422}
    for text, status in refused.items():
        answer = say(client, table, text, ada)
        assert answer.status_code == status and answer.json()["detail"], repr(text)
    assert say(client, table, "x" * 280, ada).status_code == 201
    assert say(client, table, "👩‍👩‍👧 family emoji join", ada).status_code == 201  # joiners are fine
    for n in range(3):
        assert say(client, table, f"line {n}", ada).status_code == 201
    too_fast = say(client, table, "one more", ada)
    assert too_fast.status_code == 429 and "too fast" in too_fast.json()["detail"]
    assert say(client, table, "I may still talk", bob).status_code == 201  # per person
    assert say(client, table, "hi", "not-a-token").status_code == 403
    assert say(client, table, "hi").status_code == 422  # a spectator needs a name
    assert client.post(f"/api/tables/{table}/chat", json={"text": "hi", "extra": 1}).status_code == 422
    assert say(client, "no-such-table-at-all", "hi", ada).status_code == 404
    kept = client.get(f"/api/tables/{table}/chat", headers=auth(ada)).json()["lines"]
    texts = [line["text"] for line in kept]
    assert "one more" not in texts and len(texts) == 6


def check_store(url: str) -> None:
    store = Store(url)
    try:
        from ionarena.host import Table

        table = Table("dots", players=2, bots={1: "greedy"}, journal=store)
        chat = ChatStore(store)
        first = chat.add(ChatLine(table.id, "players", 0, "ada", "gg ünïcode ✓", 3))
        second = chat.add(ChatLine(table.id, "spectators", None, "eve", "nice", 4))
        assert first.id is not None and second.id is not None and second.id > first.id
        assert [line.text for line in chat.lines(table.id)] == ["gg ünïcode ✓", "nice"]
        assert [line.name for line in chat.lines(table.id, rooms=("spectators",))] == ["eve"]
        assert chat.lines(table.id, limit=1)[0].text == "nice"  # the last ones, oldest first
        assert chat.lines(table.id)[0].at is not None and chat.lines(table.id)[0].at.tzinfo is not None
    finally:
        store.close()


def test_the_chat_is_kept_on_sqlite_and_survives_a_downgrade_round_trip(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'chat.sqlite3'}"
    check_store(url)
    from sqlalchemy import create_engine, inspect

    engine = create_engine(url)
    downgrade(engine, "0003")
    assert "ion_chat" not in inspect(engine).get_table_names()
    upgrade(engine)
    assert "ion_chat" in inspect(engine).get_table_names()
    engine.dispose()


def test_the_chat_is_kept_on_postgresql(pg_db: str) -> None:
    check_store(pg_db)


# -- in Chromium --------------------------------------------------------------------------------------


@pytest.fixture
def private_table(live_server: LiveServer) -> dict[str, Any]:
    answer = httpx.post(f"{live_server.url}/api/tables", json={
        "game": "dots", "players": 3, "seats": ["human", "human", "bot:easy"],
        "names": ["ada", "<i>bob</i>"], "public": False, "seed": 8}, timeout=10)
    assert answer.status_code == 201
    made: dict[str, Any] = answer.json()
    return made


def open_page(browser: Any, url: str, width: int = 1280, height: int = 800) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.problems = []
    page.on("pageerror", lambda err: page.problems.append(str(err)))
    page.goto(url)
    page.wait_for_selector(".table-page")
    return page


def test_a_line_from_one_browser_reaches_the_other_never_a_spectator_of_a_private_table(
        browser: Any, live_server: LiveServer, private_table: dict[str, Any], tmp_path: Path) -> None:
    table = private_table["id"]
    ada = open_page(browser, f"{live_server.url}/t/{table}#token={private_table['seats'][0]['token']}")
    bob_link = f"{live_server.url}/t/{table}#token={private_table['seats'][1]['token']}"
    bob = open_page(browser, bob_link, 390, 844)
    watcher = open_page(browser, f"{live_server.url}/t/{table}")
    ada.click("[data-testid=chat-toggle]")
    ada.fill(".chat-input", "<b>hello</b> bob")
    ada.press(".chat-input", "Enter")
    ada.wait_for_selector(".chat-line .chat-text >> text=<b>hello</b> bob")
    # bob, on a phone: the newest line is previewed, the unread count shown
    bob.wait_for_selector(".chat-preview >> text=<b>hello</b> bob")
    assert bob.inner_text(".chat-unread") == "1"
    bob.screenshot(path=str(tmp_path / "chat-preview-phone.png"))
    bob.click("[data-testid=chat-toggle]")
    text = bob.locator(".chat-line .chat-text").first
    assert text.inner_text() == "<b>hello</b> bob"
    assert bob.locator(".chat-line b").count() == 0  # text, not markup
    box = bob.locator(".chat-drawer").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844 + 1
    bob.locator(".chat-phrase", has_text="Well played!").click()  # a quick phrase, by thumb
    ada.wait_for_selector(".chat-line .chat-text >> text=Well played!")
    assert ada.inner_text(".chat-line:last-child .chat-who") == "<i>bob</i>"
    bob.screenshot(path=str(tmp_path / "chat-phone.png"))
    # the spectator of this private table has no chat at all, and none of its lines
    assert watcher.locator("[data-testid=chat]").count() == 0
    assert "hello" not in watcher.inner_text("body") and "Well played" not in watcher.inner_text("body")
    for page in (ada, bob, watcher):
        assert page.problems == []
        page.context.close()


def test_a_spectator_of_a_listed_table_reads_the_players_and_talks_in_their_own_room(
        browser: Any, live_server: LiveServer) -> None:
    made = httpx.post(f"{live_server.url}/api/tables", json={
        "game": "dots", "players": 3, "seats": ["human", "human", "bot:easy"], "names": ["ada", "bob"],
        "public": True}, timeout=10).json()
    table, ada_token = made["id"], made["seats"][0]["token"]
    said = httpx.post(f"{live_server.url}/api/tables/{table}/chat", json={"text": "good luck all"},
                      headers=auth(ada_token), timeout=10)
    assert said.status_code == 201
    watcher = open_page(browser, f"{live_server.url}/t/{table}", 390, 844)
    ada = open_page(browser, f"{live_server.url}/t/{table}#token={ada_token}")
    watcher.click("[data-testid=chat-toggle]")
    watcher.wait_for_selector(".chat-lines[data-room=spectators]")  # a watcher's own room first
    watcher.click(".chat-rooms button[data-room=players]")
    watcher.wait_for_selector(".chat-lines[data-room=players] .chat-text >> text=good luck all")
    assert watcher.locator(".chat-form").count() == 0  # the players' room is read-only for watchers
    watcher.click(".chat-rooms button[data-room=spectators]")
    watcher.fill(".chat-name", "eve")
    watcher.locator(".chat-phrase", has_text="Nice move!").click()
    watcher.wait_for_selector(".chat-lines[data-room=spectators] .chat-text >> text=Nice move!")
    assert watcher.inner_text(".chat-line .chat-who") == "eve (watching)"
    ada.click("[data-testid=chat-toggle]")
    ada.wait_for_selector(".chat-text >> text=good luck all")
    assert ada.locator(".chat-rooms").count() == 0 and "Nice move" not in ada.inner_text("body")
    for page in (watcher, ada):
        assert page.problems == []
        page.context.close()


def test_a_new_table_s_chat_is_not_read_from_the_store_until_someone_speaks(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table this server made, where nobody has spoken, has no chat to read: a connection gets an
    empty history without a read of the store. Once a line is said — here with no page open, so
    no history is kept in memory — the next connection reads it back."""
    reads: list[str] = []
    real_lines = ChatStore.lines
    monkeypatch.setattr(ChatStore, "lines", lambda self, table_id, *more: reads.append(table_id)
                        or real_lines(self, table_id, *more))
    table, ada, bob = two_people(client)
    with client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as ws:
        assert until(ws, "chat")["lines"] == []
    assert reads == []
    assert say(client, table, "hello", ada).status_code == 201
    with client.websocket_connect(f"/api/tables/{table}/ws?token={bob}") as ws:
        assert [line["text"] for line in until(ws, "chat")["lines"]] == ["hello"]
    assert reads == [table]
