"""What a QA pass with irssi on a real ngircd found, each held on a real ngircd with real clients:

- a table whose every person is away waits (no bot moves for nobody) and goes on when one is back;
- a private message (`status`) from a player who parted is no presence: their turns go on passing
  without penalty, a move is refused ("rejoin"), and only rejoining the channel brings them back;
- a move right after one's own move is refused as "not your turn", naming who is on turn, never
  "too late"; no line names a seat by number or says the game clock;
- a newcomer's first burst of questions is answered in full;
- after a SIGKILL and a restart the turn line comes once.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from ionarena.core.record import replay
from ionarena.host import IRC, Table
from ionarena.store import Store

from .ngircd import Ngircd
from .people import BOT, BotProcess, Person, bot_notice, bot_says, channel_line
from .play import CHANNEL, bank_player, dots_player, game_id, pieces, prompt_of, seat, start_bot
from .test_dots_irc import open_dots, stored

GAME_CLOCK = re.compile(r"\b(at|until|by) \d+\.\d s\b")
"""A time said as the game clock ("ends at 210.0 s"), never as seconds left."""
SEAT_NUMBER = re.compile(r"\b(Player|seat) \d")


def log_length(db: str, table_id: str) -> int:
    return len(stored(db, table_id)[0])


def test_a_table_whose_every_person_is_away_waits_and_goes_on_when_one_is_back(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, db), (ada,) = await asyncio.gather(
            start_bot(ircd, tmp_path, "--bot-delay", "0.1", "--grace", "120"), seat(ircd, "ada"))
        stop = asyncio.Event()
        try:
            table_id = await open_dots(watcher, [ada], bots=1, turn_cap=200)
            await dots_player(ada, stop, turns=2)
            ada.send(f"PART {CHANNEL}")
            await watcher.expect(channel_line(CHANNEL, r"(^|· )ada is away: "), 15)
            everyone = r"(^|· )Everyone at the table is away: the game waits"
            await watcher.expect(channel_line(CHANNEL, everyone), 15)
            held = log_length(db, table_id)
            # bots a tenth of a second apart would make dozens of moves meanwhile (nobody watches)
            await asyncio.sleep(3.0)
            assert log_length(db, table_id) == held
            ada.cursor = len(ada.lines)
            await ada.join(CHANNEL)
            await watcher.expect(channel_line(CHANNEL, r"(^|· )ada is back\."), 15)
            await dots_player(ada, stop, turns=1)  # her turn comes again, and she plays on
            for _ in range(100):
                if log_length(db, table_id) > held:
                    break
                await asyncio.sleep(0.1)
            assert log_length(db, table_id) > held
        finally:
            stop.set()
            await ada.close()
            await watcher.close()
            bot.stop()
    asyncio.run(go())


async def bank_game(ircd: Ngircd, watcher: Person, nicks: tuple[str, ...]) -> tuple[dict[str, Person], str]:
    """Everyone in `nicks` in the channel and in a new bank game (teams + - + …); the game's id."""
    people = dict(zip(nicks, await seat(ircd, *nicks), strict=True))
    first = people[nicks[0]]
    first.say(CHANNEL, "!ion bank round_time=600")
    await watcher.expect(channel_line(CHANNEL, "opens a bank game"), 15)
    for n, nick in enumerate(nicks):
        people[nick].tell(f"team {'+-'[n % 2]}")
        await people[nick].expect(bot_notice(people[nick], "You are on team"), 10)
    first.say(CHANNEL, "!ion start")
    await watcher.expect(channel_line(CHANNEL, "starts: "), 15)
    return people, game_id(watcher)


def bank_events(db: str, table_id: str) -> list:
    store = Store(db)
    try:
        return replay(store.record(table_id)).events(None)
    finally:
        store.close()


def check_words(people: list[Person]) -> None:
    """No line of the bot names a seat by number or says the game clock."""
    for person in people:
        for ln in person.lines:
            if ln.nick == BOT:
                assert not GAME_CLOCK.search(ln.text), ln.text
                assert not SEAT_NUMBER.search(ln.text), ln.text


