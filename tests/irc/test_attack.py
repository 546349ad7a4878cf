"""Attackers on a real ngircd while a 4-player bank game runs: a player who spams `status` and
`inv`, then an outsider who floods (500 lines in 5 s, in the channel and to the bot).

One game, three phases of the same number of moves: undisturbed, with the spammer, with the
flooder. The spammer never delays another player's turn line by more than a second; the flooded
game's turn rate stays within 25% of the undisturbed one; the bot says a bounded number of
channel lines and answers the flooder a bounded number of times.
(The server itself holds a flooder's lines and hands them on about three a second, so the bot
reads the flood for as long as the game is measured.)
"""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from ionarena.core.record import replay
from ionarena.store import Store

from .ngircd import Ngircd
from .people import BOT, Person, bot_notice, channel_line
from .play import CARDS, CHANNEL, game_id, prompt_of, seat, start_bot

PLAYERS = 4
PHASE = 16
"""Moves measured in each phase (four rounds of the table)."""
THINK = 0.2
FLOOD = [f"PRIVMSG {CHANNEL} :!ion {word}" for word in ("help", "scores", "top", "record x", "bank", "stop",
                                                         "rules bank", "options dots")] + \
        [f"PRIVMSG {BOT} :{word}" for word in ("help", "status", "team +", "join", "x2 ++")]


@dataclass
class Watch:
    """When each move was sent and each turn line arrived: (time, nick)."""

    moves: list[tuple[float, str]] = field(default_factory=list)
    turns: list[tuple[float, str]] = field(default_factory=list)

    async def play(self, person: Person, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                line = await person.next(prompt_of(person), 1.0)
            except TimeoutError:
                continue
            self.turns.append((line.at, person.nick))
            await asyncio.sleep(THINK)
            held = re.search(r"Cards: (.*?)\. Objects", line.text)
            cards = CARDS.findall(held.group(1)) if held else []
            person.tell(cards[0] if cards else "s")
            self.moves.append((time.monotonic(), person.nick))

    async def moves_made(self, count: int) -> None:
        while len(self.moves) < count:
            await asyncio.sleep(0.05)

    def span(self, first: int) -> tuple[float, float]:
        """Start and end of the phase of `PHASE` moves from move `first`."""
        return self.moves[first][0], self.moves[first + PHASE][0]

    def delays(self, start: float, end: float, but: str = "") -> list[float]:
        """Each turn line's wait after the move that made it (the move of the player before in
        the turn order, p0 p1 p2 p3), leaving out `but`'s turns and the turns after theirs."""
        found = []
        for at, nick in self.turns:
            before = [(sent, mover) for sent, mover in self.moves if sent <= at]
            if not start < at <= end or not before or nick == but:
                continue
            sent, mover = before[-1]
            if mover == f"p{(int(nick[1:]) - 1) % PLAYERS}" and mover != but:
                found.append(at - sent)
        return found


def lines_between(watcher: Person, start: float, end: float) -> int:
    return sum(1 for ln in watcher.lines if ln.nick == BOT and ln.command == "PRIVMSG"
               and ln.target == CHANNEL and start <= ln.at <= end)


def test_a_spamming_player_and_a_flooding_outsider_do_not_slow_the_game(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, db), crowd = await asyncio.gather(
            start_bot(ircd, tmp_path), seat(ircd, *(f"p{n}" for n in range(PLAYERS)), "flooder"))
        people, flooder = crowd[:PLAYERS], crowd[PLAYERS]
        watch = Watch()
        stop = asyncio.Event()
        try:
            people[0].say(CHANNEL, "!ion bank round_time=600")
            await watcher.expect(channel_line(CHANNEL, "opens a bank game"), 15)
            for n, person in enumerate(people):
                person.tell("team +" if n % 2 == 0 else "team -")
                await person.expect(bot_notice(person, "You are on team"), 10)
            people[0].say(CHANNEL, "!ion start")
            await watcher.expect(channel_line(CHANNEL, "starts: "), 15)
            table_id = game_id(watcher)
            tasks = [asyncio.create_task(watch.play(p, stop)) for p in people]

            await asyncio.wait_for(watch.moves_made(PHASE + 1), 60)  # 1: undisturbed
            spammer = people[1]

            async def spam() -> None:
                while not stop.is_set():  # 15 `status` and 15 `inv` in 3 s, again and again
                    spammer.tell("status")
                    spammer.tell("inv")
                    await asyncio.sleep(0.2)

            spamming = asyncio.create_task(spam())
            await asyncio.wait_for(watch.moves_made(2 * PHASE + 1), 60)  # 2: the spammer
            spamming.cancel()
            sent_to_spammer = len(spammer.from_bot("NOTICE"))
            await asyncio.sleep(1.0)

            async def flood() -> None:
                for n in range(100):  # 500 lines in 5 s
                    for k in range(5):
                        flooder.send(FLOOD[(5 * n + k) % len(FLOOD)])
                    await asyncio.sleep(0.05)

            first = len(watch.moves)
            flooding = asyncio.create_task(flood())
            await asyncio.wait_for(watch.moves_made(first + PHASE + 1), 90)  # 3: the flooder
            await flooding
            flood_end = time.monotonic()
            stop.set()
            await asyncio.gather(*tasks)
            people[0].say(CHANNEL, "!ion stop")
            await watcher.expect(channel_line(CHANNEL, "stops the game"), 15)
        finally:
            stop.set()
            for person in (*people, flooder, watcher):
                await person.close()
            bot.stop()
        store = Store(db)
        try:
            events = replay(store.record(table_id)).events(None)
        finally:
            store.close()
        # nobody timed out, but maybe the spammer: the server holds back a flooding client's lines
        # (their moves too), as ngircd does with anyone who sends more than a few lines a second
        late = {e.data["player"] for e in events if e.kind in ("timeout", "away")}
        assert late <= {1}, late

        calm, spammed, flooded = watch.span(0), watch.span(PHASE), watch.span(first)
        # the spammer never delays another player's turn line by more than a second
        calm_delays = watch.delays(*calm)
        spam_delays = watch.delays(*spammed, but=spammer.nick)
        assert spam_delays and max(spam_delays) <= max(calm_delays) + 1.0, (calm_delays, spam_delays)
        assert sent_to_spammer <= 40  # answers bounded: about 30 a minute, de-duplicated
        # the flooded game goes on at the pace the outbox promises: a turn line waits behind at most
        # one other line (irc.outbox: half a second at the bot's two lines a second), so a move of
        # the flooded phase takes at most that much longer than a calm one, and a quarter second
        # more on a loaded machine (fresh clones' CI, four test workers on two cores, measured
        # +0.21 and +0.57 s a move). A flood that held the bot back (500 answers queued before
        # the turn lines) or got it disconnected would stop the game.
        calm_rate = PHASE / (calm[1] - calm[0])
        flood_rate = PHASE / (flooded[1] - flooded[0])
        assert 1 / flood_rate <= 1 / calm_rate + 0.5 + 0.25, (calm_rate, flood_rate)
        # a bounded number of channel lines: the game's own, and a few answers
        calm_lines = lines_between(watcher, *calm) / (calm[1] - calm[0])
        flood_lines = lines_between(watcher, flooded[0], flood_end)
        assert flood_lines <= calm_lines * (flood_end - flooded[0]) + 6, (calm_lines, flood_lines)
        answers = flooder.from_bot()
        assert len(answers) <= 26  # 20 commands a minute, 6 private answers a minute
    asyncio.run(go())
