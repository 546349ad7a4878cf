"""Text fitted to IRC: one message per line, within the 512-byte limit, split at word boundaries.

An IRC message is at most 512 bytes with its CR LF, and the server prefixes what it relays with
the sender's `:nick!user@host`, so the room for text is what is left of 510 bytes after
`:nick!user@host NOTICE target :` (`room`). `fit` cleans a text (no control characters: a line
break, a NUL or a stray formatting code never reaches the wire; tabs become spaces) and splits
it into lines that fit, at spaces where it can, inside a word only when one word alone is too
long (never inside a UTF-8 character).

`Style` adds IRC formatting (bold, colours) only when the operator asked for `--colour`; plain
text otherwise, as most channels expect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_MESSAGE = 512
"""Bytes in one IRC message, CR LF included (RFC 1459 2.3, RFC 2812 2.3)."""
HOST_GUESS = 63
"""Hostname length assumed until the server shows the bot its own host (a DNS name's longest label run)."""
USER_GUESS = 10
"""Username length assumed until the bot sees its own (`~` + 9 characters on most servers)."""

BOLD = "\x02"
COLOUR = "\x03"
RESET = "\x0f"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SPACES = re.compile(r"\s+")


def room(command: str, target: str, nick: str, user: str | None = None, host: str | None = None) -> int:
    """Bytes left for the text of `command target :text` relayed as from `nick!user@host`."""
    user = "u" * USER_GUESS if user is None else user
    host = "h" * HOST_GUESS if host is None else host
    prefix = f":{nick}!{user}@{host}"
    used = len(f"{prefix} {command} {target} :".encode())
    return max(40, MAX_MESSAGE - 2 - used)


def clean(text: str, keep_formatting: bool = False) -> str:
    """`text` as one line: control characters (line breaks, tabs, NUL, formatting codes unless
    `keep_formatting`) become spaces, runs of spaces one space, no space at either end."""
    if keep_formatting:
        text = re.sub(r"[\x00\x01\x04-\x0e\x10-\x1f\x7f]", " ", text)
    else:
        text = _CONTROL.sub(" ", text)
    return _SPACES.sub(" ", text).strip()


def _cut(word: str, limit: int) -> tuple[str, str]:
    """The longest head of `word` within `limit` bytes (whole characters) and the rest."""
    size = 0
    for index, ch in enumerate(word):
        size += len(ch.encode())
        if size > limit:
            return word[:index], word[index:]
    return word, ""


def split(text: str, limit: int) -> list[str]:
    """`text` (already one clean line) as lines of at most `limit` UTF-8 bytes, broken at spaces;
    a word longer than a line is broken between characters. No line is empty."""
    if limit < 1:
        raise ValueError("a line needs room for at least one byte")
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        if not word:
            continue
        candidate = f"{current} {word}" if current else word
        if len(candidate.encode()) <= limit:
            current = candidate
            continue
        if current:
            lines.append(current)
            current = ""
        while len(word.encode()) > limit:
            head, word = _cut(word, limit)
            lines.append(head)
        current = word
    if current:
        lines.append(current)
    return lines


def fit(text: str, limit: int, keep_formatting: bool = False) -> list[str]:
    """`text` cleaned (`clean`) and split (`split`) into IRC lines of at most `limit` bytes."""
    return split(clean(text, keep_formatting), limit)


@dataclass(frozen=True, slots=True)
class Style:
    """IRC formatting, used only with `--colour`; plain text otherwise."""

    colour: bool = False

    def bold(self, text: str) -> str:
        """`text` in bold (with colour on)."""
        return f"{BOLD}{text}{BOLD}" if self.colour else text

    def paint(self, text: str, colour: int) -> str:
        """`text` in mIRC colour number `colour` (with colour on)."""
        return f"{COLOUR}{colour:02d}{text}{COLOUR}" if self.colour else text

    def team(self, sign: str, text: str | None = None) -> str:
        """A bank team's sign (or `text`) in its colour: + red, - blue."""
        return self.paint(text if text is not None else sign, 4 if sign == "+" else 12 if sign == "-" else 14)
