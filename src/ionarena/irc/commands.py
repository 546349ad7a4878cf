"""What people type to the bot, read into commands (no IRC, no games: pure parsing).

Channel lines that start with `!ion` are the bot's: `!ion bank [bots=N] [level=L] [name=value …]`,
`!ion dots|compound|valence [bots=N] [level=L] [players=N] [variant=V] [name=value …]`, `!ion start`,
`!ion stop`, `!ion scores`, `!ion top [game]`, `!ion record <id>`, `!ion rules <game>`,
`!ion options <game>`, `!ion help`. Anything else in a channel is chat and ignored. Private
messages are moves and questions for the player's game, or the join-window words `team +`,
`team -`, `join`, `start`, `quit`, each optionally naming the channel (`team + #ion`) when
windows are open in several.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import IonError, get_spec
from ..core.options import parse_assignments
from . import catalogue

GAMES = ("bank", "dots", "compound", "valence")
VERBS = ("start", "stop", "scores", "top", "record", "help", "rules", "options")
MAX_BOTS = 15
BOT_LEVELS = ("easy", "medium", "hard", "random")
"""What `level=` may name on IRC: the levels people pick from (`agents/levels.py`) and `random`.
No free agent specs: anyone in a channel may open a game, and a spec can ask for any budget."""


class CommandError(IonError):
    """A command the bot cannot follow; the sentence says why."""


@dataclass(frozen=True)
class Open:
    """`!ion <game> …`: open a game's join window."""

    game: str
    bots: int = 0
    players: int | None = None
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    level: str = "medium"
    """The bots' level (`BOT_LEVELS`)."""


@dataclass(frozen=True)
class Verb:
    """`!ion start|stop|scores|top|record|help [argument]`."""

    verb: str
    argument: str | None = None


def _whole(name: str, text: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise CommandError(f"{name} is a whole number from {low} to {high}, not {text!r}")
    return int(text)


def parse_channel(text: str) -> Open | Verb | None:
    """The command in a channel line, None if the line is not for the bot; `CommandError` with
    a sentence when it is for the bot but wrong."""
    words = text.strip().split()
    if not words or words[0].lower() != catalogue.PREFIX:
        return None
    if len(words) == 1:
        return Verb("help")
    word = words[1].lower()
    if word in VERBS:
        return Verb(word, words[2] if len(words) > 2 else None)
    if word in GAMES:
        return parse_open(word, words[2:])
    raise CommandError(catalogue.UNKNOWN_COMMAND.format(word=words[1][:40]))


def parse_open(game: str, args: list[str]) -> Open:
    """`bots=N level=L players=N variant=V name=value …` for `game`, checked against its spec."""
    try:
        spec = get_spec(game)
    except IonError as err:
        raise CommandError(str(err)) from None
    bots, players, variant, level = 0, None, None, "medium"
    rest: list[str] = []
    for arg in args:
        name, sep, value = arg.partition("=")
        name = name.lower()
        if not sep:
            raise CommandError(f"write settings as name=value, not {arg[:40]!r}")
        if name == "bots":
            bots = _whole("bots", value, 0, min(MAX_BOTS, spec.max_players - 1))
        elif name == "level":
            if value.lower() not in BOT_LEVELS:
                raise CommandError(f"level is one of {', '.join(BOT_LEVELS)}, not {value[:40]!r}")
            level = value.lower()
        elif name == "players":
            players = _whole("players", value, spec.min_players, spec.max_players)
        elif name == "variant":
            if value not in spec.variants:
                raise CommandError(f"{game} has no variant {value[:40]!r}; "
                                   f"choose from {', '.join(spec.variants)}")
            variant = value
        else:
            rest.append(f"{name}={value}")
    try:
        options = parse_assignments(rest, spec.options, spec.id)
    except IonError as err:
        raise CommandError(str(err)) from None
    if players is not None and bots >= players:
        raise CommandError(f"{bots} bots leave no seat for people in a {players}-player game")
    return Open(game, bots, players, variant, options, level)


@dataclass(frozen=True)
class Private:
    """A private message: a join-window word, or text for the player's game."""

    word: str
    """`team`, `join`, `start`, `quit`, `help`, `status`, or `text` (a move or a question)."""
    sign: str | None = None
    text: str = ""
    channel: str | None = None
    """The channel a join-window word names (`team + #ion`), if any."""


def parse_private(text: str) -> Private:
    """A private message read as a join-window word or as game text (kept as typed)."""
    stripped = " ".join(text.split())
    words = stripped.split()
    lower = [word.lower() for word in words]
    channel = None
    if len(words) >= 2 and words[-1][:1] in "#&" and lower[0] in ("team", "join", "start", "quit"):
        channel, lower = words[-1], lower[:-1]
    if len(lower) == 2 and lower[0] == "team" and lower[1] in ("+", "-"):
        return Private("team", lower[1], stripped, channel)
    if lower in (["join"], ["start"], ["quit"], ["status"]):
        return Private(lower[0], text=stripped, channel=channel)
    if lower and lower[0] in ("help", catalogue.PREFIX):
        return Private("help", text=stripped)
    return Private("text", text=stripped)
