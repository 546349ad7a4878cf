"""Sixteen bank players at full speed on a real ngircd: the bot is never disconnected for flooding,
no line passes 512 bytes, and nobody times out with one-second moves, because each move clock
starts only when that player's "Your turn" line has been written (the flood limit holds most of
them back): the game's clock runs only while a player has been told, so the game time of the whole
run is a small part of its real time."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from ionarena.store import Store

from .ngircd import Ngircd
from .people import BOT, bot_notice, channel_line
from .play import CHANNEL, bank_player, channel_lines, game_id, prompt_of, seat, start_bot

PLAYERS = 16
TURNS = 1


def test_sixteen_players_at_full_speed_without_a_flood_disconnect(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, db), people = await asyncio.gather(  # they join once the bot is in
            start_bot(ircd, tmp_path), seat(ircd, *(f"p{n:02d}" for n in range(PLAYERS)), channels=()))
        try:
            await asyncio.gather(*(p.join(CHANNEL) for p in people))
            people[0].say(CHANNEL, "!ion bank move_time=1 round_time=600")
            await watcher.expect(channel_line(CHANNEL, "opens a bank game"), 15)
            for n, person in enumerate(people):
                person.tell("team +" if n % 2 == 0 else "team -")
            await asyncio.gather(*(p.expect(bot_notice(p, "You are on team"), 30) for p in people))
            people[0].say(CHANNEL, "!ion start")
            started = time.monotonic()
            stop = asyncio.Event()
            # everyone answers at once (no thinking time): a whole round of the table
            playing = asyncio.gather(*(bank_player(p, stop, think=0.0, turns=TURNS) for p in people))
            await watcher.expect(channel_line(CHANNEL, "starts: "), 15)
            table_id = game_id(watcher)
            turns = await asyncio.wait_for(playing, 120)
            elapsed = time.monotonic() - started
            # the last move is on its way: wait until the next player is told it is their turn
            waiting = [asyncio.ensure_future(p.next(prompt_of(p), 30)) for p in people]
            await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            for task in waiting:
                task.cancel()
            people[0].say(CHANNEL, "!ion stop")
            await watcher.expect(channel_line(CHANNEL, "stops the game"), 15)
        finally:
            await asyncio.gather(*(p.close() for p in people))
            await watcher.close()
            bot.stop()
        assert turns == [TURNS] * PLAYERS
        store = Store(db)
        try:
            log = store.log(table_id)
        finally:
            store.close()
        starts = next(t for t in channel_lines(watcher) if "starts: " in t)
        assert not [e for e in log if e.text == "timeout"], (
            " ".join(f"{e.player}:{e.text}@{e.game_time}" for e in log) + "\n" + starts + "\n"
            + "\n".join(f"{p.nick}: {[ln.text for ln in p.lines if ln.nick == BOT]}" for p in people))
        assert len([e for e in log if e.player is not None]) >= TURNS * PLAYERS
        # 16 turns through a 2-lines-a-second limit take many seconds; the game's clock ran only
        # between each "Your turn" being written and the answer
        game_time = max(e.game_time or 0.0 for e in log)
        assert game_time < elapsed / 4, (game_time, elapsed)
        output = bot.output()
        assert "disconnected from" not in output and connected_once(output)
        server_log = ircd.log.read_text(errors="replace")
        for trouble in ("Excess Flood", "exhausted", "Request too long", "Flood"):
            assert trouble not in server_log
        assert max(ln.size for p in people for ln in p.lines) <= 512
        assert all(any(prompt_of(p)(ln) for ln in p.lines) for p in people)
        assert all(ln.nick != BOT or ln.command != "KILL" for p in people for ln in p.lines)
    asyncio.run(go())


def connected_once(output: str) -> bool:
    """The bot connected exactly once (never had to come back)."""
    return output.count("connected to 127.0.0.1") == 1