def test_a_second_move_right_after_ones_own_is_not_your_turn_never_too_late(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        bot, watcher, db = await start_bot(ircd, tmp_path)
        people: dict[str, Person] = {}
        stop = asyncio.Event()
        try:
            people, table_id = await bank_game(ircd, watcher, ("ada", "bob"))
            ada, bob = people["ada"], people["bob"]
            line = await ada.next(prompt_of(ada), 15)
            cards = re.findall(r"\[([^\]]+)\]", line.text.split("Cards: ")[1])
            ada.tell(cards[0])
            ada.tell(cards[1])  # typed at once after her move: bob is on turn by then
            refused = await ada.expect(bot_notice(ada, "(^|· )Not accepted: "), 15)
            assert "Not accepted: it is not your turn: bob is on turn" in pieces([refused.text]), refused.text
            await asyncio.gather(bank_player(ada, stop, turns=2), bank_player(bob, stop, turns=2))
            ada.say(CHANNEL, "!ion stop")
            await watcher.expect(channel_line(CHANNEL, "stops the game"), 15)
        finally:
            stop.set()
            for person in (*people.values(), watcher):
                await person.close()
            bot.stop()
        assert not [e for e in bank_events(db, table_id) if e.kind == "timeout"]
        check_words([*people.values(), watcher])
    asyncio.run(go())


def test_a_message_from_a_player_who_parted_is_no_presence(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        bot, watcher, db = await start_bot(ircd, tmp_path, "--grace", "120")
        people: dict[str, Person] = {}
        stop = asyncio.Event()
        try:
            people, table_id = await bank_game(ircd, watcher, ("ada", "bob", "cy"))
            bob = people["bob"]
            others = [asyncio.create_task(bank_player(people[n], stop)) for n in ("ada", "cy")]
            assert await bank_player(bob, stop, turns=1) == 1
            bob.send(f"PART {CHANNEL}")
            await watcher.expect(channel_line(CHANNEL, r"(^|· )bob is away: "), 15)
            for _ in range(3):  # bob asks, by /msg, from outside the channel
                mark = bob.mark()
                bob.tell("status")
                await bob.expect(bot_notice(bob, r"(^|· )Round 1/"), 15, since=mark)
                await watcher.expect(channel_line(CHANNEL, r"bob is away \(turn passed\)"), 30,
                                     since=len(watcher.lines))
            mark = bob.mark()
            bob.tell("+")
            rejoin = await bob.expect(bot_notice(bob, "(^|· )Not accepted: "), 15, since=mark)
            assert "Not accepted: you are away from #ion. Rejoin it (/join #ion)" in rejoin.text
            assert not [ln for ln in bob.lines[mark:] if prompt_of(bob)(ln)]
            await bob.join(CHANNEL)
            await bob.expect(bot_notice(bob, r"(^|· )Welcome back: you play on in #ion\."), 15)
            assert await bank_player(bob, stop, turns=1) == 1
            stop.set()
            await asyncio.gather(*others)
            people["ada"].say(CHANNEL, "!ion stop")
            await watcher.expect(channel_line(CHANNEL, "stops the game"), 15)
        finally:
            stop.set()
            for person in (*people.values(), watcher):
                await person.close()
            bot.stop()
        events = bank_events(db, table_id)
        assert not [e for e in events if e.kind == "timeout" and e.data["player"] == 1]
        assert len([e for e in events if e.kind == "away" and e.data["player"] == 1]) >= 3
        check_words([*people.values(), watcher])
    asyncio.run(go())


def test_a_newcomers_first_questions_are_all_answered(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, _), (opener, zed) = await asyncio.gather(start_bot(ircd, tmp_path),
                                                                seat(ircd, "opener", "zed"))
        try:
            opener.say(CHANNEL, "!ion dots bots=1")
            await watcher.expect(channel_line(CHANNEL, "opens ION"), 15)
            zed.tell("help")
            zed.say(CHANNEL, "!ion help")
            zed.say(CHANNEL, "!ion rules dots")
            zed.say(CHANNEL, "!ion options dots")
            zed.tell("hello?")
            zed.tell("join")
            for pattern in (r"^In a game, message me", r"^Ion Arena: ", r"^ION: Card Game \(",
                            r"^!ion dots bots=N", r"^You are not in a game", r"^You have a seat in #ion"):
                await zed.expect(bot_notice(zed, pattern.replace("^", "(^|· )")), 15)
        finally:
            for person in (opener, zed, watcher):
                await person.close()
            bot.stop()
    asyncio.run(go())


def test_after_a_sigkill_and_a_restart_the_turn_line_comes_once(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, db), (ada,) = await asyncio.gather(start_bot(ircd, tmp_path, "--bot-delay", "0.1"),
                                                          seat(ircd, "ada"))
        stop = asyncio.Event()
        bot2: BotProcess | None = None
        try:
            table_id = await open_dots(watcher, [ada], bots=1, turn_cap=200)
            await dots_player(ada, stop, turns=2)
            await ada.next(prompt_of(ada), 15)  # on turn, and she does not move
            bot.kill()
            mark = ada.mark()
            bot2 = BotProcess(ircd.port, db, tmp_path, CHANNEL, "--bot-delay", "0.1").start()
            await watcher.expect(channel_line(CHANNEL, f"\\(game {table_id}\\) goes on where it stopped"), 40)
            await ada.expect(prompt_of(ada), 20, since=mark)
            ada.tell("status")  # answers go after every turn line waiting: a second would come first
            answer = await ada.expect(bot_notice(ada, "(^|· )Scores: "), 20, since=mark)
            turns = [ln for ln in ada.lines[mark:] if prompt_of(ada)(ln) and ln.at <= answer.at]
            assert len(turns) == 1, [ln.text for ln in turns]
            assert any(bot_says(ada, r"goes on \(I restarted\)")(ln) for ln in ada.lines[mark:])
        finally:
            stop.set()
            await ada.close()
            await watcher.close()
            if bot2 is not None:
                bot2.stop()
    asyncio.run(go())


def prepared_bank(db: str, seed: int, moves: int) -> str:
    """A bank game of ada and bob in the store, as the bot would have made it in #ion, played
    `moves` moves (each the first card in hand); the bot resumes it when it starts."""
    class Clock:
        now = 0.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    store = Store(db)
    try:
        table = Table("bank", players=2, seed=seed, clock=clock, journal=store, surface=IRC,
                      options={"teams": "+-", "round_time": 600},
                      labels={"channel": CHANNEL, "opener": "ada"})
        table.sit(0, "ada")
        table.sit(1, "bob")
        table.start()
        for _ in range(moves):
            seat = table.update(None).actors[0]
            clock.now += 0.5
            table.submit(seat, table.update(seat).view["table"]["hand"][0])
        return table.id
    finally:
        store.close()


@pytest.mark.parametrize(("seed", "moves", "used"), [(10, 10, ":"), (24, 18, "+:")])
def test_move_time_and_round_time_are_told_as_seconds_left(ircd: Ngircd, tmp_path: Path, seed: int,
                                                           moves: int, used: str):
    """Seeds where ada holds [:] (or [+:]) after `moves` first-card moves (found by playing them)."""
    async def go() -> None:
        db = f"sqlite:///{tmp_path / 'ion.db'}"
        watcher, ada, bob = await seat(ircd, "watcher", "ada", "bob")
        table_id = prepared_bank(db, seed, moves)
        bot = BotProcess(ircd.port, db, tmp_path, CHANNEL).start()
        try:
            await watcher.expect(channel_line(CHANNEL, f"\\(game {table_id}\\) goes on where it stopped"), 40)
            line = await ada.next(prompt_of(ada), 20)
            assert f"[{used}] x1" in line.text, line.text
            ada.tell(used)
            told = r"(^|· )ada \(you\) uses \[" + re.escape(used) + r"\]"
            note = await ada.expect(bot_says(ada, told), 20)
            said = next(p for p in pieces([note.text]) if re.search(told, p))
            assert re.search(r"(may move for \d+(\.\d)? s more|the round now ends in \d+ s)\.$", said), said
        finally:
            for person in (ada, bob, watcher):
                await person.close()
            bot.stop()
        check_words([ada, bob, watcher])
    asyncio.run(go())


def action_times(db_file: Path, table_id: str) -> dict[int, datetime]:
    """When each action of the table was committed (the store's own stamp)."""
    with contextlib.closing(sqlite3.connect(db_file)) as conn:
        rows = conn.execute("SELECT version, created_at FROM ion_actions WHERE table_id = ?", (table_id,))
        return {version: datetime.fromisoformat(str(at)) for version, at in rows}


def test_an_idle_persons_takeover_move_stays_in_its_deal(ircd: Ngircd, tmp_path: Path):
    """ada never moves: a bot makes each of her whole moves after the idle time (1 s). When such a
    move ends a deal, her turn in the next deal is a new move: it waits its own idle second, and
    she is told of each."""
    async def go() -> None:
        (bot, watcher, db), (ada,) = await asyncio.gather(
            start_bot(ircd, tmp_path, "--bot-delay", "0.1", "--idle-time", "1"), seat(ircd, "ada"))
        try:
            ada.say(CHANNEL, "!ion dots bots=1 variant=tournament turn_cap=3")
            await watcher.expect(channel_line(CHANNEL, "opens ION: Card Game"), 15)
            ada.tell("join")
            await ada.expect(bot_notice(ada, "You have a seat"), 10)
            ada.say(CHANNEL, "!ion start")
            await watcher.expect(channel_line(CHANNEL, "starts: "), 15)
            table_id = game_id(watcher)
            await watcher.expect(channel_line(CHANNEL, "Final scores: "), 240)
            told = r"(^|· )You took more than 1 s: a bot made your move"
            await ada.expect(bot_says(ada, told), 15)
        finally:
            await ada.close()
            await watcher.close()
            bot.stop()
        log, record = stored(db, table_id)
        events = replay(record).events(None)
        times = action_times(tmp_path / "ion.db", table_id)
        by_version = {e.version: e for e in log}
        crossed = 0
        for deal in (e.version for e in events if e.kind == "deal" and e.version > 1):
            after = by_version.get(deal + 1)
            if after is not None and after.player == 0:  # ada's turn opens the new deal
                crossed += 1
                # the stamps are commit times, which a busy machine delays by up to tenths of a
                # second each; a takeover that ran on into the new deal committed both at once
                assert (times[deal + 1] - times[deal]).total_seconds() >= 0.5, (deal, after)
        assert crossed >= 1
    asyncio.run(go())


def test_the_bot_takes_its_nick_back_from_a_connection_that_held_it(ircd: Ngircd, tmp_path: Path):
    """After a crash the server may still hold the bot's nick for the dead connection (until its
    ping timeout), so the restarted bot is given `ion_`: players' `/msg ion` would reach nobody. The
    bot takes its own nick back the moment the holder leaves, and is heard by it in the channel."""
    async def go() -> None:
        ghost, watcher = await seat(ircd, BOT, "watcher")  # the ghost: a dead connection of the bot
        bot = BotProcess(ircd.port, f"sqlite:///{tmp_path / 'ion.db'}", tmp_path, CHANNEL).start()
        try:
            joined = await watcher.expect(lambda ln: ln.command == "JOIN" and ln.nick.startswith(BOT)
                                          and ln.nick != BOT, 40)
            await ghost.quit("Ping timeout")
            await watcher.expect(lambda ln: ln.command == "NICK" and ln.nick == joined.nick
                                 and ln.target == BOT, 20)
            watcher.say(CHANNEL, "!ion help")
            await watcher.expect(lambda ln: ln.nick == BOT and ln.command in ("PRIVMSG", "NOTICE"), 20)
        finally:
            await watcher.close()
            bot.stop()
    asyncio.run(go())
