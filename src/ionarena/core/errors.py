"""Errors a person can read: every one carries a sentence that says what went wrong."""

from __future__ import annotations

QUOTE_LIMIT = 40
"""How many characters of something a person typed an error message repeats."""


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """`text` quoted for an error message, cut to a short prefix (a 10 MB line stays a short message)."""
    if isinstance(text, str):
        if len(text) > limit:
            return repr(text[:limit]) + f"… ({len(text)} characters)"
        return repr(text)
    shown = repr(text)
    return shown if len(shown) <= limit else shown[:limit] + f"… ({len(shown)} characters)"


class IonError(Exception):
    """Base class of every error Ion Arena raises on purpose."""


class IllegalAction(IonError, ValueError):
    """An action the rules do not allow now, or text that is not an action.

    Raising it never changes the state: games check everything before they mutate.
    """


class StaleAction(IllegalAction):
    """An action made against an older version of the game: the table moved on since it was chosen."""

    def __init__(self, expected: int, current: int):
        super().__init__(f"the game has moved on (you saw version {expected}, it is now at version "
                         f"{current}): look again and choose again")
        self.expected = expected
        self.current = current


class NoSuchSeat(IllegalAction):
    """A seat that is not a whole number in `0 .. players - 1` (or the host where it cannot act)."""


class UnknownGame(IonError, KeyError):
    """A game id, variant or player count that no registered game offers."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class BadOption(IonError, ValueError):
    """A game option that does not exist or whose value is out of its range; the message names it."""


class RecordError(IonError):
    """A game record that cannot be read or does not replay."""
