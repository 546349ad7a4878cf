"""What a game's session needs of the bot (`session.Session`): `IonBot` offers it, and tests give a
session a small stand-in instead (`tests/irc/test_session.py`'s `Link`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .outbox import Lane

if TYPE_CHECKING:
    from .session import Session


class BotLink(Protocol):
    """What a session needs of the bot."""

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the bot runs on."""

    def channel_say(self, channel: str, text: str, *, lane: Lane = Lane.GAME, head: bool = False,
                    key: str | None = None) -> None:
        """A public line in `channel` (`head`: it starts its line; `key`: it may be withdrawn)."""

    def channel_withdraw(self, channel: str, key: str) -> None:
        """Forget the waiting line of `key` for `channel`."""

    def tell(self, nick: str, text: str, *, lane: Lane = Lane.GAME, lazy: bool = False,
             written: Callable[[bool], None] | None = None, linger: float | None = None) -> None:
        """A private game line to `nick` (PRIVMSG; `lazy`: it may wait for the next line, up to
        `linger` seconds)."""

    def answer(self, nick: str, text: str, *, key: str | None = None) -> None:
        """An answer to `nick` (NOTICE, de-duplicated by `key`)."""

    def notice(self, nick: str, text: str) -> None:
        """Game news for one person by NOTICE (trade offers, presence)."""

    def may_answer(self, nick: str) -> bool:
        """`nick` may be answered now (their rate limit)."""

    def here(self, channel: str, nick: str) -> bool:
        """`nick` is in `channel` now (as the server last said)."""

    def forget(self, nick: str) -> None:
        """Drop every line waiting for `nick` (they left the network)."""

    async def work(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(*args)` in the bot's worker thread (people's moves, questions, the store)."""

    async def think(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(*args)` (a table's pump, where bots think) in a pump thread."""

    def session_over(self, session: Session) -> None:
        """The session's game ended or was stopped."""


__all__ = ["BotLink"]
