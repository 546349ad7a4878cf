"""Services accounts of a game's players, kept in its table's labels.

A nick is anyone's for the taking; a services account is a person. Where the network tells the
bot which account a player is logged in to (IRCv3 `extended-join`, `account-notify`), the table
keeps it (labels `acct`, `acct.2` …, `seat=account` pairs, so even 16 players fit in the store's
label limits) for two jobs: a player who comes back under another nick but the same account gets
their seat back, and `!ion top` counts one person once however many nicks they played under.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..host.labels import MAX_VALUE

PREFIX = "acct"


def account_labels(accounts: Mapping[int, str]) -> dict[str, str]:
    """Labels holding `accounts` (seat -> account): `acct`, `acct.2` … of `seat=account` pairs."""
    chunks: list[str] = []
    for seat, account in sorted(accounts.items()):
        pair = f"{seat}={account}"
        if chunks and len(chunks[-1]) + 1 + len(pair) <= MAX_VALUE:
            chunks[-1] += " " + pair
        else:
            chunks.append(pair)
    return {PREFIX if i == 0 else f"{PREFIX}.{i + 1}": chunk for i, chunk in enumerate(chunks)}


def accounts_from(labels: Mapping[str, str]) -> dict[int, str]:
    """The seat -> account pairs kept in `labels`."""
    found: dict[int, str] = {}
    for name, value in labels.items():
        if name != PREFIX and not name.startswith(PREFIX + "."):
            continue
        for pair in str(value).split():
            seat, _, account = pair.partition("=")
            if seat.isdigit() and account:
                found[int(seat)] = account
    return found


def identity(labels: Mapping[str, str], seat: int, name: str) -> str:
    """Who played `seat` of a table with `labels`: their account if known, else their name."""
    return accounts_from(labels).get(seat) or name


__all__ = ["account_labels", "accounts_from", "identity"]
