"""`IonBot`: the IRC bot that hosts Ion games in channels, on `ionarena.host` and `ionarena.store`.

It stays connected (`connection.Connection`: connect, identify, join, reconnect with backoff and
rejoin, while the games wait in memory and in the store); on a restart it resumes every
unfinished game of its own from the store: the tables made with `surface="irc"`, each with its
channel and opener in the table's labels and its nicks as the seats' names (`Table.rename`
follows nick changes).

The bot's parts: `connection.Connection` (the server), `inbound.Inbound` (each event that
arrives, in order, to where it goes), `channel.ChannelDesk` (`!ion …` in a channel),
`private.PrivateDesk` (private messages), `presence.Presence` (who is in which channel, and their
accounts), `limits.Limits` (what anyone may make the bot do), `outbox.Outbox` (every line out),
and a `session.Session` per game. `IonBot` itself holds them together and offers the desks and
sessions what they share: the worker threads, the ways to say a line, who plays where.

Threads: the event loop runs IRC and the outbox; people's moves, questions, seats and every
store read run in one worker thread (`work`), so a commit to the database never stalls the
connection; pumps (bots' moves, timeouts) run in threads of their own (`think`), and a table's
bots think outside its lock, so a thinking bot never delays a person's move or question. Table
callbacks hop back to the loop (`Session`). Inbound events are handled one at a time, in the
order they arrived (`inbound`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar, TypeVarTuple

from ..core import IonError
from ..host import IRC, Table
from ..store import Store
from . import catalogue
from .accounts import accounts_from
from .channel import ChannelDesk
from .clock import TurnClock
from .connection import Connection
from .inbound import Inbound
from .limits import Limits
from .lines import Style
from .lobby import Lobby
from .outbox import Lane, Outbox
from .presence import Presence
from .private import PrivateDesk
from .session import Session
from .settings import ChannelSettings

log = logging.getLogger(__name__)

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

PUMP_THREADS = 2
"""Threads that pump tables (one table is pumped by one thread at a time)."""


@dataclass
class BotConfig:
    """How `ion irc` was asked to run."""

    server: str
    port: int = 6667
    tls: bool = False
    tls_verify: bool = True
    nick: str = "IonBot"
    channels: list[str] = field(default_factory=lambda: ["#ion"])
    password: str | None = None
    """For SASL PLAIN or NickServ IDENTIFY (from `--password-env`)."""
    auth: str = "auto"
    """`auto` (SASL if the server offers it, else NickServ), `sasl`, `nickserv`, `server`
    (the server's PASS), `none`."""
    db: str | None = None
    move_time: float | None = None
    """Bank's move clock in seconds (the game's `move_time` option; None: the rulebook's 3)."""
    idle_time: float = 120.0
    """Table games: seconds a person may take before a bot makes that move for them."""
    join_time: float = 60.0
    bot_delay: float = 1.0
    colour: bool = False
    flood_burst: int = 1
    flood_rate: float = 2.0
    realname: str = "Ion Arena"
    defaults: ChannelSettings = field(default_factory=ChannelSettings)
    """Every channel's settings but those in `channel_settings`."""
    channel_settings: dict[str, ChannelSettings] = field(default_factory=dict)
    """Settings of single channels, by folded name (`settings.parse_channel_settings`)."""


class IonBot:
    """The bot (see the module docstring)."""

    def __init__(self, config: BotConfig, store: Store | None = None):
        self.config = config
        self.style = Style(config.colour)
        self._loop: asyncio.AbstractEventLoop | None = None
        self.store = store
        self.connection = Connection(self)
        self.outbox = Outbox(self.connection.write, self.connection.room, burst=config.flood_burst,
                             rate=config.flood_rate, normalize=self.normalize, keep_formatting=config.colour)
        self.events = Inbound(self)
        self.sessions: dict[str, Session] = {}
        self.lobbies: dict[str, Lobby] = {}
        self.lobby_timers: dict[str, asyncio.TimerHandle] = {}
        self.presence = Presence(self.normalize)
        self.limits = Limits()
        self.channel_desk = ChannelDesk(self)
        self.private_desk = PrivateDesk(self)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ion-irc-tables")
        self._pumps = ThreadPoolExecutor(max_workers=PUMP_THREADS, thread_name_prefix="ion-irc-bots")

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the bot runs on (`run`)."""
        if self._loop is None:
            raise RuntimeError("the bot is not running")
        return self._loop

    # -- what sessions and desks use ---------------------------------------------------------------------

    def normalize(self, name: str) -> str:
        """A nick or channel as the server compares them (its CASEMAPPING)."""
        client = self.connection.client
        if client is not None:
            try:
                return str(client.normalize(name))
            except Exception:
                pass
        return name.casefold()

    def settings_for(self, channel: str) -> ChannelSettings:
        """The settings of `channel` (its own, else the bot's defaults)."""
        return self.config.channel_settings.get(self.normalize(channel), self.config.defaults)

    async def work(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run `fn(*args)` in the worker thread."""
        return await self.loop.run_in_executor(self._executor, fn, *args)

    async def think(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run `fn(*args)` (a table's pump: bots think there) in a pump thread."""
        return await self.loop.run_in_executor(self._pumps, fn, *args)

    def channel_say(self, channel: str, text: str, *, lane: Lane = Lane.GAME, head: bool = False,
                    key: str | None = None) -> None:
        """A public line in `channel` (PRIVMSG; `head`: it starts its line; `key`: it may be
        withdrawn while it waits)."""
        self.outbox.say("PRIVMSG", channel, text, lane=lane, head=head, key=key)

    def channel_withdraw(self, channel: str, key: str) -> None:
        """Forget the line of `key` waiting for `channel` (it is no longer true)."""
        self.outbox.withdraw("PRIVMSG", channel, key)

    def tell(self, nick: str, text: str, *, lane: Lane = Lane.GAME, lazy: bool = False,
             written: Callable[[bool], None] | None = None, linger: float | None = None) -> None:
        """A private game line to `nick` (PRIVMSG: a query window opens and the client marks it).
        A turn line's "your turn" is bold with `--colour`."""
        if lane == Lane.TURN:
            text = text.replace(": your turn", ": " + self.style.bold("your turn"), 1)
        self.outbox.say("PRIVMSG", nick, text, lane=lane, written=written, lazy=lazy, linger=linger)

    def answer(self, nick: str, text: str, *, key: str | None = None) -> None:
        """An answer to what `nick` asked (NOTICE; one waiting per `key`, a few at most)."""
        self.outbox.say("NOTICE", nick, text, lane=Lane.ANSWER, key=key)

    def notice(self, nick: str, text: str) -> None:
        """Game news for one person by NOTICE (trade offers, presence)."""
        self.outbox.say("NOTICE", nick, text, lane=Lane.GAME)

    def may_answer(self, nick: str) -> bool:
        """`nick` may be answered now: a player (in a game or a join window) by their question
        limit, anyone else by the strangers' limits (`limits`)."""
        if self.session_of(nick) is not None or self.lobby_of(nick) is not None:
            return self.limits.may_answer(nick)
        return self.limits.may_answer_stranger(nick)

    def reply(self, nick: str, *lines: str, key: str) -> None:
        """Answer `nick` with one or two lines if their limit allows (else nothing: the flood stays
        with the flooder)."""
        if self.may_answer(nick):
            for index, line in enumerate(lines):
                self.answer(nick, line, key=key if len(lines) == 1 else f"{key}{index}")

    def here(self, channel: str, nick: str) -> bool:
        """`nick` is in `channel` now (`presence`)."""
        return self.presence.here(channel, nick)

    def forget(self, nick: str) -> None:
        """Drop everything waiting for `nick`."""
        self.outbox.drop(nick)

    def session_over(self, session: Session) -> None:
        """Forget a finished or stopped game."""
        key = self.normalize(session.channel)
        if self.sessions.get(key) is session:
            del self.sessions[key]
        session.detach()

    def session_of(self, nick: str) -> Session | None:
        """The game `nick` plays in."""
        return next((s for s in self.sessions.values() if s.seat_of(nick) is not None), None)

    def lobby_of(self, nick: str) -> Lobby | None:
        """The join window `nick` is in."""
        return next((lobby for lobby in self.lobbies.values() if lobby.find(nick) is not None), None)

    def may_manage(self, channel: str, nick: str, host: str) -> bool:
        """`nick` opened the game (`host`) or is an operator of `channel`."""
        if self.normalize(nick) == self.normalize(host):
            return True
        return any(self.normalize(op) == self.normalize(nick) for op in self.connection.operators(channel))

    def inbound(self, event: tuple[Any, ...]) -> None:
        """An IRC event, handled after every earlier one (`inbound.Inbound`)."""
        self.events.put(event)

    # -- running --------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Open the store, resume the bot's unfinished games, then stay connected until cancelled."""
        self._loop = asyncio.get_running_loop()
        connection = self.connection
        tasks = [self.loop.create_task(self.outbox.run(), name="outbox"),
                 self.loop.create_task(self.events.run(), name="inbound")]
        try:
            if self.store is None:
                self.store = await self.work(Store, self.config.db)
            await self.resume()
            await connection.stay_connected()
        finally:
            for task in tasks:
                task.cancel()
            await connection.quit("Ion Arena bot stopping")
            self._pumps.shutdown(wait=True)
            self._executor.shutdown(wait=True)

    async def resume(self) -> None:
        """Every unfinished game of the bot (the store's tables of surface `irc`), rebuilt from
        the store (log replayed and checked), each in the channel its labels name. Each waits
        until the bot is back in its channel; each player is told again what they hold (notes
        that were waiting to be sent when the bot stopped are lost with it)."""
        assert self.store is not None
        store = self.store
        table_ids: list[str] = await self.work(store.unfinished, (IRC,))
        for table_id in table_ids:
            clock = TurnClock()
            try:
                table: Table = await self.work(functools.partial(store.load, table_id, clock=clock))
            except IonError as err:
                log.error("cannot resume game %s: %s", table_id, err)
                continue
            labels = table.labels
            channel = labels.get("channel")
            if not channel:
                log.error("cannot resume game %s: its labels name no channel", table_id)
                continue
            nicks = [info.name if info.kind == "person" else "" for info in table.seats]
            session = Session(self, channel, table, nicks, labels.get("opener", ""), clock, self.normalize,
                              self.settings_for(channel), accounts_from(labels))
            session.absence.offline()
            self.sessions[self.normalize(channel)] = session
            self.channel_say(channel, catalogue.resumed(table.spec.title, table.id))
            await self.work(session.attach, table.version)
            if table.status == "waiting":  # stopped between making the table and starting it
                await self.work(table.start)
            for seat, nick in enumerate(nicks):
                if nick:
                    summary = await self.work(session.summary, seat)
                    self.tell(nick, catalogue.resumed_private(channel, summary))
            session.request_pump()
            log.info("resumed game %s in %s at version %s", table.id, channel, table.version)


__all__ = ["BotConfig", "IonBot"]
