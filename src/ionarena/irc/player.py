"""A player's private message to their game: a question (`status`, bank's `inv`, `help`), `quit`,
or a move — and the answer, in the player's words.

Questions are answered from the player's own view; a move goes to `Table.submit` (in the bot's
worker thread); a refusal names people, never seats ("it is not your turn: bob is on turn"), and a
move that comes after the player's turn ended says so, and why ("too late, your time ran out").
`ok <nick>` takes a deal as the rulebook's `ok <person>` does. Every answer is counted against the
player's limit and de-duplicated by the outbox (`status` typed ten times is answered once).
"""

from __future__ import annotations

import itertools
import re
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import IonError, Names
from ..host import Update
from . import bankline, catalogue
from .commands import parse_private
from .digest import turn_digest
from .naming import name_seats, ok_command, react_command, seat_named

if TYPE_CHECKING:
    from .session import Session

AWAY_WORDS = frozenset({"status", "quit", "inv", "inventory", "help"})
"""What an away player may still say by private message (questions, and leaving for good); a move
waits until they are back in the channel."""
_moves = itertools.count()
"""Numbers the moves that arrive (each holds the table's clock until it is judged)."""
LATE = 10.0
"""Seconds after a turn ended during which a move is answered "too late" (with why)."""


async def message(session: Session, nick: str, text: str) -> None:
    """A private message from a player of `session`'s game."""
    bot = session.bot
    seat = session.seat_of(nick)
    if seat is None or session.finished:
        return
    command = parse_private(text)
    if session.absence.is_away(seat):  # a message is no presence: being in the channel is
        if bot.here(session.channel, nick):
            await session.absence.back(seat, nick)
        elif command.word not in AWAY_WORDS:
            if bot.may_answer(nick):
                bot.answer(nick, catalogue.REJOIN.format(channel=session.channel), key="refused")
            return
    if command.word == "status":
        if bot.may_answer(nick):
            for index, line in enumerate(await bot.work(status, session, seat)):
                bot.answer(nick, line, key=f"status{index}")
        return
    if command.word == "quit":
        await session.leave(nick, announce=True)
        return
    if command.word in ("team", "join", "start"):
        if bot.may_answer(nick):
            bot.answer(nick, catalogue.STARTED.format(channel=session.channel), key="started")
        return
    arrived = ("move", seat, next(_moves))
    session.clock.hold(arrived)  # a move is judged at the moment it arrived, however busy the worker is
    try:
        await question_or_move(session, nick, seat, command.text, command.word)
    finally:
        session.clock.release(arrived)
    session.request_pump()


async def question_or_move(session: Session, nick: str, seat: int, text: str, word: str) -> None:
    """The game's anytime question (bank's `inv`, `help <x>`) answered, else `text` tried as a move."""
    bot = session.bot
    answer = await bot.work(session.table.ask, seat, text)
    if answer is None and word == "help":
        answer = catalogue.PRIVATE_HELP
    if answer is not None:
        if bot.may_answer(nick):
            bot.answer(nick, name_seats(answer, session.names), key=text.split()[0].lower())
        return
    move = react_command(ok_command(text, session.names, session.normalize), session.names, session.normalize)
    words = move.split()
    if len(words) == 2 and words[0].lower() == "ok" and not words[1].isdigit() \
            and seat_named(words[1], session.names, session.normalize) is None:
        if bot.may_answer(nick):
            bot.answer(nick, catalogue.NOBODY_CALLED.format(name=words[1][:32]), key="refused")
        return
    refused = await bot.work(submit_or_refusal, session, seat, move)
    if refused is not None and bot.may_answer(nick):
        bot.answer(nick, refused, key="refused")


def submit(session: Session, seat: int, text: str) -> Update:
    """The player's move (worker thread); the update it brings is the answer to it."""
    session.acting = (threading.get_ident(), seat)
    try:
        return session.table.submit(seat, text, None)
    finally:
        session.acting = None


def submit_or_refusal(session: Session, seat: int, text: str) -> str | None:
    """The player's move (worker thread): None if accepted, else the refusal in their words."""
    try:
        submit(session, seat, text)
    except IonError as err:
        return refusal(session, seat, err)
    return None


def refusal(session: Session, seat: int, err: IonError) -> str:
    """A refused move in the player's words (worker thread): "too late" with why only if their
    turn just ended without their own move (timed out, the round ended, a bot moved for them) and
    they are not on turn again; else the game's reason, naming people."""
    ended = session.turn_over.get(seat)
    on_turn = seat in session.table.update(seat, since=session.table.version).actors
    if ended is not None and not on_turn and time.monotonic() - ended[0] < LATE:
        return catalogue.too_late(ended[1])
    return catalogue.REFUSED.format(reason=reword(str(err), seat, session.names))


_NOT_YOURS = re.compile(r"^it is not (?:Player|seat) (\d{1,3})'s turn(?:; (.*) is to move)?")
_NOT_A_NUMBER = re.compile(r"'([^'\s]{1,32})' is not a player number \(0 to \d+\)")
_NO_SEAT = re.compile(r"there is no seat '?([^'\s]{1,32})'?(?: in a \d+-player game[^.;:]*)?")


def reword(reason: str, seat: int, names: Sequence[str]) -> str:
    """The game's refusal as IRC people read it: to the player, "your turn"; others by name,
    never by seat number ("it is not your turn: bob is on turn")."""
    mine = _NOT_YOURS.match(reason)
    if mine is not None and int(mine.group(1)) == seat:
        other = f": {mine.group(2)} is on turn" if mine.group(2) else ""
        reason = f"it is not your turn{other}" + reason[mine.end():]
    reason = _NO_SEAT.sub(lambda m: f"nobody called {m.group(1)} plays here", reason)
    reason = _NOT_A_NUMBER.sub(lambda m: f"nobody called {m.group(1)} plays here", reason)
    return name_seats(reason, names)


def status(session: Session, seat: int) -> list[str]:
    """A player's table in one or two lines (worker thread)."""
    update = session.table.update(seat, since=session.table.version)
    names = Names(seat, session.names)
    if session.bank:
        return [name_seats(line, session.names) for line in bankline.status_lines(update.view, names)]
    first = turn_digest(session.spec, update.view, update.legal, names)
    scores = ", ".join(f"{name} {score:g}" for name, score in
                       zip(session.names, update.view.get("scores") or [], strict=False))
    turn = " · ".join(f"{session.names[s]} to move" for s in update.actors[:1])
    second = f"Scores: {scores}" + (f" · {turn}" if turn else "")
    return [line for line in (first, second) if line]


def summary(session: Session, seat: int) -> str:
    """The seat's table in one line, as its turn line shows it (worker thread)."""
    update = session.table.update(seat, since=session.table.version)
    names = Names(seat, session.names)
    if session.bank:
        return bankline.status_lines(update.view, names)[1]
    return turn_digest(session.spec, update.view, update.legal, names)
