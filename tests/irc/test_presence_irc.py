"""A dropped connection and a netsplit cost nothing, on a real ngircd.

A bank player whose connection drops keeps their seat for the grace window; meanwhile their turns
pass without penalty (the host's `away`, docs/rules/bank.md), and when they come back (same nick)
they play on and are told what happened. Then the server restarts under everyone (a netsplit for
all): the game waits while the bot is away, and whoever is not back yet when it is has their turns
passed; nobody is penalised, nobody is quit.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ionarena.core.record import replay
from ionarena.store import Store

from .ngircd import Ngircd
from .people import BOT, Person, bot_notice, channel_line
from .play import CHANNEL, bank_player, game_id, names_in, seat, start_bot

NICKS = ("ada", "bob", "cy")


async def seated(ircd: Ngircd, nick: str) -> Person:
    person = await Person(ircd.port, nick).connect()
    await person.join(CHANNEL)
    return person


def test_a_dropped_connection_and_a_server_restart_cost_no_one_a_penalty(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, db), crowd = await asyncio.gather(start_bot(ircd, tmp_path, "--grace", "30"),
                                                         seat(ircd, *NICKS))
        people = dict(zip(NICKS, crowd, strict=True))
        stop = asyncio.Event()
        try:
            people["ada"].say(CHANNEL, "!ion bank round_time=600")
            await watcher.expect(channel_line(CHANNEL, "opens a bank game"), 15)
            for nick, sign in zip(NICKS, "+-+", strict=True):
                people[nick].tell(f"team {sign}")
                await people[nick].expect(bot_notice(people[nick], "You are on team"), 10)
            people["ada"].say(CHANNEL, "!ion start")
            await watcher.expect(channel_line(CHANNEL, "starts: "), 15)
            table_id = game_id(watcher)
            await asyncio.gather(*(bank_player(p, stop, turns=2) for p in people.values()))

            # bob's connection drops (no QUIT of his own: the server says he is gone)
            others = [asyncio.create_task(bank_player(people[n], stop)) for n in ("ada", "cy")]
            await people["bob"].close()
            away = r"(^|· )bob is away: their seat waits 30 s \(their turns pass without penalty\)\."
            await watcher.expect(channel_line(CHANNEL, away), 15)
            await watcher.expect(channel_line(CHANNEL, r"bob is away \(turn passed\)"), 20)
            people["bob"] = await seated(ircd, "bob")
            back = r"^Welcome back: you play on in #ion\."
            welcome = await people["bob"].expect(bot_notice(people["bob"], back), 15)
            assert "without penalty meanwhile" in welcome.text
            assert await bank_player(people["bob"], stop, turns=2) == 2
            stop.set()
            await asyncio.gather(*others)

            # the server restarts: everyone is dropped, the bot too
            before = len(stored(db, table_id))
            await watcher.close()
            for person in people.values():
                await person.close()
            ircd.restart()
            watcher, *crowd = await seat(ircd, "watcher", *NICKS)
            try:
                await watcher.expect(lambda ln: (ln.command == "JOIN" and ln.nick == BOT)
                                     or (ln.command == "353" and BOT in names_in(ln)), 40)
            except TimeoutError as err:  # (what the bot did meanwhile says why)
                raise AssertionError(f"the bot did not come back; its log ends: {bot.output()[-2000:]}\n"
                                     f"the server's: {ircd.log.read_text(errors='replace')[-1000:]}") from err
            people = dict(zip(NICKS, crowd, strict=True))
            stop = asyncio.Event()
            players = asyncio.gather(*(bank_player(p, stop, turns=2) for p in people.values()))
            played = await asyncio.wait_for(players, 60)
            assert played == [2, 2, 2]
            people["ada"].say(CHANNEL, "!ion stop")
            await watcher.expect(channel_line(CHANNEL, "stops the game"), 15)
        finally:
            stop.set()
            for person in (*people.values(), watcher):
                await person.close()
            bot.stop()
        log = stored(db, table_id)
        assert len(log) > before and [e.version for e in log] == list(range(1, len(log) + 1))
        store = Store(db)
        try:
            events = replay(store.record(table_id)).events(None)
        finally:
            store.close()
        kinds = [e.kind for e in events]
        assert "timeout" not in kinds and "quit" not in kinds and "skip" not in kinds
        assert {e.data["player"] for e in events if e.kind == "away"} >= {1}
        assert "disconnected from 127.0.0.1" in bot.output()
    asyncio.run(go())


def stored(db: str, table_id: str) -> list:
    store = Store(db)
    try:
        return store.log(table_id)
    finally:
        store.close()
