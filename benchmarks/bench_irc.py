"""`ion irc` under a full bank table: the latency from a player's move to the next player's turn
line, with and without a flooding outsider, on a real ngircd.

N players (default 16, as many as a bank game takes) join a channel, pick teams and play bank at
`--think` seconds a move (a scripted person: the first card in hand). For every turn line the
client measures the time from the move that made it (the move of the player before in the turn
order) to its arrival. The bot is a separate process (`ion irc`, SQLite file, every move
committed before it is told), ngircd another, and the players and this script a third: all on
one machine, so the figures are a floor on a shared machine and include ngircd's own work.

Two phases of `--seconds` each: undisturbed, then with an outsider who sends 500 lines in 5 s
(`!ion help`, `!ion scores` … in the channel and private `help`, `status` … to the bot; ngircd
holds a flooding client's lines and hands them on about three a second, so the bot reads the
flood for the whole phase).

    .venv/bin/python benchmarks/bench_irc.py [--players 16] [--seconds 30] [--think 0.5]

The load average is printed with each row: on a shared machine that is what the figures must be
read against. The flood limit is the bot's default (one line at once, then two a second): at most
two turn lines a second leave the bot, so with players who answer faster than that the latency is
the flood limit's, not the bot's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the IRC test helpers

from tests.irc.ngircd import Ngircd
from tests.irc.people import BOT, BotProcess, Person, bot_notice, channel_line
from tests.irc.play import CARDS, CHANNEL, prompt_of

COMMANDS = ("help", "scores", "top", "record x", "bank", "stop")
FLOOD = [*(f"PRIVMSG {CHANNEL} :!ion {word}" for word in COMMANDS),
         *(f"PRIVMSG {BOT} :{word}" for word in ("help", "status", "team +", "x2 ++"))]


@dataclass
class Watch:
    """When each move was sent and each turn line arrived: (time, seat)."""

    players: int
    think: float
    moves: list[tuple[float, int]] = field(default_factory=list)
    turns: list[tuple[float, int]] = field(default_factory=list)

    async def play(self, seat: int, person: Person, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                line = await person.next(prompt_of(person), 1.0)
            except TimeoutError:
                continue
            self.turns.append((line.at, seat))
            await asyncio.sleep(self.think)
            held = re.search(r"Cards: (.*?)\. Objects", line.text)
            cards = CARDS.findall(held.group(1)) if held else []
            person.tell(cards[0] if cards else "done" if "shop is open" in line.text else "s")
            self.moves.append((time.monotonic(), seat))

    def latencies(self, start: float, end: float) -> list[float]:
        """Each turn line's wait after the move that made it, for turn lines in [start, end]."""
        found = []
        for at, seat in self.turns:
            if not start <= at <= end:
                continue
            before = [(sent, mover) for sent, mover in self.moves if sent <= at]
            if before and before[-1][1] == (seat - 1) % self.players:
                found.append(at - before[-1][0])
        return found


def row(name: str, latencies: list[float], seconds: float, moves: int) -> str:
    if len(latencies) < 2:
        return f"{name:<18} too few turns measured ({len(latencies)})"
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    load = os.getloadavg()[0]
    return (f"{name:<18} turns {len(latencies):>4}  moves/s {moves / seconds:5.2f}  "
            f"p50 {1000 * cuts[49]:6.0f} ms  p99 {1000 * cuts[98]:6.0f} ms  "
            f"max {1000 * max(latencies):6.0f} ms  load {load:.1f}")


async def run(players: int, seconds: float, think: float) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="bench-irc-"))
    ircd = Ngircd(workdir / "ircd").start()
    bot = BotProcess(ircd.port, f"sqlite:///{workdir / 'ion.db'}", workdir, CHANNEL).start()
    people: list[Person] = []
    stop = asyncio.Event()
    try:
        watcher = await Person(ircd.port, "watcher").connect()
        await watcher.join(CHANNEL)
        await watcher.expect(lambda ln: ln.command == "JOIN" and ln.nick == BOT, 60)
        people = [await Person(ircd.port, f"p{n:02d}").connect() for n in range(players)]
        flooder = await Person(ircd.port, "flooder").connect()
        for person in (*people, flooder):
            await person.join(CHANNEL)
        people[0].say(CHANNEL, "!ion bank round_time=3600")
        await watcher.expect(channel_line(CHANNEL, "opens a bank game"), 30)
        for n, person in enumerate(people):
            person.tell("team +" if n % 2 == 0 else "team -")
            await person.expect(bot_notice(person, "You are on team"), 30)
        people[0].say(CHANNEL, "!ion start")
        await watcher.expect(channel_line(CHANNEL, "starts: "), 30)
        watch = Watch(players, think)
        tasks = [asyncio.create_task(watch.play(n, p, stop)) for n, p in enumerate(people)]
        await asyncio.sleep(3.0)  # the first round's start
        calm = time.monotonic()
        await asyncio.sleep(seconds)
        flooded = time.monotonic()
        calm_moves = len([m for m in watch.moves if calm <= m[0] < flooded])
        for n in range(100):  # 500 lines in 5 s
            for k in range(5):
                flooder.send(FLOOD[(5 * n + k) % len(FLOOD)])
            await asyncio.sleep(0.05)
        await asyncio.sleep(max(0.0, seconds - 5.0))
        end = time.monotonic()
        flood_moves = len([m for m in watch.moves if flooded <= m[0] < end])
        stop.set()
        await asyncio.gather(*tasks)
        print(f"bank, {players} players, think {think:g} s, bot flood limit 2 lines/s, {seconds:g} s a phase")
        print(row("undisturbed", watch.latencies(calm, flooded), flooded - calm, calm_moves))
        print(row("with a flooder", watch.latencies(flooded, end), end - flooded, flood_moves))
        channel = [ln for ln in watcher.lines if ln.nick == BOT and ln.target == CHANNEL]
        print(f"bot's channel lines: {len([ln for ln in channel if calm <= ln.at < flooded])} undisturbed, "
              f"{len([ln for ln in channel if flooded <= ln.at < end])} with the flooder; "
              f"answers to the flooder: {len(flooder.from_bot())}")
    finally:
        stop.set()
        for person in people:
            await person.close()
        bot.stop()
        ircd.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.5)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.seconds, args.think))


if __name__ == "__main__":
    main()
