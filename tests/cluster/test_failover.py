"""The server that owns running tables killed with SIGKILL mid-game (issue 29, "Failover"): the
other servers take its tables over from the store, the game is finished through a survivor with
every acknowledged move in the record, an open page on a survivor keeps getting the game, and a
bot at the dead server's table moves again."""

from __future__ import annotations

import asyncio
import json
import time

from .conftest import Server
from .play import logged, logged_all, make, move


def test_the_owner_killed_mid_game_the_game_goes_on_through_the_survivor(servers: list[Server]) -> None:
    import websockets

    a, b = servers
    c = Server(a.db, a.bus).start()
    try:
        game = make(c)  # C owns it
        for turn in range(6):
            assert move(a if turn % 2 else c, game, retry_for=10) is not None
        with_bot = c.post("/api/tables", {"game": "dots", "seats": ["human", "bot:random"]})
        assert with_bot.status_code == 201, with_bot.text
        bot_table = with_bot.json()["id"]
        bot_token = with_bot.json()["seats"][0]["token"]
        bank = c.post("/api/tables", {"game": "bank", "seats": ["human", "bot:random"],
                                      "options": {"lobby": False, "move_time": 1.0}})
        assert bank.status_code == 201, bank.text
        bank_table = bank.json()["id"]
        before_kill = c.get(f"/api/tables/{bank_table}/state").json()["version"]
        c.kill()  # no shutdown: its leases simply stop being renewed

        async def play_on() -> int:
            url = f"ws://127.0.0.1:{a.port}/api/tables/{game.id}/ws?token={game.tokens[0]}"
            async with websockets.connect(url) as ws:  # a page on A, open through the failover
                while await asyncio.to_thread(move, b, game, 60.0) is not None:
                    pass
                last = max(game.acked)
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if message["type"] == "state" and message["version"] >= last:
                        assert message["over"]
                        return int(message["version"])

        assert asyncio.run(play_on()) == max(game.acked)
        assert logged(a.db, game) == game.acked  # nothing acknowledged was lost, nothing else written
        assert b.get(f"/api/tables/{game.id}/state").json()["over"]

        # the bot at the other table of the dead server answers a person's move again
        deadline = time.monotonic() + 60
        while True:
            state = b.get(f"/api/tables/{bot_table}/state", bot_token).json()
            if state["legal"]:
                made = b.post(f"/api/tables/{bot_table}/actions",
                              {"action": state["legal"][0], "version": state["version"]}, bot_token)
                if made.status_code == 200:
                    break
            assert time.monotonic() < deadline, "the table with a bot was not taken over"
            time.sleep(0.2)
        after = state["version"] + 1  # the person's move (the answer may already count the bot's)
        while b.get(f"/api/tables/{bot_table}/state", bot_token).json()["version"] <= after:
            assert time.monotonic() < deadline + 30, "the bot did not move after the failover"
            time.sleep(0.1)

        # bank's clock goes on: its absent person's turns time out at the new owner
        while True:
            timeouts = [version for version, (player, text) in logged_all(a.db, bank_table).items()
                        if player is None and text == "timeout" and version > before_kill]
            if len(timeouts) >= 2:
                break
            assert b.get(f"/api/tables/{bank_table}/state").status_code in (200, 503)
            assert time.monotonic() < deadline + 60, "bank's clock did not go on after the failover"
            time.sleep(0.2)
    finally:
        c.stop()
