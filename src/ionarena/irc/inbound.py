"""What arrives from IRC, one event at a time, and where each kind of event goes.

The client (`client.IonClient`) puts each event on the bot's inbound queue in the order its line
arrived; `Inbound.run` handles them one after another, each after every earlier one has been
handled (a player's two moves are never swapped, a nick change never overtakes a move):

- a line in one of the bot's channels goes to `channel.ChannelDesk` (`!ion …`); a private
  message to `private.PrivateDesk`;
- people coming and going — a join, a part or kick, a quit, a nick change, a channel's names, a
  services account — go to `presence.Presence`, to the channel's join window (`lobby.Lobby`) and
  to its game (`session.Session` and its `absence.Absence`);
- the bot's own comings and goings: kicked (it rejoins soon: `connection`), parted, the
  connection lost (every game waits until the bot is back in its channel).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from . import catalogue
from .outbox import Lane

if TYPE_CHECKING:
    from .bot import IonBot

log = logging.getLogger(__name__)


class Inbound:
    """The bot's inbound events (see the module docstring)."""

    def __init__(self, bot: IonBot):
        self.bot = bot
        self._queue: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self.routes: dict[str, Callable[..., Awaitable[None]]] = {
            "channel": self._channel, "private": self._private, "nick": self._renamed,
            "join": self._joined, "part": self._parted, "quit": self._quit, "names": self._names,
            "account": self._account, "close": self._close, "kicked": self._kicked, "left": self._left,
            "lost": self._lost, "joined": self._bot_joined}
        """Event kind -> its handler, called with the event's fields."""

    def put(self, event: tuple[Any, ...]) -> None:
        """An IRC event, handled after every earlier one."""
        self._queue.put_nowait(event)

    async def run(self) -> None:
        """Handle the events as they come (until cancelled); one that fails is logged and skipped."""
        while True:
            event = await self._queue.get()
            try:
                await self.handle(event)
            except Exception:
                log.exception("failed to handle %r", event[:2])

    async def handle(self, event: tuple[Any, ...]) -> None:
        """Hand one event to its handler (an unknown kind is ignored)."""
        route = self.routes.get(event[0])
        if route is not None:
            await route(*event[1:])

    # -- lines ------------------------------------------------------------------------------------------

    async def _channel(self, channel: str, nick: str, text: str) -> None:
        bot = self.bot
        if bot.normalize(channel) in {bot.normalize(c) for c in bot.config.channels}:
            await bot.channel_desk.line(channel, nick, text)

    async def _private(self, nick: str, text: str) -> None:
        await self.bot.private_desk.line(nick, text)

    async def _close(self, channel: str) -> None:
        await self.bot.channel_desk.close(channel)

    # -- people coming and going ------------------------------------------------------------------------

    async def _renamed(self, old: str, new: str) -> None:
        bot = self.bot
        bot.presence.renamed(old, new)
        bot.outbox.rename(old, new)
        for lobby in bot.lobbies.values():
            lobby.rename(old, new)
        for session in bot.sessions.values():
            session.rename(old, new)

    async def _joined(self, channel: str, nick: str, account: str | None) -> None:
        """`nick` joined: a player of this channel's game who was away is back (the same nick,
        or another nick logged in to the same account)."""
        bot = self.bot
        bot.presence.joined(channel, nick, account)
        session = bot.sessions.get(bot.normalize(channel))
        if session is None:
            return
        seat = session.seat_of(nick)
        if seat is None and account:
            seat = session.seat_of_account(account)
        if seat is not None and session.absence.is_away(seat):
            await session.absence.back(seat, nick)

    async def _parted(self, nick: str, channel: str) -> None:
        """`nick` left `channel` (PART or KICK): out of its join window; away from its game."""
        bot = self.bot
        bot.presence.parted(channel, nick)
        key = bot.normalize(channel)
        lobby = bot.lobbies.get(key)
        if lobby is not None and lobby.leave(nick) and lobby.announce_leave(nick):
            bot.channel_say(lobby.channel, catalogue.left_window(nick))
        session = bot.sessions.get(key)
        if session is not None and session.seat_of(nick) is not None:
            await session.absence.left(nick, on_network=True)
        elif not bot.presence.channels_of(nick):
            bot.outbox.drop(nick, (Lane.ANSWER,))

    async def _quit(self, nick: str, message: str = "") -> None:
        """`nick` left the network (a quit, a dropped connection, a netsplit)."""
        bot = self.bot
        bot.presence.quit(nick)
        for lobby in bot.lobbies.values():
            if lobby.leave(nick) and lobby.announce_leave(nick):
                bot.channel_say(lobby.channel, catalogue.left_window(nick))
        for session in list(bot.sessions.values()):
            if session.seat_of(nick) is not None:
                await session.absence.left(nick, on_network=False)
        bot.outbox.drop(nick)  # whatever waited for them (a flooder's answers too) goes nowhere

    async def _names(self, channel: str, nicks: list[str]) -> None:
        """The bot is in `channel` with its names: its game goes on with who is there."""
        bot = self.bot
        bot.presence.names(channel, nicks)
        session = bot.sessions.get(bot.normalize(channel))
        if session is not None:
            await session.absence.online(lambda nick: bot.presence.here(channel, nick))

    async def _account(self, nick: str, account: str | None) -> None:
        self.bot.presence.set_account(nick, account)

    # -- the bot's own comings and goings ---------------------------------------------------------------

    async def _left(self, channel: str) -> None:
        """The bot is out of `channel`: its game waits."""
        bot = self.bot
        bot.presence.left(channel)
        session = bot.sessions.get(bot.normalize(channel))
        if session is not None:
            session.absence.offline()

    async def _kicked(self, channel: str) -> None:
        await self._left(channel)
        self.bot.connection.rejoin_later(channel)

    async def _lost(self) -> None:
        bot = self.bot
        bot.presence.lost()
        for session in bot.sessions.values():
            session.absence.offline()

    async def _bot_joined(self, channel: str) -> None:
        log.info("joined %s", channel)


__all__ = ["Inbound"]
