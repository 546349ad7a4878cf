"""Players who are away: off the network, dropped, split off, or out of the game's channel.

A dropped connection, a netsplit or an accidental `/part` must cost nothing. When a player's
person leaves the game's channel or the network, their seat waits for them for the channel's
`grace` seconds (default 60); the same person — the same nick, or the same services account
under another nick — who comes back (joins the channel again) in that time plays on in their
seat; a private message is no presence (it may come from anywhere on the network). Only when the
grace ends is it a quit (bank: their points are shared out; the table games: a bot plays on for
them). They are told privately where they can be reached.

Meanwhile, per the channel's `away` setting:

- `skip` (default): bank passes their turns without penalty (the host action `away`, recorded like
  any other: docs/rules/bank.md); in the table games the takeover bot moves for them, and the seat
  is theirs again when they come back.
- `hold`: the game's clock stands still on their turn (the whole table waits, at most the grace).

When every person at the table is away, the whole game waits (its clock stands still: no bot
moves for nobody, no turn is passed round and round) until one of them is back. While the bot
itself is disconnected, every game waits (`offline`); once it is back in a channel and has its
names, the players who are not there are away (`online`), and the players on turn are told their
turn again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core import IonError
from ..host import StaleSubmit
from . import bankline, catalogue

if TYPE_CHECKING:
    from .session import Session

log = logging.getLogger(__name__)

OFFLINE = ("offline",)
"""The clock hold while the bot is disconnected."""
NOBODY = ("nobody",)
"""The clock hold while every person at the table is away."""


@dataclass
class Away:
    """One seat whose person is away."""

    nick: str
    timer: asyncio.TimerHandle | None = None
    passed: int = 0
    """Turns passed without penalty meanwhile."""
    until: float = 0.0
    """When the grace ends (the event loop's time)."""
    told_wait: bool = False


class Absence:
    """The away seats of one session (see the module docstring)."""

    def __init__(self, session: Session):
        self.session = session
        self.seats: dict[int, Away] = {}
        self.holding: set[int] = set()
        """Seats whose ("away", seat) clock hold is on (their turn, while they are away)."""
        self.offline_since = False
        self.nobody = False
        """True while every person at the table is away (the `NOBODY` hold is on)."""

    # -- reading -------------------------------------------------------------------------------------

    def is_away(self, seat: int) -> bool:
        """True while the seat's person is away (read from the worker thread too)."""
        return seat in self.seats

    def _hold_mode(self) -> bool:
        return self.session.settings.away == "hold"

    def _anyone_here(self, besides: int) -> bool:
        """A person other than `besides` is at the table and here (bots play for nobody)."""
        session = self.session
        return any(nick and session.present(seat) for seat, nick in enumerate(session.nicks)
                   if seat != besides)

    def everyone_away(self) -> bool:
        """Every person still in the game is away (and there is at least one)."""
        session = self.session
        people = [seat for seat, nick in enumerate(session.nicks) if nick and seat not in session.gone]
        return bool(people) and all(seat in self.seats for seat in people)

    def _check_nobody(self) -> None:
        """Hold the whole game while everyone is away; let it go on once someone is back (or
        nobody is left to wait for)."""
        session = self.session
        if self.everyone_away() and not session.finished:
            if not self.nobody:
                self.nobody = True
                session.clock.hold(NOBODY)
                session.flush_digest()
                session.bot.channel_say(session.channel, catalogue.EVERYONE_AWAY)
        elif self.nobody:
            self.nobody = False
            session.clock.release(NOBODY)
            session.request_pump()

    # -- going and coming back -------------------------------------------------------------------------

    async def left(self, nick: str, *, on_network: bool) -> None:
        """`nick` left the game's channel (`on_network`: parted or was kicked) or the network."""
        session = self.session
        seat = session.seat_of(nick)
        if seat is None or session.finished or seat in self.seats:
            return
        grace = session.settings.grace
        if grace <= 0:
            await session.leave(nick, announce=True)
            return
        loop = session.bot.loop
        away = self.seats[seat] = Away(nick)
        away.timer = loop.call_later(grace, lambda: loop.create_task(self.expire(seat)))
        away.until = loop.time() + grace
        session.flush_digest()  # what happened before, first
        session.bot.channel_say(session.channel, catalogue.away_channel(nick, grace, self._hold_mode(),
                                                                        session.timed))
        self._check_nobody()
        if on_network:
            session.bot.notice(nick, catalogue.away_private(session.channel, grace))
        if await session.bot.work(self._hold_if_on_turn, seat):
            self.holding.add(seat)
        if not on_network:
            session.bot.forget(nick)  # lines to a nick that is gone go nowhere
        if not session.timed and not self._hold_mode():
            with contextlib.suppress(IonError):
                await session.bot.work(session.table.leave, seat)  # the takeover bot moves meanwhile
            session.request_pump()
        if seat in self.holding:
            await self.settle(seat)

    def _hold_if_on_turn(self, seat: int) -> bool:
        """Worker thread: stop the clock if the seat is on turn now (True)."""
        update = self.session.table.update(None, since=self.session.table.version)
        if update.status == "playing" and seat in update.actors:
            self.session.clock.hold(("away", seat))
            return True
        return False

    async def back(self, seat: int, nick: str) -> None:
        """The person of an away seat is back (as `nick`)."""
        session = self.session
        away = self.seats.pop(seat, None)
        if away is None or session.finished:
            return
        if away.timer is not None:
            away.timer.cancel()
        self._check_nobody()
        if session.nicks[seat] and session.normalize(session.nicks[seat]) != session.normalize(nick):
            session.rename(session.nicks[seat], nick)
        if not session.timed and not self._hold_mode():
            with contextlib.suppress(IonError):
                await session.bot.work(self._sit_again, seat, nick)
        session.flush_digest()
        session.bot.channel_say(session.channel, catalogue.back_channel(nick))
        session.bot.notice(nick, catalogue.back_private(session.channel, away.passed))
        self.release(seat)
        await session.bot.work(session.reprompt, [seat])
        for other in list(self.holding):  # a game that waited for nobody-here can go on
            await self.settle(other)
        session.request_pump()

    def _sit_again(self, seat: int, nick: str) -> None:
        table = self.session.table
        info = table.seats[seat]
        if info.kind == "bot" and info.takeover:
            table.sit(seat, nick)

    async def expire(self, seat: int) -> None:
        """The grace ended without the person: now they have left the game."""
        session = self.session
        away = self.seats.get(seat)
        if away is None or session.finished:
            return
        grace = session.settings.grace
        how = catalogue.BANK_QUIT if session.bank else catalogue.BOT_TAKES
        await session.leave(away.nick, announce=False)
        self._check_nobody()
        if not session.finished:
            session.flush_digest()
            session.bot.channel_say(session.channel, catalogue.gone_channel(away.nick, grace, how))
        session.bot.notice(away.nick, catalogue.gone_private(session.channel, grace))

    def forget(self, seat: int) -> None:
        """The seat leaves the game for good (no more grace)."""
        away = self.seats.pop(seat, None)
        if away is not None and away.timer is not None:
            away.timer.cancel()

    def release(self, seat: int) -> None:
        """End the seat's clock hold, if on."""
        if seat in self.holding:
            self.holding.discard(seat)
            self.session.clock.release(("away", seat))

    def renamed(self, seat: int, nick: str) -> None:
        """The away seat's person changed nick (before they left, or as they came back)."""
        away = self.seats.get(seat)
        if away is not None:
            away.nick = nick

    def close(self) -> None:
        """The game is over: no more timers."""
        for seat in list(self.seats):
            self.forget(seat)
        if self.nobody:
            self.nobody = False
            self.session.clock.release(NOBODY)

    # -- the turn of an away seat ------------------------------------------------------------------------

    def on_turn(self, seat: int) -> None:
        """An away seat's turn began (its clock hold is on): pass it or wait (event loop)."""
        self.holding.add(seat)
        self.session.bot.loop.create_task(self.settle(seat))

    async def settle(self, seat: int) -> None:
        """Pass an away seat's turn without penalty (`skip`), or keep the game waiting (`hold`,
        or nobody else here)."""
        session = self.session
        if seat not in self.holding or session.finished:
            return
        away = self.seats.get(seat)
        if away is None:
            self.release(seat)
            return
        if not session.timed:  # table games: the takeover bot moves (skip) or the table waits (hold)
            if not self._hold_mode():
                self.release(seat)
                session.request_pump()
            return
        if self._hold_mode() or not self._anyone_here(seat):
            if not away.told_wait and not self.nobody:  # (everyone away: that was said)
                away.told_wait = True
                left = bankline.seconds(away.until - session.bot.loop.time())
                session.bot.channel_say(session.channel,
                                        catalogue.WAITING_FOR.format(nick=away.nick, left=left))
            return
        passed = await session.bot.work(self._pass, seat)
        if passed:
            away.passed += 1
        self.release(seat)
        session.request_pump()

    def _pass(self, seat: int) -> bool:
        """Worker thread: the host's `away` for the seat if it is still on turn in bank's play."""
        table = self.session.table
        for _ in range(3):
            update = table.update(None, since=table.version)
            if update.status != "playing" or update.view.get("phase") != "play" or seat not in update.actors:
                return False
            try:
                table.host_submit("away", update.version)
                return True
            except StaleSubmit:
                continue
            except IonError as err:
                log.info("table %s: away for seat %s refused: %s", table.id, seat, err)
                return False
        return False

    # -- the bot's own connection ------------------------------------------------------------------------

    def offline(self) -> None:
        """The bot lost its connection: the game waits."""
        if not self.offline_since:
            self.offline_since = True
            self.session.clock.hold(OFFLINE)

    async def online(self, here: Callable[[str], bool]) -> None:
        """The bot is back in the game's channel with its names: who is not there is away; the
        game goes on; players on turn are told again."""
        session = self.session
        for seat, away in list(self.seats.items()):
            if here(away.nick):
                await self.back(seat, away.nick)
        for seat, nick in enumerate(session.nicks):
            if nick and seat not in session.gone and seat not in self.seats and not here(nick):
                await self.left(nick, on_network=False)
        if self.offline_since:
            self.offline_since = False
            session.clock.release(OFFLINE)
        present = [seat for seat, nick in enumerate(session.nicks)
                   if nick and seat not in session.gone and seat not in self.seats]
        await session.bot.work(session.reprompt, present)
        session.request_pump()


__all__ = ["NOBODY", "OFFLINE", "Absence", "Away"]
