"""The table's seat desk: people and bots taking, leaving and renaming seats, and seat tokens.

`Seating` is the part of `Table` that changes who holds a seat: `sit(seat, name) -> token`,
`leave(seat)`, `seat_bot(seat, spec)` (a lobby's "fill the empty seats with bots"),
`rename(seat, name)` (an IRC nick change), `retoken(seat)` (a web rematch) and
`authenticate(token) -> seat`. Who may take a seat is `host.seats`' to decide (`person_sits`,
`person_leaves`, ...: the seat a change leaves); here the change is made under the table's lock,
journaled before it is made, and the table's bots and subscribers are told (`_set_seat`).

`Table` inherits these methods, so every surface calls `table.sit(...)` as before; the fields
they work on are the table's own (set by `Table._setup`), named below for the type checker.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from ..core import GameSpec, State
from .driver import Driver
from .journal import Journal
from .seats import (
    Bot,
    SeatInfo,
    bot_sits,
    new_seat_token,
    person_leaves,
    person_sits,
    renamed,
    seat_of_token,
)


class Seating:
    """Who sits where at a table, changed under its lock and journaled (see the module docstring)."""

    id: str
    spec: GameSpec
    journal: Journal | None
    _lock: threading.RLock
    _state: State[Any]
    _seats: list[SeatInfo]
    _takeover: str | None
    _driver: Driver

    if TYPE_CHECKING:
        def _finished(self) -> bool: ...

        def _notify(self, moved: bool = True) -> None: ...

    def sit(self, seat: int, name: str) -> str:
        """Seat a person called `name` in an open seat (or one a bot took over when its person
        left); return the seat's token (kept only as a hash)."""
        with self._lock:
            info, token = person_sits(self._seat(seat), name, self._finished())
            self._set_seat(info)
            return token

    def leave(self, seat: int) -> None:
        """The person in `seat` goes: the takeover bot plays on for them (if the table has one),
        else the seat is open again."""
        with self._lock:
            self._set_seat(person_leaves(self._seat(seat), self._takeover, self._finished()))

    def seat_bot(self, seat: int, spec: str | Bot) -> None:
        """Put a bot (`greedy`, `ismcts:ms=300`, `greedy@0.8`) in an open seat; it holds the seat
        for good (nobody may sit there afterwards). `IllegalAction` if the seat is not open, the
        game is over or the bot is unknown."""
        with self._lock:
            self._set_seat(bot_sits(self._seat(seat), spec, self.spec.id, self._finished()))

    def rename(self, seat: int, name: str) -> None:
        """The person in `seat` is now called `name` (an IRC nick change), journaled; the seat,
        its token and the game stay as they are. `IllegalAction` if nobody sits there, the name
        is not a valid display name, or the game is over (its results keep the names it ended
        with)."""
        with self._lock:
            info = renamed(self._seat(seat), name, self._finished())
            if info is not None:
                self._keep_seat(info)
                self._notify(moved=False)

    def retoken(self, seat: int) -> str:
        """A fresh token for the person in `seat` (the one before stops working), journaled; the
        seat, its name and the game stay as they are (a web rematch hands each person their seat
        this way). `IllegalAction` if nobody sits there."""
        with self._lock:
            info, token = new_seat_token(self._seat(seat))
            self._keep_seat(info)
            return token

    def authenticate(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        with self._lock:
            return seat_of_token(self._seats, token)

    def _seat(self, seat: int) -> SeatInfo:
        return self._seats[self._state.check_seat(seat)]

    def _keep_seat(self, info: SeatInfo) -> None:
        if self.journal is not None:
            self.journal.seat_changed(self.id, info)
        self._seats[info.seat] = info

    def _set_seat(self, info: SeatInfo) -> None:
        """A seat's holder changed: its bot (if any) is the driver's, and it is a new moment."""
        self._keep_seat(info)
        self._driver.seat_changed(info)
        self._notify()


__all__ = ["Seating"]
