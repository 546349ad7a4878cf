"""The table chat's rulings: what a line may be, who may say it and who may read it.

Two rooms at every table:

- `players`: the seated people talk (bank's shop trades need it). They read it, and so do the
  spectators of a *listed* table (as at a club's table); spectators of a table made "by invite"
  never do (only the people at it know what was said).
- `spectators`: the watchers talk among themselves, under a name they give. The seated people do
  not read it while they play (a watcher sees only what every player sees, but must not coach
  one). It is open by default at a listed table and closed at a table made by invite; any seated
  person may open or close it (kept with the table as its `spectator_chat` label).

A line is 1 to `MAX_TEXT` characters of one line of text (no control or direction-override
characters; emoji are fine), never markup: pages show it as typed. Each person (a seat, or a
spectator's address) may say `RATE` at a table (the `limits` library, moving windows); a refused
line costs nothing. Lines carry the game version they were said at, so a replay shows each at
its moment, and are committed to the store before anyone is shown them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from ..core import IllegalAction, quote
from ..host import Table
from ..host.ratelimit import RateLimit
from ..host.seats import check_name
from ..store.chat import PLAYERS, SPECTATORS, ChatLine, ChatStore

MAX_TEXT = 280
"""Longest chat line, in characters."""
RATE = "5/10 seconds;30/minute"
"""How often one person may speak at one table."""
SPECTATOR_CHAT = "spectator_chat"
"""The table label saying whether spectators may chat (`on`/`off`; none: on at a listed table)."""
_ALLOWED_FORMAT = {"\u200d", "\u200c"}
"""Joiners inside emoji and scripts; every other format character (direction overrides among
them) is refused."""


class ChatRefused(IllegalAction):
    """A line that may not be said; `status` is the HTTP answer (403 closed, 429 too fast)."""

    def __init__(self, detail: str, status: int = 422):
        super().__init__(detail)
        self.status = status


def check_text(text: object) -> str:
    """A chat line as said: stripped, 1 to `MAX_TEXT` characters of one line; `ChatRefused`
    says what is wrong."""
    if not isinstance(text, str):
        raise ChatRefused(f"a chat line is text, not {quote(text)}")
    line = text.strip()
    if not line:
        raise ChatRefused("say something: the line is empty")
    if len(line) > MAX_TEXT:
        raise ChatRefused(f"a chat line is at most {MAX_TEXT} characters, not {len(line)}")
    for ch in line:
        kind = unicodedata.category(ch)
        if kind in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") or (kind == "Cf" and ch not in _ALLOWED_FORMAT):
            raise ChatRefused("a chat line is one line of text: it holds a character that cannot be shown "
                              f"(U+{ord(ch):04X})")
    return line


def spectators_open(table: Table, labels: Mapping[str, str] | None = None) -> bool:
    """Whether spectators may chat at `table` (see the module docstring), as its `labels` say
    (by default its own)."""
    said = (table.labels if labels is None else labels).get(SPECTATOR_CHAT)
    return table.listed if said is None else said == "on"


def readable(table: Table, seat: int | None) -> tuple[str, ...]:
    """The rooms a reader at `seat` (None: a spectator) may read now."""
    if seat is not None:
        return (PLAYERS,)
    rooms = (PLAYERS,) if table.listed else ()
    return rooms + ((SPECTATORS,) if spectators_open(table) else ())


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who speaks: a seat (None: a spectator), their name, and the key their rate is counted by."""

    seat: int | None
    name: str
    key: str


class Chat:
    """Lines said at tables: checked, counted, committed (see the module docstring)."""

    def __init__(self, chat_store: ChatStore, rate: str = RATE):
        self.store = chat_store
        self.limit = RateLimit(rate)

    def speaker(self, table: Table, seat: int | None, name: object, address: str) -> Speaker:
        """The person saying a line: a seat's person (named as the table names them), or a
        spectator under the name they give (`ChatRefused` where spectators may not chat)."""
        if seat is not None:
            info = table.seats[seat]
            return Speaker(seat, info.display_name() or f"Player {seat}", f"seat:{seat}")
        if not spectators_open(table):
            raise ChatRefused("the spectators' chat is closed at this table", 403)
        try:
            given = check_name(name if name is not None else "")
        except IllegalAction as err:
            raise ChatRefused(f"spectators chat under a name: {err}") from None
        return Speaker(None, given, f"watcher:{address}")

    def say(self, table: Table, speaker: Speaker, text: object) -> ChatLine:
        """Check, count and commit a line (blocking: run it in a worker thread); `ChatRefused`
        (nothing kept, nothing counted) when it may not be said."""
        line = check_text(text)
        if not self.limit.allow(table.id, speaker.key):
            raise ChatRefused("you are chatting too fast: wait a few seconds", 429)
        room = PLAYERS if speaker.seat is not None else SPECTATORS
        return self.store.add(ChatLine(table=table.id, room=room, seat=speaker.seat, name=speaker.name,
                                       text=line, version=table.version))

    def history(self, table: Table, seat: int | None, limit: int = 200) -> list[ChatLine]:
        """The last lines a reader at `seat` may read (blocking: a store read)."""
        rooms = readable(table, seat)
        return self.store.lines(table.id, rooms, limit) if rooms else []

    @staticmethod
    def set_spectators(table: Table, open_: bool) -> bool:
        """Open or close the spectators' chat (journaled with the table); returns the new setting."""
        table.set_labels({SPECTATOR_CHAT: "on" if open_ else "off"})
        return open_


__all__ = ["MAX_TEXT", "RATE", "Chat", "ChatRefused", "Speaker", "check_text", "readable", "spectators_open"]
