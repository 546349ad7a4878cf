"""One game the bot hosts in a channel: a `host.Table`, the nick in each seat, and the lines
each change of the table becomes.

Data flow. People's private messages become `table.ask` (questions such as bank's `inv`) or
`table.submit(seat, text)`; the table commits every accepted action to the store before it
tells anyone, then calls this session's subscriptions (in the bot's worker thread): the
spectator's update becomes the channel's public lines, each person's update their private
NOTICEs. Nothing a seat's own update holds ever goes to the channel: channel lines are made
from the spectator's update alone.

- Channel: the public events the game's presenter words (for bank only the big ones: dumps,
  rounds, the shop, quits, the end; a table game's every public move), and the final scores.
- A person: their private events (a hand dealt, what they received, a gift's card), public
  events about them that the channel does not carry, and "Your turn" with a one-line digest
  when they become able to act (`digest.turn_digest`). The events are notes that wait (a few
  seconds at most) to share the line of the next "Your turn": about one line per turn.
- The move clock: when a person's turn begins, the table's `TurnClock` is held at the turn's
  start; it runs again once the "Your turn" line has been written to the socket (`outbox`), so
  the 3 seconds (or an untimed table's idle limit) start when the player can read it.
- Bots and timeouts: `pump()` (in a pump thread: bots think there, outside the table's lock)
  applies what is due and says when to pump next.
- Nick changes: the seat is renamed at the table (`Table.rename`, kept in the store), so a
  resumed game knows its players by their nicks of the moment.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import threading
from collections.abc import Callable, Hashable
from typing import Any, Protocol

from ..core import Event, IonError, Names
from ..host import Table, Update
from . import catalogue
from .clock import TurnClock
from .commands import parse_private
from .digest import turn_digest

log = logging.getLogger(__name__)

CHANNEL_KINDS: dict[str, frozenset[str] | None] = {
    "bank": frozenset({"rebalance", "round_start", "round_end", "shop", "dump", "quit", "game_over"}),
}
"""Public event kinds that a game's channel carries (absent: every public event)."""
PUBLIC_KEPT = 64
"""Versions of public events remembered to tell a seat's private events from public ones."""


