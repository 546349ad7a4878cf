"""Private messages to the bot: a player's moves and questions go to their game; the join words
(`team +`, `join`, `start`, `quit`) go to a join window.

Which window? With games open in two channels, a private `team +` carries no channel: it goes to
the window the person is already in, else to the open window of a channel the person is in;
when that is more than one, the bot asks (`team + #ion`); someone in none of the channels is
told to join one first. Every confirmation names the channel. A person plays in one game at a
time.

Everything here is rate-limited per person (`limits`): lines beyond `message` are not even read,
answers beyond `question`/`stranger` are not sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import catalogue
from .commands import Private, parse_private
from .lobby import Lobby

if TYPE_CHECKING:
    from .bot import IonBot


class PrivateDesk:
    """The bot's private messages (see the module docstring)."""

    def __init__(self, bot: IonBot):
        self.bot = bot

    async def line(self, nick: str, text: str) -> None:
        """A private message from `nick`."""
        bot = self.bot
        if not bot.limits.may_read(nick):
            return
        session = bot.session_of(nick)
        if session is not None:
            await session.private(nick, text)
            return
        command = parse_private(text)
        if command.word in ("team", "join", "start", "quit"):
            await self.window_word(nick, command)
        else:
            helping = command.word == "help"  # (its own key: a later line must not replace it)
            bot.reply(nick, catalogue.PRIVATE_HELP if helping else catalogue.NOT_IN_GAME,
                      key="private help" if helping else "stranger")

    def _tell(self, nick: str, text: str, key: str = "window") -> None:
        self.bot.reply(nick, text, key=key)

    def _pick(self, nick: str, command: Private) -> Lobby | None:
        """The window a join word is for (or None, the person told why)."""
        bot = self.bot
        own = bot.lobby_of(nick)
        if command.channel is not None:
            wanted = bot.lobbies.get(bot.normalize(command.channel))
            if wanted is None:
                self._tell(nick, catalogue.NO_WINDOW.format(where=f" in {command.channel[:50]}"))
                return None
            if own is not None and own is not wanted and command.word in ("team", "join"):
                self._tell(nick, catalogue.ALREADY_IN.format(channel=own.channel))
                return None
            if not bot.presence.here(wanted.channel, nick):
                self._tell(nick, catalogue.JOIN_CHANNEL.format(channel=wanted.channel))
                return None
            return wanted
        if own is not None:
            return own
        hosted = [lobby for lobby in bot.lobbies.values() if bot.normalize(lobby.host) == bot.normalize(nick)]
        if command.word == "start" and len(hosted) == 1:
            return hosted[0]
        if command.word not in ("team", "join"):
            self._tell(nick, catalogue.NO_WINDOW.format(where=""))
            return None
        open_here = [lobby for lobby in bot.lobbies.values() if bot.presence.here(lobby.channel, nick)]
        if len(open_here) == 1:
            return open_here[0]
        if len(open_here) > 1:
            word = "team " + (command.sign or "+") if command.word == "team" else "join"
            self._tell(nick, catalogue.which_channel(word, [lobby.channel for lobby in open_here]))
        elif bot.lobbies:
            channel = next(iter(bot.lobbies.values())).channel
            self._tell(nick, catalogue.JOIN_CHANNEL.format(channel=channel))
        else:
            self._tell(nick, catalogue.NO_WINDOW.format(where=""))
        return None

    async def window_word(self, nick: str, command: Private) -> None:
        """`team +`, `join`, `start` or `quit` for a join window."""
        bot = self.bot
        lobby = self._pick(nick, command)
        if lobby is None:
            return
        word, sign = command.word, command.sign
        bank = lobby.spec.id == "bank"
        if word == "team" and not bank:
            word = "join"
        if word == "join" and bank:
            self._tell(nick, catalogue.REFUSED.format(reason="pick a team: 'team +' or 'team -'"))
            return
        if word in ("team", "join"):
            known = lobby.find(nick) is not None
            if not lobby.join(nick, sign):
                self._tell(nick, catalogue.WINDOW_FULL.format(channel=lobby.channel, most=lobby.seat_count()))
                return
            count = len(lobby.joined)
            if bank:
                assert sign is not None
                self._tell(nick, catalogue.you_joined_team(sign, count, lobby.channel, bot.config.nick))
            else:
                self._tell(nick, catalogue.ALREADY_JOINED.format(channel=lobby.channel) if known
                           else catalogue.you_joined_table(count, lobby.channel, bot.config.nick))
            if lobby.announce(nick):  # once per person: a switch of team is told to them alone
                line = catalogue.joined_team(nick, bot.style.team(sign or "+")) if bank \
                    else catalogue.joined_table(nick, count)
                bot.channel_say(lobby.channel, line)
            if lobby.full and lobby.opening.players is not None:
                await bot.channel_desk.close(lobby.channel)
        elif word == "quit":
            if lobby.leave(nick):
                self._tell(nick, catalogue.LEFT_WINDOW_YOU.format(channel=lobby.channel))
                if lobby.announce_leave(nick):
                    bot.channel_say(lobby.channel, catalogue.left_window(nick))
        elif word == "start":
            if bot.may_manage(lobby.channel, nick, lobby.host):
                await bot.channel_desk.close(lobby.channel)
            else:
                self._tell(nick, catalogue.NOT_HOST.format(host=lobby.host))
