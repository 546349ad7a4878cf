"""`!ion …` in a channel: opening and closing join windows, stopping games, and the questions
anyone may ask (help, rules, options, scores, the all-time table, a game's record).

Anyone in a channel can type these, so each person's commands are rate-limited and so is what
the bot says in a channel; over a limit the command is dropped silently (`limits`). Help, rules
and options, and refusals, go to the asker alone by NOTICE; scores, the all-time table and a
record are said in the channel while its limit allows, else to the asker alone.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any

from ..core import IonError, get_spec
from ..host import IRC, Table, TableSettings, new_table_id
from ..store.standings import standings
from . import catalogue
from .accounts import account_labels, identity
from .clock import TurnClock
from .commands import GAMES, CommandError, Open, Verb, parse_channel
from .lobby import Lobby
from .naming import seat_names
from .outbox import Lane
from .session import Session

if TYPE_CHECKING:
    from .bot import IonBot

log = logging.getLogger(__name__)

TOP_LINES = 5
"""People shown by `!ion top` (the all-time table of the bot's games)."""


class ChannelDesk:
    """The bot's channel commands (see the module docstring)."""

    def __init__(self, bot: IonBot):
        self.bot = bot

    async def line(self, channel: str, nick: str, text: str) -> None:
        """A channel line: a command for the bot, or chat (ignored)."""
        bot = self.bot
        try:
            command = parse_channel(text)
        except CommandError as err:
            if bot.limits.may_command(nick):
                bot.reply(nick, str(err), key="command")
            return
        if command is None or not bot.limits.may_command(nick):
            return
        if isinstance(command, Open):
            await self.open(channel, nick, command)
            return
        assert isinstance(command, Verb)
        verb, argument = command.verb, command.argument
        if verb == "help":
            bot.reply(nick, catalogue.CHANNEL_HELP, key="help")
        elif verb in ("rules", "options"):
            self.about_game(channel, nick, verb, argument)
        elif verb == "start":
            await self.start(channel, nick)
        elif verb == "stop":
            await self.stop(channel, nick)
        elif verb == "scores":
            session = bot.sessions.get(bot.normalize(channel))
            if session is None:
                bot.reply(nick, catalogue.NO_GAME_HERE, key="command")
            else:
                self.public_answer(channel, nick, catalogue.scores(await bot.work(session.scores)))
        elif verb == "top":
            await self.top(channel, nick, argument)
        elif verb == "record":
            await self.record(channel, nick, argument)

    def public_answer(self, channel: str, nick: str, text: str) -> None:
        """Said in the channel while its limit allows, else to the asker alone. While a game
        runs here, only its players' questions are answered in the channel: every line costs the
        game time (the flood limit), and anyone can ask."""
        session = self.bot.sessions.get(self.bot.normalize(channel))
        outsider = session is not None and session.seat_of(nick) is None
        if not outsider and self.bot.limits.may_say_in(channel):
            self.bot.channel_say(channel, text, lane=Lane.ANSWER)
        else:
            self.bot.reply(nick, text, key="public")

    def about_game(self, channel: str, nick: str, verb: str, argument: str | None) -> None:
        """`!ion rules <game>`, `!ion options <game>`: to the asker, two lines at most."""
        bot = self.bot
        game = (argument or "").lower()
        if not game:
            here = bot.sessions.get(bot.normalize(channel)) or bot.lobbies.get(bot.normalize(channel))
            game = here.spec.id if here is not None else ""
        if game not in GAMES:
            text = catalogue.NEED_GAME.format(verb=verb) if not argument else \
                catalogue.UNKNOWN_GAME.format(word=game[:40])
            bot.reply(nick, text, key=verb)
            return
        if verb == "rules":
            bot.reply(nick, *catalogue.RULES[game], key="rules")
        else:
            move_time = bot.settings_for(channel).move_time or bot.config.move_time
            bot.reply(nick, catalogue.options_text(get_spec(game), move_time), key="options")

    # -- join windows ------------------------------------------------------------------------------

    async def open(self, channel: str, nick: str, command: Open) -> None:
        """`!ion <game> …`: open a join window here."""
        bot = self.bot
        key = bot.normalize(channel)
        busy = bot.sessions.get(key) or bot.lobbies.get(key)
        if busy is not None:
            bot.reply(nick, catalogue.GAME_HERE.format(game=busy.spec.id), key="command")
            return
        if not bot.limits.may_say_in(channel):
            bot.reply(nick, catalogue.TOO_SOON, key="command")
            return
        spec = get_spec(command.game)
        lobby = Lobby(channel, nick, spec, command, bot.normalize)
        bot.lobbies[key] = lobby
        seconds = bot.config.join_time
        if spec.id == "bank":
            seconds = float(command.options.get("lobby_time", seconds))
            bot.channel_say(channel, catalogue.bank_open(nick, seconds))
        else:
            bot.channel_say(channel, catalogue.table_open(nick, spec.title, seconds, command.bots,
                                                          command.level))
        bot.lobby_timers[key] = bot.loop.call_later(seconds, bot.inbound, ("close", channel))

    async def start(self, channel: str, nick: str) -> None:
        """`!ion start`: the opener (or an operator) closes the window now."""
        bot = self.bot
        lobby = bot.lobbies.get(bot.normalize(channel))
        if lobby is None:
            bot.reply(nick, catalogue.NO_GAME_HERE, key="command")
        elif not bot.may_manage(channel, nick, lobby.host):
            bot.reply(nick, catalogue.NOT_HOST.format(host=lobby.host), key="command")
        else:
            await self.close(channel)

    async def close(self, channel: str) -> None:
        """The window closes: the game starts if enough people joined."""
        bot = self.bot
        key = bot.normalize(channel)
        lobby = bot.lobbies.pop(key, None)
        timer = bot.lobby_timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        if lobby is None:
            return
        if not lobby.enough():
            bot.channel_say(channel, catalogue.NOT_ENOUGH.format(
                game=lobby.spec.id, count=lobby.seat_count(), least=lobby.spec.min_players))
            return
        nicks, _bots, options = lobby.seating()
        names = seat_names(nicks)
        labels = [name if nick else f"{name} ({lobby.opening.level} bot)" for name, nick in zip(names, nicks,
                                                                                               strict=True)]
        if lobby.spec.id == "bank":
            signs = options.get("teams", "")
            labels = [f"{label} ({bot.style.team(signs[seat])})" if seat < len(signs) else label
                      for seat, label in enumerate(labels)]
        table_id = new_table_id()
        bot.channel_say(channel, catalogue.starts(lobby.spec.title, labels, table_id))
        try:
            session = await bot.work(self._make_table, lobby, table_id)
        except IonError as err:
            bot.channel_say(channel, catalogue.BAD_OPTION.format(reason=str(err)))
            return
        bot.sessions[key] = session
        session.request_pump()

    def _make_table(self, lobby: Lobby, table_id: str) -> Session:
        """Make, seat, record and start a lobby's table (worker thread)."""
        bot = self.bot
        spec = lobby.spec
        nicks, bots, options = lobby.seating()
        settings = bot.settings_for(lobby.channel)
        names = {o.name for o in spec.options}
        move_time = settings.move_time if settings.move_time is not None else bot.config.move_time
        if spec.timed and move_time is not None and "move_time" in names:
            options.setdefault("move_time", move_time)
        accounts = {seat: account for seat, nick in enumerate(nicks)
                    if nick and (account := bot.presence.account(nick))}
        clock = TurnClock()
        table_settings = TableSettings(takeover="greedy",
                                       move_limit=None if spec.timed else bot.config.idle_time,
                                       bot_delay=0.0 if spec.timed else bot.config.bot_delay)
        labels = {"channel": lobby.channel, "opener": lobby.host, **account_labels(accounts)}
        table = Table(spec.id, players=len(nicks), bots=bots, variant=lobby.opening.variant, options=options,
                      settings=table_settings, table_id=table_id, clock=clock, journal=bot.store, surface=IRC,
                      labels=labels)
        for seat, nick in enumerate(nicks):
            if nick:
                table.sit(seat, nick)
        session = Session(bot, lobby.channel, table, nicks, lobby.host, clock, bot.normalize, settings,
                          accounts)
        session.attach(-1)
        table.start()
        return session

    async def stop(self, channel: str, nick: str) -> None:
        """`!ion stop`: the opener (or an operator) ends the window or the game here."""
        bot = self.bot
        key = bot.normalize(channel)
        lobby = bot.lobbies.get(key)
        if lobby is not None:
            if not bot.may_manage(channel, nick, lobby.host):
                bot.reply(nick, catalogue.NOT_HOST.format(host=lobby.host), key="command")
                return
            bot.lobbies.pop(key)
            timer = bot.lobby_timers.pop(key, None)
            if timer is not None:
                timer.cancel()
            bot.channel_say(channel, catalogue.STOPPED.format(nick=nick, game=lobby.spec.id, id="-"))
            return
        session = bot.sessions.get(key)
        if session is None:
            bot.reply(nick, catalogue.NO_GAME_HERE, key="command")
            return
        if not bot.may_manage(channel, nick, session.host):
            bot.reply(nick, catalogue.NOT_HOST.format(host=session.host), key="command")
            return
        session.flush_digest()
        bot.channel_say(channel, catalogue.STOPPED.format(nick=nick, game=session.spec.id,
                                                          id=session.table_id))
        await bot.work(session.table.abandon)
        session.end()

    # -- the store ---------------------------------------------------------------------------------

    async def top(self, channel: str, nick: str, argument: str | None) -> None:
        """`!ion top [game]`: the all-time table, one person per services account (or nick)."""
        bot = self.bot
        game = argument.lower() if argument else None
        if game is not None and game not in GAMES:
            bot.reply(nick, catalogue.UNKNOWN_GAME.format(word=game[:40]), key="command")
            return
        assert bot.store is not None
        rows = await bot.work(functools.partial(standings, bot.store, identity, game, TOP_LINES, surface=IRC))
        self.public_answer(channel, nick, catalogue.top(game, rows))

    async def record(self, channel: str, nick: str, table_id: str | None) -> None:
        """`!ion record <id>`: a game's record (its seed once it is over)."""
        bot = self.bot
        if not table_id:
            bot.reply(nick, catalogue.NEED_ID, key="command")
            return
        assert bot.store is not None
        store = bot.store

        def look() -> tuple[Any, ...] | None:
            try:
                return store.table_info(table_id), store.record(table_id)
            except IonError:
                return None

        found = await bot.work(look)
        if found is None:
            bot.reply(nick, catalogue.NO_RECORD.format(id=table_id[:64]), key="command")
            return
        info, record = found
        seed = info.seed if info.status in ("over", "abandoned") else None
        line = catalogue.record_line(info.id, info.game, info.variant, info.players, info.status,
                                     len(record.actions), seed)
        self.public_answer(channel, nick, line)
