"""Shared steps of the IRC game tests: start the bot and a channel watcher, players that answer
their "Your turn" lines, and the privacy check of everything said in the channel."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable
from pathlib import Path

from ionarena.core import Names
from ionarena.core.record import replay
from ionarena.irc.bankline import DIGEST_WORDS
from ionarena.irc.outbox import JOINER
from ionarena.store import Store

from .ngircd import Ngircd
from .people import BOT, BotProcess, Line, Person, bot_says

CHANNEL = "#ion"
CARDS = re.compile(r"\[([^\]]+)\]")
MOVES = re.compile(r"moves: ([^·]*)")
GAME_ID = re.compile(r"Game ([A-Za-z0-9_-]{10,})\.")

CATALOGUE_LINES = [
    r"opens (a bank game|ION|Ion|Valence|Compound)", r"^\S+ joins", r"starts: ", r"^Final scores: ",
    r"^\S+ left: ", r"goes on where it stopped", r"^Scores: ", r"^Game \S+: ", r"^All-time",
    r"^No finished", r"^Ion Arena: ", r"stops the game", r"^\S+: your move\.$", r"^\S+ is away: ",
    r"^\S+ is back\.$", r"did not come back within", r"^The game waits for ",
    r"^Round \d+ of \d+ starts: \d", r"^The shop is open for ", r"^Everyone at the table is away: ",
]
"""The bot's own channel lines (catalogue and IRC wordings), by pattern."""
DIGEST = re.compile(r"^Play: ")
"""Bank's digest line (`bankline.Digest`): each of its moves is the digest's words for an event
the spectator may see."""


async def start_bot(ircd: Ngircd, tmp_path: Path, *extra: str, watcher_nick: str = "watcher",
                    db: str | None = None,
                    env: dict[str, str] | None = None) -> tuple[BotProcess, Person, str]:
    """A watcher in the channel (it keeps every channel line), then the bot; returns once the bot
    has joined."""
    db = db or f"sqlite:///{tmp_path / 'ion.db'}"
    watcher = await Person(ircd.port, watcher_nick).connect()
    # the server holds a new connection's first command about a second: the bot starts meanwhile
    # (its own start and that second are longer, so the watcher is nearly always in first; if
    # not, the channel's names say the bot is there)
    joining = asyncio.create_task(watcher.join(CHANNEL))
    bot = BotProcess(ircd.port, db, tmp_path, CHANNEL, *extra).start(**(env or {}))
    await joining
    await watcher.expect(lambda ln: (ln.command == "JOIN" and ln.nick == BOT)
                         or (ln.command == "353" and BOT in names_in(ln)), 40)
    return bot, watcher, db


def names_in(line: Line) -> list[str]:
    """The nicks of a names reply (RPL_NAMREPLY), without their channel-status prefixes."""
    return [entry.lstrip("@+%&~") for entry in line.text.split()]


async def seat(ircd: Ngircd, *nicks: str, channels: tuple[str, ...] = (CHANNEL,)) -> list[Person]:
    """People connected and in `channels`, all at once: the server holds each new connection's
    first command for about a second, and in parallel that second is paid once, not per person."""

    async def one(nick: str) -> Person:
        person = await Person(ircd.port, nick).connect()
        for channel in channels:
            await person.join(channel)
        return person

    return list(await asyncio.gather(*(one(nick) for nick in nicks)))


def prompt_of(person: Person):
    """Matches a turn line (a PRIVMSG that starts with their nick) to `person`, whatever their
    nick is by then: "ada: your turn …", or bank's "ada: the shop is open …"."""
    return bot_says(person, r"(^|· )\S+: (\x02)?(your turn|the shop is open)")


async def bank_player(person: Person, stop: asyncio.Event, think: float = 0.2,
                      turns: int | None = None) -> int:
    """Answer every "Your turn" with the first card in hand (`done` in the shop); return the
    number of turns played. Stops when `stop` is set or after `turns` turns."""
    played = 0
    while not stop.is_set() and (turns is None or played < turns):
        try:
            line = await person.next(prompt_of(person), 1.0)
        except TimeoutError:
            if person.closed:
                return played
            continue
        await asyncio.sleep(think)
        if "shop is open" in line.text:
            person.tell("done")
            continue
        held = re.search(r"Cards: (.*?)\. Objects", line.text)
        cards = CARDS.findall(held.group(1)) if held else []
        person.tell(cards[0] if cards else "s")
        played += 1
    return played


async def dots_player(person: Person, stop: asyncio.Event, think: float = 0.0,
                      turns: int | None = None) -> int:
    """Answer every "Your turn" with its first `play` move (else `draw`)."""
    played = 0
    while not stop.is_set() and (turns is None or played < turns):
        try:
            line = await person.next(prompt_of(person), 1.0)
        except TimeoutError:
            if person.closed:
                return played
            continue
        await asyncio.sleep(think)
        found = MOVES.search(line.text)
        moves = [m.strip() for m in found.group(1).split(",")] if found else []
        moves = [m for m in moves if m and m != "…"]
        person.tell(next((m for m in moves if m.startswith("play")), moves[0] if moves else "draw"))
        played += 1
    return played


def channel_lines(watcher: Person) -> list[str]:
    """Every line the bot said in the channel."""
    return [ln.text for ln in watcher.lines
            if ln.nick == BOT and ln.command == "PRIVMSG" and ln.target == CHANNEL]


def game_id(watcher: Person) -> str:
    """The id of the game announced in the channel (the last one)."""
    ids = [m.group(1) for text in channel_lines(watcher) for m in [GAME_ID.search(text)] if m]
    assert ids, channel_lines(watcher)
    return ids[-1]


def pieces(lines: Iterable[str]) -> list[str]:
    """Lines split into the pieces the outbox joined."""
    return [piece for line in lines for piece in line.split(JOINER)]


def check_channel_is_public(watcher: Person, db: str, table_id: str, name_sets: list[list[str]],
                            private: list[Line]) -> int:
    """Every channel piece is a catalogue line or the presenter's words for an event the spectator
    may see (under one of `name_sets`); no private NOTICE piece is in the channel. Returns how
    many pieces were checked."""
    store = Store(db)
    try:
        state = replay(store.record(table_id))
    finally:
        store.close()
    from ionarena.core import get_spec
    presenter = get_spec(state.game_id).presenter
    public = {presenter.describe(event, Names(None, names)) for event in state.events(None)
              for names in name_sets}
    said = pieces(channel_lines(watcher))
    digest_words = {DIGEST_WORDS[event.kind](event.data, Names(None, names)) for event in state.events(None)
                    for names in name_sets if state.game_id == "bank" and event.kind in DIGEST_WORDS}
    for piece in said:
        if DIGEST.match(piece):  # "Play: ada ++, bob [R]: play goes backward — bank +3, pot 500, …"
            moves = DIGEST.sub("", piece).split(" — ")[0]
            moves = re.sub(r"^\(\d+ moves? before\) ", "", moves)
            for item in moves.split(", "):
                assert item in digest_words, (item, piece)
            continue
        assert piece in public or any(re.search(p, piece) for p in CATALOGUE_LINES), piece
    secret = {piece for piece in pieces(ln.text for ln in private)} - public
    assert not secret & set(said)
    return len(said)
