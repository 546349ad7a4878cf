"""A game's join window in a channel, before its table exists.

`!ion bank` opens one: players join by private message, `team +` or `team -` as the bank
rulebook's lobby says ("Play is rotated in the order that the players selected teams"); a
player may switch teams and keeps their place. `!ion dots|compound|valence` opens one too;
players say `join`. The window closes when its time runs out, when the opener says `start`, or
when it is full; then the table is made with one seat per player in the order they joined (and
the bots after them). Bank's teams go to the game as its `teams` option, so the game itself
rebalances lopsided teams and says who moved.

Pure bookkeeping: no IRC, no table (the bot makes the table from `seating()`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import GameSpec
from .commands import Open


@dataclass
class Joiner:
    """A player in the window, with their bank team (None for other games)."""

    nick: str
    sign: str | None = None


@dataclass
class Lobby:
    """One join window (see the module docstring)."""

    channel: str
    host: str
    spec: GameSpec
    opening: Open
    normalize: Callable[[str], str] = str.casefold
    joined: list[Joiner] = field(default_factory=list)
    announced: set[str] = field(default_factory=set)
    """Folded nicks whose joining the channel was told (once each: switches and rejoins are
    told to the person alone, so nobody can make the bot flood the channel from a window)."""
    left_told: set[str] = field(default_factory=set)

    def announce(self, nick: str) -> bool:
        """True the first time `nick` joins (tell the channel), False after."""
        name = self.normalize(nick)
        if name in self.announced:
            return False
        self.announced.add(name)
        return True

    def announce_leave(self, nick: str) -> bool:
        """True the first time `nick` leaves (tell the channel), False after."""
        name = self.normalize(nick)
        if name in self.left_told:
            return False
        self.left_told.add(name)
        return True

    @property
    def most_people(self) -> int:
        """Seats left for people once the bots are seated."""
        most = self.opening.players or self.spec.max_players
        return most - self.opening.bots

    def find(self, nick: str) -> Joiner | None:
        """The joiner called `nick`."""
        name = self.normalize(nick)
        return next((j for j in self.joined if self.normalize(j.nick) == name), None)

    def join(self, nick: str, sign: str | None = None) -> bool:
        """Add `nick` (or switch their team); False if the window is full."""
        found = self.find(nick)
        if found is not None:
            found.sign = sign if sign is not None else found.sign
            return True
        if len(self.joined) >= self.most_people:
            return False
        self.joined.append(Joiner(nick, sign))
        return True

    def leave(self, nick: str) -> bool:
        """Remove `nick`; False if they were not in."""
        found = self.find(nick)
        if found is None:
            return False
        self.joined.remove(found)
        return True

    def rename(self, old: str, new: str) -> bool:
        """Follow a nick change."""
        found = self.find(old)
        if found is None:
            return False
        found.nick = new
        return True

    @property
    def full(self) -> bool:
        """No seat left for people."""
        return len(self.joined) >= self.most_people

    def seat_count(self) -> int:
        """Seats of the table to make: the people, then the bots."""
        return len(self.joined) + self.opening.bots

    def enough(self) -> bool:
        """Enough players for the game."""
        return self.seat_count() >= self.spec.min_players

    def seating(self) -> tuple[list[str], dict[int, str], dict[str, Any]]:
        """(nick by seat, "" for bots; bot spec by seat; game options), people first in the order
        they joined. Bank: the `teams` option from the picks, bots on the smaller team."""
        nicks = [j.nick for j in self.joined] + [""] * self.opening.bots
        bots = {seat: self.opening.level for seat in range(len(self.joined), len(nicks))}
        options = dict(self.opening.options)
        if self.spec.id == "bank":
            signs = [j.sign or "+" for j in self.joined]
            for _ in range(self.opening.bots):
                signs.append("+" if signs.count("+") <= signs.count("-") else "-")
            options["teams"] = "".join(signs)
        return nicks, bots, options
