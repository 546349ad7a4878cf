"""Seats at a table (a person, a bot, or open), seat tokens, and the table's settings.

Who may take a seat is decided here, as the seat a change leaves (`person_sits`, `person_leaves`,
`bot_sits`, `renamed`, `new_seat_token`); `Table` makes the change under its lock and journals it.

A person who sits gets a token (`secrets.token_urlsafe`): the surface hands it to that person's
browser or client and later maps it back to the seat with `Table.authenticate`. Only its SHA-256
hash is kept (and stored), so a copy of the database does not let anyone take a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, TypedDict

from ..agents import BadAgentSpec, check_spec
from ..core import IllegalAction, quote

PERSON: Literal["person"] = "person"
BOT: Literal["bot"] = "bot"
OPEN: Literal["open"] = "open"
SeatKind = Literal["person", "bot", "open"]

MAX_NAME = 32
"""Longest display name, in characters."""
MAX_MARKS = 2
"""Combining marks one character of a name may carry (a letter with two accents, as in Vietnamese):
more only pile up over the lines around the name ("Zalgo" text)."""


@dataclass(frozen=True, slots=True)
class Bot:
    """A bot spec: an agent name (`random`, `greedy`) and, for timed games, its reaction time in
    seconds (None: the table's default, else the agent's own)."""

    name: str
    reaction_time: float | None = None

    @classmethod
    def parse(cls, text: str | Bot) -> Bot:
        """`greedy` or `greedy@0.8` (reaction time 0.8 s) as a `Bot`."""
        if isinstance(text, Bot):
            return text
        name, _, reaction = text.strip().partition("@")
        if not reaction:
            return cls(name)
        try:
            seconds = float(reaction)
        except ValueError:
            raise IllegalAction(f"{quote(text)} is not a bot spec like greedy or greedy@0.8") from None
        if not 0 <= seconds <= 3600:
            raise IllegalAction(f"a bot's reaction time is 0 to 3600 seconds, not {quote(reaction)}")
        return cls(name, seconds)

    def __str__(self) -> str:
        return self.name if self.reaction_time is None else f"{self.name}@{self.reaction_time:g}"


class PublicSeat(TypedDict):
    """What every seat may know of one seat (`SeatInfo.public`)."""

    seat: int
    kind: SeatKind
    name: str
    bot: str | None


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who holds one seat: what the store keeps of it (a token only as its hash)."""

    seat: int
    kind: SeatKind
    name: str = ""
    token_hash: str | None = None
    bot: str | None = None
    """The bot spec text (`greedy`, `greedy@0.8`) of a bot seat."""
    takeover: bool = False
    """The bot holds the seat because its person left (someone may sit again)."""

    def public(self) -> PublicSeat:
        """What every seat may know of this one (never the token hash)."""
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "bot": self.bot}

    def display_name(self) -> str:
        """The name people read: the person's name, `Player 2 (greedy)` for a bot, "" for open
        or nameless seats (presenters then say `Player 2`)."""
        if self.kind == BOT:
            return f"Player {self.seat} ({Bot.parse(self.bot or 'bot').name})"
        return self.name

    def with_changes(self, **changes: Any) -> SeatInfo:
        """A copy with some fields changed."""
        return replace(self, **changes)


class SettingsJSON(TypedDict):
    """`TableSettings` as the store keeps it (`TableSettings.to_dict`)."""

    takeover: str | None
    move_limit: float | None
    bot_delay: float
    reaction_time: float | None


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How a table treats time and people who go.

    - `takeover`: the bot spec that takes the seat of a person who leaves (None: the seat becomes
      open) and that moves for a seat whose move limit passed.
    - `move_limit`: untimed games only: seconds a person (or an open seat) may take to move; when
      they pass, the takeover bot makes that one move and the seat stays the person's. None (the
      default): no limit. Timed games keep their own clocks and ignore it.
    - `bot_delay`: untimed games: seconds a bot waits after the table last changed before moving
      (0: at once; online tables use about a second so people can follow).
    - `reaction_time`: timed games: the default reaction time of bots without their own (None:
      the agent's default, 0.5 s).
    """

    takeover: str | None = "greedy"
    move_limit: float | None = None
    bot_delay: float = 0.0
    reaction_time: float | None = None

    def __post_init__(self) -> None:
        if self.move_limit is not None and not 0 < self.move_limit <= 86_400:
            raise IllegalAction(f"a move limit is more than 0 and at most a day, "
                                f"not {quote(self.move_limit)}")
        if not 0 <= self.bot_delay <= 3600:
            raise IllegalAction(f"a bot delay is 0 to 3600 seconds, not {quote(self.bot_delay)}")
        if self.reaction_time is not None and not 0 <= self.reaction_time <= 3600:
            raise IllegalAction(f"a reaction time is 0 to 3600 seconds, not {quote(self.reaction_time)}")

    def to_dict(self) -> SettingsJSON:
        """JSON-ready (the store keeps it with the table)."""
        return {"takeover": self.takeover, "move_limit": self.move_limit, "bot_delay": self.bot_delay,
                "reaction_time": self.reaction_time}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSettings:
        """The settings `to_dict` wrote."""
        return cls(takeover=data.get("takeover", "greedy"), move_limit=data.get("move_limit"),
                   bot_delay=float(data.get("bot_delay", 0.0)), reaction_time=data.get("reaction_time"))


def new_token() -> str:
    """A fresh seat token (192 random bits, URL-safe text)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest of a token: what is kept instead of the token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, token_hash: str | None) -> bool:
    """True if `token` hashes to `token_hash` (compared in constant time)."""
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


