"""The bot's connection to its IRC server, kept up for as long as the bot runs.

`Connection.stay_connected` connects (TLS if asked), waits for the server to accept the bot, then
identifies (SASL where the server offers it and `auth` allows, else NickServ; or the server's
PASS) and joins the bot's channels. After a dropped connection it reconnects with exponential
backoff (1 s doubling to 5 min) and rejoins, while the games wait in memory and in the store;
a channel the bot is kicked from is joined again 5 s later. Each connection is a new
`client.IonClient`, which hands what arrives to the bot in arrival order (`IonBot.inbound`).

Nothing is written to the server but through the outbox: `write` sends one of its lines (or
fails while the bot is not registered, and the outbox keeps it), `room` says how much text a
line to a target may carry on this server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from .client import IonClient
from .lines import room

if TYPE_CHECKING:
    from .bot import IonBot

log = logging.getLogger(__name__)

BACKOFF_FIRST = 1.0
BACKOFF_MOST = 300.0
REGISTER_TIMEOUT = 60.0
REJOIN_AFTER = 5.0
"""Seconds before the bot joins again a channel it was kicked from."""


class Connection:
    """The bot's connection (see the module docstring)."""

    def __init__(self, bot: IonBot):
        self.bot = bot
        self.config = bot.config
        self.client: IonClient | None = None
        self.connections = 0
        """Successful registrations so far (tests and logs)."""
        self._gone: asyncio.Event | None = None
        self._registered = False

    def inbound(self, event: tuple[Any, ...]) -> None:
        """An IRC event from the client, for the bot (in arrival order)."""
        self.bot.inbound(event)

    async def stay_connected(self) -> None:
        """Connect, and connect again whenever the connection is lost (until cancelled)."""
        config = self.config
        delay = BACKOFF_FIRST
        while True:
            self._gone = asyncio.Event()
            client = self._new_client()
            self.client = client
            try:
                await client.connect(config.server, config.port, tls=config.tls, tls_verify=config.tls_verify,
                                     password=config.password if config.auth == "server" else None)
                await asyncio.wait_for(self._wait_registered(), REGISTER_TIMEOUT)
            except (TimeoutError, OSError, pydle_errors()) as err:
                log.warning("cannot connect to %s:%s: %s; again in %g s", config.server, config.port,
                            err or type(err).__name__, delay)
                with contextlib.suppress(Exception):
                    await client.disconnect(expected=True)
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF_MOST)
                continue
            delay = BACKOFF_FIRST
            await self._gone.wait()
            self._registered = False
            self.bot.outbox.online(False)
            log.warning("disconnected from %s:%s; reconnecting", config.server, config.port)
            await asyncio.sleep(delay)

    async def _wait_registered(self) -> None:
        while not self._registered:
            if self._gone is not None and self._gone.is_set():
                raise ConnectionError("the server closed the connection during registration")
            await asyncio.sleep(0.05)

    def _new_client(self) -> IonClient:
        kwargs: dict[str, Any] = {"realname": self.config.realname}
        if self.config.password and self.config.auth in ("auto", "sasl"):
            kwargs.update(sasl_username=self.config.nick, sasl_password=self.config.password)
        return IonClient(self, self.config.nick, **kwargs)

    async def registered(self, client: IonClient) -> None:
        """The server accepted the bot: identify, join, send what waited."""
        if client is not self.client:
            return
        config = self.config
        nickserv = config.auth == "nickserv" or (config.auth == "auto" and not client.sasl_done)
        if config.password and nickserv:
            await client.rawmsg("PRIVMSG", "NickServ", f"IDENTIFY {config.nick} {config.password}")
        for channel in config.channels:
            await client.join(channel)
        self._registered = True
        self.connections += 1
        self.bot.outbox.online(True)
        log.info("connected to %s:%s as %s", config.server, config.port, config.nick)

    def disconnected(self, client: IonClient, expected: bool) -> None:
        """A connection ended: every game waits until the bot is back in its channel."""
        if client is self.client and self._gone is not None:
            self._registered = False
            self.bot.outbox.online(False)
            self.inbound(("lost",))
            self._gone.set()

    def rejoin_later(self, channel: str) -> None:
        """Join `channel` again in a few seconds (the bot was kicked from it)."""
        loop = self.bot.loop
        loop.call_later(REJOIN_AFTER, lambda: loop.create_task(self._rejoin(channel)))

    async def _rejoin(self, channel: str) -> None:
        if self.client is not None and self._registered:
            with contextlib.suppress(Exception):
                await self.client.join(channel)

    async def quit(self, message: str) -> None:
        """Leave the server (if connected), waiting at most 2 s."""
        if self.client is not None and self.client.connected:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.client.quit(message), 2)

    async def write(self, command: str, target: str, text: str) -> None:
        """Send one line of the outbox (`ConnectionError` while the bot is not registered)."""
        client = self.client
        if client is None or not self._registered or not client.connected:
            raise ConnectionError("not connected")
        await client.rawmsg(command, target, text)

    def room(self, command: str, target: str) -> int:
        """How many characters of text a `command` line to `target` may carry on this server."""
        client = self.client
        nick = client.nickname if client is not None else self.config.nick
        user = host = None
        if client is not None:
            me = client.users.get(nick) or {}
            user, host = me.get("username"), me.get("hostname")
        return room(command, target, nick, user, host)

    def operators(self, channel: str) -> list[str]:
        """The nicks with operator status in `channel` (as the server last told)."""
        client = self.client
        if client is None:
            return []
        info = client.channels.get(channel) or {}
        return list((info.get("modes") or {}).get("o") or [])


def pydle_errors() -> type[Exception]:
    """pydle's base error (connection refused during registration and the like)."""
    import pydle
    error: type[Exception] = pydle.Error
    return error


__all__ = ["BACKOFF_FIRST", "BACKOFF_MOST", "REGISTER_TIMEOUT", "Connection", "pydle_errors"]
