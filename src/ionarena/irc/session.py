"""One game the bot hosts in a channel: a `host.Table`, the nick in each seat, and the lines
each change of the table becomes.

Data flow. People's private messages become `table.ask` (questions such as bank's `inv`) or
`table.submit(seat, text)`; the table commits every accepted action to the store before it
tells anyone, then calls this session's subscriptions (in the bot's worker thread): the
spectator's update becomes the channel's public lines, each person's update their private
lines. Nothing a seat's own update holds ever goes to the channel: channel lines are made from
the spectator's update alone.

- Channel: the public events the game's presenter words (a table game's every public move, then
  "nick: your move" for the person on turn, a line that highlights them); bank's big moments
  (dumps, rounds, the shop, quits, the end) and, every few seconds, one digest line of
  everybody's moves (`bankline.Digest`); the final scores.
- A person: their turn line, a PRIVMSG that starts with their nick (`bankline.turn_line`, or
  `digest.turn_digest` in the table games), and their private events as notes that wait a few
  seconds to share the turn line's message. Answers (`status`, `inv`, refusals) go by NOTICE.
  Seats are named, never numbered (`naming`).
- The move clock: when a person's turn begins, the table's `TurnClock` is held at the turn's
  start; it runs again once the turn line has been written to the socket (`outbox`), so the
  3 seconds (or an untimed table's idle limit) start when the player can read it.
- Presence: `absence.Absence` keeps the seats whose person is away (off the network or out of
  the channel) for a grace window: their turns pass without penalty (or the game waits).
- Bots and timeouts: `pump()` (in a pump thread: bots think there, outside the table's lock)
  applies what is due and says when to pump next.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import threading
import time
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any

from ..core import Event, IonError, Names, View
from ..host import Table, Update
from . import bankline, catalogue, player
from .absence import Absence
from .clock import TurnClock
from .digest import turn_digest
from .naming import name_seats, seat_names
from .outbox import Lane
from .settings import ChannelSettings

if TYPE_CHECKING:
    from .link import BotLink

log = logging.getLogger(__name__)

PUBLIC_KEPT = 64
"""Versions of public events remembered to tell a seat's private events from public ones."""
DIGEST_EVERY = 5.0
"""Seconds a bank digest gathers moves before it is said."""
BANK_LINGER = 60.0
"""Seconds a bank player's notes ("you receive the card ++") wait to ride along with their next
turn line, which shows their cards anyway: with 16 players a turn comes round every ten seconds
or more, and a line of its own for every note would halve the game's speed."""
AT_ONCE = frozenset({"accept"})
"""Private notes that do not wait for the next turn line (in the shop there is none to wait for)."""
POINTER = "your move"
"""The key of a table game's "nick: your move" channel line (withdrawn once it is stale)."""


def _event_key(event: Event) -> tuple[int, str, str]:
    return event.version, event.kind, json.dumps(event.data, sort_keys=True, default=str)


