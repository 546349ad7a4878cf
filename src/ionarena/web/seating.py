"""Who sits where at a table to be made (`SeatPlan`), and the bots a web table may seat (`check_bot`).

Bots are held to a budget: a web table takes the levels, `random`, `greedy` and ISMCTS with at most
`MAX_BOT_MS` milliseconds or `MAX_BOT_ITERS` iterations a move.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..agents import BadAgentSpec, check_spec
from ..core import IllegalAction, quote
from ..host import Bot

MAX_BOT_MS = 3000
"""The most thinking time a web table's ISMCTS bot may ask for, in milliseconds a move."""
MAX_BOT_ITERS = 50_000
"""The most ISMCTS iterations a move a web table's bot may ask for."""


def check_bot(spec: str, game: str) -> str:
    """`spec` if a web table may seat that bot (see the module docstring), else `IllegalAction`."""
    try:
        bot = Bot.parse(spec)
        parsed = check_spec(bot.name, game)
    except BadAgentSpec as err:
        raise IllegalAction(str(err)) from None
    if parsed.name == "ismcts":
        ms, iters = parsed.params.get("ms"), parsed.params.get("iters")
        if (ms is not None and float(ms) > MAX_BOT_MS) or (iters is not None and int(iters) > MAX_BOT_ITERS):
            raise IllegalAction(f"bot {quote(spec)} thinks too long for this server: at most ms={MAX_BOT_MS} "
                                f"or iters={MAX_BOT_ITERS}")
    return str(bot)


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat of a table to be made: `human` (seated now, a token returned), `open`, or a bot."""

    kind: str
    bot: str | None = None
    name: str | None = None

    @classmethod
    def parse(cls, text: object, name: object = None) -> SeatPlan:
        """`human`, `open`, `bot` (greedy) or `bot:<spec>` (e.g. `bot:hard`, `bot:ismcts:ms=300`)."""
        if not isinstance(text, str):
            raise IllegalAction(f"a seat is 'human', 'open' or 'bot:<name>', not {quote(text)}")
        word = text.strip()
        if word in ("human", "person"):
            return cls("human", name=name if isinstance(name, str) and name.strip() else None)
        if word == "open":
            return cls("open")
        if word == "bot":
            return cls("bot", bot="greedy")
        if word.startswith("bot:") and word[4:].strip():
            return cls("bot", bot=word[4:].strip())
        raise IllegalAction(f"a seat is 'human', 'open' or 'bot:<name>', not {quote(text)}")


__all__ = ["MAX_BOT_ITERS", "MAX_BOT_MS", "SeatPlan", "check_bot"]
