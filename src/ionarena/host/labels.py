"""What a surface keeps with its tables: which surface hosts a table, and its labels.

- `surface`: who hosts a table and resumes it after a restart — `web` (`ion serve`), `irc`
  (`ion irc`), `terminal` (`ion play`; resumed only when a person asks, `ion play --resume ID`);
  None for tables made before tables said so (store migration 0003), which `ion serve` resumes
  as it always did.
- `labels`: a few short texts a surface needs to find its way back to a table, kept with it in
  the store: the IRC bot's channel and who opened the game. Seat names are not labels: they are
  the seats' own (`Table.rename` follows a nick change).

Labels are plain text by name, checked here: at most `MAX_LABELS`, names of up to 32 letters,
digits, `_`, `-` or `.`, values of up to 250 characters without control characters.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from ..core import IllegalAction, quote

WEB, IRC, TERMINAL = "web", "irc", "terminal"
"""The surfaces of Ion Arena (a surface may name itself otherwise: any short lowercase word)."""
MAX_LABELS = 16
MAX_VALUE = 250

_SURFACE = re.compile(r"[a-z][a-z0-9_-]{0,15}")
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,32}")


def check_surface(surface: object) -> str | None:
    """A surface's name (a lowercase word of up to 16 characters), or None."""
    if surface is None:
        return None
    if not isinstance(surface, str) or not _SURFACE.fullmatch(surface):
        raise IllegalAction(f"a surface is a lowercase word such as web or irc, not {quote(surface)}")
    return surface


def check_labels(labels: Mapping[str, object] | None) -> dict[str, str]:
    """Labels as a new dict of text by name (see the module docstring); `IllegalAction` says what
    is wrong with them."""
    if labels is None:
        return {}
    if not isinstance(labels, Mapping):
        raise IllegalAction(f"labels are names with texts, not {quote(labels)}")
    if len(labels) > MAX_LABELS:
        raise IllegalAction(f"a table keeps at most {MAX_LABELS} labels, not {len(labels)}")
    checked: dict[str, str] = {}
    for name, value in labels.items():
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise IllegalAction(f"a label's name is up to 32 letters, digits, _, - or ., not {quote(name)}")
        if not isinstance(value, str) or len(value) > MAX_VALUE \
                or any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
            raise IllegalAction(f"label {name}: a text of at most {MAX_VALUE} printable characters, "
                                f"not {quote(value)}")
        checked[name] = value
    return checked


def merge_labels(labels: Mapping[str, str], changes: Mapping[str, str | None]) -> dict[str, str]:
    """`labels` with `changes` made (a None value removes a label), checked (`check_labels`)."""
    merged: dict[str, object] = dict(labels)
    for name, value in changes.items():
        if value is None:
            merged.pop(name, None)
        else:
            merged[name] = value
    return check_labels(merged)


__all__ = ["IRC", "MAX_LABELS", "MAX_VALUE", "TERMINAL", "WEB", "check_labels", "check_surface",
           "merge_labels"]
