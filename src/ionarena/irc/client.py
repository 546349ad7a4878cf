"""The IRC client: pydle does the protocol (registration, CAP and SASL, TLS, PING, casemapping,
who is in which channel); this subclass only hands what the bot needs to its
`connection.Connection` (and so to `IonBot.inbound`), in the order the lines arrived: channel
lines and private messages, and everything that says who is where (JOIN, PART, KICK, QUIT, NICK,
a channel's names) and which services account a nick uses (the IRCv3 capabilities
`extended-join` and `account-notify`, requested where the server offers them: they cost no line,
unlike a WHOIS per nick).

The client is built from pydle's features the bot needs — RFC 1459, ISUPPORT (the server's
casemapping and limits), TLS, and capability negotiation with SASL — and without the ones that
send lines behind the outbox's back: WHOX/account tracking (a WHOIS for every nick the bot sees)
and CTCP replies (which anyone could use to make the bot flood itself off the server).

pydle runs each incoming message's handler as its own task; the first, synchronous part of each
handler below runs in arrival order, so it puts the event on the bot's inbound queue before
anything can await (a player's two moves are never swapped).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pydle
from pydle.features import ISUPPORTSupport, TLSSupport
from pydle.features.ircv3 import SASLSupport

if TYPE_CHECKING:
    from .connection import Connection

_Base: Any = pydle.featurize(SASLSupport, ISUPPORTSupport, TLSSupport)


class IonClient(_Base):
    """One connection of the bot (a new one for every reconnect)."""

    RECONNECT_ON_ERROR = False  # the bot reconnects itself, with backoff, for as long as it runs
    READ_TIMEOUT = 180

    def __init__(self, bot: Connection, nickname: str, **kwargs: Any):
        super().__init__(nickname, **kwargs)
        self.bot = bot
        """Where events go (`inbound`) and registration and disconnection are told."""
        self.wanted = nickname
        """The bot's own nick: taken back when a connection of ours that died left it held (the
        server gave this one `nick_`), at registration and when its holder quits or renames."""
        self.sasl_done = False
        self._names: dict[str, list[str]] = {}
        """Names of a channel gathered from RPL_NAMREPLY until RPL_ENDOFNAMES."""

    async def on_capability_extended_join_available(self, value: Any) -> bool:
        """JOIN says the joiner's account."""
        return True

    async def on_capability_account_notify_available(self, value: Any) -> bool:
        """ACCOUNT says when a nick logs in or out."""
        return True

    async def _create_user(self, nickname: str) -> None:
        # pydle's callers await this (its WHOX feature makes it a coroutine); RFC 1459's is plain
        super()._create_user(nickname)

    # -- inbound, in arrival order ------------------------------------------------------------------

    def _nick(self, message: Any) -> str:
        nick, _meta = self._parse_user(message.source)
        return str(nick)

    async def on_raw_privmsg(self, message: Any) -> None:
        """PRIVMSG: a channel line or a private message to the bot."""
        if len(message.params) >= 2:
            target, text = message.params[0], message.params[-1]
            nick = self._nick(message)
            if not self.is_same_nick(nick, self.nickname) and not text.startswith("\x01"):  # CTCP: not ours
                if self.is_channel(target):
                    self.bot.inbound(("channel", target, nick, text))
                else:
                    self.bot.inbound(("private", nick, text))
        await super().on_raw_privmsg(message)

    async def on_raw_nick(self, message: Any) -> None:
        """NICK: follow players (and the bot itself)."""
        old, new = self._nick(message), message.params[0]
        if not self.is_same_nick(old, self.nickname):
            self.bot.inbound(("nick", old, new))
        await super().on_raw_nick(message)
        await self._regain(old)

    async def on_raw_join(self, message: Any) -> None:
        """JOIN (with `extended-join`: the account, `*` for none, and the real name)."""
        nick = self._nick(message)
        account = None
        if len(message.params) >= 3 and self._capabilities.get("extended-join"):
            account = None if message.params[1] == "*" else message.params[1]
            message = self._create_message("JOIN", message.params[0], source=message.source)
        if not self.is_same_nick(nick, self.nickname):
            for channel in message.params[0].split(","):
                self.bot.inbound(("join", channel, nick, account))
        await super().on_raw_join(message)

    async def on_raw_account(self, message: Any) -> None:
        """ACCOUNT (`account-notify`): a nick logged in to an account (`*`: logged out)."""
        if message.params:
            account = message.params[0]
            self.bot.inbound(("account", self._nick(message), None if account == "*" else account))

    async def on_raw_353(self, message: Any) -> None:
        """RPL_NAMREPLY: part of a channel's names."""
        if len(message.params) >= 4:
            channel, names = message.params[2], message.params[3]
            prefixes = "".join(self._nickname_prefixes.keys()) or "~&@%+"
            self._names.setdefault(self.normalize(channel), []).extend(
                entry.lstrip(prefixes).split("!", 1)[0] for entry in names.split() if entry.strip(prefixes))
        await super().on_raw_353(message)

    async def on_raw_366(self, message: Any) -> None:
        """RPL_ENDOFNAMES: the channel's names are complete."""
        if len(message.params) >= 2:
            channel = message.params[1]
            names = self._names.pop(self.normalize(channel), [])
            others = [n for n in names if not self.is_same_nick(n, self.nickname)]
            self.bot.inbound(("names", channel, others))
        await super().on_raw_366(message)

    async def on_raw_part(self, message: Any) -> None:
        """PART: a player leaving a channel is away from its game."""
        nick = self._nick(message)
        for channel in message.params[0].split(","):
            if self.is_same_nick(nick, self.nickname):
                self.bot.inbound(("left", channel))
            else:
                self.bot.inbound(("part", nick, channel))
        await super().on_raw_part(message)

    async def on_raw_kick(self, message: Any) -> None:
        """KICK: like a part for a player; the bot itself rejoins."""
        channel, target = message.params[0], message.params[1]
        if self.is_same_nick(target, self.nickname):
            self.bot.inbound(("kicked", channel))
        else:
            self.bot.inbound(("part", target, channel))
        await super().on_raw_kick(message)

    async def on_raw_quit(self, message: Any) -> None:
        """QUIT (a netsplit too): a player who leaves the network is away from their games."""
        nick = self._nick(message)
        if not self.is_same_nick(nick, self.nickname):
            self.bot.inbound(("quit", nick, message.params[0] if message.params else ""))
        await super().on_raw_quit(message)
        await self._regain(nick)

    async def _regain(self, freed: str) -> None:
        """`freed` is no longer in use: if it is the bot's own nick, take it back."""
        if self.is_same_nick(freed, self.wanted) and not self.is_same_nick(self.nickname, self.wanted):
            await self.set_nickname(self.wanted)

    async def on_raw_903(self, message: Any) -> None:
        """SASL authentication succeeded."""
        self.sasl_done = True
        await super().on_raw_903(message)

    async def on_unknown(self, message: Any) -> None:
        """A numeric pydle has no handler for (e.g. ngircd's 379): not worth a warning."""
        self.logger.debug("unhandled: %s %s", message.command, message.params)

    # -- connection life ------------------------------------------------------------------------------

    async def on_connect(self) -> None:
        """Registered: identify, join the channels (the bot does both)."""
        await super().on_connect()
        if not self.is_same_nick(self.nickname, self.wanted):
            # a connection of ours killed a moment ago may still have held it; it may be free now,
            # and asking before anything else is sent means the channel hears us by our own nick
            await self.set_nickname(self.wanted)
        await self.bot.registered(self)

    async def on_join(self, channel: str, user: str) -> None:
        """The bot joined a channel."""
        if self.is_same_nick(user, self.nickname):
            self.bot.inbound(("joined", channel))

    async def on_disconnect(self, expected: bool) -> None:
        """The connection ended (the bot decides when to reconnect)."""
        self.bot.disconnected(self, expected)
