"""A real IRC client with its default settings: irssi in tmux on ngircd, playing bank.

irssi, out of the box, shows a private NOTICE in the window that is active or in the status
window (where nobody looks during a game), and marks it as ordinary activity; a private PRIVMSG
opens (or goes to) the query window with the sender and marks it as a highlight. So the bot's
turn line is a PRIVMSG that starts with the player's nick: the player who types in the channel
window sees the query window's number lit in the activity bar, and the player who plays in the
query window (where `/msg IonBot …` leads them) reads it where they type. This test plays as that
person would: it joins the channel, picks a team with `/msg`, sees the activity mark in the channel
window, switches to the query window, reads the turn line there and types a card from it.

irssi and tmux are installed by `scripts/install-irssi.sh` and `scripts/install-tmux.sh` (`make
test` runs them); where one is missing the test skips and says why, and fails under CI=true.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from ionarena.store import Store

from .ngircd import Ngircd
from .people import BOT, bot_notice, channel_line
from .play import CARDS, CHANNEL, game_id, seat, start_bot

HIGHLIGHT = "\x1b[1m\x1b[35m"
"""How irssi's default theme draws a window number with a highlight in the activity bar
(bold magenta)."""


@pytest.fixture
def tmux() -> Iterator[object]:
    missing = [tool for tool in ("tmux", "irssi") if shutil.which(tool) is None]
    if missing:
        reason = (f"{' and '.join(missing)} missing (scripts/install-irssi.sh and scripts/install-tmux.sh "
                  "install them)")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI must run this test", pytrace=False)
        pytest.skip(reason)
    socket = f"ion-irssi-{uuid.uuid4().hex[:8]}"

    def run(*args: str) -> str:
        done = subprocess.run(["tmux", "-L", socket, *args], check=True, capture_output=True, text=True)
        return done.stdout

    yield run
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


def screen(tmux, colours: bool = False) -> str:
    return tmux("capture-pane", "-p", *(["-e"] if colours else []), "-t", "irssi")


async def wait_screen(tmux, pattern: str, seconds: float = 30.0, colours: bool = False) -> str:
    deadline = time.monotonic() + seconds
    text = ""
    while time.monotonic() < deadline:
        text = screen(tmux, colours)
        if re.search(pattern, text):
            return text
        await asyncio.sleep(0.2)
    raise AssertionError(f"{pattern!r} never appeared; the screen:\n{text}")


def type_line(tmux, text: str) -> None:
    tmux("send-keys", "-t", "irssi", "-l", "--", text)  # (`--` first: a bank card "--" is text too)
    tmux("send-keys", "-t", "irssi", "Enter")


def test_the_turn_line_reaches_a_player_in_irssi_with_default_settings(ircd: Ngircd, tmp_path: Path, tmux):
    async def go() -> None:
        (bot, watcher, db), (bob,) = await asyncio.gather(  # bob joins once the bot is in
            start_bot(ircd, tmp_path, "--move-time", "20"), seat(ircd, "bob", channels=()))
        home = tmp_path / "irssi-home"
        home.mkdir()
        tmux("new-session", "-d", "-s", "irssi", "-x", "120", "-y", "32",
             f"HOME={home} TERM=screen irssi --home={home}/.irssi -n ada -c 127.0.0.1 -p {ircd.port}")
        try:
            await wait_screen(tmux, r"\[ada\(\+")  # registered: the server set its user modes
            type_line(tmux, f"/join {CHANNEL}")
            await watcher.expect(lambda ln: ln.command == "JOIN" and ln.nick == "ada", 30)
            await bob.join(CHANNEL)
            bob.say(CHANNEL, "!ion bank round_time=600")
            await watcher.expect(channel_line(CHANNEL, "opens a bank game"), 15)
            type_line(tmux, "/msg IonBot team +")  # from the channel window, as people do
            await watcher.expect(channel_line(CHANNEL, r"^ada joins team \+"), 15)
            bob.tell("team -")
            await bob.expect(bot_notice(bob, "You are on team -"), 10)
            bob.say(CHANNEL, "!ion start")
            await watcher.expect(channel_line(CHANNEL, "starts: ada"), 15)
            table_id = game_id(watcher)
            # in the channel window, the query window with the bot is lit as a highlight
            lit = await wait_screen(tmux, r"Act: [^\n]*" + re.escape(HIGHLIGHT) + r"3", colours=True)
            (tmp_path / "irssi-channel.txt").write_text(lit)
            type_line(tmux, "/window 3")
            query = await wait_screen(tmux, r"ada: your turn, \d+ s · bank")
            (tmp_path / "irssi-query.txt").write_text(query)
            assert "You are on team + in #ion" in query  # the answer to /msg, in the same window
            turn = re.search(r"ada: your turn.*?Cards: (.*?)\. Objects", " ".join(query.split()))
            assert turn is not None, query
            card = CARDS.findall(turn.group(1))[0]
            type_line(tmux, card)  # typed in the query window: a private message to the bot
            for _ in range(100):
                moves = stored(db, table_id)
                if (0, card) in moves:
                    break
                await asyncio.sleep(0.1)
            assert (0, card) in moves, moves
            bob.say(CHANNEL, "!ion stop")
            await watcher.expect(channel_line(CHANNEL, "stops the game"), 15)
        finally:
            await bob.close()
            await watcher.close()
            bot.stop()
        assert BOT in query
    asyncio.run(go())


def stored(db: str, table_id: str) -> list[tuple[int | None, str]]:
    store = Store(db)
    try:
        return [(e.player, e.text) for e in store.log(table_id)]
    finally:
        store.close()
