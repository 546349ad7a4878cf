"""`IonBot`: the IRC bot that hosts Ion games in channels, on `ionarena.host` and `ionarena.store`.

It connects (TLS if asked), identifies (SASL where the server offers it, else NickServ), joins
its channels, and stays up: after a dropped connection it reconnects with exponential backoff
(1 s doubling to 5 min) and rejoins, while the games wait in memory and in the store; on a
restart it resumes every unfinished game of its own from the store: the tables made with
`surface="irc"`, each with its channel and opener in the table's labels and its nicks as the
seats' names (`Table.rename` follows nick changes).

The bot's parts: `channel.ChannelDesk` (`!ion …` in a channel), `private.PrivateDesk` (private
messages), `presence.Presence` (who is in which channel, and their accounts), `limits.Limits`
(what anyone may make the bot do), `outbox.Outbox` (every line out), and a `session.Session`
per game.

Threads: the event loop runs IRC and the outbox; people's moves, questions, seats and every
store read run in one worker thread (`work`), so a commit to the database never stalls the
connection; pumps (bots' moves, timeouts) run in threads of their own (`think`), and a table's
bots think outside its lock, so a thinking bot never delays a person's move or question. Table
callbacks hop back to the loop (`Session`). Inbound events are handled one at a time, in the
order they arrived (`inbound`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..core import IonError
from ..host import IRC, Table
from ..store import Store
from . import catalogue
from .accounts import accounts_from
from .channel import ChannelDesk
from .client import IonClient
from .clock import TurnClock
from .limits import Limits
from .lines import Style, room
from .lobby import Lobby
from .outbox import Lane, Outbox
from .presence import Presence
from .private import PrivateDesk
from .session import Session
from .settings import ChannelSettings

log = logging.getLogger(__name__)

PUMP_THREADS = 2
"""Threads that pump tables (one table is pumped by one thread at a time)."""
BACKOFF_FIRST = 1.0
BACKOFF_MOST = 300.0
REGISTER_TIMEOUT = 60.0


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
        self.loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]  # set by run()
        self.store = store
        self.client: IonClient | None = None
        self.sessions: dict[str, Session] = {}
        self.lobbies: dict[str, Lobby] = {}
        self.lobby_timers: dict[str, asyncio.TimerHandle] = {}
        self.presence = Presence(self.normalize)
        self.limits = Limits()
        self.channel_desk = ChannelDesk(self)
        self.private_desk = PrivateDesk(self)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ion-irc-tables")
        self._pumps = ThreadPoolExecutor(max_workers=PUMP_THREADS, thread_name_prefix="ion-irc-bots")
        self._queue: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self._gone: asyncio.Event | None = None
        self._registered = False
        self._stopping = False
        self.outbox: Outbox = None  # type: ignore[assignment]  # set by run()
        self.connections = 0
        """Successful registrations so far (tests and logs)."""

    # -- what sessions and desks use ---------------------------------------------------------------------

    def normalize(self, name: str) -> str:
        """A nick or channel as the server compares them (its CASEMAPPING)."""
        client = self.client
        if client is not None:
            try:
                return str(client.normalize(name))
            except Exception:
                pass
        return name.casefold()

    def settings_for(self, channel: str) -> ChannelSettings:
        """The settings of `channel` (its own, else the bot's defaults)."""
        return self.config.channel_settings.get(self.normalize(channel), self.config.defaults)

    async def work(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(*args)` in the worker thread."""
        return await self.loop.run_in_executor(self._executor, functools.partial(fn, *args))

    async def think(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(*args)` (a table's pump: bots think there) in a pump thread."""
        return await self.loop.run_in_executor(self._pumps, functools.partial(fn, *args))

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
        client = self.client
        if client is None:
            return False
        info = client.channels.get(channel) or {}
        ops = (info.get("modes") or {}).get("o") or []
        return any(self.normalize(op) == self.normalize(nick) for op in ops)

    def inbound(self, event: tuple[Any, ...]) -> None:
        """An IRC event, handled after every earlier one."""
        self._queue.put_nowait(event)

    # -- running --------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Open the store, resume the bot's unfinished games, then stay connected until cancelled."""
        self.loop = asyncio.get_running_loop()
        self.outbox = Outbox(self._write, self._room, burst=self.config.flood_burst,
                             rate=self.config.flood_rate, normalize=self.normalize,
                             keep_formatting=self.config.colour)
        tasks = [self.loop.create_task(self.outbox.run(), name="outbox"),
                 self.loop.create_task(self._consume(), name="inbound")]
        try:
            if self.store is None:
                self.store = await self.work(Store, self.config.db)
            await self.resume()
            await self._stay_connected()
        finally:
            self._stopping = True
            for task in tasks:
                task.cancel()
            if self.client is not None and self.client.connected:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.client.quit("Ion Arena bot stopping"), 2)
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

    async def _stay_connected(self) -> None:
        delay = BACKOFF_FIRST
        while True:
            self._gone = asyncio.Event()
            client = self._new_client()
            self.client = client
            try:
                await client.connect(self.config.server, self.config.port, tls=self.config.tls,
                                     tls_verify=self.config.tls_verify,
                                     password=self.config.password if self.config.auth == "server" else None)
                await asyncio.wait_for(self._wait_registered(), REGISTER_TIMEOUT)
            except (TimeoutError, OSError, pydle_errors()) as err:
                log.warning("cannot connect to %s:%s: %s; again in %g s", self.config.server,
                            self.config.port, err or type(err).__name__, delay)
                with contextlib.suppress(Exception):
                    await client.disconnect(expected=True)
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF_MOST)
                continue
            delay = BACKOFF_FIRST
            await self._gone.wait()
            self._registered = False
            self.outbox.online(False)
            log.warning("disconnected from %s:%s; reconnecting", self.config.server, self.config.port)
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
        self.outbox.online(True)
        log.info("connected to %s:%s as %s", config.server, config.port, config.nick)

    def disconnected(self, client: IonClient, expected: bool) -> None:
        """A connection ended: every game waits until the bot is back in its channel."""
        if client is self.client and self._gone is not None:
            self._registered = False
            self.outbox.online(False)
            self.inbound(("lost",))
            self._gone.set()

    async def _write(self, command: str, target: str, text: str) -> None:
        client = self.client
        if client is None or not self._registered or not client.connected:
            raise ConnectionError("not connected")
        await client.rawmsg(command, target, text)

    def _room(self, command: str, target: str) -> int:
        client = self.client
        nick = client.nickname if client is not None else self.config.nick
        user = host = None
        if client is not None:
            me = client.users.get(nick) or {}
            user, host = me.get("username"), me.get("hostname")
        return room(command, target, nick, user, host)

    # -- inbound events, one at a time ------------------------------------------------------------------

    async def _consume(self) -> None:
        while True:
            event = await self._queue.get()
            try:
                await self._handle(event)
            except Exception:
                log.exception("failed to handle %r", event[:2])

    def _is_ours(self, channel: str) -> bool:
        return self.normalize(channel) in {self.normalize(c) for c in self.config.channels}

    async def _handle(self, event: tuple[Any, ...]) -> None:
        kind = event[0]
        if kind == "channel":
            _, channel, nick, text = event
            if self._is_ours(channel):
                await self.channel_desk.line(channel, nick, text)
        elif kind == "private":
            await self.private_desk.line(event[1], event[2])
        elif kind == "nick":
            self._renamed(event[1], event[2])
        elif kind == "join":
            await self._joined(event[1], event[2], event[3])
        elif kind == "part":
            await self._parted(event[1], event[2])
        elif kind == "quit":
            await self._quit(event[1])
        elif kind == "names":
            await self._names(event[1], event[2])
        elif kind == "account":
            self.presence.set_account(event[1], event[2])
        elif kind == "close":
            await self.channel_desk.close(event[1])
        elif kind in ("kicked", "left"):
            self._bot_left(event[1])
            if kind == "kicked":
                channel = event[1]
                self.loop.call_later(5.0, lambda: self.loop.create_task(self._rejoin(channel)))
        elif kind == "lost":
            self.presence.lost()
            for session in self.sessions.values():
                session.absence.offline()
        elif kind == "joined":
            log.info("joined %s", event[1])

    async def _rejoin(self, channel: str) -> None:
        if self.client is not None and self._registered:
            with contextlib.suppress(Exception):
                await self.client.join(channel)

    # -- people coming and going ------------------------------------------------------------------------

    def _renamed(self, old: str, new: str) -> None:
        self.presence.renamed(old, new)
        self.outbox.rename(old, new)
        for lobby in self.lobbies.values():
            lobby.rename(old, new)
        for session in self.sessions.values():
            session.rename(old, new)

    async def _joined(self, channel: str, nick: str, account: str | None) -> None:
        """`nick` joined: a player of this channel's game who was away is back (the same nick,
        or another nick logged in to the same account)."""
        self.presence.joined(channel, nick, account)
        session = self.sessions.get(self.normalize(channel))
        if session is None:
            return
        seat = session.seat_of(nick)
        if seat is None and account:
            seat = session.seat_of_account(account)
        if seat is not None and session.absence.is_away(seat):
            await session.absence.back(seat, nick)

    async def _parted(self, nick: str, channel: str) -> None:
        """`nick` left `channel` (PART or KICK): out of its join window; away from its game."""
        self.presence.parted(channel, nick)
        key = self.normalize(channel)
        lobby = self.lobbies.get(key)
        if lobby is not None and lobby.leave(nick) and lobby.announce_leave(nick):
            self.channel_say(lobby.channel, catalogue.left_window(nick))
        session = self.sessions.get(key)
        if session is not None and session.seat_of(nick) is not None:
            await session.absence.left(nick, on_network=True)
        elif not self.presence.channels_of(nick):
            self.outbox.drop(nick, (Lane.ANSWER,))

    async def _quit(self, nick: str) -> None:
        """`nick` left the network (a quit, a dropped connection, a netsplit)."""
        self.presence.quit(nick)
        for lobby in self.lobbies.values():
            if lobby.leave(nick) and lobby.announce_leave(nick):
                self.channel_say(lobby.channel, catalogue.left_window(nick))
        for session in list(self.sessions.values()):
            if session.seat_of(nick) is not None:
                await session.absence.left(nick, on_network=False)
        self.outbox.drop(nick)  # whatever waited for them (a flooder's answers too) goes nowhere

    async def _names(self, channel: str, nicks: list[str]) -> None:
        """The bot is in `channel` with its names: its game goes on with who is there."""
        self.presence.names(channel, nicks)
        session = self.sessions.get(self.normalize(channel))
        if session is not None:
            await session.absence.online(lambda nick: self.presence.here(channel, nick))

    def _bot_left(self, channel: str) -> None:
        self.presence.left(channel)
        session = self.sessions.get(self.normalize(channel))
        if session is not None:
            session.absence.offline()


def pydle_errors() -> type[Exception]:
    """pydle's base error (connection refused during registration and the like)."""
    import pydle
    error: type[Exception] = pydle.Error
    return error