class BotLink(Protocol):
    """What a session needs of the bot."""

    loop: asyncio.AbstractEventLoop

    def channel_say(self, channel: str, text: str) -> None:
        """A public line in `channel`."""

    def notice(self, nick: str, text: str, *, urgent: bool = False, merge: bool = True,
               written: Callable[[bool], None] | None = None, lazy: bool = False) -> None:
        """A private NOTICE to `nick` (`lazy`: it may wait for the next line to that nick)."""

    async def work(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(*args)` in the bot's worker thread (people's moves, questions, the store)."""

    async def think(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(*args)` (a table's pump, where bots think) in a pump thread."""

    def session_over(self, session: Session) -> None:
        """The session's game ended or was stopped."""


def _event_key(event: Event) -> tuple[int, str, str]:
    return event.version, event.kind, json.dumps(event.data, sort_keys=True, default=str)


class Session:
    """One hosted game (see the module docstring)."""

    def __init__(self, bot: BotLink, channel: str, table: Table, nicks: list[str], host: str,
                 clock: TurnClock, normalize: Callable[[str], str] = str.casefold):
        self.bot = bot
        self.channel = channel
        self.table = table
        self.nicks = list(nicks)
        """The nick in each seat ("" for bots and open seats)."""
        self.host = host
        self.clock = clock
        self.normalize = normalize
        self.gone: set[int] = set()
        self.spec = table.spec
        self.timed = bool(table.spec.timed)
        self.channel_kinds = CHANNEL_KINDS.get(self.spec.id)
        self.finished = False
        self._acting: tuple[int, int] | None = None
        """(thread, seat) while that thread submits that seat's move: the update it brings is
        the answer to the move (its turn may go on), not another thread's news."""
        self._was_actor: dict[int, bool] = {}
        self._phase: dict[int, Any] = {}
        self._public: dict[int, set[tuple[int, str, str]]] = {}
        self._subs: dict[int | None, Any] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._pump_task: asyncio.Task[None] | None = None
        self._pump_again = False

    # -- who is who ---------------------------------------------------------------------------------

    @property
    def table_id(self) -> str:
        """The table's id (also the game's id in the store)."""
        return self.table.id

    def seat_of(self, nick: str) -> int | None:
        """The seat of `nick` in this game (None if they are not, or no longer, playing)."""
        name = self.normalize(nick)
        for seat, held in enumerate(self.nicks):
            if held and seat not in self.gone and self.normalize(held) == name:
                return seat
        return None

    def people(self) -> list[str]:
        """The nicks still playing."""
        return [nick for seat, nick in enumerate(self.nicks) if nick and seat not in self.gone]

    def display(self, update: Update | None = None) -> list[str]:
        """Names by seat as people read them: nicks, the table's names for bots."""
        base = (list(update.names) if update is not None
                else [info.display_name() for info in self.table.seats])
        return [nick or (base[seat] if seat < len(base) else "") for seat, nick in enumerate(self.nicks)]

    # -- subscriptions (worker thread) -----------------------------------------------------------------

    def attach(self, since: int) -> None:
        """Subscribe the spectator (first: seats tell private events from public ones by it) and
        every person's seat. Call in the worker thread."""
        self._subs[None] = self.table.subscribe(None, functools.partial(self._in_thread, None), since=since)
        for seat, nick in enumerate(self.nicks):
            if nick and seat not in self.gone:
                callback = functools.partial(self._in_thread, seat)
                self._subs[seat] = self.table.subscribe(seat, callback, since=since)

    def detach(self, seat: int | None = None) -> None:
        """Stop the updates of one seat (None: of every seat)."""
        keys = list(self._subs) if seat is None else [seat]
        for key in keys:
            sub = self._subs.pop(key, None)
            if sub is not None:
                sub.cancel()

    def _in_thread(self, seat: int | None, update: Update) -> None:
        """A table callback (worker thread, under the table's lock): note public events, hold
        the clock for a turn that begins, and hand the update to the event loop."""
        if seat is None:
            for event in update.events:
                self._public.setdefault(event.version, set()).add(_event_key(event))
            for version in [v for v in self._public if v < update.version - PUBLIC_KEPT]:
                del self._public[version]
            self.bot.loop.call_soon_threadsafe(self._on_public, update)
            return
        prompt: str | None = None
        key: Hashable | None = None
        if self._turn_begins(seat, update):
            key = ("turn", seat, update.version)
            at = None
            if self.timed and isinstance(update.view.get("now"), int | float):
                at = self.table.clock_at(float(update.view["now"]))
            self.clock.hold(key, at)
            prompt = self._prompt(seat, update)
        private = [e for e in update.events if self._is_private(e) or self._about(seat, e)]
        self.bot.loop.call_soon_threadsafe(self._on_private, seat, update, private, prompt, key)

    def _turn_begins(self, seat: int, update: Update) -> bool:
        acting = (update.status == "playing" and not update.over and seat in update.actors
                  and not (self.nicks[seat] == "" or seat in self.gone))
        was = self._was_actor.get(seat, False)
        phase = update.view.get("phase")
        changed = self._phase.get(seat) != phase
        self._was_actor[seat] = acting
        self._phase[seat] = phase
        if not acting or phase == "lobby":
            return False
        return not was or changed or self._acting == (threading.get_ident(), seat)

    def _is_private(self, event: Event) -> bool:
        return _event_key(event) not in self._public.get(event.version, set())

    def _about(self, seat: int, event: Event) -> bool:
        """A public event about `seat` that the channel does not carry (bank: your timeout)."""
        if self.channel_kinds is None or event.kind in self.channel_kinds:
            return False
        return event.data.get("player") == seat and event.kind not in ("play", "join")

    def _prompt(self, seat: int, update: Update) -> str:
        names = Names(seat, self.display(update))
        seconds = None
        if self.timed and update.view.get("deadline") is not None and update.view.get("now") is not None:
            seconds = round(float(update.view["deadline"]) - float(update.view["now"]), 1)
        elif not self.timed and self.table.settings.move_limit is not None:
            seconds = self.table.settings.move_limit
        digest = turn_digest(self.spec, update.view, update.legal, names)
        return catalogue.your_turn(seconds, digest)

    # -- lines (event loop) ----------------------------------------------------------------------------

    def _describe(self, event: Event, names: Names) -> str:
        try:
            return self.spec.presenter.describe(event, names)
        except Exception:  # a presenter mid-rewrite must not take the bot down
            log.exception("presenter of %s failed on %s", self.spec.id, event.kind)
            return ""

    def _on_public(self, update: Update) -> None:
        if self.finished:
            return
        names = Names(None, self.display(update))
        for event in update.events:
            if self.channel_kinds is None or event.kind in self.channel_kinds:
                self.bot.channel_say(self.channel, self._describe(event, names))
        if update.status in ("over", "abandoned"):
            if update.status == "over":
                parts = list(zip(names.names, update.view.get("scores") or [], strict=False))
                self.bot.channel_say(self.channel, catalogue.game_over(
                    [(n or f"Player {i}", float(s)) for i, (n, s) in enumerate(parts)], self.table_id))
            self.end()

    def _on_private(self, seat: int, update: Update, events: list[Event], prompt: str | None,
                    key: Hashable | None) -> None:
        nick = self.nicks[seat] if seat < len(self.nicks) else ""
        if not nick or seat in self.gone or self.finished:
            if key is not None:
                self.clock.release(key)
            return
        names = Names(seat, self.display(update))
        for event in events:  # notes: they ride along with the player's next "Your turn"
            self.bot.notice(nick, self._describe(event, names), lazy=True)
        if prompt is not None and key is not None:
            self.bot.notice(nick, prompt, urgent=True, written=functools.partial(self._written, key))
        self.request_pump()

    def _written(self, key: Hashable, _sent: bool = True) -> None:
        self.clock.release(key)
        self.request_pump()

    def end(self) -> None:
        """The game is over (or stopped): no more lines, no more pumps."""
        if self.finished:
            return
        self.finished = True
        if self._timer is not None:
            self._timer.cancel()
        self.clock.release_all()
        self.bot.session_over(self)

    # -- time ---------------------------------------------------------------------------------------

    def request_pump(self) -> None:
        """Apply due bot moves and timeouts soon, and plan the next wake-up."""
        if self.finished:
            return
        if self._pump_task is not None and not self._pump_task.done():
            self._pump_again = True
            return
        self._pump_task = self.bot.loop.create_task(self._pump())

    async def _pump(self) -> None:
        while not self.finished:
            self._pump_again = False
            try:
                wake = await self.bot.think(self.table.pump)
            except Exception:
                log.exception("table %s: pump failed", self.table_id)
                wake = None
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if wake is not None and not self.finished:
                delay = self.clock.real_delay(wake)
                if delay is not None:
                    self._timer = self.bot.loop.call_later(delay + 0.001, self.request_pump)
            if not self._pump_again:
                return

    # -- people -------------------------------------------------------------------------------------

    async def private(self, nick: str, text: str) -> None:
        """A private message from a player of this game: a question, `status`, `quit`, or a move."""
        seat = self.seat_of(nick)
        if seat is None or self.finished:
            return
        command = parse_private(text)
        if command.word == "status":
            update = await self.bot.work(self.table.update, seat)
            rendered = self.spec.presenter.render(update.view, Names(seat, self.display(update)))
            for line in rendered.splitlines():
                self.bot.notice(nick, line, merge=False)
            return
        if command.word == "quit":
            await self.leave(nick, announce=True)
            return
        if command.word in ("team", "join", "start"):
            self.bot.notice(nick, catalogue.REFUSED.format(reason="the game has started"))
            return
        answer = await self.bot.work(self.table.ask, seat, command.text)
        if answer is None and command.text.lower().split()[:1] == ["help"]:
            answer = catalogue.PRIVATE_HELP
        if answer is not None:
            self.bot.notice(nick, answer)
            return
        try:
            await self.bot.work(self._submit, seat, command.text)
        except IonError as err:
            self.bot.notice(nick, catalogue.REFUSED.format(reason=str(err)))
        self.request_pump()

    def _submit(self, seat: int, text: str) -> Update:
        self._acting = (threading.get_ident(), seat)
        try:
            return self.table.submit(seat, text, None)
        finally:
            self._acting = None

    async def leave(self, nick: str, announce: bool = True) -> None:
        """`nick` leaves mid-game (said `quit`, parted, quit IRC, was kicked): bank's `quit`
        (their points are shared out); in other games a bot plays on for them."""
        seat = self.seat_of(nick)
        if seat is None or self.finished:
            return
        self.gone.add(seat)
        self.detach(seat)
        if self.spec.id == "bank":
            how = catalogue.BANK_QUIT
            try:
                await self.bot.work(self.table.submit, seat, "quit", None)
            except IonError as err:
                log.info("table %s: quit of seat %s refused: %s", self.table_id, seat, err)
        else:
            how = catalogue.BOT_TAKES
            try:
                await self.bot.work(self.table.leave, seat)
            except IonError as err:
                log.info("table %s: leave of seat %s refused: %s", self.table_id, seat, err)
        if announce and not self.finished:
            self.bot.channel_say(self.channel, catalogue.left_game(nick, how))
        self.request_pump()

    def rename(self, old: str, new: str) -> bool:
        """Follow a nick change (the seat is renamed at the table too); True if `old` plays here."""
        seat = self.seat_of(old)
        if seat is None:
            return False
        self.nicks[seat] = new
        self.bot.loop.create_task(self._rename_seat(seat, new))
        return True

    async def _rename_seat(self, seat: int, nick: str) -> None:
        try:
            await self.bot.work(self.table.rename, seat, nick)
        except IonError as err:  # the game just ended, or a nick the table does not take as a name
            log.info("table %s: seat %s not renamed to %r: %s", self.table_id, seat, nick, err)

    def scores(self) -> list[tuple[str, float]]:
        """(name, score) by seat, from the public view."""
        scores = self.table.update(None).view.get("scores") or []
        return [(name or f"Player {seat}", float(score))
                for seat, (name, score) in enumerate(zip(self.display(), scores, strict=False))]
