"""Players for the IRC tests: real client connections to the test server (asyncio streams, a few
lines of RFC 1459), and the bot run as a real `ion irc` process.

A `Person` registers with a nick, joins channels, says things, and keeps every line it receives
(with the monotonic time it arrived) so tests can wait for one (`expect`) and look back at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

BOT = "IonBot"


@dataclass(frozen=True)
class Line:
    """One received IRC line."""

    at: float
    source: str
    command: str
    params: tuple[str, ...]
    size: int = 0
    """Bytes of the line as received, CR LF included."""

    @property
    def nick(self) -> str:
        """The sender's nick."""
        return self.source.split("!", 1)[0]

    @property
    def target(self) -> str:
        """The first parameter (a PRIVMSG or NOTICE target)."""
        return self.params[0] if self.params else ""

    @property
    def text(self) -> str:
        """The last parameter (a message's text)."""
        return self.params[-1] if self.params else ""


def parse(raw: str) -> tuple[str, str, tuple[str, ...]]:
    """`:source COMMAND a b :trailing` -> (source, command, params)."""
    source = ""
    if raw.startswith(":"):
        source, _, raw = raw[1:].partition(" ")
    head, sep, trailing = raw.partition(" :")
    words = head.split()
    params = [*words[1:], trailing] if sep else words[1:]
    return source, (words[0] if words else ""), tuple(params)


class Person:
    """A real IRC client (see the module docstring)."""

    def __init__(self, port: int, nick: str, host: str = "127.0.0.1"):
        self.port = port
        self.host = host
        self.nick = nick
        self.lines: list[Line] = []
        self._new = asyncio.Event()
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self.closed = False
        self.cursor = 0
        """Where `next` goes on looking."""

    async def connect(self, timeout: float = 10.0) -> Person:
        """Connect and register (wait for the welcome)."""
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        self.closed = False
        self._task = asyncio.get_running_loop().create_task(self._read())
        self.send(f"NICK {self.nick}")
        self.send(f"USER {self.nick.lower()[:9]} 0 * :{self.nick}")
        await self.expect(lambda line: line.command == "001", timeout)
        return self

    def send(self, raw: str) -> None:
        """Send one raw line."""
        assert self._writer is not None
        self._writer.write(raw.encode() + b"\r\n")

    async def _read(self) -> None:
        assert self._reader is not None
        try:
            while True:
                data = await self._reader.readline()
                if not data:
                    break
                size = len(data)
                raw = data.decode("utf-8", "replace").rstrip("\r\n")
                source, command, params = parse(raw)
                if command == "PING":
                    self.send("PONG :" + (params[-1] if params else ""))
                    continue
                self.lines.append(Line(time.monotonic(), source, command, params, size))
                self._new.set()
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            self._new.set()

    async def join(self, channel: str) -> None:
        """Join a channel and wait until the server says so."""
        self.send(f"JOIN {channel}")
        await self.expect(lambda line: line.command == "JOIN" and line.nick == self.nick
                          and line.target.casefold() == channel.casefold(), 10)

    def say(self, target: str, text: str) -> None:
        """PRIVMSG `target` (a channel or the bot)."""
        self.send(f"PRIVMSG {target} :{text}")

    def tell(self, text: str) -> None:
        """A private message to the bot."""
        self.say(BOT, text)

    def mark(self) -> int:
        """The number of lines received so far (to `expect` only what comes after)."""
        return len(self.lines)

    async def expect(self, match: Callable[[Line], bool], timeout: float = 10.0, since: int = 0) -> Line:
        """The first line after `since` that matches; `TimeoutError` if none comes in time."""
        end = time.monotonic() + timeout
        index = since
        while True:
            while index < len(self.lines):
                line = self.lines[index]
                index += 1
                if match(line):
                    return line
            left = end - time.monotonic()
            if left <= 0 or (self.closed and index >= len(self.lines)):
                raise TimeoutError(f"{self.nick}: nothing matched in {timeout:g} s; last lines: "
                                   f"{[ln.text for ln in self.lines[-5:]]}")
            self._new.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    async def next(self, match: Callable[[Line], bool], timeout: float = 10.0) -> Line:
        """The next matching line after the last one `next` returned."""
        line = await self.expect(match, timeout, since=self.cursor)
        self.cursor = self.lines.index(line, self.cursor) + 1
        return line

    def nick_to(self, new: str) -> None:
        """Change nick (the server confirms it; lines to the old nick stop)."""
        self.send(f"NICK {new}")
        self.nick = new

    def from_bot(self, command: str | None = None) -> list[Line]:
        """Every line of the bot sent to this person (of that command if given: NOTICE answers,
        PRIVMSG turn lines and notes)."""
        return [ln for ln in self.lines if ln.nick == BOT and ln.target == self.nick
                and ln.command in ((command,) if command else ("NOTICE", "PRIVMSG"))]

    async def quit(self, message: str = "bye") -> None:
        """QUIT and close."""
        if self._writer is not None and not self.closed:
            with contextlib.suppress(Exception):
                self.send(f"QUIT :{message}")
                await self._writer.drain()
        await self.close()

    async def close(self) -> None:
        """Drop the connection."""
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task


def bot_notice(person: Person, pattern: str) -> Callable[[Line], bool]:
    """Matches a NOTICE from the bot to `person` whose text matches `pattern` (a regex)."""
    rx = re.compile(pattern)
    return lambda ln: (ln.nick == BOT and ln.command == "NOTICE" and ln.target == person.nick
                       and bool(rx.search(ln.text)))


def bot_says(person: Person, pattern: str) -> Callable[[Line], bool]:
    """Matches a PRIVMSG from the bot to `person` (a turn line) whose text matches `pattern`."""
    rx = re.compile(pattern)
    return lambda ln: (ln.nick == BOT and ln.command == "PRIVMSG" and ln.target == person.nick
                       and bool(rx.search(ln.text)))


def channel_line(channel: str, pattern: str) -> Callable[[Line], bool]:
    """Matches a line of the bot in `channel` whose text matches `pattern`."""
    rx = re.compile(pattern)
    return lambda ln: (ln.nick == BOT and ln.command == "PRIVMSG" and ln.target == channel
                       and bool(rx.search(ln.text)))


class BotProcess:
    """`ion irc` as a real process (started with the venv's Python), its output in a log file."""

    def __init__(self, port: int, db: str, workdir: Path, channel: str = "#ion", *extra: str):
        self.args = [sys.executable, "-c", "from ionarena.cli.main import main; main()", "irc",
                     "--server", "127.0.0.1", "--port", str(port), "--nick", BOT, "--channel", channel,
                     "--db", db, *extra]
        self.log = workdir / "bot.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, **env_vars: str) -> BotProcess:
        """Start the bot (with `env_vars` added to its environment)."""
        env = dict(os.environ, PYTHONUNBUFFERED="1", **env_vars)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([*self.args], stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, env=env)
        return self

    def kill(self) -> None:
        """SIGKILL: no goodbye, no cleanup."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it does not end."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()

    def output(self) -> str:
        """What the bot logged."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""