class Session:
    """One hosted game (see the module docstring)."""

    def __init__(self, bot: BotLink, channel: str, table: Table, nicks: list[str], host: str,
                 clock: TurnClock, normalize: Callable[[str], str] = str.casefold,
                 settings: ChannelSettings | None = None, accounts: Mapping[int, str] | None = None):
        self.bot = bot
        self.channel = channel
        self.table = table
        self.nicks = list(nicks)
        """The nick in each seat ("" for bots and open seats)."""
        self.names = seat_names(self.nicks)
        """Each seat's name as people read and type it: nicks, `bot1` …"""
        self.accounts = dict(accounts or {})
        """Services accounts of the seats whose person was logged in to one."""
        self.host = host
        self.clock = clock
        self.normalize = normalize
        self.settings = settings or ChannelSettings()
        self.gone: set[int] = set()
        self.spec = table.spec
        self.timed = bool(table.spec.timed)
        self.bank = self.spec.id == "bank"
        self.finished = False
        self.absence = Absence(self)
        self.acting: tuple[int, int] | None = None
        """(thread, seat) while that thread submits that seat's move: the update it brings is
        the answer to the move (its turn may go on), not another thread's news."""
        self._was_actor: dict[int, bool] = {}
        self._phase: dict[int, Any] = {}
        self._public: dict[int, set[tuple[int, str, str]]] = {}
        self._subs: dict[int | None, Any] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._pump_task: asyncio.Task[None] | None = None
        self._pump_again = False
        self.public_view: View | None = None
        """The spectator's view at the last public update (the digest's bank state)."""
        self._pointed: tuple[int, ...] = ()
        self._idle_seen: dict[int, int] = {}
        self.turn_over: dict[int, tuple[float, str]] = {}
        """When each seat's last turn ended without their own move, and why (a move just after it
        is "too late")."""
        self.digest = bankline.Digest() if self.bank else None
        self._digest_timer: asyncio.TimerHandle | None = None

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

    def seat_of_account(self, account: str) -> int | None:
        """The seat (still in the game) whose person was logged in to `account`."""
        return next((seat for seat, held in self.accounts.items()
                     if seat not in self.gone and self.normalize(held) == self.normalize(account)), None)

    def people(self) -> list[str]:
        """The nicks still playing."""
        return [nick for seat, nick in enumerate(self.nicks) if nick and seat not in self.gone]

    def present(self, seat: int) -> bool:
        """True if the seat is a bot's, or its person is here (not away, not gone)."""
        if not self.nicks[seat]:
            return True
        return seat not in self.gone and not self.absence.is_away(seat)

    def display(self, update: Update | None = None) -> list[str]:
        """Names by seat as people read them: nicks, `botN` for bots."""
        return list(self.names)

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

    def reprompt(self, seats: list[int]) -> None:
        """Tell these seats their turn again if they are on turn (after they came back, or the
        bot reconnected): worker thread."""
        for seat in seats:
            if seat in self._subs and seat not in self.gone:
                self._was_actor[seat] = False
                self._in_thread(seat, self.table.update(seat))

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
        note: str | None = None
        was = self._was_actor.get(seat, False)
        begins = self._turn_begins(seat, update)
        if was and not self._was_actor[seat]:  # the turn ended: a move now is too late, and why
            if self.acting == (threading.get_ident(), seat):
                self.turn_over.pop(seat, None)  # by their own move: another is not late, just not theirs
            else:
                self.turn_over[seat] = (time.monotonic(), self._why_over(seat, list(update.events)))
        if begins:
            at = None
            now = update.view["now"]
            if self.timed and now is not None:
                at = self.table.clock_at(float(now))
            if self.absence.offline_since:  # told once the bot is back (`Absence.online` reprompts):
                self._was_actor[seat] = False  # a line queued now would be the second one then
            elif self.absence.is_away(seat):  # no turn line: the bot passes the turn or waits
                if not self.timed or update.view.get("phase") == "play":  # (bank's shop: nobody is on turn)
                    self.clock.hold(("away", seat), at)
                    self.bot.loop.call_soon_threadsafe(self.absence.on_turn, seat)
            else:
                prompt = self._prompt(seat, update)
                if prompt is None:
                    left = (update.view["deadline"] or 0.0) - (update.view["now"] or 0.0)
                    note = catalogue.NO_TIME.format(left=bankline.seconds(left))
                else:
                    key = ("turn", seat, update.version)
                    self.clock.hold(key, at)
        moves = self.table.idle.moves.get(seat, 0)
        took_over = moves > self._idle_seen.get(seat, 0) and seat not in self.table.idle.seats
        if took_over:  # told once the takeover bot has finished the whole move
            self._idle_seen[seat] = moves
        private = [e for e in update.events if self._is_private(e) or self._about(seat, e)]
        self.bot.loop.call_soon_threadsafe(self._on_private, seat, update, private, prompt, key, note,
                                           took_over)

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
        return not was or changed or self.acting == (threading.get_ident(), seat)

    def _is_private(self, event: Event) -> bool:
        return _event_key(event) not in self._public.get(event.version, set())

    def _about(self, seat: int, event: Event) -> bool:
        """A public event about `seat` that the channel does not say (bank: your timeout)."""
        if not self.bank or event.kind in bankline.BIG:
            return False
        if event.kind in ("play", "join", "away"):
            return False
        return event.data.get("player") == seat or event.data.get("seller") == seat  # your deal taken

    def _prompt(self, seat: int, update: Update) -> str | None:
        names = Names(seat, self.names)
        if self.bank:
            return bankline.turn_line(update.view, names)
        seconds = None
        deadline, now = update.view["deadline"], update.view["now"]
        if self.timed and deadline is not None and now is not None:
            seconds = round(deadline - now, 1)
        elif not self.timed and self.table.settings.move_limit is not None:
            seconds = self.table.settings.move_limit
        digest = turn_digest(self.spec, update.view, update.legal, names)
        return catalogue.your_turn(self.names[seat], seconds, digest)

    # -- lines (event loop) ----------------------------------------------------------------------------

    def _describe(self, event: Event, names: Names, now: float = 0.0) -> str:
        try:
            text = bankline.channel_words(event, names, now) if self.bank else None
            if text is None:
                text = self.spec.presenter.describe(event, names)
        except Exception:  # a presenter mid-rewrite must not take the bot down
            log.exception("presenter of %s failed on %s", self.spec.id, event.kind)
            return ""
        return name_seats(text, self.names)

    def _on_public(self, update: Update) -> None:
        if self.finished:
            return
        self.public_view = update.view
        names = Names(None, self.names)
        now = float(update.view.get("now") or 0.0)
        lines: list[str] = []
        for event in update.events:
            if self.digest is not None:
                if event.kind == "offer":
                    self._tell_offer(event, update)
                if self.digest.add(event, names):
                    self._plan_digest()
                    continue
                if event.kind not in bankline.BIG:
                    continue
                self.flush_digest()
            lines.append(self._describe(event, names, now))
        pointer = [] if self.bank else self._pointer(update)
        for line in pointer:  # it starts a line: a client highlights a line that starts with the nick
            self.bot.channel_say(self.channel, line, head=True, key=POINTER)
        for line in lines:
            self.bot.channel_say(self.channel, line)
        if update.status in ("over", "abandoned"):
            self.flush_digest()
            if update.status == "over":
                parts = list(zip(self.names, update.view.get("scores") or [], strict=False))
                self.bot.channel_say(self.channel, catalogue.game_over([(n, float(s)) for n, s in parts],
                                                                       self.table_id))
            self.end()

    def _pointer(self, update: Update) -> list[str]:
        """"nick: your move" for a table game's person who is now alone on turn."""
        actors = tuple(update.actors) if update.status == "playing" and not update.over else ()
        if actors == self._pointed:
            return []
        self._pointed = actors
        self.bot.channel_withdraw(self.channel, POINTER)  # the last one is no longer true
        if len(actors) == 1 and self.nicks[actors[0]] and self.present(actors[0]):
            return [catalogue.your_move(self.nicks[actors[0]])]
        return []

    def _tell_offer(self, event: Event, update: Update) -> None:
        """A deal offered in bank's shop: one short NOTICE to every other person shopping."""
        seller = event.data.get("player")
        for seat in update.actors:
            nick = self.nicks[seat] if seat < len(self.nicks) else ""
            if nick and seat != seller and self.present(seat):
                self.bot.notice(nick, self._describe(event, Names(seat, self.names)))

    def _plan_digest(self) -> None:
        if self._digest_timer is None:
            self._digest_timer = self.bot.loop.call_later(DIGEST_EVERY, self.flush_digest)

    def flush_digest(self) -> None:
        """Say the bank digest now (if anything is in it)."""
        if self._digest_timer is not None:
            self._digest_timer.cancel()
            self._digest_timer = None
        if self.digest and not self.finished:
            now = self.table.game_time(self.clock())
            self.bot.channel_say(self.channel, self.digest.line(self.public_view, now))

    def _on_private(self, seat: int, update: Update, events: list[Event], prompt: str | None,
                    key: Hashable | None, note: str | None, took_over: bool) -> None:
        nick = self.nicks[seat] if seat < len(self.nicks) else ""
        if not nick or seat in self.gone or self.finished:
            if key is not None:
                self.clock.release(key)
            return
        names = Names(seat, self.names)
        now = float(update.view.get("now") or 0.0)
        linger = BANK_LINGER if self.bank else None
        for event in events:  # notes: they ride along with the player's next turn line
            at_once = event.kind in AT_ONCE  # a trade happens between turn lines
            self.bot.tell(nick, self._describe(event, names, now), lazy=not at_once, linger=linger)
        if took_over and self.table.settings.move_limit is not None:
            self.bot.tell(nick, catalogue.IDLE_MOVE.format(limit=self.table.settings.move_limit), lazy=True)
        if note is not None:
            self.bot.tell(nick, note, lazy=True)
        if prompt is not None and key is not None:
            self.bot.tell(nick, prompt, lane=Lane.TURN, written=functools.partial(self._written, key))
        self.request_pump()

    def _why_over(self, seat: int, events: list[Event]) -> str:
        kinds = {e.kind for e in events if e.data.get("player") in (seat, None)}
        if "timeout" in kinds:
            return catalogue.TURN_ENDED_TIMEOUT
        if "round_end" in kinds:
            return catalogue.TURN_ENDED_ROUND
        if "away" in kinds:
            return catalogue.TURN_ENDED_AWAY
        if self.table.idle.moves.get(seat, 0) > self._idle_seen.get(seat, 0):
            return catalogue.TURN_ENDED_IDLE
        return catalogue.TURN_ENDED

    def _written(self, key: Hashable, _sent: bool = True) -> None:
        self.clock.release(key)
        self.request_pump()

    def end(self) -> None:
        """The game is over (or stopped): no more lines, no more pumps."""
        if self.finished:
            return
        self.finished = True
        for timer in (self._timer, self._digest_timer):
            if timer is not None:
                timer.cancel()
        self.absence.close()
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
        """A private message from a player of this game: a question, `status`, `quit`, or a move
        (`player.message`)."""
        await player.message(self, nick, text)
    async def leave(self, nick: str, announce: bool = True) -> None:
        """`nick` leaves mid-game (said `quit`, or stayed away beyond the grace window): bank's
        `quit` (their points are shared out); in other games a bot plays on for them."""
        seat = self.seat_of(nick)
        if seat is None or self.finished:
            return
        self.absence.forget(seat)
        self.gone.add(seat)
        self.detach(seat)
        if self.bank:
            how = catalogue.BANK_QUIT
            try:
                await self.bot.work(self.table.submit, seat, "quit", None)
            except IonError as err:
                log.info("table %s: quit of seat %s refused: %s", self.table_id, seat, err)
        else:
            how = catalogue.BOT_TAKES
            try:
                if self.table.seats[seat].kind == "person":
                    await self.bot.work(self.table.leave, seat)
            except IonError as err:
                log.info("table %s: leave of seat %s refused: %s", self.table_id, seat, err)
        self.absence.release(seat)
        if announce and not self.finished:
            self.bot.channel_say(self.channel, catalogue.left_game(nick, how))
        self.request_pump()

    def rename(self, old: str, new: str) -> bool:
        """Follow a nick change (the seat is renamed at the table too); True if `old` plays here."""
        seat = self.seat_of(old)
        if seat is None:
            return False
        self.nicks[seat] = new
        self.names = seat_names(self.nicks)
        self.absence.renamed(seat, new)
        self.bot.loop.create_task(self._rename_seat(seat, new))
        return True

    async def _rename_seat(self, seat: int, nick: str) -> None:
        try:
            if self.table.seats[seat].kind == "person":
                await self.bot.work(self.table.rename, seat, nick)
        except IonError as err:  # the game just ended, or a nick the table does not take as a name
            log.info("table %s: seat %s not renamed to %r: %s", self.table_id, seat, nick, err)

    def scores(self) -> list[tuple[str, float]]:
        """(name, score) by seat, from the public view."""
        scores = self.table.update(None, since=self.table.version).view.get("scores") or []
        return [(name, float(score)) for name, score in zip(self.names, scores, strict=False)]

    def summary(self, seat: int) -> str:
        """The seat's table in one line, as its turn line shows it (worker thread)."""
        return player.summary(self, seat)
