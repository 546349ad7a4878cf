"""Who is in which of the bot's channels, and their services account where the server tells it.

The bot hears JOIN, PART, KICK, QUIT and NICK of everyone in its channels, and a channel's names
(RPL_NAMREPLY) each time it joins; with the IRCv3 capabilities `extended-join` and
`account-notify` the server also says which account a nick is logged in to. `Presence` keeps
that bookkeeping (fed in the order the lines arrived; no IRC, no games) so the bot can tell
whether a player is still at the table, and recognise a player who comes back under another nick.

A channel is `synced` once its names have arrived since the bot (re)joined it; while the bot is
disconnected nothing is known (`lost`), and nobody counts as away for that.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


class Presence:
    """Channel membership and accounts (see the module docstring)."""

    def __init__(self, normalize: Callable[[str], str] = str.casefold):
        self.normalize = normalize
        self._members: dict[str, dict[str, str]] = {}
        """Folded channel -> folded nick -> nick as written."""
        self._accounts: dict[str, str] = {}
        """Folded nick -> account."""
        self.synced: set[str] = set()

    def here(self, channel: str, nick: str) -> bool:
        """True if `nick` is in `channel` (as far as the bot knows)."""
        return self.normalize(nick) in self._members.get(self.normalize(channel), {})

    def known(self, channel: str) -> bool:
        """True once the channel's names have arrived since the bot joined it."""
        return self.normalize(channel) in self.synced

    def channels_of(self, nick: str) -> list[str]:
        """The bot's channels `nick` is in (folded names)."""
        name = self.normalize(nick)
        return [channel for channel, members in self._members.items() if name in members]

    def members(self, channel: str) -> list[str]:
        """The nicks in `channel`."""
        return list(self._members.get(self.normalize(channel), {}).values())

    def account(self, nick: str) -> str | None:
        """The services account `nick` is logged in to, if the server said."""
        return self._accounts.get(self.normalize(nick))

    def set_account(self, nick: str, account: str | None) -> None:
        """`nick` logged in to `account` (None: logged out)."""
        name = self.normalize(nick)
        if account:
            self._accounts[name] = account
        else:
            self._accounts.pop(name, None)

    def joined(self, channel: str, nick: str, account: str | None = None) -> None:
        """`nick` joined `channel` (with `account`, if the server tells it on JOIN)."""
        self._members.setdefault(self.normalize(channel), {})[self.normalize(nick)] = nick
        if account is not None:
            self.set_account(nick, account)

    def parted(self, channel: str, nick: str) -> None:
        """`nick` left `channel` (PART or KICK)."""
        self._members.get(self.normalize(channel), {}).pop(self.normalize(nick), None)
        self._forget_account(nick)

    def quit(self, nick: str) -> list[str]:
        """`nick` left the network; returns the (folded) channels they were in."""
        name = self.normalize(nick)
        channels = [channel for channel, members in self._members.items() if members.pop(name, None)]
        self._accounts.pop(name, None)
        return channels

    def renamed(self, old: str, new: str) -> None:
        """`old` is now called `new`."""
        name, new_name = self.normalize(old), self.normalize(new)
        for members in self._members.values():
            if members.pop(name, None) is not None:
                members[new_name] = new
        account = self._accounts.pop(name, None)
        if account is not None:
            self._accounts[new_name] = account

    def names(self, channel: str, nicks: Iterable[str]) -> None:
        """The whole list of `channel`'s members (after the bot joined it)."""
        key = self.normalize(channel)
        self._members[key] = {self.normalize(n): n for n in nicks if n}
        self.synced.add(key)

    def left(self, channel: str) -> None:
        """The bot itself left `channel` (or was kicked): nothing is known of it."""
        key = self.normalize(channel)
        self._members.pop(key, None)
        self.synced.discard(key)

    def lost(self) -> None:
        """The bot's connection ended: nothing is known until it joins again."""
        self._members.clear()
        self._accounts.clear()
        self.synced.clear()

    def _forget_account(self, nick: str) -> None:
        if not self.channels_of(nick):  # no shared channel left: account changes go unheard
            self._accounts.pop(self.normalize(nick), None)


__all__ = ["Presence"]
