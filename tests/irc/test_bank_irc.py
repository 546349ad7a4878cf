"""Whole bank games through the bot on a real ngircd, with real client connections as players.

The rulebook: "All commands are sent to the bot controlling the game. Nothing is said in public,
and the game may be played on a moderated channel." And: "If a player does not move within 3
seconds of it becoming their turn, they are penalized 1000 points and skipped." `quit`: "Your
points are evenly distributed among all users". A player who leaves the network keeps their seat
for the grace window (`--grace`), then it is a quit.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from ionarena.store import Store

from .ngircd import Ngircd
from .people import bot_notice, channel_line
from .play import (
    CHANNEL,
    bank_player,
    channel_lines,
    check_channel_is_public,
    game_id,
    prompt_of,
    seat,
    start_bot,
)


def test_a_bank_game_with_a_slow_player_a_bad_command_a_nick_change_and_a_quit(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, db), (ada, bob, cy) = await asyncio.gather(
            start_bot(ircd, tmp_path, "--move-time", "2", "--grace", "2"),
            seat(ircd, "ada", "bob", "cy", channels=()))  # they join once the bot is in
        try:
            for person in (ada, bob, cy):
                await person.join(CHANNEL)
            ada.say(CHANNEL, "!ion bank rounds=1 round_time=15")
            await watcher.expect(channel_line(CHANNEL, "opens a bank game"), 15)
            ada.tell("team +")
            await ada.expect(bot_notice(ada, "You are on team \\+"), 10)
            bob.tell("team -")
            await bob.expect(bot_notice(bob, "You are on team -"), 10)
            cy.tell("team +")
            await cy.expect(bot_notice(cy, "You are on team \\+"), 10)
            ada.say(CHANNEL, "!ion start")
            await watcher.expect(channel_line(CHANNEL, r"starts: ada \(\+\), bob \(-\), cy \(\+\)"), 15)
            table_id = game_id(watcher)

            stop = asyncio.Event()

            async def ada_plays() -> None:
                # ada's first turn: a malformed command and a question first, then a card.
                first = await ada.next(prompt_of(ada), 15)
                shape = (r"^ada: your turn, 2 s · bank \+0, pot 0, play goes forward, round 1/1 ends in "
                         r"1\d s · you 0 on team \+ \(\+ 0, - 0\) · Cards: \[")
                assert re.search(shape, first.text), first.text
                ada.tell("x9 ++")
                await ada.expect(bot_notice(ada, "^Not accepted: "), 10, since=ada.cursor)
                mark = ada.mark()
                ada.tell("inv")  # answered from her own view; it does not use her turn
                await ada.expect(bot_notice(ada, r"^Cards: .*Objects: \d+¢"), 10, since=mark)
                ada.tell(re.findall(r"\[([^\]]+)\]", first.text)[0])
                await bank_player(ada, stop, think=0.2)

            async def bob_plays() -> None:
                # bob plays two turns, changes nick, plays two more as bobby, then quits IRC.
                await bank_player(bob, stop, think=0.2, turns=2)
                bob.nick_to("bobby")
                await bob.expect(lambda ln: ln.command == "NICK" and ln.params[0] == "bobby", 10)
                await bank_player(bob, stop, think=0.2, turns=2)
                await bob.quit("gone fishing")

            tasks = [asyncio.create_task(ada_plays()), asyncio.create_task(bob_plays())]
            await watcher.expect(channel_line(CHANNEL, "bobby is away: their seat waits 2 s"), 15)
            await watcher.expect(channel_line(CHANNEL, "bobby did not come back within 2 s: their points are "
                                                       "shared out"), 15)
            await watcher.expect(channel_line(CHANNEL, "Final scores: "), 90)
            stop.set()
            await asyncio.gather(*tasks)
        finally:
            for person in (ada, bob, cy):
                await person.close()
            bot.stop()
        store = Store(db)
        try:
            log = store.log(table_id)
            record = store.record(table_id)
        finally:
            store.close()
        # bob moved as bob and as bobby (one seat), then his quit was applied as the game's `quit`.
        bob_moves = [e.text for e in log if e.player == 1]
        assert len(bob_moves) >= 5 and bob_moves[-1] == "quit"
        # cy never answered: every turn of cy ended in the host's timeout (the 1000-point penalty).
        assert not [e for e in log if e.player == 2]
        cy_prompts = [ln for ln in cy.from_bot() if "cy: your turn" in ln.text]
        timeouts = [e for e in log if e.player is None and e.text == "timeout"]
        assert len(cy_prompts) >= 2 and len(timeouts) >= len(cy_prompts) - 1
        assert record.scores is not None and record.scores[2] < record.scores[0]
        # bobby's prompts went to the new nick.
        assert any(ln.target == "bobby" and "bobby: your turn" in ln.text for ln in bob.lines)
        # Nothing private in the channel: every piece is public words or the bot's own lines.
        private = [ln for person in (ada, bob, cy) for ln in person.from_bot()]
        assert any("receives the card" in ln.text for ln in private)
        checked = check_channel_is_public(watcher, db, table_id,
                                          [["ada", "bob", "cy"], ["ada", "bobby", "cy"]], private)
        assert checked >= 4
        assert not any("Cards:" in text or "receives" in text for text in channel_lines(watcher))
        assert "Final scores: ada" in "\n".join(channel_lines(watcher))
    asyncio.run(go())
