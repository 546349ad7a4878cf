"""Errors a person can read: every one carries a sentence that says what went wrong."""

from __future__ import annotations


class IonError(Exception):
    """Base class of every error Ion Arena raises on purpose."""


class IllegalAction(IonError, ValueError):
    """An action the rules do not allow now, or text that is not an action.

    Raising it never changes the state: games check everything before they mutate.
    """


class UnknownGame(IonError, KeyError):
    """A game id, variant or player count that no registered game offers."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class RecordError(IonError):
    """A game record that cannot be read or does not replay."""