def check_name(name: object) -> str:
    """A display name, stripped and composed (NFC): 1 to 32 printable characters (no control or
    format characters), starting with a character that is not a combining mark, each carrying at
    most `MAX_MARKS` of them."""
    if not isinstance(name, str):
        raise IllegalAction(f"a name is text, not {quote(name)}")
    text = unicodedata.normalize("NFC", name.strip())
    if not text:
        raise IllegalAction("a name needs at least one visible character")
    if len(text) > MAX_NAME:
        raise IllegalAction(f"a name is at most {MAX_NAME} characters, not {len(text)}")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for ch in text):
        raise IllegalAction(f"{quote(text)} holds characters that cannot be shown")
    marks = 0
    for index, ch in enumerate(text):
        if unicodedata.category(ch) not in ("Mn", "Me", "Mc"):
            marks = 0
            continue
        marks += 1
        if index == 0 or marks > MAX_MARKS:
            raise IllegalAction(f"a name's letters carry at most {MAX_MARKS} accents each "
                                "(and a name starts with a letter, not an accent)")
    return text


# -- who may take a seat ---------------------------------------------------------------------------


def check_takeover(takeover: str | None, game: str) -> str | None:
    """The bot that takes over from people who go (`TableSettings.takeover`), known in `game`: an
    unknown bot fails now, not mid-game; the default one is `random` where `game` has no such bot."""
    if takeover is None:
        return None
    try:
        check_spec(Bot.parse(takeover).name, game)
    except BadAgentSpec:
        if takeover != TableSettings().takeover:
            raise
        return "random"
    return takeover


def first_seats(players: int, bots: Mapping[int, str | Bot],
                check_seat: Callable[[int], int]) -> list[SeatInfo]:
    """A new table's seats: the bots of `bots` (seat -> bot spec, each seat checked), the rest open."""
    seats = [SeatInfo(seat, OPEN) for seat in range(players)]
    for seat, bot in bots.items():
        seat = check_seat(seat)
        seats[seat] = SeatInfo(seat, BOT, bot=str(Bot.parse(bot)))
    return seats


def seat_of_token(seats: Sequence[SeatInfo], token: object) -> int | None:
    """The person's seat whose token `token` is, or None."""
    if not isinstance(token, str):
        return None
    for info in seats:
        if info.kind == PERSON and token_matches(token, info.token_hash):
            return info.seat
    return None


def person_sits(current: SeatInfo, name: str, finished: bool) -> tuple[SeatInfo, str]:
    """The seat once a person called `name` sits in it (an open seat, or one a bot took over when
    its person left), and its new token; `IllegalAction` otherwise or once the game is over."""
    seat = current.seat
    if current.kind == PERSON:
        raise IllegalAction(f"seat {seat} is taken")
    if current.kind == BOT and not current.takeover:
        raise IllegalAction(f"seat {seat} is a bot's seat")
    if finished:
        raise IllegalAction("the game is over")
    token = new_token()
    return SeatInfo(seat, PERSON, name=check_name(name), token_hash=hash_token(token)), token


def _person(current: SeatInfo) -> SeatInfo:
    if current.kind != PERSON:
        raise IllegalAction(f"nobody sits in seat {current.seat}")
    return current


def person_leaves(current: SeatInfo, takeover: str | None, finished: bool) -> SeatInfo:
    """The seat once its person goes: the takeover bot's (if there is one and the game goes on),
    else open."""
    seat = _person(current).seat
    if takeover is None or finished:
        return SeatInfo(seat, OPEN)
    return SeatInfo(seat, BOT, bot=takeover, takeover=True)


def bot_sits(current: SeatInfo, spec: str | Bot, game: str, finished: bool) -> SeatInfo:
    """The seat once the bot `spec` takes it for good; `IllegalAction` if the game is over, the seat
    is not open or the bot is unknown in `game`."""
    if finished:
        raise IllegalAction("the game is over")
    if current.kind != OPEN:
        raise IllegalAction(f"seat {current.seat} is not open")
    try:
        bot = Bot.parse(spec)
        check_spec(bot.name, game)
    except BadAgentSpec as err:
        raise IllegalAction(str(err)) from None
    return SeatInfo(current.seat, BOT, bot=str(bot))


def renamed(current: SeatInfo, name: str, finished: bool) -> SeatInfo | None:
    """The seat once its person is called `name` (None: that is their name already);
    `IllegalAction` if nobody sits there, the name is not a display name or the game is over."""
    _person(current)
    if finished:
        raise IllegalAction("the game is over")
    name = check_name(name)
    return None if name == current.name else current.with_changes(name=name)


def new_seat_token(current: SeatInfo) -> tuple[SeatInfo, str]:
    """The seat with a fresh token for its person (the one before stops working), and that token."""
    token = new_token()
    return _person(current).with_changes(token_hash=hash_token(token)), token
