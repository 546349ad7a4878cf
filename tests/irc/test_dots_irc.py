"""Whole dots games through the bot on a real ngircd: hands by NOTICE, moves by private message,
the public moves in the channel; the bot identifies, answers `!ion record` and `!ion top`, rides
out a server restart and a SIGKILL without losing an accepted move."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from ionarena.core import Names, get_spec
from ionarena.core.record import replay
from ionarena.store import Store

from .ngircd import Ngircd
from .people import BOT, Person, bot_notice, bot_says, channel_line
from .play import (
    CATALOGUE_LINES,
    CHANNEL,
    channel_lines,
    check_channel_is_public,
    dots_player,
    game_id,
    names_in,
    pieces,
    seat,
    start_bot,
)


def stored(db: str, table_id: str):
    """(log, record) of a table in the store."""
    store = Store(db)
    try:
        return store.log(table_id), store.record(table_id)
    finally:
        store.close()


async def open_dots(watcher: Person, people: list[Person], bots: int, turn_cap: int = 16) -> str:
    """Open a dots game (a short one: the lowest hand wins after `turn_cap` turns), seat everyone."""
    host = people[0]
    host.say(CHANNEL, f"!ion dots bots={bots} turn_cap={turn_cap}")
    await watcher.expect(channel_line(CHANNEL, "opens ION: Card Game"), 15)
    for person in people:
        person.tell("join")
        await person.expect(bot_notice(person, "You have a seat"), 10)
    host.say(CHANNEL, "!ion start")
    await watcher.expect(channel_line(CHANNEL, "starts: "), 15)
    return game_id(watcher)


def test_a_dots_game_with_identify_record_and_top(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        nickserv = await Person(ircd.port, "NickServ").connect()
        (bot, watcher, db), (ada, bob) = await asyncio.gather(
            start_bot(ircd, tmp_path, "--bot-delay", "0.1", "--password-env", "ION_TEST_IRC_PASSWORD",
                      env={"ION_TEST_IRC_PASSWORD": "sekrit"}),
            seat(ircd, "ada", "bob", channels=()))  # they join once the bot is in
        try:
            # ngircd offers no SASL, so the bot identifies to NickServ.
            await nickserv.expect(lambda ln: ln.nick == BOT and ln.command == "PRIVMSG"
                                  and ln.text == "IDENTIFY IonBot sekrit", 10)
            for person in (ada, bob):
                await person.join(CHANNEL)
            table_id = await open_dots(watcher, [ada, bob], bots=1)
            stop = asyncio.Event()
            tasks = [asyncio.create_task(dots_player(p, stop)) for p in (ada, bob)]
            await watcher.expect(channel_line(CHANNEL, "Final scores: "), 90)
            stop.set()
            await asyncio.gather(*tasks)
            ada.say(CHANNEL, f"!ion record {table_id}")
            said = await watcher.expect(channel_line(CHANNEL, f"^Game {table_id}: dots"), 15)
            ada.say(CHANNEL, "!ion top dots")
            top = await watcher.expect(channel_line(CHANNEL, "^All-time dots table: 1\\. "), 15)
        finally:
            for person in (ada, bob, nickserv):
                await person.close()
            bot.stop()
        log, record = stored(db, table_id)
        assert f"3 players, over, {len(log)} actions, seed {record.seed}" in said.text
        assert "ada" in top.text and "bob" in top.text
        assert "bot1" not in top.text and "Player" not in top.text  # bots are not on it
        # hands went by NOTICE to their owner only
        for person in (ada, bob):
            assert any("your hand:" in ln.text for ln in person.from_bot())
        private = [ln for p in (ada, bob) for ln in p.lines if ln.nick == BOT and ln.command == "NOTICE"]
        check_channel_is_public(watcher, db, table_id, [["ada", "bob", "bot1"]], private)
        assert not any("your hand" in text for text in channel_lines(watcher))
        assert max(ln.size for p in (ada, bob, watcher) for ln in p.lines) <= 512
    asyncio.run(go())


def test_the_server_restarts_under_the_bot_and_the_game_goes_on(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, db), (ada,) = await asyncio.gather(
            start_bot(ircd, tmp_path, "--bot-delay", "0.1", "--idle-time", "3"), seat(ircd, "ada"))
        table_id = await open_dots(watcher, [ada], bots=1, turn_cap=80)
        stop = asyncio.Event()
        await dots_player(ada, stop, turns=2)
        before = len(stored(db, table_id)[0])
        await ada.close()
        await watcher.close()
        ircd.restart()  # every connection dropped, the server forgets everything
        try:
            watcher2, ada2 = await seat(ircd, "watcher", "ada")
            # the bot is back in the channel (it may have rejoined before or after the watcher)
            await watcher2.expect(lambda ln: (ln.command == "JOIN" and ln.nick == BOT)
                                  or (ln.command == "353" and BOT in names_in(ln)), 40)
            task = asyncio.create_task(dots_player(ada2, stop))
            for _ in range(600):  # the game plays on to its end (ada, or a bot for her when she idles)
                if stored(db, table_id)[1].scores is not None:
                    break
                await asyncio.sleep(0.1)
            stop.set()
            await task
            await ada2.close()
            await watcher2.close()
        finally:
            bot.stop()
        log, record = stored(db, table_id)
        assert len(log) > before
        assert [e.version for e in log] == list(range(1, len(log) + 1))
        state = replay(record)
        assert state.is_over()
        assert "disconnected from 127.0.0.1" in bot.output()
    asyncio.run(go())


def told_and_kept(watcher: Person, db: str, table_id: str) -> tuple[list[str], list[tuple[int, str]], list]:
    """(the game's words said in the channel so far, the words of every public event of the stored
    game with its version, the stored log): the channel's words are the presenter's sentences
    for the spectator's events (catalogue lines left out)."""
    log, record = stored(db, table_id)
    names = Names(None, ["ada", "bot1"])
    presenter = get_spec("dots").presenter
    kept = [(e.version, presenter.describe(e, names)) for e in replay(record).events(None)]
    said = [p for p in pieces(channel_lines(watcher)) if not any(re.search(c, p) for c in CATALOGUE_LINES)]
    return said, kept, log


