"""`IonBot`: the IRC bot that hosts Ion games in channels, on `ionarena.host` and `ionarena.store`.

It connects (TLS if asked), identifies (SASL where the server offers it, else NickServ), joins
its channels, and stays up: after a dropped connection it reconnects with exponential backoff
(1 s doubling to 5 min) and rejoins, while the games go on in memory and in the store; on a
restart it resumes every unfinished game of its own from the store: the tables made with
`surface="irc"`, each with its channel and opener in the table's labels and its nicks as the
seats' names (`Table.rename` follows nick changes).

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

from ..core import IonError, get_spec
from ..host import IRC, Table, TableSettings, new_table_id
from ..store import Store
from . import catalogue
from .client import IonClient
from .clock import TurnClock
from .commands import CommandError, Open, Verb, parse_channel, parse_private
from .lines import Style, room
from .lobby import Lobby
from .outbox import Outbox
from .session import Session

log = logging.getLogger(__name__)

PUMP_THREADS = 2
"""Threads that pump tables (one table is pumped by one thread at a time)."""
BACKOFF_FIRST = 1.0
BACKOFF_MOST = 300.0
REGISTER_TIMEOUT = 60.0
TOP_LINES = 5
"""People shown by `!ion top` (the all-time table of the bot's games)."""


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
        self._lobby_timers: dict[str, asyncio.TimerHandle] = {}
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ion-irc-tables")
        self._pumps = ThreadPoolExecutor(max_workers=PUMP_THREADS, thread_name_prefix="ion-irc-bots")
        self._queue: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self._gone: asyncio.Event | None = None
        self._registered = False
        self._stopping = False
        self.outbox: Outbox = None  # type: ignore[assignment]  # set by run()
        self.connections = 0
        """Successful registrations so far (tests and logs)."""

    # -- helpers sessions use ---------------------------------------------------------------------------

    def normalize(self, name: str) -> str:
        """A nick or channel as the server compares them (its CASEMAPPING)."""
        client = self.client
        if client is not None:
            try:
                return str(client.normalize(name))
            except Exception:
                pass
        return name.casefold()

    async def work(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(*args)` in the worker thread."""
        return await self.loop.run_in_executor(self._executor, functools.partial(fn, *args))

    async def think(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(*args)` (a table's pump: bots think there) in a pump thread."""
        return await self.loop.run_in_executor(self._pumps, functools.partial(fn, *args))

    def channel_say(self, channel: str, text: str) -> None:
        """A public line in `channel` (PRIVMSG)."""
        self.outbox.say("PRIVMSG", channel, text)

    def notice(self, nick: str, text: str, *, urgent: bool = False, merge: bool = True,
               written: Callable[[bool], None] | None = None, lazy: bool = False) -> None:
        """A private line to `nick` (NOTICE); `lazy` notes wait to ride along with the next line."""
        if urgent and text.startswith("Your turn"):
            text = self.style.bold("Your turn") + text[len("Your turn"):]
        self.outbox.say("NOTICE", nick, text, urgent=urgent, merge=merge, written=written, lazy=lazy)

    def session_over(self, session: Session) -> None:
        """Forget a finished or stopped game."""
        key = self.normalize(session.channel)
        if self.sessions.get(key) is session:
            del self.sessions[key]
        session.detach()

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
        the store (log replayed and checked), each in the channel its labels name."""
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
            session = Session(self, channel, table, nicks, labels.get("opener", ""), clock, self.normalize)
            self.sessions[self.normalize(channel)] = session
            self.channel_say(channel, catalogue.resumed(table.spec.title, table.id))
            await self.work(session.attach, table.version)
            if table.status == "waiting":  # stopped between making the table and starting it
                await self.work(table.start)
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
        """A connection ended."""
        if client is self.client and self._gone is not None:
            self._registered = False
            self.outbox.online(False)
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

    async def _handle(self, event: tuple[Any, ...]) -> None:
        kind = event[0]
        if kind == "channel":
            _, channel, nick, text = event
            await self._channel_line(channel, nick, text)
        elif kind == "private":
            _, nick, text = event
            await self._private(nick, text)
        elif kind == "nick":
            _, old, new = event
            self._renamed(old, new)
        elif kind == "gone":
            _, nick, channel = event
            await self._gone_player(nick, channel)
        elif kind == "close":
            await self._close_lobby(event[1])
        elif kind == "kicked":
            channel = event[1]
            self.loop.call_later(5.0, lambda: self.loop.create_task(self._rejoin(channel)))
        elif kind == "joined":
            log.info("joined %s", event[1])

    async def _rejoin(self, channel: str) -> None:
        if self.client is not None and self._registered:
            with contextlib.suppress(Exception):
                await self.client.join(channel)

    def _is_ours(self, channel: str) -> bool:
        return self.normalize(channel) in {self.normalize(c) for c in self.config.channels}

    def _may_manage(self, channel: str, nick: str, host: str) -> bool:
        if self.normalize(nick) == self.normalize(host):
            return True
        client = self.client
        if client is None:
            return False
        info = client.channels.get(channel) or {}
        ops = (info.get("modes") or {}).get("o") or []
        return any(self.normalize(op) == self.normalize(nick) for op in ops)

    async def _channel_line(self, channel: str, nick: str, text: str) -> None:
        if not self._is_ours(channel):
            return
        try:
            command = parse_channel(text)
        except CommandError as err:
            self.notice(nick, str(err))
            return
        if command is None:
            return
        key = self.normalize(channel)
        if isinstance(command, Open):
            await self._open(channel, nick, command)
            return
        assert isinstance(command, Verb)
        verb = command.verb
        if verb == "help":
            self.channel_say(channel, catalogue.CHANNEL_HELP)
        elif verb == "start":
            lobby = self.lobbies.get(key)
            if lobby is None:
                self.notice(nick, catalogue.NO_GAME_HERE)
            elif not self._may_manage(channel, nick, lobby.host):
                self.notice(nick, catalogue.NOT_HOST.format(host=lobby.host))
            else:
                await self._close_lobby(channel)
        elif verb == "stop":
            await self._stop(channel, nick)
        elif verb == "scores":
            session = self.sessions.get(key)
            if session is None:
                self.notice(nick, catalogue.NO_GAME_HERE)
            else:
                self.channel_say(channel, catalogue.scores(await self.work(session.scores)))
        elif verb == "top":
            game = command.argument.lower() if command.argument else None
            if game is not None and game not in ("bank", "dots", "compound", "valence"):
                self.notice(nick, catalogue.UNKNOWN_COMMAND.format(word=game[:40]))
                return
            assert self.store is not None
            rows = await self.work(functools.partial(self.store.top, game, TOP_LINES, surface=IRC))
            self.channel_say(channel, catalogue.top(game, rows))
        elif verb == "record":
            await self._record(channel, nick, command.argument)

    async def _open(self, channel: str, nick: str, command: Open) -> None:
        key = self.normalize(channel)
        busy = self.sessions.get(key) or self.lobbies.get(key)
        if busy is not None:
            self.notice(nick, catalogue.GAME_HERE.format(game=busy.spec.id))
            return
        spec = get_spec(command.game)
        lobby = Lobby(channel, nick, spec, command, self.normalize)
        self.lobbies[key] = lobby
        seconds = self.config.join_time
        if spec.id == "bank":
            seconds = float(command.options.get("lobby_time", seconds))
            self.channel_say(channel, catalogue.bank_open(nick, seconds))
        else:
            self.channel_say(channel, catalogue.table_open(nick, spec.title, seconds, command.bots,
                                                                   command.level))
        self._lobby_timers[key] = self.loop.call_later(seconds, self.inbound, ("close", channel))

    async def _close_lobby(self, channel: str) -> None:
        key = self.normalize(channel)
        lobby = self.lobbies.pop(key, None)
        timer = self._lobby_timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        if lobby is None:
            return
        if not lobby.enough():
            self.channel_say(channel, catalogue.NOT_ENOUGH.format(
                game=lobby.spec.id, count=lobby.seat_count(), least=lobby.spec.min_players))
            return
        nicks, _bots, options = lobby.seating()
        table_id = new_table_id()
        labels = [nick or f"Player {seat} (greedy)" for seat, nick in enumerate(nicks)]
        if lobby.spec.id == "bank":
            signs = options.get("teams", "")
            labels = [f"{label} ({self.style.team(signs[seat])})" if seat < len(signs) else label
                      for seat, label in enumerate(labels)]
        self.channel_say(channel, catalogue.starts(lobby.spec.title, labels, table_id))
        try:
            session = await self.work(self._make_table, lobby, table_id)
        except IonError as err:
            self.channel_say(channel, catalogue.BAD_OPTION.format(reason=str(err)))
            return
        self.sessions[key] = session
        session.request_pump()

    def _make_table(self, lobby: Lobby, table_id: str) -> Session:
        """Make, seat, record and start a lobby's table (worker thread)."""
        spec = lobby.spec
        nicks, bots, options = lobby.seating()
        names = {o.name for o in spec.options}
        if spec.timed and self.config.move_time is not None and "move_time" in names:
            options.setdefault("move_time", self.config.move_time)
        clock = TurnClock()
        settings = TableSettings(takeover="greedy", move_limit=None if spec.timed else self.config.idle_time,
                                 bot_delay=0.0 if spec.timed else self.config.bot_delay)
        table = Table(spec.id, players=len(nicks), bots=bots, variant=lobby.opening.variant, options=options,
                      settings=settings, table_id=table_id, clock=clock, journal=self.store, surface=IRC,
                      labels={"channel": lobby.channel, "opener": lobby.host})
        for seat, nick in enumerate(nicks):
            if nick:
                table.sit(seat, nick)
        session = Session(self, lobby.channel, table, nicks, lobby.host, clock, self.normalize)
        session.attach(-1)
        table.start()
        return session

    async def _stop(self, channel: str, nick: str) -> None:
        key = self.normalize(channel)
        lobby = self.lobbies.get(key)
        if lobby is not None:
            if not self._may_manage(channel, nick, lobby.host):
                self.notice(nick, catalogue.NOT_HOST.format(host=lobby.host))
                return
            self.lobbies.pop(key)
            timer = self._lobby_timers.pop(key, None)
            if timer is not None:
                timer.cancel()
            self.channel_say(channel, catalogue.STOPPED.format(nick=nick, game=lobby.spec.id, id="-"))
            return
        session = self.sessions.get(key)
        if session is None:
            self.notice(nick, catalogue.NO_GAME_HERE)
            return
        if not self._may_manage(channel, nick, session.host):
            self.notice(nick, catalogue.NOT_HOST.format(host=session.host))
            return
        self.channel_say(channel, catalogue.STOPPED.format(nick=nick, game=session.spec.id,
                                                           id=session.table_id))
        await self.work(session.table.abandon)
        session.end()

    async def _record(self, channel: str, nick: str, table_id: str | None) -> None:
        if not table_id:
            self.notice(nick, catalogue.NEED_ID)
            return
        assert self.store is not None
        store = self.store

        def look() -> tuple[Any, ...] | None:
            try:
                info = store.table_info(table_id)
                record = store.record(table_id)
            except IonError:
                return None
            return info, record

        found = await self.work(look)
        if found is None:
            self.notice(nick, catalogue.NO_RECORD.format(id=table_id[:64]))
            return
        info, record = found
        seed = info.seed if info.status in ("over", "abandoned") else None
        self.channel_say(channel, catalogue.record_line(info.id, info.game, info.variant, info.players,
                                                        info.status, len(record.actions), seed, store.where))

    # -- private messages ---------------------------------------------------------------------------

    def _session_of(self, nick: str) -> Session | None:
        for session in self.sessions.values():
            if session.seat_of(nick) is not None:
                return session
        return None

    def _lobby_of(self, nick: str) -> Lobby | None:
        return next((lobby for lobby in self.lobbies.values() if lobby.find(nick) is not None), None)

    async def _private(self, nick: str, text: str) -> None:
        session = self._session_of(nick)
        if session is not None:
            await session.private(nick, text)
            return
        command = parse_private(text)
        lobby = self._lobby_of(nick)
        if lobby is None and command.word in ("team", "join"):
            wanted = "bank" if command.word == "team" else None
            choices = [lb for lb in self.lobbies.values() if (lb.spec.id == "bank") == (wanted == "bank")]
            lobby = choices[-1] if choices else None
            if lobby is None:
                self.notice(nick, catalogue.NOT_IN_GAME)
                return
        if lobby is None:
            self.notice(nick, catalogue.PRIVATE_HELP if command.word == "help" else catalogue.NOT_IN_GAME)
            return
        await self._lobby_word(lobby, nick, command.word, command.sign)

    async def _lobby_word(self, lobby: Lobby, nick: str, word: str, sign: str | None) -> None:
        if word == "team" and lobby.spec.id != "bank":
            word = "join"
        if word == "join" and lobby.spec.id == "bank":
            self.notice(nick, catalogue.REFUSED.format(reason="pick a team: 'team +' or 'team -'"))
            return
        if word in ("team", "join"):
            known = lobby.find(nick) is not None
            if not lobby.join(nick, sign):
                self.notice(nick, catalogue.WINDOW_FULL.format(most=lobby.seat_count()))
                return
            count = len(lobby.joined)
            if lobby.spec.id == "bank":
                assert sign is not None
                self.notice(nick, catalogue.you_joined_team(sign, count))
                self.channel_say(lobby.channel, catalogue.joined_team(nick, self.style.team(sign)))
            else:
                self.notice(nick, catalogue.ALREADY_JOINED if known else catalogue.you_joined_table(count))
                if not known:
                    self.channel_say(lobby.channel, catalogue.joined_table(nick, count))
            if lobby.full and lobby.opening.players is not None:
                await self._close_lobby(lobby.channel)
        elif word == "quit":
            if lobby.leave(nick):
                self.channel_say(lobby.channel, catalogue.left_window(nick))
        elif word == "start":
            if self._may_manage(lobby.channel, nick, lobby.host):
                await self._close_lobby(lobby.channel)
            else:
                self.notice(nick, catalogue.NOT_HOST.format(host=lobby.host))
        else:
            self.notice(nick, catalogue.PRIVATE_HELP)

    # -- people coming and going ------------------------------------------------------------------------

    def _renamed(self, old: str, new: str) -> None:
        self.outbox.rename(old, new)
        for lobby in self.lobbies.values():
            lobby.rename(old, new)
        for session in self.sessions.values():
            session.rename(old, new)

    async def _gone_player(self, nick: str, channel: str | None) -> None:
        for lobby in list(self.lobbies.values()):
            here = channel is None or self.normalize(channel) == self.normalize(lobby.channel)
            if here and lobby.leave(nick):
                self.channel_say(lobby.channel, catalogue.left_window(nick))
        session = self._session_of(nick)
        if session is not None and (channel is None
                                    or self.normalize(channel) == self.normalize(session.channel)):
            self.outbox.drop(nick)
            await session.leave(nick)


def pydle_errors() -> type[Exception]:
    """pydle's base error (connection refused during registration and the like)."""
    import pydle
    error: type[Exception] = pydle.Error
    return error