def test_a_bot_killed_with_sigkill_resumes_its_game_and_no_accepted_move_is_lost(ircd: Ngircd,
                                                                                 tmp_path: Path):
    """Every move the channel was told of is in the store, in order: the bot commits an action
    before it tells anyone. (Whatever ada's moves are: her first may be the dealer's `name` or
    `give` of a starting Double Joker or Gift, not a play or a draw.)"""
    async def go() -> None:
        (bot, watcher, db), (ada,) = await asyncio.gather(start_bot(ircd, tmp_path, "--bot-delay", "0.1"),
                                                          seat(ircd, "ada"))
        table_id = await open_dots(watcher, [ada], bots=1)
        stop = asyncio.Event()
        await dots_player(ada, stop, turns=3)
        for _ in range(300):  # until the channel has told of ada's 3 moves (as the flood limit allows)
            said, kept, log = told_and_kept(watcher, db, table_id)
            ada_versions = [e.version for e in log if e.player == 0]
            if len(ada_versions) >= 3 and len(said) >= len([v for v, _ in kept if v <= ada_versions[2]]):
                break
            await asyncio.sleep(0.2)
        line = await ada.next(lambda ln: ln.nick == BOT and "ada: your turn" in ln.text, 15)
        move = re.search(r"moves: ([^,·]*)", line.text)
        ada.tell(move.group(1).strip() if move else "draw")
        bot.kill()  # at once: the move may or may not have been accepted, but it was never told
        said, kept, log = told_and_kept(watcher, db, table_id)
        assert said == [words for _, words in kept[: len(said)]], "the channel told of a move the store lacks"
        told = {version for version, _ in kept[: len(said)]}
        assert len([e for e in log if e.player == 0 and e.version in told]) >= 3
        bot2 = type(bot)(ircd.port, db, tmp_path, CHANNEL, "--bot-delay", "0.1").start()
        try:
            await watcher.expect(channel_line(CHANNEL, f"\\(game {table_id}\\) goes on where it stopped"), 40)
            # what ada holds, told again from her view (notes waiting to be sent died with the bot)
            again = r"(^|· )The game in #ion goes on \(I restarted\)\. .*your hand: "
            await ada.expect(bot_says(ada, again), 20)
            task = asyncio.create_task(dots_player(ada, stop))
            await watcher.expect(channel_line(CHANNEL, "Final scores: "), 90)
            stop.set()
            await task
        finally:
            await ada.close()
            await watcher.close()
            bot2.stop()
        final, record = stored(db, table_id)
        assert final[:len(log)] == log  # nothing accepted before the kill was lost or changed
        assert replay(record).is_over()
    asyncio.run(go())
